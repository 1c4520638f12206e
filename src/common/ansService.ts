import { TZDate } from '@date-fns/tz';
import { addDays, addWeeks, format } from 'date-fns';

/**
 * The answering service's rules, pure: whether the office is open at an instant (the
 * week's hours and dated exceptions, in the account group's time zone, correct across daylight-
 * saving changes), and the on-call rota's gaps and conflicts over a week.
 */

/** One day of the week's hours; 'HH:mm' local times. A window that closes at or before it opens runs past midnight. */
export interface WeekDayHours {
  /** 0 = Sunday … 6 = Saturday. */
  dayOfWeek: number;
  open: boolean;
  opensAt: string;
  closesAt: string;
}

/** A dated exception (holiday, closure, special hours), `date` to `endDate` inclusive, 'yyyy-MM-dd'. */
export interface HoursExceptionRule {
  date: string;
  endDate: string;
  closed: boolean;
  opensAt?: string | null;
  closesAt?: string | null;
}

/** Minutes since midnight of 'HH:mm' ('24:00' is 1440). */
function clockToMinutes(clock: string): number {
  const [h, m] = clock.split(':').map(Number);
  return h * 60 + m;
}

interface LocalMoment {
  day: string;
  dayOfWeek: number;
  minutes: number;
}

function localMoment(instant: Date, timeZone: string): LocalMoment {
  const local = new TZDate(instant.getTime(), timeZone);
  return { day: format(local, 'yyyy-MM-dd'), dayOfWeek: local.getDay(), minutes: local.getHours() * 60 + local.getMinutes() };
}

const previousDay = (day: string) => format(addDays(new Date(`${day}T12:00:00Z`), -1), 'yyyy-MM-dd');

/** The exception that covers a local day, if any (the one that starts latest wins: a closure inside a longer period). */
function exceptionOn(day: string, exceptions: readonly HoursExceptionRule[]): HoursExceptionRule | undefined {
  return exceptions.filter((e) => e.date <= day && day <= e.endDate).sort((a, b) => (a.date < b.date ? 1 : -1))[0];
}

/** The window a day opens (its exception's special hours, or the week's), or null when it is closed all day. */
function windowOf(
  day: string,
  dayOfWeek: number,
  hours: readonly WeekDayHours[],
  exceptions: readonly HoursExceptionRule[],
): { opens: number; closes: number } | null {
  const exception = exceptionOn(day, exceptions);
  if (exception) {
    if (exception.closed || !exception.opensAt || !exception.closesAt) return null;
    return { opens: clockToMinutes(exception.opensAt), closes: clockToMinutes(exception.closesAt) };
  }
  const week = hours.find((h) => h.dayOfWeek === dayOfWeek);
  if (!week?.open) return null;
  return { opens: clockToMinutes(week.opensAt), closes: clockToMinutes(week.closesAt) };
}

/**
 * 'Is the office open at time T': the local day and clock time of `instant` in `timeZone` (so a
 * 08:00 opening is 14:00 UTC in Chicago's winter and 13:00 UTC in its summer). A dated exception
 * replaces the week's hours of its days; a window that closes at or before it opens (22:00-06:00)
 * runs into the next morning, unless that morning is itself an exception.
 */
export function isOfficeOpen(
  hours: readonly WeekDayHours[],
  exceptions: readonly HoursExceptionRule[],
  timeZone: string,
  instant: Date,
): boolean {
  const now = localMoment(instant, timeZone);
  const today = windowOf(now.day, now.dayOfWeek, hours, exceptions);
  if (today) {
    if (today.closes > today.opens) {
      if (now.minutes >= today.opens && now.minutes < today.closes) return true;
    } else if (now.minutes >= today.opens) {
      return true;
    }
  }
  // Yesterday's overnight window, still open this morning (today is not a closed exception).
  const yesterday = previousDay(now.day);
  const before = windowOf(yesterday, (now.dayOfWeek + 6) % 7, hours, exceptions);
  if (before && before.closes <= before.opens && now.minutes < before.closes) {
    const todayException = exceptionOn(now.day, exceptions);
    return !todayException || !todayException.closed;
  }
  return false;
}

/** An on-call entry as the rota rule needs it. */
export interface RotaEntry {
  id: number;
  startsAt: Date | string;
  endsAt: Date | string;
  weekly: boolean;
}

export interface RotaInterval {
  start: Date;
  end: Date;
}

export interface RotaConflict extends RotaInterval {
  /** The entries on call at once. */
  entryIds: number[];
}

export interface RotaFindings {
  /** Times of the week nobody is on call. */
  gaps: RotaInterval[];
  /** Times two or more entries are on call at once. */
  conflicts: RotaConflict[];
}

