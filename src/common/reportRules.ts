import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, differenceInCalendarDays, startOfDay, startOfMonth } from 'date-fns';
import type { ReportPeriod } from '../../schemas/reports.js';

/**
 * Report periods: a period is relative to the day the report runs,
 * in the user's time zone, so a scheduled report always covers the latest
 * one; 'custom' takes the from and to days. A range is whole local days:
 * from the start of `fromDay` to the start of the day after `toDay`.
 */

/** The longest period a report may cover. */
const REPORT_MAX_DAYS = 366;

export interface PeriodParams {
  period?: ReportPeriod;
  /** yyyy-MM-dd */
  from?: string;
  to?: string;
}

export interface ResolvedRange {
  /** yyyy-MM-dd, inclusive, in the time zone. */
  fromDay: string;
  toDay: string;
  /** Instants: [start, end). */
  start: Date;
  end: Date;
}

const day = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

function parseDay(text: string, timeZone: string): TZDate {
  const [y, m, d] = text.split('-').map(Number);
  return new TZDate(y, m - 1, d, timeZone);
}

/** The days a period covers when it runs at `now` in `timeZone`. */
export function periodDays(params: PeriodParams, now: Date, timeZone: string): { fromDay: string; toDay: string } {
  const today = startOfDay(new TZDate(now.getTime(), timeZone));
  switch (params.period ?? 'last7Days') {
    case 'today':
      return { fromDay: day(today), toDay: day(today) };
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return { fromDay: day(yesterday), toDay: day(yesterday) };
    }
    case 'last7Days':
      return { fromDay: day(addDays(today, -7)), toDay: day(addDays(today, -1)) };
    case 'last30Days':
      return { fromDay: day(addDays(today, -30)), toDay: day(addDays(today, -1)) };
    case 'thisMonth':
      return { fromDay: day(startOfMonth(today)), toDay: day(today) };
    case 'lastMonth': {
      const first = startOfMonth(addMonths(today, -1));
      return { fromDay: day(first), toDay: day(addDays(startOfMonth(today), -1)) };
    }
    case 'custom':
      return { fromDay: params.from ?? day(today), toDay: params.to ?? day(today) };
  }
}

/** The period as instants: local midnight of the first day to local midnight after the last (across daylight-saving changes). */
export function resolvePeriod(params: PeriodParams, now: Date, timeZone: string): ResolvedRange {
  const { fromDay, toDay } = periodDays(params, now, timeZone);
  const start = parseDay(fromDay, timeZone);
  const end = addDays(parseDay(toDay, timeZone), 1);
  return { fromDay, toDay, start: new Date(start.getTime()), end: new Date(end.getTime()) };
}

/** Locale keys of what is wrong with a custom period, by field (empty when none). */
export function periodProblems(params: PeriodParams): Record<string, string> {
  if (params.period !== 'custom' || !params.from || !params.to) return {};
  if (params.from > params.to) return { to: 'reports.errors.rangeOrder' };
  const days = differenceInCalendarDays(new Date(`${params.to}T00:00:00Z`), new Date(`${params.from}T00:00:00Z`)) + 1;
  if (days > REPORT_MAX_DAYS) return { to: 'reports.errors.rangeTooLong' };
  return {};
}

/** The calendar day of `instant` in `timeZone`, yyyy-MM-dd. */
export function dayInZone(instant: Date, timeZone: string): string {
  return day(new TZDate(instant.getTime(), timeZone));
}
