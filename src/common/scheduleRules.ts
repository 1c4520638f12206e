/**
 * Open/close schedule rules (editing the account): weekly windows and holidays, for
 * the dealer's editor, the customer's screens and the server. Times are 'HH:MM' in the
 * premises' time zone. A window closes after it opens, or, when its close is earlier, the next
 * day (overnight); a close equal to the open is no window. Windows of one account may not
 * overlap, overnight ones included (Saturday night runs into Sunday morning). Messages are
 * locale keys of locales/<lang>/accountEdits.json.
 */

const DAY = 24 * 60;
const WEEK = 7 * DAY;

/** 'HH:MM' as minutes after midnight; NaN when it is no such time. */
export function clockMinutes(clock: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(clock);
  return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
}

/** A window that closes the next day. */
export function isOvernight(opensAt: string, closesAt: string): boolean {
  return clockMinutes(closesAt) < clockMinutes(opensAt);
}

export interface WindowDraft {
  scheduleId?: number;
  dayOfWeek: number;
  opensAt: string;
  closesAt: string;
}

/** The window's own problem: a close equal to its open. */
export function windowProblem(opensAt: string, closesAt: string): string | undefined {
  return clockMinutes(opensAt) === clockMinutes(closesAt) ? 'accountEdits.schedules.sameTime' : undefined;
}

/** The minutes of the week a window covers, as [start, end) pieces (an overnight Saturday wraps to Sunday). */
function weekSpans(w: WindowDraft): [number, number][] {
  const start = w.dayOfWeek * DAY + clockMinutes(w.opensAt);
  const length = (clockMinutes(w.closesAt) - clockMinutes(w.opensAt) + DAY) % DAY;
  const end = start + length;
  return end <= WEEK
    ? [[start, end]]
    : [
        [start, WEEK],
        [0, end - WEEK],
      ];
}

/** Whether two windows share a minute. */
export function windowsOverlap(a: WindowDraft, b: WindowDraft): boolean {
  return weekSpans(a).some(([s1, e1]) => weekSpans(b).some(([s2, e2]) => s1 < e2 && s2 < e1));
}

/** The message of each field of `draft` among the account's other windows; empty when it may be saved. */
export function checkWindow(draft: WindowDraft, existing: readonly WindowDraft[]): Record<string, string> {
  const same = windowProblem(draft.opensAt, draft.closesAt);
  if (same) return { closesAt: same };
  const others = existing.filter((w) => w.scheduleId === undefined || w.scheduleId !== draft.scheduleId);
  if (others.some((w) => windowsOverlap(draft, w))) return { opensAt: 'accountEdits.schedules.overlap' };
  return {};
}

export interface HolidayDraft {
  holidayId?: number;
  /** 'YYYY-MM-DD'. */
  date: string;
  opensAt: string | null;
  closesAt: string | null;
}

/** The message of each field of a holiday among the account's others: one per date, special times both or neither and not equal. */
export function checkHoliday(draft: HolidayDraft, existing: readonly HolidayDraft[]): Record<string, string> {
  const errors: Record<string, string> = {};
  if (existing.some((h) => h.holidayId !== draft.holidayId && h.date === draft.date)) errors.date = 'accountEdits.holidays.duplicate';
  const opens = draft.opensAt || null;
  const closes = draft.closesAt || null;
  if ((opens === null) !== (closes === null)) errors[opens === null ? 'opensAt' : 'closesAt'] = 'accountEdits.holidays.bothTimes';
  else if (opens !== null && closes !== null) {
    const same = windowProblem(opens, closes);
    if (same) errors.closesAt = same;
  }
  return errors;
}
