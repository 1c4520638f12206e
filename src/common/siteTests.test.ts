import { describe, expect, it } from 'vitest';
import {
  changedTestEnd,
  customMinutes,
  DEFAULT_TEST_MINUTES,
  MAX_TEST_MINUTES,
  testChangeErrors,
  testCovers,
  testEndErrors,
  testEndsAt,
  testReasonError,
  testRequestErrors,
  testStartsAt,
  testState,
  TEST_DURATION_PRESETS,
  TEST_EXTEND_PRESETS,
  type CoveringTest,
  type TestRequest,
} from './siteTests.js';

const now = new Date('2026-03-01T12:00:00Z');
const devices = [
  { devNum: 10, zones: [1, 2, 3] },
  { devNum: 11, zones: [] },
];
const base: TestRequest = { scope: 'site', durationMinutes: DEFAULT_TEST_MINUTES, reason: 'Panel replacement' };

describe('testRequestErrors', () => {
  it('accepts the whole account for the default 2 hours', () => {
    expect(DEFAULT_TEST_MINUTES).toBe(120);
    expect(TEST_DURATION_PRESETS).toEqual([60, 120, 240, 480, 1440]);
    expect(testRequestErrors(base, now, devices)).toEqual({});
  });

  it('requires a reason, not only spaces, and limits its length', () => {
    expect(testRequestErrors({ ...base, reason: '  ' }, now).reason).toBe('siteTests.errors.reasonRequired');
    expect(testRequestErrors({ ...base, reason: 'x'.repeat(501) }, now).reason).toBe('siteTests.errors.reasonTooLong');
  });

  it('never open-ended: 1 minute to 30 days, whole minutes', () => {
    expect(testRequestErrors({ ...base, durationMinutes: MAX_TEST_MINUTES }, now)).toEqual({});
    expect(testRequestErrors({ ...base, durationMinutes: MAX_TEST_MINUTES + 1 }, now).durationMinutes).toBe('siteTests.errors.duration');
    expect(testRequestErrors({ ...base, durationMinutes: 0 }, now).durationMinutes).toBe('siteTests.errors.duration');
    expect(testRequestErrors({ ...base, durationMinutes: 1.5 }, now).durationMinutes).toBe('siteTests.errors.duration');
  });

  it('starts now or later, a little skew allowed', () => {
    expect(testRequestErrors({ ...base, startAt: '2026-03-01T11:57:00Z' }, now)).toEqual({});
    expect(testRequestErrors({ ...base, startAt: '2026-03-01T11:50:00Z' }, now).startAt).toBe('siteTests.errors.startPast');
    expect(testRequestErrors({ ...base, startAt: '2026-05-01T11:50:00Z' }, now).startAt).toBe('siteTests.errors.startTooLate');
    expect(testStartsAt('2026-03-01T11:57:00Z', now)).toEqual(now);
    expect(testStartsAt('2026-03-02T00:00:00Z', now)).toEqual(new Date('2026-03-02T00:00:00Z'));
    expect(testStartsAt(undefined, now)).toEqual(now);
  });

  it('device scope needs a device of the account', () => {
    expect(testRequestErrors({ ...base, scope: 'device' }, now, devices).deviceNum).toBe('siteTests.errors.deviceRequired');
    expect(testRequestErrors({ ...base, scope: 'device', deviceNum: 99 }, now, devices).deviceNum).toBe('siteTests.errors.deviceUnknown');
    expect(testRequestErrors({ ...base, scope: 'device', deviceNum: 11 }, now, devices)).toEqual({});
  });

  it('zones scope needs zones of its device', () => {
    expect(testRequestErrors({ ...base, scope: 'zones', deviceNum: 10 }, now, devices).zones).toBe('siteTests.errors.zonesRequired');
    expect(testRequestErrors({ ...base, scope: 'zones', deviceNum: 10, zones: [4] }, now, devices).zones).toBe(
      'siteTests.errors.zoneUnknown',
    );
    expect(testRequestErrors({ ...base, scope: 'zones', deviceNum: 10, zones: [1, 3] }, now, devices)).toEqual({});
    expect(testRequestErrors({ ...base, scope: 'zones', zones: [1] }, now, devices).deviceNum).toBe('siteTests.errors.deviceRequired');
  });

  it('kinds scope needs known event kinds', () => {
    expect(testRequestErrors({ ...base, scope: 'kinds' }, now).kinds).toBe('siteTests.errors.kindsRequired');
    expect(testRequestErrors({ ...base, scope: 'kinds', kinds: ['fire'] }, now).kinds).toBe('siteTests.errors.kindUnknown');
    expect(testRequestErrors({ ...base, scope: 'kinds', kinds: ['alarm', 'trouble'] }, now)).toEqual({});
  });
});

describe('testEndErrors', () => {
  const start = new Date('2026-03-01T11:00:00Z');
  it('the end comes after the start and after now, at most 30 days after the start', () => {
    expect(testEndErrors(start, new Date('2026-03-01T10:00:00Z'), now)).toBe('siteTests.errors.endBeforeStart');
    expect(testEndErrors(start, new Date('2026-03-01T11:30:00Z'), now)).toBe('siteTests.errors.endPast');
    expect(testEndErrors(start, testEndsAt(start, MAX_TEST_MINUTES + 1), now)).toBe('siteTests.errors.duration');
    expect(testEndErrors(start, testEndsAt(start, MAX_TEST_MINUTES), now)).toBeUndefined();
  });
});

