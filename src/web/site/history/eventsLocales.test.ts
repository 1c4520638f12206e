import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EVENT_KINDS } from '../../../../schemas/events.js';
import { LANGUAGES } from '../../../common/i18n.js';
import { RANGE_PRESETS } from './historyRules.js';

const catalog = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../../../locales/${lang}/events.json`, import.meta.url), 'utf8')) as unknown;

function flat(node: unknown, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(node as Record<string, unknown>).flatMap(([k, v]) =>
      v && typeof v === 'object' ? Object.entries(flat(v, `${prefix}${k}.`)) : [[`${prefix}${k}`, String(v)]],
    ),
  );
}

const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('locales/*/events.json', () => {
  const en = flat(catalog('en'));

  it('names every kind and preset, and every empty state', () => {
    for (const kind of EVENT_KINDS) expect(en[`kinds.${kind}`]).toBeTruthy();
    for (const preset of RANGE_PRESETS) expect(en[`range.${preset}`]).toBeTruthy();
    for (const what of ['alarms', 'events']) {
      for (const key of ['today', 'last7', 'last30', 'between', 'since', 'until', 'any']) expect(en[`empty.${what}.${key}`]).toBeTruthy();
    }
    expect(`${en['empty.alarms.last7']} ${en['empty.tryLongerPeriod']}`).toBe('No alarms in the last 7 days. Try a longer period.');
  });

  it.each(LANGUAGES.filter((lang) => lang !== 'en'))('%s has the same keys and placeholders as en, translated', (lang) => {
    const other = flat(catalog(lang));
    expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      expect(placeholders(other[key]), key).toEqual(placeholders(text));
      expect(other[key].includes('||||'), key).toBe(text.includes('||||'));
    }
    expect(other['export.button']).not.toBe(en['export.button']);
  });
});
