import { describe, expect, it } from 'vitest';
import { wallTime } from './wallTime.js';

describe('the wall clock of a time zone', () => {
  it('reads the same instant as each zone writes it, to the second', () => {
    const instant = Date.parse('2026-03-01T18:30:45Z');
    expect(wallTime(instant, 'America/Chicago')).toBe(Date.parse('2026-03-01T12:30:45Z'));
    expect(wallTime(instant, 'Asia/Kolkata')).toBe(Date.parse('2026-03-02T00:00:45Z'));
    expect(wallTime(instant, 'UTC')).toBe(instant);
  });
});
