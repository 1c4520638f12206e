import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../common/i18n.js';
import { checkFile, flatten } from '../../common/i18nCheck.js';

const catalog = (lang: string, name: string) =>
  JSON.parse(readFileSync(new URL(`../../../locales/${lang}/${name}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;

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
  const en = flatten(catalog('en', 'reportScreens'));

  it('has every key the screens use', () => {
    const used = keysInCode();
    expect(used.length).toBeGreaterThan(50);
    // A list's namespace ('reportScreens.inbox') names the keys the shared list parts read under it.
    const namespaces = new Set(Object.keys(en).flatMap((key) => key.split('.').map((_, i, parts) => parts.slice(0, i).join('.'))));
    expect(used.filter((key) => !en[key] && !namespaces.has(key))).toEqual([]);
  });

  it.each(['inbox', 'schedules'])('has the keys the shared list parts read under %s', (ns) => {
    const keys = ['heading', 'tableLabel', 'loading', 'loadError', 'emptyTitle', 'empty'].map((key) => `${ns}.${key}`);
    expect(keys.filter((key) => !en[key])).toEqual([]);
  });

  it.each(LANGUAGES.filter((lang) => lang !== 'en'))('%s has the same keys and placeholders as en, translated', (lang) => {
    expect(checkFile(lang, 'reportScreens', catalog('en', 'reportScreens'), catalog(lang, 'reportScreens'))).toEqual([]);
    expect(flatten(catalog(lang, 'reportScreens'))['run.runNow']).not.toBe(en['run.runNow']);
  });

  it.each(LANGUAGES)('%s names the page of the scheduled reports', (lang) => {
    expect((catalog(lang, 'shell') as { pages: Record<string, string> }).pages.reportSchedules).toBeTruthy();
  });
});
