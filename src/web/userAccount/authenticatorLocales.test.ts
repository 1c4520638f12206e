import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../common/i18n.js';
import { checkFile, flatten } from '../../common/i18nCheck.js';

const catalog = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../../locales/${lang}/authenticator.json`, import.meta.url), 'utf8')) as Record<string, unknown>;

/** Every literal 'authenticator.…' key of the account section and the sign-in step, and the server's error keys. */
function keysInCode(): string[] {
  const sources: [URL, RegExp][] = [
    [new URL('./', import.meta.url), /'authenticator\.([\w.]+)'/g],
    [new URL('../login/steps/', import.meta.url), /'authenticator\.([\w.]+)'/g],
    // The server's other 'authenticator.…' strings are audit actions, not texts.
    [new URL('../../server/auth/', import.meta.url), /'authenticator\.(errors\.\w+)'/g],
  ];
  const keys = new Set<string>();
  for (const [dir, pattern] of sources)
    for (const file of readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts')))
      for (const match of readFileSync(new URL(file, dir), 'utf8').matchAll(pattern)) keys.add(match[1]);
  return [...keys].sort();
}

describe('locales/*/authenticator.json', () => {
  const en = flatten(catalog('en'));

  it('has every key the screens and the server name in full', () => {
    const used = keysInCode();
    expect(used.length).toBeGreaterThan(20);
    expect(used.filter((key) => !en[key])).toEqual([]);
  });

  it.each(LANGUAGES.filter((lang) => lang !== 'en'))('%s has the same keys and placeholders as en, translated', (lang) => {
    expect(checkFile(lang, 'authenticator', catalog('en'), catalog(lang))).toEqual([]);
    const other = flatten(catalog(lang));
    // Translated: only a word or two may read the same ('Code' in French).
    const same = Object.keys(en).filter((key) => other[key] === en[key]);
    expect(same.length).toBeLessThanOrEqual(2);
  });
});
