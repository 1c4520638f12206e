import { beforeAll, describe, expect, it } from 'vitest';
import { dateLocale, dayName, loadDateLocale, weekDays } from './calendar.js';

describe("the calendar of the user's language", () => {
  beforeAll(() => Promise.all([loadDateLocale('fr'), loadDateLocale('es')]));
  it('runs the US week from Sunday, and the French and Spanish weeks from Monday', () => {
    expect(weekDays(dateLocale('en'))).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(weekDays(dateLocale('fr'))).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(weekDays(dateLocale('es'))).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(weekDays(dateLocale('de-AT'))).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
  it('names the days in the user’s language, capitalised', () => {
    expect(dayName(0, dateLocale('en'), 'en')).toBe('Sunday');
    expect(dayName(1, dateLocale('es'), 'es')).toBe('Lunes');
    expect(dayName(3, dateLocale('fr'), 'fr')).toBe('Mercredi');
  });
});
