import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EVENT_KINDS } from '../../../../schemas/events.js';
import { LANGUAGES } from '../../../common/i18n.js';
import { checkFile, flatten } from '../../../common/i18nCheck.js';
import { RANGE_PRESETS } from './historyRules.js';

const catalog = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../../../locales/${lang}/events.json`, import.meta.url), 'utf8')) as Record<string, unknown>;

describe('locales/*/events.json', () => {
  const en = flatten(catalog('en'));

  it('names every kind and preset, and every empty state', () => {
    for (const kind of EVENT_KINDS) expect(en[`kinds.${kind}`]).toBeTruthy();
    for (const preset of RANGE_PRESETS) expect(en[`range.${preset}`]).toBeTruthy();
    for (const what of ['alarms', 'events']) {
      for (const key of ['today', 'last7', 'last30', 'between', 'since', 'until', 'any']) expect(en[`empty.${what}.${key}`]).toBeTruthy();
    }
    expect(`${en['empty.alarms.last7']} ${en['empty.tryLongerPeriod']}`).toBe('No alarms in the last 7 days. Try a longer period.');
  });

  it.each(LANGUAGES.filter((lang) => lang !== 'en'))('%s has the same keys and placeholders as en, translated', (lang) => {
    expect(checkFile(lang, 'events', catalog('en'), catalog(lang))).toEqual([]);
    expect(flatten(catalog(lang))['export.button']).not.toBe(en['export.button']);
  });
});
