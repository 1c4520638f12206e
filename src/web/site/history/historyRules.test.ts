import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRESET,
  addDays,
  customRangeError,
  dateIn,
  emptyState,
  filterFromParams,
  filterToParams,
  hasNarrowingFilters,
  isIsoDate,
  periodBounds,
  startOfDayIn,
  toEventFilter,
  zoneOffset,
  type HistoryFilterState,
} from './historyRules.js';

const base: HistoryFilterState = { preset: DEFAULT_PRESET, kinds: [], q: '' };

describe('dates in a time zone', () => {
  it('reads the offset of a zone at an instant', () => {
    expect(zoneOffset(Date.parse('2026-01-15T12:00:00Z'), 'America/New_York')).toBe(-5 * 3_600_000);
    expect(zoneOffset(Date.parse('2026-07-15T12:00:00Z'), 'America/New_York')).toBe(-4 * 3_600_000);
    expect(zoneOffset(Date.parse('2026-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * 3_600_000);
    expect(zoneOffset(Date.parse('2026-07-15T12:00:00Z'), 'UTC')).toBe(0);
  });

  it('gives the calendar date in the zone', () => {
    const instant = Date.parse('2026-11-24T03:30:00Z');
    expect(dateIn(instant, 'UTC')).toBe('2026-11-24');
    expect(dateIn(instant, 'America/Chicago')).toBe('2026-11-23');
    expect(dateIn(instant, 'Pacific/Auckland')).toBe('2026-11-24');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-11-23', -29)).toBe('2026-10-25');
  });

  it('finds the start of a day, daylight saving included', () => {
    expect(startOfDayIn('2026-01-15', 'America/New_York')).toBe('2026-01-15T05:00:00.000Z');
    expect(startOfDayIn('2026-07-15', 'America/New_York')).toBe('2026-07-15T04:00:00.000Z');
    // The days the clocks change (at 2 a.m., after midnight).
    expect(startOfDayIn('2026-03-08', 'America/New_York')).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDayIn('2026-11-01', 'America/New_York')).toBe('2026-11-01T04:00:00.000Z');
    expect(startOfDayIn('2026-07-15', 'Asia/Kolkata')).toBe('2026-07-14T18:30:00.000Z');
    expect(startOfDayIn('2026-07-15', 'UTC')).toBe('2026-07-15T00:00:00.000Z');
  });

  it('takes the first hour that exists when midnight is skipped', () => {
    // Chile moves its clocks from 00:00 to 01:00 on the first Sunday of September.
    const start = startOfDayIn('2026-09-06', 'America/Santiago');
    expect(dateIn(Date.parse(start), 'America/Santiago')).toBe('2026-09-06');
    expect(dateIn(Date.parse(start) - 1000, 'America/Santiago')).toBe('2026-09-05');
  });

  it('checks calendar dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-2-3')).toBe(false);
    expect(isIsoDate(null)).toBe(false);
  });
});

describe('presets → from/to', () => {
  // 23 November 2026, 18:36 in Chicago (00:36 on the 24th in UTC).
  const now = Date.parse('2026-11-24T00:36:00Z');
  const tz = 'America/Chicago';
  const today = dateIn(now, tz);

  it('today: from midnight to the next midnight, in the user’s zone', () => {
    expect(periodBounds({ preset: 'today' }, tz, today)).toEqual({ from: '2026-11-23T06:00:00.000Z', to: '2026-11-24T06:00:00.000Z' });
    expect(periodBounds({ preset: 'today' }, 'UTC', dateIn(now, 'UTC'))).toEqual({
      from: '2026-11-24T00:00:00.000Z',
      to: '2026-11-25T00:00:00.000Z',
    });
  });

  it('last 7 and 30 days include today', () => {
    expect(periodBounds({ preset: 'last7' }, tz, today)).toEqual({ from: '2026-11-17T06:00:00.000Z', to: '2026-11-24T06:00:00.000Z' });
    // 25 October is still on daylight time in Chicago (UTC-5).
    expect(periodBounds({ preset: 'last30' }, tz, today)).toEqual({ from: '2026-10-25T05:00:00.000Z', to: '2026-11-24T06:00:00.000Z' });
  });

  it('custom: both days included, either end may be open', () => {
    expect(periodBounds({ preset: 'custom', from: '2026-11-01', to: '2026-11-02' }, tz, today)).toEqual({
      from: '2026-11-01T05:00:00.000Z',
      to: '2026-11-03T06:00:00.000Z',
    });
    expect(periodBounds({ preset: 'custom', from: '2026-11-01' }, tz, today)).toEqual({ from: '2026-11-01T05:00:00.000Z' });
    expect(periodBounds({ preset: 'custom' }, tz, today)).toEqual({});
  });

  it('refuses a custom period that ends before it starts', () => {
    expect(customRangeError({ preset: 'custom', from: '2026-11-02', to: '2026-11-01' })).toBe('events.range.fromAfterTo');
    expect(customRangeError({ preset: 'custom', from: '2026-11-01', to: '2026-11-01' })).toBeUndefined();
    expect(customRangeError({ preset: 'custom', from: '2026-11-01' })).toBeUndefined();
    expect(customRangeError({ preset: 'last7', from: '2026-11-02', to: '2026-11-01' })).toBeUndefined();
  });
});

