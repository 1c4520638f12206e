import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INVOICE_STATUSES } from '../../../schemas/invoices.js';
import { LANGUAGES } from '../../common/i18n.js';
import { checkFile, flatten } from '../../common/i18nCheck.js';

const catalog = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../../locales/${lang}/billing.json`, import.meta.url), 'utf8')) as Record<string, unknown>;

/** Every literal 'billing.…' key of the screens (this folder) and of the server's PDF. */
function keysInCode(): string[] {
  const dirs = [new URL('./', import.meta.url), new URL('../../server/billing/', import.meta.url)];
  const keys = new Set<string>();
  for (const dir of dirs)
    for (const file of readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts')))
      for (const match of readFileSync(new URL(file, dir), 'utf8').matchAll(/'billing\.([\w.]+)'/g)) keys.add(match[1]);
  return [...keys].sort();
}

describe('locales/*/billing.json', () => {
  const en = flatten(catalog('en'));

  it('has every key the screens and the PDF use, and a label for every status', () => {
    const used = keysInCode();
    expect(used.length).toBeGreaterThan(40);
    expect(used.filter((key) => !en[key])).toEqual([]);
    for (const status of INVOICE_STATUSES) expect(en[`statuses.${status}`]).toBeTruthy();
  });

  it.each(LANGUAGES.filter((lang) => lang !== 'en'))('%s has the same keys and placeholders as en, translated', (lang) => {
    expect(checkFile(lang, 'billing', catalog('en'), catalog(lang))).toEqual([]);
    expect(flatten(catalog(lang))['download.label']).not.toBe(en['download.label']);
  });
});
