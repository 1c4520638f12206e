import { describe, expect, it } from 'vitest';
import { isTimeZone } from '../../common/timeZone.js';
import { dayIn, exportFileName } from './eventExport.js';

describe('isTimeZone', () => {
  it('takes IANA names', () => {
    for (const name of ['UTC', 'America/New_York', 'Europe/Paris', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5'])
      expect(isTimeZone(name)).toBe(true);
  });
  it('refuses offsets, unknown names and anything else', () => {
    for (const name of ['+01:00', '-05', 'Mars/Olympus', '', 'America/New_York; drop table', '../etc', 'x'.repeat(65)]) {
      expect(isTimeZone(name)).toBe(false);
    }
  });
});

describe('exportFileName', () => {
  it('names the day in the export time zone', () => {
    const instant = new Date('2026-03-01T03:30:00Z');
    expect(dayIn(instant, 'UTC')).toBe('20260301');
    expect(dayIn(instant, 'America/Chicago')).toBe('20260228');
    expect(exportFileName(100123, instant, 'America/Los_Angeles')).toBe('events-100123-20260228.csv');
  });
});
