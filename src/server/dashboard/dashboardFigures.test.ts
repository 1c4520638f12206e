import { describe, expect, it } from 'vitest';
import { dashboardDays, emptyDashboard, fillDays, fillStatuses, utcDay } from './dashboardFigures.js';

describe('dashboard figures', () => {
  it('takes the UTC day of an instant, whatever the local zone', () => {
    expect(utcDay(new Date('2026-03-01T23:30:00-05:00'))).toBe('2026-03-02');
    expect(utcDay(new Date('2026-03-01T00:00:00Z'))).toBe('2026-03-01');
  });

  it('lists 30 UTC days ending today, oldest first, across a month end', () => {
    const days = dashboardDays(new Date('2026-03-02T10:00:00Z'));
    expect(days).toHaveLength(30);
    expect(days[29]).toBe('2026-03-02');
    expect(days[0]).toBe('2026-02-01');
    expect(dashboardDays(new Date('2026-03-02T10:00:00Z'), 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('fills every day and kind, ignoring rows outside the days or of unknown kinds', () => {
    const filled = fillDays(
      ['2026-03-01', '2026-03-02'],
      [
        { day: '2026-03-02', kind: 'alarm', count: 3 },
        { day: '2026-03-02', kind: 'restore', count: 1 },
        { day: '2026-02-01', kind: 'alarm', count: 9 },
        { day: '2026-03-01', kind: 'bogus', count: 9 },
      ],
    );
    expect(filled).toEqual([
      { day: '2026-03-01', counts: { alarm: 0, trouble: 0, openClose: 0, test: 0, restore: 0, other: 0 } },
      { day: '2026-03-02', counts: { alarm: 3, trouble: 0, openClose: 0, test: 0, restore: 1, other: 0 } },
    ]);
  });

  it('has every status, zero when none', () => {
    expect(fillStatuses([{ status: 'onTest', count: 2 }])).toEqual({ active: 0, inAlarm: 0, onTest: 2, outOfService: 0, pending: 0 });
  });

  it('answers zeros and empty lists without a group, the 30 days still there', () => {
    const empty = emptyDashboard(new Date('2026-03-02T10:00:00Z'));
    expect(empty.siteGroupNum).toBeNull();
    expect(empty.totalSites).toBe(0);
    expect(empty.alarmsPerDay).toHaveLength(30);
    expect(Object.values(empty.warningCounts).every((n) => n === 0)).toBe(true);
  });
});
