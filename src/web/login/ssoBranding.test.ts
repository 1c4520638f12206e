import { describe, expect, it } from 'vitest';
import { loginBrandingPath, rememberedSsoGroup } from './ssoBranding.js';

const store = (value: string | null) => ({ getItem: () => value });

describe('the login page logo of a Single Sign-On domain', () => {
  it('asks for the remembered group’s branding, else the default', () => {
    expect(loginBrandingPath(9993)).toBe('branding?siteGroupNum=9993');
    expect(loginBrandingPath(undefined)).toBe('branding');
  });
  it('remembers only a positive whole group number', () => {
    expect(rememberedSsoGroup(store('9993'))).toBe(9993);
    expect(rememberedSsoGroup(store(null))).toBeUndefined();
    expect(rememberedSsoGroup(store('abc'))).toBeUndefined();
    expect(rememberedSsoGroup(store('-4'))).toBeUndefined();
    expect(rememberedSsoGroup(undefined)).toBeUndefined();
  });
});
