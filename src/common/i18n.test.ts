import { describe, expect, it } from 'vitest';
import { mergeMessages, pickLanguage } from './i18n.js';

describe('language of a request', () => {
  it('takes the best-ranked supported language', () => {
    expect(pickLanguage('de-DE,fr;q=0.8,es;q=0.9')).toBe('es');
    expect(pickLanguage('fr-CA')).toBe('fr');
  });
  it('falls back to English', () => {
    expect(pickLanguage(undefined)).toBe('en');
    expect(pickLanguage('de,ja;q=0.5')).toBe('en');
  });
});

describe('mergeMessages', () => {
  it("keeps the base's texts a partial overlay does not change, at any depth", () => {
    const base = { message: { yes: 'Oui', delete: 'Supprimer' }, page: { list: 'Liste' } };
    expect(mergeMessages(base, { message: { delete: 'Supprimer %{name}' } })).toEqual({
      message: { yes: 'Oui', delete: 'Supprimer %{name}' },
      page: { list: 'Liste' },
    });
  });
});
