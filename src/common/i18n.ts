import type { InitOptions } from 'i18next';
import { PSEUDO_LOCALE } from './pseudoLocale.js';

/** Languages the portal ships, SPEC "Everywhere": English first. */
export const LANGUAGES = ['en', 'es', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** locales/<lang>/<file>.json becomes the key prefix `<file>.` in one namespace. */
export type LocaleCatalog = Record<string, Record<string, unknown>>;

/**
 * i18next options both sides use. Interpolation is `%{name}`, the syntax
 * react-admin's own messages use, so one catalogue serves both.
 */
export function i18nextOptions(resources: Record<string, LocaleCatalog>, lng: string = DEFAULT_LANGUAGE): InitOptions {
  return {
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    // The demo's pseudo-locale (pseudoLocale.ts); without its catalogue it resolves to English.
    supportedLngs: [...LANGUAGES, PSEUDO_LOCALE],
    resources: Object.fromEntries(Object.entries(resources).map(([lang, catalog]) => [lang, { translation: catalog }])),
    interpolation: { prefix: '%{', suffix: '}', escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  };
}

/** The best supported language for an Accept-Language header. */
export function pickLanguage(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const ranked = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { lang: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.lang && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q);
  for (const { lang } of ranked) {
    if ((LANGUAGES as readonly string[]).includes(lang)) return lang as Language;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * `overlay` over `base`, object by object: locales/<lang>/ra.json may hold only the texts it
 * changes of react-admin's own catalogue (ra-language-*) and the rest stay.
 */
export function mergeMessages(base: Record<string, unknown>, overlay: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overlay)) {
    const under = merged[key];
    const nested = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
    merged[key] = nested(under) && nested(value) ? mergeMessages(under, value) : value;
  }
  return merged;
}