/** The occurrences of an entry that meet [from, to): a weekly one repeats at the same local times (the zone's clock), from its first start on. */
export function occurrences(entry: RotaEntry, from: Date, to: Date, timeZone: string): RotaInterval[] {
  const start = new Date(entry.startsAt);
  const end = new Date(entry.endsAt);
  if (!(end > start)) return [];
  if (!entry.weekly) return end > from && start < to ? [{ start, end }] : [];
  const WEEK_MS = 7 * 86_400_000;
  const firstK = Math.max(0, Math.floor((from.getTime() - end.getTime()) / WEEK_MS) - 1);
  const lastK = Math.ceil((to.getTime() - start.getTime()) / WEEK_MS) + 1;
  const localStart = new TZDate(start.getTime(), timeZone);
  const localEnd = new TZDate(end.getTime(), timeZone);
  const found: RotaInterval[] = [];
  for (let k = firstK; k <= lastK; k++) {
    const s = new Date(addWeeks(localStart, k).getTime());
    const e = new Date(addWeeks(localEnd, k).getTime());
    if (e > from && s < to) found.push({ start: s, end: e });
  }
  return found;
}

/** The instant a local week starts: `day` ('yyyy-MM-dd') at 00:00 in the zone; the week runs seven local days. */
export function weekRange(day: string, timeZone: string): { from: Date; to: Date } {
  const [y, m, d] = day.split('-').map(Number);
  const from = new TZDate(y, m - 1, d, 0, 0, 0, timeZone);
  return { from: new Date(from.getTime()), to: new Date(addDays(from, 7).getTime()) };
}

/** The Monday of the local week of `now` in the zone, 'yyyy-MM-dd'. */
export function mondayOf(now: Date, timeZone: string): string {
  const local = new TZDate(now.getTime(), timeZone);
  return format(addDays(local, -((local.getDay() + 6) % 7)), 'yyyy-MM-dd');
}

/**
 * Over [from, to): the gaps (nobody on call) and conflicts (two or more on call at once, with
 * who), each a maximal interval. Weekly entries repeat (occurrences); an entry of zero or negative
 * length counts for nothing.
 */
export function findGapsAndConflicts(entries: readonly RotaEntry[], from: Date, to: Date, timeZone: string): RotaFindings {
  const marks: { at: number; id: number; delta: 1 | -1 }[] = [];
  for (const entry of entries) {
    for (const o of occurrences(entry, from, to, timeZone)) {
      marks.push({ at: Math.max(o.start.getTime(), from.getTime()), id: entry.id, delta: 1 });
      marks.push({ at: Math.min(o.end.getTime(), to.getTime()), id: entry.id, delta: -1 });
    }
  }
  const times = [...new Set([from.getTime(), to.getTime(), ...marks.map((m) => m.at)])].sort((a, b) => a - b);
  const active = new Map<number, number>();
  const gaps: RotaInterval[] = [];
  const conflicts: RotaConflict[] = [];
  for (let i = 0; i < times.length - 1; i++) {
    const at = times[i];
    for (const mark of marks.filter((m) => m.at === at)) {
      const count = (active.get(mark.id) ?? 0) + mark.delta;
      if (count > 0) active.set(mark.id, count);
      else active.delete(mark.id);
    }
    const start = new Date(at);
    const end = new Date(times[i + 1]);
    const ids = [...active.keys()].sort((a, b) => a - b);
    if (ids.length === 0) {
      const last = gaps.at(-1);
      if (last && last.end.getTime() === at) last.end = end;
      else gaps.push({ start, end });
    } else if (ids.length > 1 || (active.get(ids[0]) ?? 0) > 1) {
      const last = conflicts.at(-1);
      if (last && last.end.getTime() === at && last.entryIds.join() === ids.join()) last.end = end;
      else conflicts.push({ start, end, entryIds: ids });
    }
  }
  return { gaps, conflicts };
}

/** Problems of an on-call entry's times: the end must follow the start; a weekly one lasts at most a week. */
export function onCallTimeProblem(entry: Pick<RotaEntry, 'startsAt' | 'endsAt' | 'weekly'>): 'endBeforeStart' | 'longerThanWeek' | null {
  const start = new Date(entry.startsAt).getTime();
  const end = new Date(entry.endsAt).getTime();
  if (!(end > start)) return 'endBeforeStart';
  if (entry.weekly && end - start > 7 * 86_400_000) return 'longerThanWeek';
  return null;
}

/** Problems of an exception: its end day is not before its first; special hours need both times. */
export function exceptionProblem(exception: HoursExceptionRule): 'endBeforeStart' | 'hoursRequired' | null {
  if (exception.endDate < exception.date) return 'endBeforeStart';
  if (!exception.closed && (!exception.opensAt || !exception.closesAt)) return 'hoursRequired';
  return null;
}

/** An auto-notify rule as matching reads it: the message kind ('any': every kind) and the accounts (empty: every account). */
export interface AutoNotifyMatchRule {
  kind: string;
  siteNums: readonly number[];
  active: boolean;
}

/** The active rules that a message of `kind` about account `siteNum` (null: none named) sets off. */
export function matchingRules<R extends AutoNotifyMatchRule>(message: { kind: string; siteNum: number | null }, rules: readonly R[]): R[] {
  return rules.filter(
    (rule) =>
      rule.active &&
      (rule.kind === 'any' || rule.kind === message.kind) &&
      (rule.siteNums.length === 0 || (message.siteNum !== null && rule.siteNums.includes(message.siteNum))),
  );
}
