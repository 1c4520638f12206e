import { describe, expect, it } from 'vitest';
import { createLightI18n, interpolate, translate } from './lightI18n.js';

const catalogs = {
  en: { login: { fields: { username: 'Username' }, title: { dealer: 'Login | %{portalName}' }, only: 'English only' } },
  fr: { login: { fields: { username: "Nom d'utilisateur" }, title: { dealer: 'Connexion | %{portalName}' } } },
};

describe('light translator', () => {
  it('reads nested keys in the language', () => expect(translate(catalogs, 'fr', 'en', 'login.fields.username')).toBe("Nom d'utilisateur"));
  it('falls back to English, then the default value, then the key', () => {
    expect(translate(catalogs, 'fr', 'en', 'login.only')).toBe('English only');
    expect(translate(catalogs, 'fr', 'en', 'login.missing', { defaultValue: 'Fallback' })).toBe('Fallback');
    expect(translate(catalogs, 'fr', 'en', 'login.missing')).toBe('login.missing');
  });
  it('interpolates %{name} like the shared i18next options', () => {
    expect(translate(catalogs, 'en', 'en', 'login.title.dealer', { portalName: 'Dealer Portal' })).toBe('Login | Dealer Portal');
    expect(interpolate('%{a} and %{b}', { a: 1 })).toBe('1 and %{b}');
  });
  it('answers what react-i18next asks of an instance', () => {
    const i18n = createLightI18n(catalogs, 'en', 'en');
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.hasLoadedNamespace()).toBe(true);
    expect(i18n.getFixedT()('login.fields.username')).toBe('Username');
  });
});
