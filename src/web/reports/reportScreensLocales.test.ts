import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../common/i18n.js';

const catalog = (lang: string, name: string) =>
  JSON.parse(readFileSync(new URL(`../../../locales/${lang}/${name}.json`, import.meta.url), 'utf8')) as unknown;

function flat(node: unknown, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(node as Record<string, unknown>).flatMap(([k, v]) =>
      v && typeof v === 'object' ? Object.entries(flat(v, `${prefix}${k}.`)) : [[`${prefix}${k}`, String(v)]],
    ),
  );
}

const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Every 'reportScreens.…' key the screens name (src/web/reports and the app's reports route). */
function keysInCode(): string[] {
  const dir = new URL('./', import.meta.url);
  const files = readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'));
  const keys = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(new URL(file, dir), 'utf8').matchAll(/'reportScreens\.([\w.]+)'/g)) keys.add(match[1]);
  }
  return [...keys].sort();
}

describe('locales/*/reportScreens.json', () => {
  const en = flat(catalog('en', 'reportScreens'));

  it('has every key the screens use', () => {
    const used = keysInCode();
    expect(used.length).toBeGreaterThan(50);
    expect(used.filter((key) => !en[key])).toEqual([]);
  });

  it.each(LANGUAGES.filter((lang) => lang !== 'en'))('%s has the same keys and placeholders as en, translated', (lang) => {
    const other = flat(catalog(lang, 'reportScreens'));
    expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      expect(placeholders(other[key]), key).toEqual(placeholders(text));
      expect(other[key].includes('||||'), key).toBe(text.includes('||||'));
    }
    expect(other['run.runNow']).not.toBe(en['run.runNow']);
  });

  it.each(LANGUAGES)('%s names the page of the scheduled reports', (lang) => {
    expect((catalog(lang, 'shell') as { pages: Record<string, string> }).pages.reportSchedules).toBeTruthy();
  });
});
