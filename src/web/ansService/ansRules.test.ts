import { describe, expect, it } from 'vitest';
import { fromZonedInput, isOvernight, parseSiteNums, shiftWeek, toZonedInput, weekBars, weekdayNames } from './ansRules.js';

describe('answering-service screen rules', () => {
  it('shows and reads datetime inputs in the group zone, whatever the browser zone', () => {
    expect(toZonedInput('2026-03-09T13:00:00.000Z', 'America/Chicago')).toBe('2026-03-09T08:00');
    expect(fromZonedInput('2026-03-09T08:00', 'America/Chicago')).toBe('2026-03-09T13:00:00.000Z');
    expect(fromZonedInput('2026-03-06T08:00', 'America/Chicago')).toBe('2026-03-06T14:00:00.000Z');
    expect(fromZonedInput('', 'America/Chicago')).toBe('');
    expect(toZonedInput(null, 'UTC')).toBe('');
  });

  it('moves a week by whole weeks', () => {
    expect(shiftWeek('2026-03-02', 1)).toBe('2026-03-09');
    expect(shiftWeek('2026-03-02', -1)).toBe('2026-02-23');
  });

  it('places gaps and conflicts on the days of the week, in percent of each local day', () => {
    const bars = weekBars(
      '2026-03-02T06:00:00.000Z',
      'America/Chicago',
      [{ start: '2026-03-07T12:00:00Z', end: '2026-03-07T14:00:00Z' }],
      [{ start: '2026-03-03T18:00:00Z', end: '2026-03-04T12:00:00Z' }],
    );
    expect(bars.map((b) => b.day)).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
    ]);
    // Saturday 06:00-08:00 CST: 25% to 33.3%.
    expect(bars[5].segments).toEqual([{ from: 25, to: (8 / 24) * 100, kind: 'gap' }]);
    // Tuesday 12:00 to Wednesday 06:00 CST: two days.
    expect(bars[1].segments).toEqual([{ from: 50, to: 100, kind: 'conflict' }]);
    expect(bars[2].segments).toEqual([{ from: 0, to: 25, kind: 'conflict' }]);
    expect(bars[0].segments).toEqual([]);
  });

  it('reads account numbers from free text', () => {
    expect(parseSiteNums('100001, 100002;100001  x 7')).toEqual([100001, 100002, 7]);
    expect(parseSiteNums('')).toEqual([]);
  });

  it('names the weekdays Sunday first, and knows an overnight window', () => {
    expect(weekdayNames('en')[0]).toBe('Sunday');
    expect(weekdayNames('es')[1]).toBe('lunes');
    expect(isOvernight('22:00', '06:00')).toBe(true);
    expect(isOvernight('08:00', '18:00')).toBe(false);
  });
});
