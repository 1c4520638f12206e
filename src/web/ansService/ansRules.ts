import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';

/**
 * The answering-service screens' pure rules: times shown and typed in the account
 * group's zone, the week navigator, and the on-call week chart's bars from the server's gaps and
 * conflicts.
 */

/** An instant as a datetime-local input shows it in the zone, 'yyyy-MM-ddTHH:mm'; '' when missing. */
export function toZonedInput(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return format(new TZDate(date.getTime(), timeZone), "yyyy-MM-dd'T'HH:mm");
}

/** A datetime-local value read in the zone, as an ISO instant; '' when it is not one. */
export function fromZonedInput(value: string | null | undefined, timeZone: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value ?? '');
  if (!match) return '';
  const [, y, m, d, h, mi] = match.map(Number);
  return new Date(new TZDate(y, m - 1, d, h, mi, 0, timeZone).getTime()).toISOString();
}

/** The Monday `weeks` weeks after (or before) a Monday, 'yyyy-MM-dd'. */
export function shiftWeek(monday: string, weeks: number): string {
  return format(addDays(new Date(`${monday}T12:00:00`), weeks * 7), 'yyyy-MM-dd');
}

/** An instant in the zone, as the locale writes a short weekday and time ('Mon 08:00'). */
export function zonedShort(iso: string, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** A day 'yyyy-MM-dd' as the locale writes it (no zone: a calendar day). */
export function formatDay(day: string, locale: string, style: 'medium' | 'full' = 'medium'): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** The weekday names of the locale, Sunday first (0 = Sunday, as the schema counts). */
export function weekdayNames(locale: string, width: 'long' | 'short' = 'long'): string[] {
  // 2026-03-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 2, 1 + i))),
  );
}

/** The week's days Monday first, as a dealer reads a week. */
export const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;

export interface Interval {
  start: string;
  end: string;
}

export interface DayBar {
  /** The local day, 'yyyy-MM-dd'. */
  day: string;
  /** Parts of the day, in percent of the day from its local midnight. */
  segments: { from: number; to: number; kind: 'gap' | 'conflict' }[];
}

/**
 * The on-call week chart: for each local day of the week starting at `weekStart` (an instant,
 * local midnight), where its gaps and conflicts fall, in percent of the day. The rest of the day
 * is covered by exactly one person. A 23- or 25-hour day (a clock change) is measured as it is.
 */
export function weekBars(weekStart: string, timeZone: string, gaps: readonly Interval[], conflicts: readonly Interval[]): DayBar[] {
  const first = new TZDate(new Date(weekStart).getTime(), timeZone);
  return Array.from({ length: 7 }, (_, i) => {
    const dayStart = addDays(first, i).getTime();
    const dayEnd = addDays(first, i + 1).getTime();
    const length = dayEnd - dayStart;
    const clip = (kind: 'gap' | 'conflict') => (interval: Interval) => {
      const from = Math.max(new Date(interval.start).getTime(), dayStart);
      const to = Math.min(new Date(interval.end).getTime(), dayEnd);
      return to > from ? [{ from: ((from - dayStart) / length) * 100, to: ((to - dayStart) / length) * 100, kind }] : [];
    };
    return {
      day: format(addDays(first, i), 'yyyy-MM-dd'),
      segments: [...gaps.flatMap(clip('gap')), ...conflicts.flatMap(clip('conflict'))].sort((a, b) => a.from - b.from),
    };
  });
}

/** The comma-separated account numbers of a rule's input, as numbers (blank and non-numbers dropped). */
export function parseSiteNums(text: string | null | undefined): number[] {
  return [
    ...new Set(
      (text ?? '')
        .split(/[\s,;]+/)
        .map((part) => Number(part))
        .filter((n) => Number.isSafeInteger(n) && n > 0),
    ),
  ];
}

/** Whether a day's window runs past midnight ('22:00' to '06:00'). */
export function isOvernight(opensAt: string, closesAt: string): boolean {
  return closesAt <= opensAt;
}
