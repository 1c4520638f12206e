import { describe, expect, it } from 'vitest';
import { instantOfWallClock, wallClockAt } from './testTime.js';

describe('test times in the premises time zone', () => {
  it('reads and writes the wall clock of a zone', () => {
    const instant = Date.parse('2026-03-01T18:30:00Z');
    expect(wallClockAt(instant, 'America/Chicago')).toBe('2026-03-01T12:30');
    expect(instantOfWallClock('2026-03-01T12:30', 'America/Chicago')).toBe(instant);
    expect(instantOfWallClock('2026-07-01T12:30', 'America/Chicago')).toBe(Date.parse('2026-07-01T17:30:00Z'));
  });

  it('handles the daylight-saving change and bad input', () => {
    // 2026-03-08 02:30 does not exist in Chicago: an hour later (03:30 CDT).
    expect(new Date(instantOfWallClock('2026-03-08T02:30', 'America/Chicago')).toISOString()).toBe('2026-03-08T08:30:00.000Z');
    expect(instantOfWallClock('tomorrow', 'UTC')).toBeNaN();
  });
});
