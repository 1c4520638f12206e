import type { i18n as I18next } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, i18nextOptions, type Language, type LocaleCatalog } from '../../common/i18n.js';
import { PSEUDO_LOCALE, isPseudoLocale, pseudoCatalog } from '../../common/pseudoLocale.js';
import { FIRST_LOAD_CATALOGUES, SKIPPED_CATALOGUES } from './catalogues.js';
import { createLightI18n, type LightI18n } from './lightI18n.js';

/**
 * Translations for the light apps (sign-in, registration): only the current language's
 * catalogues are fetched, each locales/<lang>/<file>.json a lazy chunk under the key prefix
 * `<file>.`. The first paint uses a tiny translator (lightI18n.ts) over the first-load
 * catalogues; the first lazy part (a step, a dialog) brings i18next itself with every
 * catalogue, and the app swaps to it ({@link onI18nChange}). react-i18next's useTranslation
 * works with either. In demo mode the stored choice may be the pseudo-locale
 * (common/pseudoLocale.ts), made here from the English catalogues.
 */
const loaders = import.meta.glob<LocaleCatalog[string]>('../../../locales/*/*.json', { import: 'default' });

/** localStorage key of the language the user chose (shared with the admin's i18nProvider). */
export const LOCALE_STORAGE_KEY = 'locale';

/** The language to start in: the stored choice (the pseudo-locale only in demo mode), else the browser's, else English. */
export function initialLanguage(stored: string | null, browser: string | undefined, demo = false): Language | typeof PSEUDO_LOCALE {
  if (demo && isPseudoLocale(stored)) return PSEUDO_LOCALE;
  const candidates = [stored, browser?.split('-')[0]?.toLowerCase()];
  return (candidates.find((l) => !!l && (LANGUAGES as readonly string[]).includes(l)) as Language | undefined) ?? DEFAULT_LANGUAGE;
}

/** The catalogue files of one language (optionally only some catalogues) among the glob's paths. */
export function filesOf(paths: readonly string[], lang: string, only?: readonly string[]): string[] {
  return paths.filter((file) => {
    const [, l, name] = file.match(/locales\/([^/]+)\/([^/]+)\.json$/) ?? [];
    return l === lang && !SKIPPED_CATALOGUES.has(name) && (!only || only.includes(name));
  });
}

async function loadLanguage(lang: string, only?: readonly string[]): Promise<LocaleCatalog> {
  if (isPseudoLocale(lang)) return pseudoCatalog(await loadLanguage(DEFAULT_LANGUAGE, only));
  const files = filesOf(Object.keys(loaders), lang, only);
  const entries = await Promise.all(files.map(async (file) => [file.match(/([^/]+)\.json$/)![1], await loaders[file]()] as const));
  return Object.fromEntries(entries);
}

export type AppI18n = LightI18n | I18next;

let current: AppI18n | undefined;
let language: string = DEFAULT_LANGUAGE;
const listeners = new Set<(i18n: AppI18n) => void>();

export function onI18nChange(listener: (i18n: AppI18n) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Translates with whichever translator is in use. */
export function tr(key: string, options?: Record<string, unknown>): string {
  return current ? (current.t(key, { ...options, defaultValue: (options?.defaultValue as string) ?? key }) as string) : key;
}

/**
 * The first-load catalogues in the user's language (English as the fallback), behind the light
 * translator. `demo` (the host's config) is awaited only when the stored choice is the pseudo-locale.
 */
export async function initI18n(demo: () => Promise<boolean> = async () => false): Promise<AppI18n> {
  if (current) return current;
  const stored = localStorage.getItem(LOCALE_STORAGE_KEY);
  language = initialLanguage(stored, navigator.language, isPseudoLocale(stored) && (await demo()));
  const languages = [...new Set([language, DEFAULT_LANGUAGE])];
  const catalogs = await Promise.all(languages.map((l) => loadLanguage(l, FIRST_LOAD_CATALOGUES)));
  current = createLightI18n(Object.fromEntries(languages.map((l, i) => [l, catalogs[i]])), language, DEFAULT_LANGUAGE);
  document.documentElement.lang = language;
  return current;
}

let full: Promise<void> | undefined;

/**
 * i18next with every catalogue of the language (and English), as the global instance that
 * react-i18next and schemaResolver read: call it with each lazy import (steps, dialogs,
 * registration) so their texts are there when they render.
 */
function loadAllCatalogues(): Promise<void> {
  full ??= (async () => {
    const languages = [...new Set([language, DEFAULT_LANGUAGE])];
    const [{ default: i18next }, ...catalogs] = await Promise.all([import('i18next'), ...languages.map((l) => loadLanguage(l))]);
    if (!i18next.isInitialized) {
      await i18next.use(initReactI18next).init(i18nextOptions(Object.fromEntries(languages.map((l, i) => [l, catalogs[i]])), language));
    }
    current = i18next;
    for (const listener of [...listeners]) listener(i18next);
  })();
  return full;
}

/** A lazy import that also brings i18next and the remaining catalogues. */
export function withCatalogues<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadAllCatalogues()]).then(([module]) => module);
}
