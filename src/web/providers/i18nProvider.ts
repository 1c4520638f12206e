import i18next, { type i18n as I18next } from 'i18next';
import type { I18nProvider } from 'react-admin';
import { DEFAULT_LANGUAGE, LANGUAGES, i18nextOptions, mergeMessages, type LocaleCatalog } from '../../common/i18n.js';
import { PSEUDO_LOCALE, PSEUDO_LOCALE_NAME, isPseudoLocale, pseudoCatalog } from '../../common/pseudoLocale.js';
import { loadDateLocale } from '../i18n/calendar.js';
import { loadClientConfig } from './authProvider.js';
import { getSession } from './session.js';

/**
 * react-admin's i18nProvider over i18next, written here rather than taken from
 * ra-i18n-i18next, which pins i18next 23 (ARCHITECTURE.md, known pitfalls).
 * The catalogues are locales/<lang>/<file>.json; react-admin's own `ra.*`
 * messages come from ra-language-english and ra-language-french, under what
 * locales/<lang>/ra.json says (Spanish has only that file). Only the user's
 * language and English (the fallback) are fetched, each file a lazy chunk; a
 * change of language fetches the new one first. In demo mode the pickers also
 * offer the pseudo-locale (common/pseudoLocale.ts), made here from English.
 */
const files = import.meta.glob<LocaleCatalog[string]>('../../../locales/*/*.json', { import: 'default' });
const raMessages: Partial<Record<string, () => Promise<{ ra: unknown }>>> = {
  en: () => import('ra-language-english').then((m) => m.default),
  fr: () => import('ra-language-french').then((m) => m.default),
};

/** Every catalogue of one language, react-admin's messages under `ra`. */
async function loadCatalog(lang: string): Promise<LocaleCatalog> {
  if (isPseudoLocale(lang)) return pseudoCatalog(await loadCatalog(DEFAULT_LANGUAGE));
  const own = Object.entries(files).flatMap(([file, load]) => {
    const [, fileLang, name] = file.match(/locales\/([^/]+)\/([^/]+)\.json$/) ?? [];
    return fileLang === lang ? [load().then((messages) => [name, messages] as const)] : [];
  });
  const [ra, ...catalogues] = await Promise.all([raMessages[lang]?.(), ...own]);
  const catalog: LocaleCatalog = { ra: ra ? (structuredClone(ra.ra) as Record<string, unknown>) : {} };
  for (const [name, messages] of catalogues) catalog[name] = mergeMessages(catalog[name] ?? {}, messages);
  return catalog;
}

let shared: I18next | undefined;

/** The admin's i18next instance, for react-i18next inside react-admin (banner/ReactI18nBridge.tsx). */
export function adminI18next(): I18next | undefined {
  return shared;
}

/** Polyglot-style plurals ("one |||| many") that react-admin's messages use. */
function pluralise(text: string, count: unknown, lang: string): string {
  if (!text.includes('||||')) return text;
  const forms = text.split('||||').map((s) => s.trim());
  const n = Number(count);
  const one = lang === 'fr' ? n < 2 : n === 1;
  return forms[one ? 0 : Math.min(1, forms.length - 1)];
}

/** Demo mode (the host's client config): only then is the pseudo-locale offered and honoured. */
const demo = () => !!getSession().config?.demo;

export async function createI18nProvider(): Promise<I18nProvider> {
  const instance = i18next.createInstance();
  const stored = localStorage.getItem('locale');
  const browser = navigator.language.split('-')[0];
  if (isPseudoLocale(stored)) await loadClientConfig();
  const offered: readonly string[] = demo() ? [...LANGUAGES, PSEUDO_LOCALE] : LANGUAGES;
  const initial = [stored, browser].find((l): l is string => !!l && offered.includes(l)) ?? DEFAULT_LANGUAGE;
  const languages = [...new Set([initial, DEFAULT_LANGUAGE])];
  const [loaded] = await Promise.all([Promise.all(languages.map(loadCatalog)), loadDateLocale(initial)]);
  await instance.init({
    ...i18nextOptions(Object.fromEntries(languages.map((l, i) => [l, loaded[i]])), initial),
    react: { useSuspense: false },
  });
  shared = instance;
  document.documentElement.lang = initial;
  return {
    translate: (key, options = {}) => {
      const { _: defaultValue, smart_count: count, ...rest } = options as Record<string, unknown>;
      const text = instance.t(key, { ...rest, smart_count: count, defaultValue: defaultValue ?? key }) as string;
      return pluralise(text, count, instance.language);
    },
    changeLocale: async (locale) => {
      if (!instance.hasResourceBundle(locale, 'translation')) instance.addResourceBundle(locale, 'translation', await loadCatalog(locale));
      await loadDateLocale(locale);
      await instance.changeLanguage(locale);
      localStorage.setItem('locale', locale);
      document.documentElement.lang = locale;
    },
    getLocale: () => instance.language,
    getLocales: () => [
      { locale: 'en', name: 'English' },
      { locale: 'es', name: 'Español' },
      { locale: 'fr', name: 'Français' },
      ...(demo() ? [{ locale: PSEUDO_LOCALE, name: PSEUDO_LOCALE_NAME }] : []),
    ],
  };
}
