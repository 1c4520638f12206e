import { describe, expect, it } from 'vitest';
import { wallClockText, wallTime } from './zoneClock.js';

describe('the wall clock of a time zone', () => {
  it('reads the same instant as each zone writes it, to the second', () => {
    const instant = Date.parse('2026-03-01T18:30:45Z');
    expect(wallTime(instant, 'America/Chicago')).toBe(Date.parse('2026-03-01T12:30:45Z'));
    expect(wallTime(instant, 'Asia/Kolkata')).toBe(Date.parse('2026-03-02T00:00:45Z'));
    expect(wallTime(instant, 'UTC')).toBe(instant);
  });

  it('writes it as text, a Date or milliseconds alike, midnight as 00', () => {
    expect(wallClockText(new Date('2026-03-01T18:30:45Z'), 'Asia/Kolkata')).toBe('2026-03-02T00:00:45');
    expect(wallClockText(Date.parse('2026-07-01T04:05:06Z'), 'America/New_York')).toBe('2026-07-01T00:05:06');
  });

  it('refuses a zone Intl does not know', () => {
    expect(() => wallTime(0, 'Mars/Olympus')).toThrow(RangeError);
  });
});
