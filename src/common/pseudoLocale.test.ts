import { describe, expect, it } from 'vitest';
import { placeholdersOf } from './i18nCheck.js';
import { PSEUDO_GROWTH, isPseudoLocale, pseudoCatalog, pseudoText } from './pseudoLocale.js';

describe('pseudo-locale texts', () => {
  it('accents every letter and brackets the text', () => {
    const text = pseudoText('Log Out');
    expect(text.startsWith('[Ļöĝ Öûţ')).toBe(true);
    expect(text.endsWith(']')).toBe(true);
    expect(text).not.toMatch(/[A-Za-z]{2}/);
  });

  it('keeps %{name} placeholders as they are', () => {
    const english = 'Delete %{name} for %{smart_count} sites of dealer %{dealerNum}?';
    const text = pseudoText(english);
    expect(placeholdersOf(text)).toEqual(placeholdersOf(english));
    expect(text).toContain('%{dealerNum}');
  });

  it('is about 35 % longer than English', () => {
    const english = 'Your password has been reset. Please login with your new password.';
    const text = pseudoText(english);
    // Two brackets besides the growth.
    expect(text.length - 2).toBeGreaterThanOrEqual(Math.round(english.length * (1 + PSEUDO_GROWTH)));
    expect(text.length - 2).toBeLessThanOrEqual(Math.ceil(english.length * (1 + PSEUDO_GROWTH)) + 1);
  });

  it('converts react-admin plural forms one by one, and leaves blank texts blank', () => {
    const [one, many] = pseudoText('1 item selected |||| %{smart_count} items selected').split('||||');
    expect(one.trim()).toMatch(/^\[1 .*\]$/);
    expect(many.trim()).toMatch(/^\[%\{smart_count\} .*\]$/);
    expect(pseudoText(' ')).toBe(' ');
    expect(pseudoText('')).toBe('');
  });

  it('converts a whole catalogue, keeping its keys', () => {
    const catalog = pseudoCatalog({ login: { fields: { username: 'Username' }, n_one: '%{count} site' } });
    expect(Object.keys(catalog.login)).toEqual(['fields', 'n_one']);
    expect(catalog.login.fields.username).toMatch(/^\[Ûšéŕñáɱé.*\]$/);
    expect(catalog.login.n_one).toMatch(/^\[%\{count\} šîţé.*\]$/);
  });

  it('knows its tag in a stored choice or a header', () => {
    expect(isPseudoLocale('en-XA')).toBe(true);
    expect(isPseudoLocale('en-xa,en;q=0.5')).toBe(true);
    expect(isPseudoLocale('en-US')).toBe(false);
    expect(isPseudoLocale(null)).toBe(false);
  });
});
