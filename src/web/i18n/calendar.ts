import type { Locale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';

/**
 * The calendar of the user's language: date-fns' locale for it, the order its week runs in and
 * the names of its days. The account's schedules and the forms' day-of-week input read it.
 */

/** The other languages' date-fns locales, each its own chunk, loaded with the language (loadDateLocale). */
const LOADERS: Record<string, () => Promise<Locale>> = {
  es: () => import('date-fns/locale/es').then((m) => m.es),
  fr: () => import('date-fns/locale/fr').then((m) => m.fr),
};
const loaded: Record<string, Locale> = { en: enUS };

const baseLanguage = (language: string | undefined) => (language ?? 'en').split('-')[0];

/** Fetches date-fns' locale of a language before it is shown (the admin's i18nProvider does, with the catalogues). */
export async function loadDateLocale(language: string | undefined): Promise<void> {
  const lang = baseLanguage(language);
  if (!loaded[lang] && LOADERS[lang]) loaded[lang] = await LOADERS[lang]();
}

/** date-fns' locale for the user's language once loaded (loadDateLocale), English until then or when unknown. */
export function dateLocale(language: string | undefined): Locale {
  return loaded[baseLanguage(language)] ?? enUS;
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
