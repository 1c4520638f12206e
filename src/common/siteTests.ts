import { SIGNAL_KINDS, type EventKind } from '../../schemas/events.js';

/**
 * Place on test (SPEC §6 noActionRead, the "No Action" state): the
 * rules the dialog and the server share. A test covers the whole account, one
 * device, chosen zones of a device, or event kinds; it starts now or later and
 * always ends, at most 30 days after it starts.
 */

export const TEST_SCOPES = ['site', 'device', 'zones', 'kinds'] as const;
export type TestScope = (typeof TEST_SCOPES)[number];

/** The dialog's duration presets, in minutes: 1 h, 2 h (the default), 4 h, 8 h, 24 h. */
export const TEST_DURATION_PRESETS = [60, 120, 240, 480, 1440] as const;
export const DEFAULT_TEST_MINUTES = 120;
/** Never open-ended: at most 30 days. */
export const MAX_TEST_MINUTES = 30 * 24 * 60;
/** A customer places a test of at most 24 hours (the customer's limits: at most 24 h, a reason). */
export const CUSTOMER_MAX_TEST_MINUTES = 24 * 60;
const MIN_TEST_MINUTES = 1;
/** A start a little in the past (clock skew, the time the form was open) counts as now. */
const START_SKEW_MS = 5 * 60_000;
/** How far ahead a test may be scheduled to start. */
const MAX_START_AHEAD_MINUTES = 30 * 24 * 60;
export const TEST_REASON_MAX = 500;
const MAX_TEST_ZONES = 200;

/** What a request to place a test says (the POST body, and the dialog's values). */
export interface TestRequest {
  scope: TestScope;
  deviceNum?: number | null;
  zones?: readonly number[] | null;
  kinds?: readonly string[] | null;
  /** ISO date-time; absent: now. */
  startAt?: string | null;
  durationMinutes: number;
  reason: string;
}

/** Field → locale key (siteTests.errors.*) of what is wrong. */
export type TestErrors = Partial<Record<'scope' | 'deviceNum' | 'zones' | 'kinds' | 'startAt' | 'durationMinutes' | 'reason', string>>;

/** The end of a test that starts at `start` and lasts `minutes`. */
export function testEndsAt(start: Date, minutes: number): Date {
  return new Date(start.getTime() + minutes * 60_000);
}

/** Whether a duration is allowed: whole minutes from 1 to `maxMinutes` (30 days for dealers). */
function validDuration(minutes: number, maxMinutes: number): boolean {
  return Number.isInteger(minutes) && minutes >= MIN_TEST_MINUTES && minutes <= maxMinutes;
}

/** The message of a duration too long: 30 days for dealers, 24 hours for customers. */
const durationKey = (maxMinutes: number) =>
  maxMinutes === CUSTOMER_MAX_TEST_MINUTES ? 'siteTests.errors.customerDuration' : 'siteTests.errors.duration';

/** The start of a request: now when absent or within the skew before now. */
export function testStartsAt(startAt: string | null | undefined, now: Date): Date {
  if (!startAt) return now;
  const start = new Date(startAt);
  return start.getTime() < now.getTime() ? now : start;
}

/**
 * Every problem of a request to place a test, as locale keys by field (empty
 * when none). `devices`: the account's devices and their zones, when known
 * (the server always knows them; the dialog does once the account loaded).
 */
export function testRequestErrors(
  request: TestRequest,
  now: Date,
  devices?: readonly { devNum: number; zones: readonly number[] }[],
  maxMinutes: number = MAX_TEST_MINUTES,
): TestErrors {
  const errors: TestErrors = {};
  if (!(TEST_SCOPES as readonly string[]).includes(request.scope)) errors.scope = 'siteTests.errors.scope';
  const needsDevice = request.scope === 'device' || request.scope === 'zones';
  const device = request.deviceNum == null ? undefined : devices?.find((d) => d.devNum === request.deviceNum);
  if (needsDevice && request.deviceNum == null) errors.deviceNum = 'siteTests.errors.deviceRequired';
  else if (request.deviceNum != null && devices && !device) errors.deviceNum = 'siteTests.errors.deviceUnknown';
  if (request.scope === 'zones') {
    const zones = request.zones ?? [];
    if (zones.length === 0) errors.zones = 'siteTests.errors.zonesRequired';
    else if (zones.length > MAX_TEST_ZONES) errors.zones = 'siteTests.errors.zonesTooMany';
    else if (device && zones.some((z) => !device.zones.includes(z))) errors.zones = 'siteTests.errors.zoneUnknown';
  }
  if (request.scope === 'kinds') {
    const kinds = request.kinds ?? [];
    if (kinds.length === 0) errors.kinds = 'siteTests.errors.kindsRequired';
    else if (kinds.some((k) => !(SIGNAL_KINDS as readonly string[]).includes(k))) errors.kinds = 'siteTests.errors.kindUnknown';
  }
  if (!validDuration(request.durationMinutes, maxMinutes)) errors.durationMinutes = durationKey(maxMinutes);
  if (request.startAt) {
    const start = new Date(request.startAt);
    if (Number.isNaN(start.getTime())) errors.startAt = 'siteTests.errors.startInvalid';
    else if (start.getTime() < now.getTime() - START_SKEW_MS) errors.startAt = 'siteTests.errors.startPast';
    else if (start.getTime() > now.getTime() + MAX_START_AHEAD_MINUTES * 60_000) errors.startAt = 'siteTests.errors.startTooLate';
  }
  const reason = testReasonError(request.reason);
  if (reason) errors.reason = reason;
  return errors;
}

