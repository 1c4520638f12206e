import { EVENT_KINDS, type EventFilter, type EventKind } from '../../../../schemas/events.js';
import { wallClockText, wallTime } from '../../../common/zoneClock.js';

/**
 * The history pages' rules as pure functions (SPEC §2 /site/history and
 * /site/alarm-history): the period presets turned into the ISO bounds of GET /api/events in
 * the user's time zone, the filters kept in the page's query string, and the empty state's
 * wording. HistoryPage.tsx wires them to the URL and the API.
 */

/** The date-range picker's choices; the presets end with today (the user's today). */
export const RANGE_PRESETS = ['today', 'last7', 'last30', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** The period a page opens with when the URL names none. */
export const DEFAULT_PRESET: RangePreset = 'last30';

/** Days each preset covers, today included. */
const PRESET_DAYS: Record<Exclude<RangePreset, 'custom'>, number> = { today: 1, last7: 7, last30: 30 };

/** The filters of a history page, as the URL keeps them (dates as YYYY-MM-DD in the user's time zone). */
export interface HistoryFilterState {
  preset: RangePreset;
  /** The custom period's first day (inclusive). */
  from?: string;
  /** The custom period's last day (inclusive). */
  to?: string;
  /** Kinds to show; empty means every kind. Ignored on alarm history (always alarm). */
  kinds: EventKind[];
  zone?: number;
  /** A device of the site; undefined means all of them. */
  device?: number;
  q: string;
}

/** The query-string names of the filters (sn and dn, the site and device of every /site page, are left alone). */
const FILTER_PARAMS = { preset: 'period', from: 'from', to: 'to', kinds: 'kind', zone: 'zone', device: 'device', q: 'q' } as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_INT4 = 2_147_483_647;
/** The longest search text the API takes (EventFilter.q). */
export const MAX_QUERY_LENGTH = 100;

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string | null | undefined): value is string {
  if (!value || !DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function intParam(value: string | null, min: number): number | undefined {
  if (value === null || !/^\d{1,10}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= min && n <= MAX_INT4 ? n : undefined;
}

/** The filters a query string holds; anything malformed is dropped (a hand-edited URL still opens the page). */
export function filterFromParams(params: URLSearchParams): HistoryFilterState {
  const preset = params.get(FILTER_PARAMS.preset);
  const from = params.get(FILTER_PARAMS.from);
  const to = params.get(FILTER_PARAMS.to);
  const kinds = (params.get(FILTER_PARAMS.kinds) ?? '')
    .split(',')
    .filter((k): k is EventKind => (EVENT_KINDS as readonly string[]).includes(k));
  const state: HistoryFilterState = {
    preset: (RANGE_PRESETS as readonly string[]).includes(preset ?? '') ? (preset as RangePreset) : DEFAULT_PRESET,
    kinds: EVENT_KINDS.filter((k) => kinds.includes(k)),
    q: (params.get(FILTER_PARAMS.q) ?? '').slice(0, MAX_QUERY_LENGTH),
  };
  if (state.preset === 'custom') {
    if (isIsoDate(from)) state.from = from;
    if (isIsoDate(to)) state.to = to;
  }
  const zone = intParam(params.get(FILTER_PARAMS.zone), 0);
  if (zone !== undefined) state.zone = zone;
  const device = intParam(params.get(FILTER_PARAMS.device), 1);
  if (device !== undefined) state.device = device;
  return state;
}

/**
 * `params` with the filters of `state` written in (the defaults left out, so a plain page keeps
 * a plain URL); every other parameter (sn, dn) is kept.
 */
export function filterToParams(state: HistoryFilterState, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of Object.values(FILTER_PARAMS)) next.delete(name);
  if (state.preset !== DEFAULT_PRESET) next.set(FILTER_PARAMS.preset, state.preset);
  if (state.preset === 'custom') {
    if (state.from) next.set(FILTER_PARAMS.from, state.from);
    if (state.to) next.set(FILTER_PARAMS.to, state.to);
  }
  if (state.kinds.length) next.set(FILTER_PARAMS.kinds, EVENT_KINDS.filter((k) => state.kinds.includes(k)).join(','));
  if (state.zone !== undefined) next.set(FILTER_PARAMS.zone, String(state.zone));
  if (state.device !== undefined) next.set(FILTER_PARAMS.device, String(state.device));
  const q = state.q.trim();
  if (q) next.set(FILTER_PARAMS.q, q);
  return next;
}

// ---------------------------------------------------------------- dates in a time zone

/** The offset of `timeZone` from UTC at `instant`, in milliseconds (positive east of Greenwich). */
export function zoneOffset(instant: number, timeZone: string): number {
  return wallTime(instant, timeZone) - Math.floor(instant / 1000) * 1000;
}

/** The calendar date (YYYY-MM-DD) in `timeZone` at `instant`. */
export function dateIn(instant: number, timeZone: string): string {
  return wallClockText(instant, timeZone).slice(0, 10);
}

/** YYYY-MM-DD `days` later (or earlier, when negative). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The instant (ISO, UTC) the day `date` begins in `timeZone`. Where a daylight-saving change
 * skips midnight, the first instant of the day that exists.
 */
export function startOfDayIn(date: string, timeZone: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d);
  let utc = wall - zoneOffset(wall, timeZone);
  // The offset at the guess may differ from the offset at the answer (a change that day).
  const corrected = wall - zoneOffset(utc, timeZone);
  if (corrected !== utc && dateIn(corrected, timeZone) === date) utc = corrected;
  // Midnight skipped (the clock jumped past it): the day's first hour is the earlier guess's answer.
  if (dateIn(utc, timeZone) !== date) utc = Math.min(utc, corrected);
  return new Date(utc).toISOString();
}

export interface DateBounds {
  /** Inclusive (ISO). */
  from?: string;
  /** Exclusive (ISO). */
  to?: string;
}

/** The first and last day (YYYY-MM-DD, inclusive) a filter covers, `today` being the user's; undefined ends are open. */
function periodDays(state: Pick<HistoryFilterState, 'preset' | 'from' | 'to'>, today: string): { first?: string; last?: string } {
  if (state.preset === 'custom') return { first: state.from, last: state.to };
  return { first: addDays(today, 1 - PRESET_DAYS[state.preset]), last: today };
}

/**
 * The period of a filter as the API's bounds: from the first day's start to the day after the
 * last, in `timeZone`; `today` is the date there now ({@link dateIn}).
 */
export function periodBounds(state: Pick<HistoryFilterState, 'preset' | 'from' | 'to'>, timeZone: string, today: string): DateBounds {
  const { first, last } = periodDays(state, today);
  return {
    ...(first && { from: startOfDayIn(first, timeZone) }),
    ...(last && { to: startOfDayIn(addDays(last, 1), timeZone) }),
  };
}

/** The custom period's error key: the first day after the last. */
export function customRangeError(state: Pick<HistoryFilterState, 'preset' | 'from' | 'to'>): string | undefined {
  if (state.preset !== 'custom' || !state.from || !state.to) return undefined;
  return state.from > state.to ? 'events.range.fromAfterTo' : undefined;
}

/** What GET /api/events and the export are asked for: the page's filters, alarm history's kind, the period in `timeZone`. */
export function toEventFilter(
  state: HistoryFilterState,
  context: { siteNum: number; alarmOnly: boolean; timeZone: string; today: string },
): EventFilter {
  const kinds: EventKind[] = context.alarmOnly ? ['alarm'] : state.kinds;
  const q = state.q.trim();
  return {
    siteNum: context.siteNum,
    ...(state.device !== undefined && { deviceNum: state.device }),
    ...periodBounds(state, context.timeZone, context.today),
    ...(kinds.length && { kind: kinds }),
    ...(state.zone !== undefined && { zone: state.zone }),
    ...(q && { q }),
  };
}

/** True when a filter other than the period (and alarm history's own kind) narrows the list. */
export function hasNarrowingFilters(state: HistoryFilterState, alarmOnly: boolean): boolean {
  return (!alarmOnly && state.kinds.length > 0) || state.zone !== undefined || state.device !== undefined || state.q.trim() !== '';
}

export interface EmptyState {
  /** e.g. 'No alarms in the last 7 days.' */
  key: string;
  args?: Record<string, string>;
  /** What to try: a longer period, or fewer filters. */
  hintKey: string;
}

/** The empty list's message for these filters (e.g. 'No alarms in the last 7 days. Try a longer period.'). */
export function emptyState(state: HistoryFilterState, alarmOnly: boolean, formatDay: (date: string) => string): EmptyState {
  const what = alarmOnly ? 'alarms' : 'events';
  const hintKey = hasNarrowingFilters(state, alarmOnly)
    ? 'events.empty.tryFewerFilters'
    : state.preset === 'custom'
      ? 'events.empty.tryOtherPeriod'
      : 'events.empty.tryLongerPeriod';
  if (state.preset !== 'custom') return { key: `events.empty.${what}.${state.preset}`, hintKey };
  if (state.from && state.to)
    return { key: `events.empty.${what}.between`, args: { from: formatDay(state.from), to: formatDay(state.to) }, hintKey };
  if (state.from) return { key: `events.empty.${what}.since`, args: { from: formatDay(state.from) }, hintKey };
  if (state.to) return { key: `events.empty.${what}.until`, args: { to: formatDay(state.to) }, hintKey };
  return { key: `events.empty.${what}.any`, hintKey };
}
