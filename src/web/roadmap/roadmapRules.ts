import { ROADMAP_STATUSES, type RoadmapItem, type RoadmapItemInput, type RoadmapStatus } from '../../../schemas/documents.js';

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

/**
 * The body of a roadmap item's create or update, from the form's values: its own fields only
 * (not the id and time react-admin keeps with the record), texts trimmed, no day as null, and
 * the day it shipped only for a shipped item.
 */
export function roadmapInput(values: Record<string, unknown>): RoadmapItemInput {
  const day = (value: unknown) => (typeof value === 'string' && value ? value : null);
  const status = values.status as RoadmapStatus;
  return {
    title: String(values.title ?? '').trim(),
    description: String(values.description ?? '').trim(),
    status,
    targetDate: day(values.targetDate),
    shippedOn: status === 'shipped' ? day(values.shippedOn) : null,
    published: values.published !== false,
  };
}
