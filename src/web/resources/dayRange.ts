import { addDays, format } from 'date-fns';

/**
 * A list's from/to day filters: the inputs hold the browser's days, the filter holds the instants
 * they start (the 'to' day's end: the instant the next day starts).
 */

/** A day filter ('yyyy-MM-dd', the browser's day) as the instant it starts; `end`: the instant the next day starts. */
export function dayBoundary(day: string | null | undefined, end = false): string | undefined {
  if (!day || !/^\d{4}-\d{2}-\d{2}/.test(day)) return undefined;
  const start = new Date(`${day.slice(0, 10)}T00:00:00`);
  if (Number.isNaN(start.getTime())) return undefined;
  return (end ? addDays(start, 1) : start).toISOString();
}

/** The browser's day of a filter instant, for the date input; the day before for an `end` boundary. */
export function boundaryDay(iso: string | null | undefined, end = false): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return format(end ? addDays(date, -1) : date, 'yyyy-MM-dd');
}
