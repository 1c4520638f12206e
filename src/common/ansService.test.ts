import { describe, expect, it } from 'vitest';
import {
  exceptionProblem,
  findGapsAndConflicts,
  isOfficeOpen,
  matchingRules,
  mondayOf,
  occurrences,
  onCallTimeProblem,
  weekRange,
  type WeekDayHours,
} from './ansService.js';

const CHICAGO = 'America/Chicago';
/** Mon-Fri 08:00-18:00, weekends closed. */
const WEEKDAYS: WeekDayHours[] = Array.from({ length: 7 }, (_, dayOfWeek) => ({
  dayOfWeek,
  open: dayOfWeek >= 1 && dayOfWeek <= 5,
  opensAt: '08:00',
  closesAt: '18:00',
}));
const at = (iso: string) => new Date(iso);

describe('isOfficeOpen', () => {
  it('opens at 08:00 local in winter (14:00 UTC) and in summer (13:00 UTC)', () => {
    // Friday 2026-03-06, CST (UTC-6): 13:30 UTC is 07:30, 14:00 UTC is 08:00.
    expect(isOfficeOpen(WEEKDAYS, [], CHICAGO, at('2026-03-06T13:30:00Z'))).toBe(false);
    expect(isOfficeOpen(WEEKDAYS, [], CHICAGO, at('2026-03-06T14:00:00Z'))).toBe(true);
    // Monday 2026-03-09, after the spring-forward change (CDT, UTC-5): 13:30 UTC is 08:30.
    expect(isOfficeOpen(WEEKDAYS, [], CHICAGO, at('2026-03-09T13:30:00Z'))).toBe(true);
    expect(isOfficeOpen(WEEKDAYS, [], CHICAGO, at('2026-03-09T12:59:00Z'))).toBe(false);
  });

  it('closes at 18:00 local on either side of the fall-back change', () => {
    // Friday 2026-10-30, CDT: 18:00 is 23:00 UTC.
    expect(isOfficeOpen(WEEKDAYS, [], CHICAGO, at('2026-10-30T22:59:00Z'))).toBe(true);
    expect(isOfficeOpen(WEEKDAYS, [], CHICAGO, at('2026-10-30T23:00:00Z'))).toBe(false);
    // Monday 2026-11-02, CST: 18:00 is 00:00 UTC the next day.
    expect(isOfficeOpen(WEEKDAYS, [], CHICAGO, at('2026-11-02T23:30:00Z'))).toBe(true);
    expect(isOfficeOpen(WEEKDAYS, [], CHICAGO, at('2026-11-03T00:00:00Z'))).toBe(false);
  });

  it('reads the local day of the week, not the UTC one', () => {
    // Friday 2026-03-06 17:30 CST is 23:30 UTC.
    expect(isOfficeOpen(WEEKDAYS, [], CHICAGO, at('2026-03-06T23:30:00Z'))).toBe(true);
    // Saturday 00:30 UTC is Friday 18:30 in Chicago: closed.
    expect(isOfficeOpen(WEEKDAYS, [], CHICAGO, at('2026-03-07T00:30:00Z'))).toBe(false);
    // In Tokyo, Monday 08:30 local is Sunday 23:30 UTC: open; Sunday 09:00 local (00:00 UTC): closed.
    expect(isOfficeOpen(WEEKDAYS, [], 'Asia/Tokyo', at('2026-03-08T23:30:00Z'))).toBe(true);
    expect(isOfficeOpen(WEEKDAYS, [], 'Asia/Tokyo', at('2026-03-08T00:00:00Z'))).toBe(false);
  });

  it('keeps an overnight window open through the night the clocks spring forward', () => {
    // Saturday 22:00 to Sunday 06:00; 2026-03-08 02:00 local does not exist in Chicago.
    const nights: WeekDayHours[] = WEEKDAYS.map((d) => (d.dayOfWeek === 6 ? { ...d, open: true, opensAt: '22:00', closesAt: '06:00' } : d));
    // Sunday 03:30 CDT = 08:30 UTC: still open; 06:00 CDT = 11:00 UTC: closed.
    expect(isOfficeOpen(nights, [], CHICAGO, at('2026-03-08T08:30:00Z'))).toBe(true);
    expect(isOfficeOpen(nights, [], CHICAGO, at('2026-03-08T10:59:00Z'))).toBe(true);
    expect(isOfficeOpen(nights, [], CHICAGO, at('2026-03-08T11:00:00Z'))).toBe(false);
    // Saturday 21:59 CST = 03:59 UTC Sunday: not yet.
    expect(isOfficeOpen(nights, [], CHICAGO, at('2026-03-08T03:59:00Z'))).toBe(false);
  });

  it('counts the repeated hour of the fall-back night once each way', () => {
    // Saturday 22:00 to Sunday 01:30; 2026-11-01 01:00-02:00 happens twice (CDT then CST).
    const nights: WeekDayHours[] = WEEKDAYS.map((d) => (d.dayOfWeek === 6 ? { ...d, open: true, opensAt: '22:00', closesAt: '01:30' } : d));
    // 01:15 CDT = 06:15 UTC: open; 01:15 CST = 07:15 UTC: also 01:15 local, open; 01:45 CST = 07:45 UTC: closed.
    expect(isOfficeOpen(nights, [], CHICAGO, at('2026-11-01T06:15:00Z'))).toBe(true);
    expect(isOfficeOpen(nights, [], CHICAGO, at('2026-11-01T07:15:00Z'))).toBe(true);
    expect(isOfficeOpen(nights, [], CHICAGO, at('2026-11-01T07:45:00Z'))).toBe(false);
  });

  it('is closed all day on a holiday, in the local day', () => {
    const holiday = [{ date: '2026-12-25', endDate: '2026-12-25', closed: true }];
    // Friday 2026-12-25 10:00 CST = 16:00 UTC: closed; 2026-12-24 (Thursday) at 10:00: open.
    expect(isOfficeOpen(WEEKDAYS, holiday, CHICAGO, at('2026-12-25T16:00:00Z'))).toBe(false);
    expect(isOfficeOpen(WEEKDAYS, holiday, CHICAGO, at('2026-12-24T16:00:00Z'))).toBe(true);
    // 2026-12-26 03:00 UTC is still the 25th (21:00) in Chicago.
    expect(
      isOfficeOpen(
        WEEKDAYS,
        [{ date: '2026-12-26', endDate: '2026-12-26', closed: false, opensAt: '00:00', closesAt: '24:00' }],
        CHICAGO,
        at('2026-12-26T03:00:00Z'),
      ),
    ).toBe(false);
  });

  it('uses the special hours of an exception, also on a day the week keeps closed', () => {
    const special = [{ date: '2026-12-24', endDate: '2026-12-24', closed: false, opensAt: '09:00', closesAt: '12:00' }];
    expect(isOfficeOpen(WEEKDAYS, special, CHICAGO, at('2026-12-24T16:00:00Z'))).toBe(true); // 10:00
    expect(isOfficeOpen(WEEKDAYS, special, CHICAGO, at('2026-12-24T19:00:00Z'))).toBe(false); // 13:00
    const saturday = [{ date: '2026-03-07', endDate: '2026-03-07', closed: false, opensAt: '10:00', closesAt: '14:00' }];
    expect(isOfficeOpen(WEEKDAYS, saturday, CHICAGO, at('2026-03-07T17:00:00Z'))).toBe(true); // 11:00 CST
  });

  it('covers every day of a closure period, the latest-starting exception winning inside it', () => {
    const closure = [
      { date: '2026-08-03', endDate: '2026-08-14', closed: true },
      { date: '2026-08-10', endDate: '2026-08-10', closed: false, opensAt: '08:00', closesAt: '12:00' },
    ];
    expect(isOfficeOpen(WEEKDAYS, closure, CHICAGO, at('2026-08-05T15:00:00Z'))).toBe(false);
    expect(isOfficeOpen(WEEKDAYS, closure, CHICAGO, at('2026-08-10T15:00:00Z'))).toBe(true); // 10:00 CDT
    expect(isOfficeOpen(WEEKDAYS, closure, CHICAGO, at('2026-08-17T15:00:00Z'))).toBe(true);
  });
});

