import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, i18nextOptions, pickLanguage, type LocaleCatalog } from '../common/i18n.js';
import { PSEUDO_LOCALE, isPseudoLocale, pseudoCatalog } from '../common/pseudoLocale.js';

const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');

function loadCatalogs(dir = LOCALES_DIR): Record<string, LocaleCatalog> {
  const resources: Record<string, LocaleCatalog> = {};
  for (const lang of LANGUAGES) {
    const catalog: LocaleCatalog = {};
    for (const file of readdirSync(path.join(dir, lang)).filter((f) => f.endsWith('.json'))) {
      catalog[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(path.join(dir, lang, file), 'utf8'));
    }
    resources[lang] = catalog;
  }
  return resources;
}

export interface ServerI18n {
  /** A translator for the language the request prefers. */
  forRequest(acceptLanguage: string | undefined): TFunction;
}

export interface ServerI18nOptions {
  /**
   * Demo mode: a request whose first language is the pseudo-locale (en-XA, the web app's
   * choice in demo mode) is answered in it, made from English (common/pseudoLocale.ts).
   */
  pseudo?: boolean;
}

export async function createServerI18n({ pseudo = false }: ServerI18nOptions = {}): Promise<ServerI18n> {
  const instance = i18next.createInstance();
  const resources = loadCatalogs();
  if (pseudo) resources[PSEUDO_LOCALE] = pseudoCatalog(resources[DEFAULT_LANGUAGE]);
  await instance.init(i18nextOptions(resources));
  const fixed = Object.fromEntries(Object.keys(resources).map((lang) => [lang, instance.getFixedT(lang)]));
  return {
    forRequest: (header) => (pseudo && isPseudoLocale(header?.split(',')[0]) ? fixed[PSEUDO_LOCALE] : fixed[pickLanguage(header)]),
  };
}
