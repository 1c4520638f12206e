import { ROADMAP_STATUSES, type RoadmapItem, type RoadmapStatus } from '../../../schemas/documents.js';

/** The items of each status, in the order the server gave them (soonest target first, newest shipped first). */
export function groupByStatus<T extends Pick<RoadmapItem, 'status'>>(items: readonly T[]): Record<RoadmapStatus, T[]> {
  const groups = Object.fromEntries(ROADMAP_STATUSES.map((s) => [s, [] as T[]])) as Record<RoadmapStatus, T[]>;
  for (const item of items) groups[item.status].push(item);
  return groups;
}

/** The date a card shows: when it shipped, or its target; undefined when it has none. */
export function cardDate(
  item: Pick<RoadmapItem, 'status' | 'targetDate' | 'shippedOn'>,
): { key: 'shipped' | 'target'; day: string } | undefined {
  if (item.status === 'shipped') return item.shippedOn ? { key: 'shipped', day: item.shippedOn } : undefined;
  return item.targetDate ? { key: 'target', day: item.targetDate } : undefined;
}

/** MUI colours of the status headings and chips. */
export const STATUS_COLORS: Record<RoadmapStatus, 'info' | 'warning' | 'success'> = {
  planned: 'info',
  inProgress: 'warning',
  shipped: 'success',
};
