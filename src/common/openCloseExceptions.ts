import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns';
import type { OpenCloseException } from '../../schemas/reports.js';
import { clockMinutes, isOvernight } from './scheduleRules.js';

/**
 * Open/close exceptions (the report of that name), measured against
 * an account's weekly open/close windows and holidays in the account's time zone:
 *
 * - lateToOpen: a window whose first opening (an open/close event with the E
 *   qualifier, Contact ID 4xx) from two hours before the scheduled open up to the
 *   scheduled close came more than `graceMinutes` after the scheduled open, or
 *   never came (then the actual time is null);
 * - earlyToClose: a window whose last closing (R qualifier) before the scheduled
 *   close came more than `graceMinutes` before it, and no opening followed
 *   before the scheduled close (the premises stayed closed).
 *
 * A holiday replaces the weekly windows of its date: closed all day (no
 * times) expects nothing; special times are the day's one window. A window that
 * closes earlier than it opens closes the next day. Windows not yet over at
 * `now` (late: open + grace still ahead; early: close still ahead) are not judged.
 */

export interface WeeklyWindow {
  /** 0 = Sunday … 6 = Saturday. */
  dayOfWeek: number;
  /** 'HH:mm' */
  opensAt: string;
  closesAt: string;
}

export interface Holiday {
  /** 'yyyy-MM-dd' */
  date: string;
  opensAt: string | null;
  closesAt: string | null;
}

export interface OpenCloseSignal {
  at: Date;
  opening: boolean;
}

export interface OpenCloseFinding {
  /** The window's day, 'yyyy-MM-dd' in the account's zone. */
  day: string;
  exception: OpenCloseException;
  scheduled: Date;
  /** The opening or closing that came; null: no opening at all. */
  actual: Date | null;
  /** How late or early, in whole minutes; null without an actual time. */
  minutes: number | null;
}

export interface OpenCloseInput {
  timeZone: string;
  /** The days to judge, 'yyyy-MM-dd', inclusive. */
  fromDay: string;
  toDay: string;
  windows: readonly WeeklyWindow[];
  holidays: readonly Holiday[];
  /** The account's openings and closings, any order, covering the days (and the night after the last). */
  signals: readonly OpenCloseSignal[];
  graceMinutes: number;
  exceptions: readonly OpenCloseException[];
  now: Date;
}

/** An opening this long before the scheduled time still counts as the window's opening. */
const EARLY_OPENING_MINUTES = 120;
const MINUTE = 60_000;

/** Whether an open/close event code (Contact ID 4xx) is an opening (E) rather than a closing (R). */
export function isOpening(code: string): boolean {
  return !/^[Rr]/.test(code);
}

function at(day: string, clock: string, timeZone: string, plusDays = 0): Date {
  const [y, m, d] = day.split('-').map(Number);
  const minutes = clockMinutes(clock);
  const base = addDays(new TZDate(y, m - 1, d, 0, 0, timeZone), plusDays);
  return new Date(
    new TZDate(base.getFullYear(), base.getMonth(), base.getDate(), Math.floor(minutes / 60), minutes % 60, timeZone).getTime(),
  );
}

function days(fromDay: string, toDay: string): string[] {
  const [y, m, d] = fromDay.split('-').map(Number);
  const out: string[] = [];
  for (let date = new Date(Date.UTC(y, m - 1, d)); ; date = new Date(date.getTime() + 86_400_000)) {
    const text = date.toISOString().slice(0, 10);
    if (text > toDay) return out;
    out.push(text);
  }
}

export function openCloseExceptions(input: OpenCloseInput): OpenCloseFinding[] {
  const signals = [...input.signals].sort((a, b) => a.at.getTime() - b.at.getTime());
  const holidays = new Map(input.holidays.map((h) => [h.date, h]));
  const grace = input.graceMinutes * MINUTE;
  const findings: OpenCloseFinding[] = [];
  for (const day of days(input.fromDay, input.toDay)) {
    const holiday = holidays.get(day);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    const windows = holiday
      ? holiday.opensAt && holiday.closesAt
        ? [{ opensAt: holiday.opensAt, closesAt: holiday.closesAt }]
        : []
      : input.windows.filter((w) => w.dayOfWeek === weekday);
    for (const window of [...windows].sort((a, b) => clockMinutes(a.opensAt) - clockMinutes(b.opensAt))) {
      const opens = at(day, window.opensAt, input.timeZone);
      const closes = at(day, window.closesAt, input.timeZone, isOvernight(window.opensAt, window.closesAt) ? 1 : 0);
      const inWindow = signals.filter((s) => s.at.getTime() >= opens.getTime() - EARLY_OPENING_MINUTES * MINUTE && s.at < closes);
      if (input.exceptions.includes('lateToOpen') && opens.getTime() + grace <= input.now.getTime()) {
        const opening = inWindow.find((s) => s.opening);
        if (!opening || opening.at.getTime() > opens.getTime() + grace) {
          findings.push({
            day,
            exception: 'lateToOpen',
            scheduled: opens,
            actual: opening?.at ?? null,
            minutes: opening ? Math.floor((opening.at.getTime() - opens.getTime()) / MINUTE) : null,
          });
        }
      }
      if (input.exceptions.includes('earlyToClose') && closes <= input.now) {
        const last = inWindow.at(-1);
        if (last && !last.opening && last.at >= opens && last.at.getTime() < closes.getTime() - grace) {
          findings.push({
            day,
            exception: 'earlyToClose',
            scheduled: closes,
            actual: last.at,
            minutes: Math.floor((closes.getTime() - last.at.getTime()) / MINUTE),
          });
        }
      }
    }
  }
  return findings;
}
