import i18next, { type i18n as I18next } from 'i18next';
import type { I18nProvider } from 'react-admin';
import { DEFAULT_LANGUAGE, LANGUAGES, i18nextOptions, mergeMessages, type LocaleCatalog } from '../../common/i18n.js';
import { PSEUDO_LOCALE, PSEUDO_LOCALE_NAME, isPseudoLocale, pseudoCatalog } from '../../common/pseudoLocale.js';
import { AREA_CATALOGUES, SHELL_CATALOGUES } from '../i18n/catalogues.js';
import { loadDateLocale } from '../i18n/calendar.js';
import { loadClientConfig } from './authProvider.js';
import { getSession } from './session.js';

/**
 * react-admin's i18nProvider over i18next, written here rather than taken from
 * ra-i18n-i18next, which pins i18next 23 (ARCHITECTURE.md, known pitfalls).
 * The catalogues are locales/<lang>/<file>.json; react-admin's own `ra.*`
 * messages come from ra-language-english and ra-language-french, under what
 * locales/<lang>/ra.json says (Spanish has only that file). Only the user's
 * language and English (the fallback) are fetched, in two parts: at the start the
 * catalogues the shell shows (SHELL_CATALOGUES), the others with the first page or
 * dialog loaded lazily ({@link withPageCatalogues}, {@link PageCatalogues} in
 * resources/resourcePage.tsx), added to the same i18next instance. A change of
 * language fetches the new one's parts first. In demo mode the pickers also
 * offer the pseudo-locale (common/pseudoLocale.ts), made here from English.
 */
const files = import.meta.glob<LocaleCatalog[string]>('../../../locales/*/*.json', { import: 'default' });
const raMessages: Partial<Record<string, () => Promise<{ ra: unknown }>>> = {
  en: () => import('ra-language-english').then((m) => m.default),
  fr: () => import('ra-language-french').then((m) => m.default),
};

/**
 * Which catalogues of a language: the shell's, one page's own (AREA_CATALOGUES), the other pages'
 * (every catalogue in neither), or all.
 */
type CataloguePart = 'shell' | 'pages' | 'all' | { area: string };

const AREAS = Object.keys(AREA_CATALOGUES);

function inPart(name: string, part: CataloguePart): boolean {
  if (part === 'all') return true;
  if (part === 'shell') return SHELL_CATALOGUES.includes(name);
  if (part === 'pages') return !SHELL_CATALOGUES.includes(name) && !AREAS.some((area) => AREA_CATALOGUES[area].includes(name));
  return AREA_CATALOGUES[part.area]?.includes(name) ?? false;
}

/** A language's catalogues (one part of them), react-admin's messages under `ra`. */
async function loadCatalog(lang: string, part: CataloguePart): Promise<LocaleCatalog> {
  if (isPseudoLocale(lang)) return pseudoCatalog(await loadCatalog(DEFAULT_LANGUAGE, part));
  const own = Object.entries(files).flatMap(([file, load]) => {
    const [, fileLang, name] = file.match(/locales\/([^/]+)\/([^/]+)\.json$/) ?? [];
    return fileLang === lang && inPart(name, part) ? [load().then((messages) => [name, messages] as const)] : [];
  });
  const withRa = inPart('ra', part);
  const [ra, ...catalogues] = await Promise.all([withRa ? raMessages[lang]?.() : undefined, ...own]);
  const catalog: LocaleCatalog = withRa ? { ra: ra ? (structuredClone(ra.ra) as Record<string, unknown>) : {} } : {};
  for (const [name, messages] of catalogues) catalog[name] = mergeMessages(catalog[name] ?? {}, messages);
  return catalog;
}

let shared: I18next | undefined;

/** The admin's i18next instance, for react-i18next inside react-admin (banner/ReactI18nBridge.tsx). */
export function adminI18next(): I18next | undefined {
  return shared;
}

/** The page catalogues (by `<lang> <group>`) that are in the instance or on their way, and those that are in. */
const pageParts = new Map<string, Promise<void>>();
const partsIn = new Set<string>();

/** A part's name: 'pages' or an area of AREA_CATALOGUES. */
type PageGroup = string;

function partOf(group: PageGroup): CataloguePart {
  return group === 'pages' ? 'pages' : { area: group };
}

function addPageCatalogues(instance: I18next, lang: string, group: PageGroup): Promise<void> {
  const key = `${lang} ${group}`;
  let added = pageParts.get(key);
  if (!added) {
    added = loadCatalog(lang, partOf(group)).then(
      (catalog) => {
        instance.addResourceBundle(lang, 'translation', catalog, true, true);
        partsIn.add(key);
      },
      (error: unknown) => {
        // A chunk that failed to load is asked for again by the next page.
        pageParts.delete(key);
        throw error;
      },
    );
    pageParts.set(key, added);
  }
  return added;
}

/** The languages in use: the user's and the fallback. */
function languagesOf(instance: I18next): string[] {
  return [...new Set([instance.language, DEFAULT_LANGUAGE])];
}

/** What a page needs: its own catalogues when AREA_CATALOGUES names it, else every page's. */
function groupsOf(area: string | undefined): PageGroup[] {
  return area && AREAS.includes(area) ? [area] : ['pages', ...AREAS];
}

/** Whether a page's catalogues (see groupsOf) are in, in the languages in use (always, before the portal has its provider). */
export function pageCataloguesLoaded(area?: string): boolean {
  const instance = shared;
  return !instance || languagesOf(instance).every((lang) => groupsOf(area).every((group) => partsIn.has(`${lang} ${group}`)));
}

/** A page's catalogues (see groupsOf) in the languages in use, added to the instance. */
export function loadPageCatalogues(area?: string): Promise<void> {
  const instance = shared;
  if (!instance) return Promise.resolve();
  const groups = groupsOf(area);
  return Promise.all(languagesOf(instance).flatMap((lang) => groups.map((group) => addPageCatalogues(instance, lang, group)))).then(
    () => {},
  );
}

/** A lazy import that also brings the pages' catalogues, so the part's texts are there when it renders. */
export function withPageCatalogues<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadPageCatalogues()]).then(([module]) => module);
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
  const [loaded] = await Promise.all([Promise.all(languages.map((l) => loadCatalog(l, 'shell'))), loadDateLocale(initial)]);
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
      if (!instance.hasResourceBundle(locale, 'translation'))
        instance.addResourceBundle(locale, 'translation', await loadCatalog(locale, 'shell'));
      // The pages already shown need theirs in the new language too.
      const groups = new Set([...pageParts.keys()].map((key) => key.split(' ')[1]));
      await Promise.all([...groups].map((group) => addPageCatalogues(instance, locale, group)));
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
