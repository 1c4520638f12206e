import { describe, expect, it } from 'vitest';
import { dayLabel, hasEvents, perDaySeries, statusListUrl, totalProblems, valueTicks } from './dashboardRules.js';

const zero = { alarm: 0, trouble: 0, openClose: 0, test: 0, restore: 0, other: 0 };

describe('dashboard rules', () => {
  it('links a status to the accounts list in react-admin list URL format', () => {
    expect(statusListUrl('onTest')).toBe('/sites?filter=%7B%22status%22%3A%22onTest%22%7D');
    expect(decodeURIComponent(statusListUrl('inAlarm'))).toBe('/sites?filter={"status":"inAlarm"}');
  });

  it('makes one stacked series per kind, a value per day', () => {
    const series = perDaySeries([
      { day: '2026-03-01', counts: { ...zero, alarm: 2 } },
      { day: '2026-03-02', counts: { ...zero, restore: 1 } },
    ]);
    expect(series.map((s) => s.kind)).toEqual(['alarm', 'trouble', 'openClose', 'test', 'restore', 'other']);
    expect(series[0]!.data).toEqual([2, 0]);
    expect(series[4]!.data).toEqual([0, 1]);
  });

  it('labels a UTC day without shifting it to the local zone', () => {
    expect(dayLabel('2026-03-02', 'en-US')).toBe('Mar 2');
  });

  it('knows an empty chart and sums the problems', () => {
    expect(hasEvents([{ day: '2026-03-01', counts: zero }])).toBe(false);
    expect(hasEvents([{ day: '2026-03-01', counts: { ...zero, test: 1 } }])).toBe(true);
    expect(totalProblems({ noPasscode: 1, fewVerificationContacts: 2, noAgency: 0, noPremisePhone: 3, noPermit: 0 })).toBe(6);
  });

  it('steps the value axis by 1, 2 or 5 × 10ⁿ up to the largest total', () => {
    expect(valueTicks(47)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(valueTicks(3)).toEqual([0, 1, 2, 3]);
    expect(valueTicks(0)).toEqual([0, 1]);
  });
});
