import { TZDate } from '@date-fns/tz';
import rrulePackage from 'rrule';
import type { ReportFrequency } from '../../schemas/reports.js';

// rrule ships CommonJS: its named exports come through the default import under Node's ESM.
const { RRule } = rrulePackage;

/**
 * When a scheduled report runs next: daily, weekly on a weekday or
 * monthly on a day (-1: the last day) at a local time in the schedule's zone.
 * The recurrence is rrule's over the local wall clock ("floating" dates whose
 * UTC fields are the zone's), each occurrence then placed in the zone with
 * TZDate: a time the spring-forward change skips runs at the moment the clocks
 * jump to (02:30 becomes 03:30), and a time the fall-back change repeats runs
 * once, at its first occurrence.
 */
export interface ScheduleTiming {
  frequency: ReportFrequency;
  /** 'HH:mm' */
  time: string;
  /** 0 Sunday … 6 Saturday (weekly). */
  weekday?: number | null;
  /** 1 … 28 or -1 (monthly). */
  monthDay?: number | null;
  timeZone: string;
}

/** rrule's weekdays start on Monday. */
const RRULE_WEEKDAYS = [RRule.SU, RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA];

export function nextRunAt(schedule: ScheduleTiming, after: Date): Date {
  const [hour, minute] = schedule.time.split(':').map(Number);
  const local = new TZDate(after.getTime(), schedule.timeZone);
  // The wall clock at `after`, as a floating date.
  const floating = new Date(
    Date.UTC(local.getFullYear(), local.getMonth(), local.getDate(), local.getHours(), local.getMinutes(), local.getSeconds()),
  );
  const rule = new RRule({
    freq: schedule.frequency === 'daily' ? RRule.DAILY : schedule.frequency === 'weekly' ? RRule.WEEKLY : RRule.MONTHLY,
    dtstart: new Date(Date.UTC(floating.getUTCFullYear(), floating.getUTCMonth(), floating.getUTCDate() - 1, hour, minute)),
    byhour: [hour],
    byminute: [minute],
    bysecond: [0],
    ...(schedule.frequency === 'weekly' ? { byweekday: [RRULE_WEEKDAYS[schedule.weekday ?? 1]] } : {}),
    ...(schedule.frequency === 'monthly' ? { bymonthday: [schedule.monthDay ?? 1] } : {}),
  });
  let next = rule.after(floating, false)!;
  for (;;) {
    const instant = new Date(
      new TZDate(
        next.getUTCFullYear(),
        next.getUTCMonth(),
        next.getUTCDate(),
        next.getUTCHours(),
        next.getUTCMinutes(),
        schedule.timeZone,
      ).getTime(),
    );
    // A repeated (fall-back) hour can place the occurrence at or before `after`: take the next one.
    if (instant > after) return instant;
    next = rule.after(next, false)!;
  }
}
