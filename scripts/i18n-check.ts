/**
 * `npm run i18n:check` (part of `npm run lint`): every locale file of every language against
 * English — missing keys, extra keys, placeholders that differ, plural forms i18next needs —
 * printed per language with the file and the key; exit 1 on any problem. The rules are
 * src/common/i18nCheck.ts.
 *
 * The files are locales/<lang>/*.json (the web app and the server read the same ones).
 * react-admin's own `ra.*` texts are ra-language-english (the English) and ra-language-french
 * under locales/<lang>/ra.json; Spanish has only locales/es/ra.json (src/web/providers/i18nProvider.ts).
 *
 *   npm run i18n:check                  the check
 *   npm run i18n:check -- --identical   also lists texts still identical to English (not a failure)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import englishMessages from 'ra-language-english';
import frenchMessages from 'ra-language-french';
import { DEFAULT_LANGUAGE, LANGUAGES, mergeMessages } from '../src/common/i18n.js';
import { checkCatalogues, flatten, formatProblems, type Catalogues } from '../src/common/i18nCheck.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const LOCALES = path.join(ROOT, 'locales');
const RA_PACKAGES: Partial<Record<string, { ra: unknown }>> = { en: englishMessages, fr: frenchMessages };

const fileOf = (lang: string, name: string) => `locales/${lang}/${name}.json`;

/** One language as the apps see it: its files, and `ra` = the react-admin package under locales/<lang>/ra.json. */
function load(lang: string): Catalogues {
  const dir = path.join(LOCALES, lang);
  const catalogues: Catalogues = {};
  for (const file of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : []) {
    const where = path.join(dir, file);
    try {
      catalogues[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(where, 'utf8'));
    } catch (error) {
      console.error(`${path.relative(ROOT, where)}: not valid JSON: ${(error as Error).message}`);
      process.exit(1);
    }
  }
  const ra = RA_PACKAGES[lang]?.ra as Record<string, unknown> | undefined;
  if (ra || catalogues.ra) catalogues.ra = mergeMessages(ra ?? {}, catalogues.ra ?? {});
  return catalogues;
}

const english = load(DEFAULT_LANGUAGE);
const languages = Object.fromEntries(LANGUAGES.filter((lang) => lang !== DEFAULT_LANGUAGE).map((lang) => [lang, load(lang)]));
const problems = checkCatalogues(english, languages, fileOf);
console.log(formatProblems(problems));

if (process.argv.includes('--identical')) {
  for (const [lang, catalogues] of Object.entries(languages)) {
    for (const [name, messages] of Object.entries(catalogues)) {
      const en = flatten(english[name] ?? {});
      const same = Object.entries(flatten(messages)).filter(
        ([key, text]) => en[key] === text && /\p{L}{2}/u.test(text.replace(/%\{[^}]*\}/g, '')),
      );
      if (same.length) console.log(`${fileOf(lang, name)}: same as English: ${same.map(([key]) => key).join(', ')}`);
    }
  }
}

process.exit(problems.length ? 1 : 0);