describe('changing a test', () => {
  const placed = { startsAt: new Date('2026-03-01T11:00:00Z'), endsAt: new Date('2026-03-01T13:00:00Z') };
  const reason = 'Panel replacement';

  it('extends the current end by a preset, or counts a new duration from the start', () => {
    expect(TEST_EXTEND_PRESETS).toEqual([60, 120, 240]);
    expect(changedTestEnd(placed, { extendMinutes: 120 })).toEqual(new Date('2026-03-01T15:00:00Z'));
    expect(changedTestEnd(placed, { durationMinutes: 4320 })).toEqual(new Date('2026-03-04T11:00:00Z'));
    expect(testChangeErrors(placed, { end: { extendMinutes: 120 }, reason }, now)).toEqual({});
    expect(testChangeErrors(placed, { end: null, reason }, now)).toEqual({});
  });

  it('never beyond 30 days from the start, never ending before now', () => {
    expect(testChangeErrors(placed, { end: { durationMinutes: MAX_TEST_MINUTES }, reason }, now)).toEqual({});
    expect(testChangeErrors(placed, { end: { durationMinutes: MAX_TEST_MINUTES + 1 }, reason }, now).endsAt).toBe(
      'siteTests.errors.duration',
    );
    const nearlyMax = { ...placed, endsAt: testEndsAt(placed.startsAt, MAX_TEST_MINUTES - 60) };
    expect(testChangeErrors(nearlyMax, { end: { extendMinutes: 60 }, reason }, now)).toEqual({});
    expect(testChangeErrors(nearlyMax, { end: { extendMinutes: 120 }, reason }, now).endsAt).toBe('siteTests.errors.duration');
    // A new duration of 30 minutes from 11:00 ends at 11:30, before now (12:00).
    expect(testChangeErrors(placed, { end: { durationMinutes: 30 }, reason }, now).endsAt).toBe('siteTests.errors.endPast');
    expect(testChangeErrors(placed, { end: { durationMinutes: NaN }, reason }, now).endsAt).toBe('siteTests.errors.duration');
    expect(testChangeErrors(placed, { end: { extendMinutes: 0 }, reason }, now).endsAt).toBe('siteTests.errors.duration');
  });

  it('keeps the reason required', () => {
    expect(testChangeErrors(placed, { reason: ' ' }, now).reason).toBe('siteTests.errors.reasonRequired');
    expect(testReasonError('x'.repeat(501))).toBe('siteTests.errors.reasonTooLong');
    expect(testReasonError('ok')).toBeUndefined();
  });
});

describe('testCovers', () => {
  const test = (over: Partial<CoveringTest>): CoveringTest => ({
    scope: 'site',
    devNum: null,
    zones: [],
    kinds: [],
    startsAt: new Date('2026-03-01T11:00:00Z'),
    endsAt: new Date('2026-03-01T13:00:00Z'),
    endedAt: null,
    ...over,
  });
  const event = { devNum: 10, zoneNum: 2, kind: 'alarm' as const, at: now };

  it('the whole account covers every event while in force', () => {
    expect(testCovers(test({}), event)).toBe(true);
    expect(testCovers(test({}), { ...event, at: new Date('2026-03-01T13:00:00Z') })).toBe(false);
    expect(testCovers(test({}), { ...event, at: new Date('2026-03-01T10:59:59Z') })).toBe(false);
    expect(testCovers(test({ endedAt: now }), event)).toBe(false);
  });

  it('one device covers its events only', () => {
    expect(testCovers(test({ scope: 'device', devNum: 10 }), event)).toBe(true);
    expect(testCovers(test({ scope: 'device', devNum: 11 }), event)).toBe(false);
  });

  it('chosen zones cover those zones of their device only', () => {
    expect(testCovers(test({ scope: 'zones', devNum: 10, zones: [2, 3] }), event)).toBe(true);
    expect(testCovers(test({ scope: 'zones', devNum: 10, zones: [3] }), event)).toBe(false);
    expect(testCovers(test({ scope: 'zones', devNum: 11, zones: [2] }), event)).toBe(false);
    expect(testCovers(test({ scope: 'zones', devNum: 10, zones: [2] }), { ...event, zoneNum: null })).toBe(false);
  });

  it('event kinds cover those kinds, on every device or on one', () => {
    expect(testCovers(test({ scope: 'kinds', kinds: ['alarm'] }), event)).toBe(true);
    expect(testCovers(test({ scope: 'kinds', kinds: ['trouble'] }), event)).toBe(false);
    expect(testCovers(test({ scope: 'kinds', kinds: ['alarm'], devNum: 11 }), event)).toBe(false);
  });

  it('states: scheduled, active, ended', () => {
    expect(testState(test({ startsAt: new Date('2026-03-01T12:30:00Z') }), now)).toBe('scheduled');
    expect(testState(test({}), now)).toBe('active');
    expect(testState(test({ endsAt: now }), now)).toBe('ended');
    expect(testState(test({ endedAt: now }), now)).toBe('ended');
  });
});

describe('durations', () => {
  it('turns custom hours or days into minutes', () => {
    expect(customMinutes(3, 'days')).toBe(4320);
    expect(customMinutes(1.5, 'hours')).toBe(90);
  });
});
