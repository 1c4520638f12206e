import { describe, expect, it } from 'vitest';
import { formatInZone, knownZone, wallTime } from './zonedTime.js';

describe('times in the premises time zone', () => {
  it('formats in the zone and language, whatever the browser zone', () => {
    expect(formatInZone('2026-03-01T18:30:00Z', 'America/Chicago', 'en')).toBe('Mar 1, 2026, 12:30 PM');
    expect(formatInZone('2026-03-01T18:30:00Z', 'Europe/Madrid', 'es')).toBe('1 mar 2026, 19:30');
    expect(formatInZone(Date.parse('2026-03-01T18:30:00Z'), 'UTC', 'en')).toBe('Mar 1, 2026, 6:30 PM');
  });

  it('an unknown zone reads as UTC; no date gives no text', () => {
    expect(knownZone('Not/AZone')).toBe('UTC');
    expect(formatInZone('2026-03-01T18:30:00Z', 'Not/AZone', 'en')).toBe('Mar 1, 2026, 6:30 PM');
    expect(formatInZone('bad', 'UTC', 'en')).toBe('');
    expect(formatInZone(null, 'UTC', 'en')).toBe('');
  });
});

describe('the wall clock of a time zone', () => {
  it('reads the same instant as each zone writes it, to the second', () => {
    const instant = Date.parse('2026-03-01T18:30:45Z');
    expect(wallTime(instant, 'America/Chicago')).toBe(Date.parse('2026-03-01T12:30:45Z'));
    expect(wallTime(instant, 'Asia/Kolkata')).toBe(Date.parse('2026-03-02T00:00:45Z'));
    expect(wallTime(instant, 'UTC')).toBe(instant);
  });
});
