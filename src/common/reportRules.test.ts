import { describe, expect, it } from 'vitest';
import { reportPagePath, reportRunPath } from './reportPaths.js';
import { dayInZone, periodDays, periodProblems, resolvePeriod } from './reportRules.js';

describe('report periods', () => {
  // 2026-11-24 03:30 UTC is still 23 November in New York.
  const now = new Date('2026-11-24T03:30:00Z');

  it('reads today in the time zone, not in UTC', () => {
    expect(periodDays({ period: 'today' }, now, 'America/New_York')).toEqual({ fromDay: '2026-11-23', toDay: '2026-11-23' });
    expect(periodDays({ period: 'today' }, now, 'UTC')).toEqual({ fromDay: '2026-11-24', toDay: '2026-11-24' });
  });
  it('covers whole days before today for the rolling periods', () => {
    expect(periodDays({ period: 'yesterday' }, now, 'UTC')).toEqual({ fromDay: '2026-11-23', toDay: '2026-11-23' });
    expect(periodDays({ period: 'last7Days' }, now, 'UTC')).toEqual({ fromDay: '2026-11-17', toDay: '2026-11-23' });
    expect(periodDays({ period: 'last30Days' }, now, 'UTC')).toEqual({ fromDay: '2026-10-25', toDay: '2026-11-23' });
  });
  it('takes calendar months', () => {
    expect(periodDays({ period: 'thisMonth' }, now, 'UTC')).toEqual({ fromDay: '2026-11-01', toDay: '2026-11-24' });
    expect(periodDays({ period: 'lastMonth' }, now, 'UTC')).toEqual({ fromDay: '2026-10-01', toDay: '2026-10-31' });
    expect(periodDays({ period: 'lastMonth' }, new Date('2026-03-15T12:00:00Z'), 'UTC')).toEqual({
      fromDay: '2026-02-01',
      toDay: '2026-02-28',
    });
  });
  it('takes the custom days as given', () => {
    expect(periodDays({ period: 'custom', from: '2026-01-05', to: '2026-01-09' }, now, 'UTC')).toEqual({
      fromDay: '2026-01-05',
      toDay: '2026-01-09',
    });
  });
  it('turns days into instants at local midnight, across a daylight-saving change', () => {
    // 1 November 2026: New York goes from UTC-4 to UTC-5.
    const range = resolvePeriod({ period: 'custom', from: '2026-10-31', to: '2026-11-01' }, now, 'America/New_York');
    expect(range.start.toISOString()).toBe('2026-10-31T04:00:00.000Z');
    expect(range.end.toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });
  it('refuses a custom range that ends before it starts or is longer than 366 days', () => {
    expect(periodProblems({ period: 'custom', from: '2026-02-02', to: '2026-02-01' })).toEqual({ to: 'reports.errors.rangeOrder' });
    expect(periodProblems({ period: 'custom', from: '2025-01-01', to: '2026-01-02' })).toEqual({ to: 'reports.errors.rangeTooLong' });
    expect(periodProblems({ period: 'custom', from: '2025-01-01', to: '2025-12-31' })).toEqual({});
    expect(periodProblems({ period: 'last7Days', from: '2026-02-02', to: '2026-02-01' })).toEqual({});
  });
  it('names the day of an instant in a zone', () => {
    expect(dayInZone(now, 'America/Los_Angeles')).toBe('2026-11-23');
  });
});

describe('the page of a run', () => {
  it('is /reports/{id} (SPEC §4)', () => {
    expect(reportRunPath(42)).toBe('/reports/42');
  });
  it('a way to a run without its id leads to the inbox', () => {
    expect(reportPagePath(42)).toBe('/reports/42');
    expect(reportPagePath(undefined)).toBe('/reports/inbox');
  });
});
