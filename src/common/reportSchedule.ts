import { Cron } from 'croner';
import type { ReportFrequency } from '../../schemas/reports.js';

/**
 * When a scheduled report runs next: daily, weekly on a weekday or monthly on a day (-1: the last
 * day) at a local time in the schedule's zone. The timing is a cron expression that croner reads
 * in the zone, with cron's (Vixie cron's) rules at clock changes: a time the spring-forward change
 * skips runs when the clocks jump (02:30 runs at 03:00 that day), and a time the fall-back change
 * repeats runs once, at its first occurrence.
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

/** The schedule as a five-field cron expression (minute hour day-of-month month day-of-week); `L` is the month's last day. */
export function cronExpression(schedule: ScheduleTiming): string {
  const [hour, minute] = schedule.time.split(':').map(Number);
  const monthDay = schedule.monthDay === -1 ? 'L' : String(schedule.monthDay ?? 1);
  const day = { daily: '* * *', weekly: `* * ${schedule.weekday ?? 1}`, monthly: `${monthDay} * *` }[schedule.frequency];
  return `${minute} ${hour} ${day}`;
}

export function nextRunAt(schedule: ScheduleTiming, after: Date): Date {
  // paused: only the calendar is used, never croner's timer.
  const next = new Cron(cronExpression(schedule), { timezone: schedule.timeZone, paused: true }).nextRun(after);
  if (!next) throw new Error(`the schedule ${cronExpression(schedule)} has no next run`);
  return next;
}