describe('on-call rota', () => {
  const week = weekRange('2026-03-02', CHICAGO); // Monday, CST

  it('finds the Monday of the local week', () => {
    expect(mondayOf(at('2026-03-09T03:00:00Z'), CHICAGO)).toBe('2026-03-02'); // Sunday 22:00 CDT
    expect(mondayOf(at('2026-03-09T06:00:00Z'), CHICAGO)).toBe('2026-03-09');
  });

  it('starts the week at local midnight', () => {
    expect(week.from.toISOString()).toBe('2026-03-02T06:00:00.000Z');
    expect(week.to.toISOString()).toBe('2026-03-09T05:00:00.000Z'); // after spring forward: CDT
  });

  it('repeats a weekly entry at the same local time across the change', () => {
    const entry = { id: 1, startsAt: '2026-03-02T14:00:00Z', endsAt: '2026-03-02T23:00:00Z', weekly: true }; // Mon 08:00-17:00 CST
    const next = weekRange('2026-03-09', CHICAGO);
    const [o] = occurrences(entry, next.from, next.to, CHICAGO);
    expect(o.start.toISOString()).toBe('2026-03-09T13:00:00.000Z'); // 08:00 CDT
    expect(o.end.toISOString()).toBe('2026-03-09T22:00:00.000Z');
    // Not before its first start.
    expect(occurrences(entry, weekRange('2026-02-23', CHICAGO).from, weekRange('2026-02-23', CHICAGO).to, CHICAGO)).toEqual([]);
  });

  it('finds no gap when the week is covered end to end', () => {
    const entries = [{ id: 1, startsAt: week.from, endsAt: week.to, weekly: false }];
    expect(findGapsAndConflicts(entries, week.from, week.to, CHICAGO)).toEqual({ gaps: [], conflicts: [] });
  });

  it('reports the whole week as one gap with no entries', () => {
    expect(findGapsAndConflicts([], week.from, week.to, CHICAGO)).toEqual({ gaps: [{ start: week.from, end: week.to }], conflicts: [] });
  });

  it('finds a gap between two entries and a conflict where two overlap', () => {
    const entries = [
      { id: 1, startsAt: week.from, endsAt: '2026-03-04T06:00:00Z', weekly: false },
      { id: 2, startsAt: '2026-03-04T12:00:00Z', endsAt: '2026-03-06T06:00:00Z', weekly: false },
      { id: 3, startsAt: '2026-03-05T06:00:00Z', endsAt: week.to, weekly: false },
    ];
    const { gaps, conflicts } = findGapsAndConflicts(entries, week.from, week.to, CHICAGO);
    expect(gaps).toEqual([{ start: at('2026-03-04T06:00:00Z'), end: at('2026-03-04T12:00:00Z') }]);
    expect(conflicts).toEqual([{ start: at('2026-03-05T06:00:00Z'), end: at('2026-03-06T06:00:00Z'), entryIds: [2, 3] }]);
  });

  it('joins back-to-back entries without a gap, and counts weekly entries of earlier weeks', () => {
    // Weekly shifts set up a week earlier: days 08:00-20:00 and nights 20:00-08:00, every day.
    const entries = Array.from({ length: 7 }, (_, i) => [
      {
        id: i * 2 + 1,
        startsAt: new Date(Date.parse('2026-02-23T14:00:00Z') + i * 86_400_000),
        endsAt: new Date(Date.parse('2026-02-24T02:00:00Z') + i * 86_400_000),
        weekly: true,
      },
      {
        id: i * 2 + 2,
        startsAt: new Date(Date.parse('2026-02-24T02:00:00Z') + i * 86_400_000),
        endsAt: new Date(Date.parse('2026-02-24T14:00:00Z') + i * 86_400_000),
        weekly: true,
      },
    ]).flat();
    const { gaps, conflicts } = findGapsAndConflicts(entries, week.from, week.to, CHICAGO);
    expect(conflicts).toEqual([]);
    expect(gaps).toEqual([]);
  });

  it('ignores entries that end before they start', () => {
    const entries = [{ id: 1, startsAt: '2026-03-03T00:00:00Z', endsAt: '2026-03-02T00:00:00Z', weekly: false }];
    expect(findGapsAndConflicts(entries, week.from, week.to, CHICAGO).gaps).toHaveLength(1);
  });
});

