import type { Locale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { es } from 'date-fns/locale/es';
import { fr } from 'date-fns/locale/fr';

/**
 * The calendar of the user's language: date-fns' locale for it, the order its week runs in and
 * the names of its days. The account's schedules and the forms' day-of-week input read it.
 */

const DATE_LOCALES: Record<string, Locale> = { en: enUS, es, fr };

/** date-fns' locale for the user's language (English when unknown). */
export function dateLocale(language: string | undefined): Locale {
  return DATE_LOCALES[(language ?? 'en').split('-')[0]] ?? enUS;
}

/** The locale's name of a day of the week (0 = Sunday), capitalised as a heading is. */
export function dayName(dayOfWeek: number, locale: Locale, language = 'en'): string {
  const name = String(locale.localize.day(dayOfWeek as 0 | 1 | 2 | 3 | 4 | 5 | 6, { width: 'wide' }));
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

/** The seven days (0 = Sunday … 6 = Saturday) in the order the locale's week runs (Sunday first in the US, Monday in France and Spain). */
export function weekDays(locale: Locale): number[] {
  const first = locale.options?.weekStartsOn ?? 0;
  return Array.from({ length: 7 }, (_, i) => (first + i) % 7);
}
