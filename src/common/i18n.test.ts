import { describe, expect, it } from 'vitest';
import { pickLanguage } from './i18n.js';

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