describe('URL ↔ filter', () => {
  it('reads every filter', () => {
    const params = new URLSearchParams(
      'sn=100001&dn=500001&period=custom&from=2026-11-01&to=2026-11-20&kind=trouble,alarm&zone=3&device=500002&q=door',
    );
    expect(filterFromParams(params)).toEqual({
      preset: 'custom',
      from: '2026-11-01',
      to: '2026-11-20',
      kinds: ['alarm', 'trouble'],
      zone: 3,
      device: 500002,
      q: 'door',
    });
  });

  it('falls back to the defaults on anything malformed', () => {
    const params = new URLSearchParams('period=year&from=2026-13-01&kind=fire,,alarm&zone=-1&device=0&q=');
    expect(filterFromParams(params)).toEqual({ preset: DEFAULT_PRESET, kinds: ['alarm'], q: '' });
    expect(filterFromParams(new URLSearchParams('zone=0')).zone).toBe(0);
    expect(filterFromParams(new URLSearchParams('zone=99999999999')).zone).toBeUndefined();
    expect(filterFromParams(new URLSearchParams(`q=${'x'.repeat(150)}`)).q).toHaveLength(100);
  });

  it('keeps dates only for a custom period', () => {
    expect(filterFromParams(new URLSearchParams('period=last7&from=2026-11-01')).from).toBeUndefined();
  });

  it('writes the filters, keeps sn and dn, leaves defaults out', () => {
    const start = new URLSearchParams('sn=100001&dn=500001&zone=4&q=old');
    expect(filterToParams(base, start).toString()).toBe('sn=100001&dn=500001');
    const state: HistoryFilterState = { preset: 'last7', kinds: ['restore', 'alarm'], zone: 0, device: 7, q: '  front door ' };
    expect(filterToParams(state, start).toString()).toBe(
      'sn=100001&dn=500001&period=last7&kind=alarm%2Crestore&zone=0&device=7&q=front+door',
    );
  });

  it('round-trips', () => {
    const state: HistoryFilterState = {
      preset: 'custom',
      from: '2026-10-01',
      to: '2026-10-31',
      kinds: ['openClose', 'test'],
      zone: 12,
      q: 'x',
    };
    expect(filterFromParams(filterToParams(state, new URLSearchParams('sn=1')))).toEqual(state);
    expect(filterFromParams(filterToParams(base, new URLSearchParams()))).toEqual(base);
  });
});

describe('the API filter', () => {
  const context = { siteNum: 100001, alarmOnly: false, timeZone: 'UTC', today: '2026-11-24' };

  it('sends only what is set', () => {
    expect(toEventFilter({ ...base, preset: 'today' }, context)).toEqual({
      siteNum: 100001,
      from: '2026-11-24T00:00:00.000Z',
      to: '2026-11-25T00:00:00.000Z',
    });
    expect(toEventFilter({ preset: 'custom', kinds: ['trouble'], zone: 0, device: 500002, q: ' door ' }, context)).toEqual({
      siteNum: 100001,
      deviceNum: 500002,
      kind: ['trouble'],
      zone: 0,
      q: 'door',
    });
  });

  it('fixes the kind to alarm on alarm history', () => {
    expect(toEventFilter({ ...base, kinds: ['trouble'] }, { ...context, alarmOnly: true }).kind).toEqual(['alarm']);
  });
});

describe('the empty state', () => {
  const day = (d: string) => `[${d}]`;

  it('names the period and suggests a longer one', () => {
    expect(emptyState({ ...base, preset: 'last7' }, true, day)).toEqual({
      key: 'events.empty.alarms.last7',
      hintKey: 'events.empty.tryLongerPeriod',
    });
    expect(emptyState({ ...base, preset: 'today' }, false, day)).toEqual({
      key: 'events.empty.events.today',
      hintKey: 'events.empty.tryLongerPeriod',
    });
  });

  it('suggests fewer filters when some narrow the list', () => {
    expect(emptyState({ ...base, preset: 'last7', zone: 2 }, true, day).hintKey).toBe('events.empty.tryFewerFilters');
    expect(hasNarrowingFilters({ ...base, kinds: ['alarm'] }, true)).toBe(false);
    expect(hasNarrowingFilters({ ...base, kinds: ['alarm'] }, false)).toBe(true);
    expect(hasNarrowingFilters({ ...base, q: '  ' }, false)).toBe(false);
  });

  it('words a custom period', () => {
    const custom: HistoryFilterState = { ...base, preset: 'custom', from: '2026-11-01', to: '2026-11-02' };
    expect(emptyState(custom, false, day)).toEqual({
      key: 'events.empty.events.between',
      args: { from: '[2026-11-01]', to: '[2026-11-02]' },
      hintKey: 'events.empty.tryOtherPeriod',
    });
    expect(emptyState({ ...custom, to: undefined }, true, day).key).toBe('events.empty.alarms.since');
    expect(emptyState({ ...custom, from: undefined }, true, day).key).toBe('events.empty.alarms.until');
    expect(emptyState({ ...custom, from: undefined, to: undefined }, true, day).key).toBe('events.empty.alarms.any');
  });
});