describe('entry checks', () => {
  it('refuses an end before the start and a weekly entry longer than a week', () => {
    expect(onCallTimeProblem({ startsAt: '2026-03-02T00:00:00Z', endsAt: '2026-03-02T00:00:00Z', weekly: false })).toBe('endBeforeStart');
    expect(onCallTimeProblem({ startsAt: '2026-03-02T00:00:00Z', endsAt: '2026-03-10T00:00:00Z', weekly: true })).toBe('longerThanWeek');
    expect(onCallTimeProblem({ startsAt: '2026-03-02T00:00:00Z', endsAt: '2026-03-10T00:00:00Z', weekly: false })).toBeNull();
  });

  it('refuses an exception ending before it starts, or special hours without times', () => {
    expect(exceptionProblem({ date: '2026-12-25', endDate: '2026-12-24', closed: true })).toBe('endBeforeStart');
    expect(exceptionProblem({ date: '2026-12-24', endDate: '2026-12-24', closed: false, opensAt: '09:00' })).toBe('hoursRequired');
    expect(exceptionProblem({ date: '2026-12-25', endDate: '2026-12-25', closed: true })).toBeNull();
  });
});

describe('matchingRules (auto-notify: when a message of kind K arrives for accounts A)', () => {
  const rules = [
    { id: 1, kind: 'any', siteNums: [], active: true },
    { id: 2, kind: 'emergency', siteNums: [], active: true },
    { id: 3, kind: 'service', siteNums: [100001], active: true },
    { id: 4, kind: 'any', siteNums: [100002], active: true },
    { id: 5, kind: 'emergency', siteNums: [], active: false },
  ];
  const ids = (kind: string, siteNum: number | null) => matchingRules({ kind, siteNum }, rules).map((r) => r.id);

  it('matches the kind, or any kind', () => {
    expect(ids('emergency', null)).toEqual([1, 2]);
    expect(ids('billing', null)).toEqual([1]);
  });
  it('matches the listed accounts only; a message about no account matches only rules for every account', () => {
    expect(ids('service', 100001)).toEqual([1, 3]);
    expect(ids('service', 100002)).toEqual([1, 4]);
    expect(ids('service', null)).toEqual([1]);
  });
  it('skips inactive rules', () => {
    expect(ids('emergency', 100002)).toEqual([1, 2, 4]);
  });
});
