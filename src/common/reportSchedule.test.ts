import { describe, expect, it } from 'vitest';
import { cronExpression, nextRunAt } from './reportSchedule.js';

const NY = 'America/New_York';

describe('nextRunAt', () => {
  it('daily: later today, else tomorrow, at the local time', () => {
    const daily = { frequency: 'daily' as const, time: '07:30', timeZone: NY };
    // 2026-06-10 10:00Z is 06:00 in New York (UTC-4): today at 07:30 = 11:30Z.
    expect(nextRunAt(daily, new Date('2026-06-10T10:00:00Z')).toISOString()).toBe('2026-06-10T11:30:00.000Z');
    expect(nextRunAt(daily, new Date('2026-06-10T11:30:00Z')).toISOString()).toBe('2026-06-11T11:30:00.000Z');
  });

  it('weekly on a weekday', () => {
    // 2026-06-10 is a Wednesday; the next Monday is 06-15.
    const weekly = { frequency: 'weekly' as const, time: '08:00', weekday: 1, timeZone: NY };
    expect(nextRunAt(weekly, new Date('2026-06-10T12:00:00Z')).toISOString()).toBe('2026-06-15T12:00:00.000Z');
  });

  it('monthly on a day, and on the last day (-1), February included', () => {
    const last = { frequency: 'monthly' as const, time: '23:00', monthDay: -1, timeZone: 'UTC' };
    expect(nextRunAt(last, new Date('2027-02-03T00:00:00Z')).toISOString()).toBe('2027-02-28T23:00:00.000Z');
    expect(nextRunAt(last, new Date('2027-02-28T23:00:00Z')).toISOString()).toBe('2027-03-31T23:00:00.000Z');
    const day28 = { frequency: 'monthly' as const, time: '06:00', monthDay: 28, timeZone: 'UTC' };
    expect(nextRunAt(day28, new Date('2028-02-10T00:00:00Z')).toISOString()).toBe('2028-02-28T06:00:00.000Z');
  });

  it('spring forward: a skipped 02:30 runs once, when the clocks jump', () => {
    // 2026-03-08: New York goes from 02:00 EST to 03:00 EDT; 03:00 EDT is 07:00Z.
    const daily = { frequency: 'daily' as const, time: '02:30', timeZone: NY };
    const run = nextRunAt(daily, new Date('2026-03-08T05:00:00Z'));
    expect(run.toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(nextRunAt(daily, run).toISOString()).toBe('2026-03-09T06:30:00.000Z');
  });

  it('fall back: a repeated 01:30 runs once', () => {
    // 2026-11-01: New York goes from 02:00 EDT back to 01:00 EST; 01:30 happens at 05:30Z and 06:30Z.
    const daily = { frequency: 'daily' as const, time: '01:30', timeZone: NY };
    const run = nextRunAt(daily, new Date('2026-11-01T04:00:00Z'));
    expect(run.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(nextRunAt(daily, run).toISOString()).toBe('2026-11-02T06:30:00.000Z');
  });

  it('writes each frequency as a cron expression', () => {
    expect(cronExpression({ frequency: 'daily', time: '07:05', timeZone: NY })).toBe('5 7 * * *');
    expect(cronExpression({ frequency: 'weekly', time: '18:00', weekday: 0, timeZone: NY })).toBe('0 18 * * 0');
    expect(cronExpression({ frequency: 'monthly', time: '00:00', monthDay: 15, timeZone: NY })).toBe('0 0 15 * *');
    expect(cronExpression({ frequency: 'monthly', time: '23:59', monthDay: -1, timeZone: NY })).toBe('59 23 L * *');
  });
});
