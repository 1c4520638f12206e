/**
 * The translators' check (`npm run i18n:check`, scripts/i18n-check.ts): each language's
 * catalogue files against English, key by key. Pure, so the rules are tested on small
 * fixtures (i18nCheck.test.ts); the script reads the files and prints the problems.
 *
 * - missing: a key English has and the language does not (the screen shows English instead);
 * - extra: a key the language has and English does not (a typo, or a key English dropped);
 * - placeholders: the `%{name}` placeholders differ from English's (a value goes missing);
 * - plural: a plural form i18next asks for is missing (es and fr need _one, _many and _other:
 *   i18next picks the suffix with Intl.PluralRules, and 1,000,000 is 'many' in both), or a
 *   react-admin "one |||| many" text has another number of forms than English;
 * - empty: an empty text where English has one.
 */
export type ProblemKind = 'missing' | 'extra' | 'placeholders' | 'plural' | 'empty';

export interface Problem {
  lang: string;
  /** The catalogue file, relative to the repository (locales/es/login.json). */
  file: string;
  /** The key inside that file, dotted (fields.username). */
  key: string;
  kind: ProblemKind;
  detail: string;
}

/** One language's catalogues: file name without .json → its messages (nested objects). */
export type Catalogues = Record<string, Record<string, unknown>>;

/** Nested messages as dotted keys → texts (other leaves are kept as their JSON). */
export function flatten(node: unknown, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (value && typeof value === 'object') Object.assign(out, flatten(value, `${prefix}${key}.`));
    else out[`${prefix}${key}`] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return out;
}

/** The distinct `%{name}` placeholders of a text, sorted. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/%\{\s*([^}]+?)\s*\}/g)].map((m) => m[1]))].sort();
}

/** react-admin's Polyglot plural separator ("1 item |||| %{smart_count} items"). */
const POLYGLOT_SEPARATOR = '||||';

const PLURAL_SUFFIX = /^(.+)_(zero|one|two|few|many|other)$/;

