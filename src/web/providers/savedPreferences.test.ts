import { describe, expect, it } from 'vitest';
import { forgetAppliedPreferences, preferencesToApply } from './savedPreferences.js';

const user = (language: 'en' | 'es' | 'fr' | null, theme: 'light' | 'dark' | null) => ({
  appUserNum: 7,
  preferences: { language, theme },
});

describe('preferencesToApply', () => {
  it('applies the saved language and theme at sign-in when they differ from the browser', () => {
    expect(preferencesToApply(user('es', 'dark'), { language: 'en', theme: 'light' }, null)).toEqual({ language: 'es', theme: 'dark' });
  });
  it('changes nothing the user never chose, or what already matches', () => {
    expect(preferencesToApply(user(null, null), { language: 'en', theme: 'light' }, null)).toEqual({});
    expect(preferencesToApply(user('fr', 'light'), { language: 'fr', theme: 'light' }, null)).toEqual({});
    expect(preferencesToApply(user('fr', null), { language: 'en', theme: 'dark' }, null)).toEqual({ language: 'fr' });
  });
  it('applies once per user and tab: a later switch in the session stays', () => {
    expect(preferencesToApply(user('es', 'dark'), { language: 'en', theme: 'light' }, '7')).toEqual({});
    expect(preferencesToApply(user('es', 'dark'), { language: 'en', theme: 'light' }, '8')).toEqual({ language: 'es', theme: 'dark' });
  });
  it('waits for a user', () => {
    expect(preferencesToApply(null, { language: 'en', theme: 'light' }, null)).toEqual({});
  });
});

describe('forgetAppliedPreferences', () => {
  it('removes the marker, and survives refused or missing storage', () => {
    const removed: string[] = [];
    forgetAppliedPreferences({ removeItem: (key) => void removed.push(key) });
    expect(removed).toEqual(['preferences-applied']);
    expect(() =>
      forgetAppliedPreferences({
        removeItem: () => {
          throw new Error('denied');
        },
      }),
    ).not.toThrow();
    expect(() => forgetAppliedPreferences(undefined)).not.toThrow();
  });
});
