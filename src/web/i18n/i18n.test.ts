import { describe, expect, it } from 'vitest';
import { filesOf, initialLanguage } from './i18n.js';

describe('initialLanguage', () => {
  it('prefers the stored choice', () => expect(initialLanguage('fr', 'es-ES')).toBe('fr'));
  it('falls back to the browser language without region', () => expect(initialLanguage(null, 'es-MX')).toBe('es'));
  it('ignores unsupported languages', () => expect(initialLanguage('de', 'it-IT')).toBe('en'));
  it('takes the stored pseudo-locale in demo mode only', () => {
    expect(initialLanguage('en-XA', 'fr-FR', true)).toBe('en-XA');
    expect(initialLanguage('en-XA', 'fr-FR', false)).toBe('fr');
  });
});

describe('filesOf', () => {
  const paths = [
    '../../../locales/en/login.json',
    '../../../locales/en/ra.json',
    '../../../locales/fr/login.json',
    '../../../locales/en/news.json',
  ];
  it('keeps only the language and skips admin-only catalogues', () => {
    expect(filesOf(paths, 'en')).toEqual(['../../../locales/en/login.json']);
    expect(filesOf(paths, 'fr')).toEqual(['../../../locales/fr/login.json']);
  });
  it('narrows to the first-load catalogues when asked', () => {
    expect(filesOf([...paths, '../../../locales/en/dialogs.json'], 'en', ['dialogs'])).toEqual(['../../../locales/en/dialogs.json']);
  });
});