/** What is wrong with a reason (a locale key), if anything: required, not only spaces, at most 500 characters. */
export function testReasonError(reason: string): string | undefined {
  if (!reason.trim()) return 'siteTests.errors.reasonRequired';
  if (reason.length > TEST_REASON_MAX) return 'siteTests.errors.reasonTooLong';
  return undefined;
}

/** Problems of a new end time for a test that started (or starts) at `startsAt`: end after start, after now, at most 30 days (a customer's: 24 hours). */
export function testEndErrors(startsAt: Date, endsAt: Date, now: Date, maxMinutes: number = MAX_TEST_MINUTES): string | undefined {
  if (Number.isNaN(endsAt.getTime())) return 'siteTests.errors.endInvalid';
  if (endsAt.getTime() <= startsAt.getTime()) return 'siteTests.errors.endBeforeStart';
  if (endsAt.getTime() <= now.getTime()) return 'siteTests.errors.endPast';
  if (endsAt.getTime() - startsAt.getTime() > maxMinutes * 60_000) return durationKey(maxMinutes);
  return undefined;
}

/** 'Change test' (a test in force or scheduled): push the end back by 1, 2 or 4 hours, or give a new duration. */
export const TEST_EXTEND_PRESETS = [60, 120, 240] as const;

/** A new end time: the current end pushed back by `extendMinutes`, or the start plus a new `durationMinutes`. */
export type TestEndChange = { extendMinutes: number } | { durationMinutes: number };

/** The end a change gives (NaN time when the minutes are no number). */
export function changedTestEnd(test: { startsAt: Date; endsAt: Date }, change: TestEndChange): Date {
  return 'extendMinutes' in change ? testEndsAt(test.endsAt, change.extendMinutes) : testEndsAt(test.startsAt, change.durationMinutes);
}

/**
 * Problems of a change to a test (locale keys by field, empty when none): the new end (when one
 * is chosen) comes after the start and after now, at most 30 days after the start (a new
 * duration: whole minutes from 1 to 30 days); the reason stays required.
 */
export function testChangeErrors(
  test: { startsAt: Date; endsAt: Date },
  change: { end?: TestEndChange | null; reason: string },
  now: Date,
  maxMinutes: number = MAX_TEST_MINUTES,
): Partial<Record<'endsAt' | 'reason', string>> {
  const errors: Partial<Record<'endsAt' | 'reason', string>> = {};
  if (change.end) {
    const minutes = 'extendMinutes' in change.end ? change.end.extendMinutes : change.end.durationMinutes;
    const problem = validDuration(minutes, maxMinutes)
      ? testEndErrors(test.startsAt, changedTestEnd(test, change.end), now, maxMinutes)
      : durationKey(maxMinutes);
    if (problem) errors.endsAt = problem;
  }
  const reason = testReasonError(change.reason);
  if (reason) errors.reason = reason;
  return errors;
}

/** A test as the coverage rule reads it. */
export interface CoveringTest {
  scope: TestScope;
  devNum: number | null;
  zones: readonly number[];
  kinds: readonly string[];
  startsAt: Date;
  endsAt: Date;
  endedAt: Date | null;
}

/** An incoming event: its device, zone, kind and when it happened. */
export interface CoveredEvent {
  devNum: number;
  zoneNum: number | null;
  kind: EventKind;
  at: Date;
}

/** Whether a test is in force at `at`: started, not yet at its end, not ended early. */
function testActiveAt(test: Pick<CoveringTest, 'startsAt' | 'endsAt' | 'endedAt'>, at: Date): boolean {
  return test.endedAt === null && test.startsAt.getTime() <= at.getTime() && at.getTime() < test.endsAt.getTime();
}

/** Where a test is now: not yet started, in force, or over (expired or ended). */
export function testState(test: Pick<CoveringTest, 'startsAt' | 'endsAt' | 'endedAt'>, now: Date): 'scheduled' | 'active' | 'ended' {
  if (test.endedAt !== null || now.getTime() >= test.endsAt.getTime()) return 'ended';
  return now.getTime() < test.startsAt.getTime() ? 'scheduled' : 'active';
}

/**
 * Whether a test covers an event (of the test's account): the test is in force
 * when the event arrives (`at`: the time it is received) and the event is in its scope.
 */
export function testCovers(test: CoveringTest, event: CoveredEvent): boolean {
  if (!testActiveAt(test, event.at)) return false;
  switch (test.scope) {
    case 'site':
      return true;
    case 'device':
      return event.devNum === test.devNum;
    case 'zones':
      return event.devNum === test.devNum && event.zoneNum !== null && test.zones.includes(event.zoneNum);
    case 'kinds':
      return (test.devNum === null || event.devNum === test.devNum) && test.kinds.includes(event.kind);
  }
}

/** Custom hours or days in minutes (whole minutes). */
export function customMinutes(amount: number, unit: 'hours' | 'days'): number {
  return Math.round(amount * (unit === 'days' ? 1440 : 60));
}