/** The plural categories i18next asks for in `lang`: Intl.PluralRules's, as i18next's PluralResolver does. */
export function pluralCategories(lang: string): string[] {
  const order = ['zero', 'one', 'two', 'few', 'many', 'other'];
  return new Intl.PluralRules(lang)
    .resolvedOptions()
    .pluralCategories.slice()
    .sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/** The plural groups of English: base key → English's forms (a group is a base with an _other form). */
function pluralGroups(en: Record<string, string>): Map<string, Set<string>> {
  const groups = new Map<string, Set<string>>();
  for (const key of Object.keys(en)) {
    const match = key.match(PLURAL_SUFFIX);
    if (match && `${match[1]}_other` in en) groups.set(match[1], (groups.get(match[1]) ?? new Set()).add(match[2]));
  }
  return groups;
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);
const show = (names: string[]) => (names.length ? names.map((n) => `%{${n}}`).join(' ') : 'none');

/**
 * The problems of one catalogue file of `lang` against the same file in English.
 * `file` is only carried into the problems. A missing file is `undefined`: every key missing.
 */
export function checkFile(
  lang: string,
  file: string,
  english: Record<string, unknown>,
  translated: Record<string, unknown> | undefined,
  categories: readonly string[] = pluralCategories(lang),
): Problem[] {
  const en = flatten(english);
  const other = flatten(translated ?? {});
  const problems: Problem[] = [];
  const add = (key: string, kind: ProblemKind, detail: string) => problems.push({ lang, file, key, kind, detail });

  // What the language must have: English's keys, except that a plural group takes the language's forms.
  const groups = pluralGroups(en);
  const expected = new Map<string, string>(); // key in lang → English text to compare with
  for (const [key, text] of Object.entries(en)) {
    const match = key.match(PLURAL_SUFFIX);
    if (!match || !groups.has(match[1])) expected.set(key, text);
  }
  const pluralKeys = new Set<string>();
  const countOptional = new Set<string>();
  for (const [base, forms] of groups) {
    for (const category of categories) {
      const key = `${base}_${category}`;
      pluralKeys.add(key);
      expected.set(key, en[`${base}_${forms.has(category) ? category : 'other'}`]);
    }
    // i18next reads `_zero` for a count of 0 in every language when it is there: allowed, never
    // required, and it need not say the count ("No accounts").
    if (`${base}_zero` in other && !forms.has('zero')) {
      expected.set(`${base}_zero`, en[`${base}_other`]);
      countOptional.add(`${base}_zero`);
    }
  }

  for (const [key, enText] of expected) {
    if (!(key in other)) {
      if (pluralKeys.has(key))
        add(key, 'plural', `plural form missing (i18next asks ${lang} for ${categories.map((c) => `_${c}`).join(', ')})`);
      else add(key, 'missing', `missing (English: ${JSON.stringify(enText)})`);
      continue;
    }
    const text = other[key];
    if (text.trim() === '' && enText.trim() !== '') {
      add(key, 'empty', 'empty text');
      continue;
    }
    const optional = (name: string) => countOptional.has(key) && name === 'count';
    const want = placeholdersOf(enText).filter((name) => !optional(name));
    const have = placeholdersOf(text).filter((name) => !optional(name));
    if (!same(want, have)) add(key, 'placeholders', `placeholders ${show(have)}, English has ${show(want)}`);
    const enForms = enText.split(POLYGLOT_SEPARATOR).length;
    const forms = text.split(POLYGLOT_SEPARATOR).length;
    if (enForms !== forms) add(key, 'plural', `${forms} "${POLYGLOT_SEPARATOR}" forms, English has ${enForms}`);
  }
  for (const key of Object.keys(other)) {
    if (expected.has(key)) continue;
    const match = key.match(PLURAL_SUFFIX);
    if (match && groups.has(match[1])) add(key, 'extra', `plural form _${match[2]} is not one of ${lang}'s (${categories.join(', ')})`);
    else add(key, 'extra', 'not in English');
  }
  return problems.sort((a, b) => a.key.localeCompare(b.key));
}

/** Every file of every language against English (files of English missing in a language included). */
export function checkCatalogues(
  english: Catalogues,
  languages: Record<string, Catalogues>,
  fileOf: (lang: string, name: string) => string,
): Problem[] {
  const problems: Problem[] = [];
  for (const [lang, catalogues] of Object.entries(languages)) {
    const names = [...new Set([...Object.keys(english), ...Object.keys(catalogues)])].sort();
    for (const name of names) {
      if (!english[name]) {
        problems.push({ lang, file: fileOf(lang, name), key: '', kind: 'extra', detail: 'file not in English' });
        continue;
      }
      problems.push(...checkFile(lang, fileOf(lang, name), english[name], catalogues[name]));
    }
  }
  return problems;
}

/** The report the script prints: per language, per file, one line per key. */
export function formatProblems(problems: readonly Problem[]): string {
  if (!problems.length) return 'i18n: every language has every English key, with the same placeholders and its plural forms.';
  const lines: string[] = [];
  const langs = [...new Set(problems.map((p) => p.lang))];
  for (const lang of langs) {
    const own = problems.filter((p) => p.lang === lang);
    const count = (kind: ProblemKind) => own.filter((p) => p.kind === kind).length;
    lines.push(
      `${lang}: ${own.length} problem(s): ${count('missing')} missing, ${count('extra')} extra, ${count('placeholders')} placeholder, ${count('plural')} plural, ${count('empty')} empty`,
    );
    for (const file of [...new Set(own.map((p) => p.file))]) {
      lines.push(`  ${file}`);
      for (const p of own.filter((q) => q.file === file)) lines.push(`    ${p.kind.padEnd(12)} ${p.key || '(file)'}: ${p.detail}`);
    }
  }
  return lines.join('\n');
}
