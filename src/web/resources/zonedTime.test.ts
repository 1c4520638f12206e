import { describe, expect, it } from 'vitest';
import { formatInZone, knownZone } from './zonedTime.js';

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
