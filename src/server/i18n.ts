import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type TFunction } from 'i18next';
import { LANGUAGES, i18nextOptions, pickLanguage, type LocaleCatalog } from '../common/i18n.js';

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

export async function createServerI18n(): Promise<ServerI18n> {
  const instance = i18next.createInstance();
  await instance.init(i18nextOptions(loadCatalogs()));
  const fixed = Object.fromEntries(LANGUAGES.map((lang) => [lang, instance.getFixedT(lang)]));
  return { forRequest: (header) => fixed[pickLanguage(header)] };
}
