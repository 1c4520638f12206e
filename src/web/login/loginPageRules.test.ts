import { describe, expect, it } from 'vitest';
import type { LoginRequirements } from '../../../schemas/auth.js';
import {
  LOGIN_PHOTOS,
  dashboardFor,
  gateAfterSteps,
  loginPhoto,
  logoFor,
  stepsAfterLogin,
  validateCredentials,
  captchaRequiredBy,
  withoutOnceParams,
} from './loginPageRules.js';

const none: LoginRequirements = {
  noContactInfo: false,
  mfaRequired: false,
  usernameResetRequired: false,
  verifySecurityQuestions: false,
  passwordResetRequired: false,
  betaUser: true,
  termsAndConditionsRequired: false,
  privacyPolicyRequired: false,
  actionRequired: false,
  mfaSentTo: null,
  mfaSentToMsg: null,
};

describe('validateCredentials (§5 Login)', () => {
  it('requires both fields', () => {
    expect(validateCredentials({ username: '', password: '' }, 'dealer')).toEqual({
      username: 'validation.required',
      password: 'validation.required',
    });
  });
  it('caps the username at 50', () => {
    expect(validateCredentials({ username: 'x'.repeat(51), password: 'p' }, 'dealer').username).toBe('validation.maxLength');
    expect(validateCredentials({ username: 'x'.repeat(50), password: 'p' }, 'dealer')).toEqual({});
  });
  it('wants an email in the customer variant only', () => {
    expect(validateCredentials({ username: 'dealer.beta', password: 'p' }, 'customer').username).toBe('validation.format.email');
    expect(validateCredentials({ username: 'customer@example.com', password: 'p' }, 'customer')).toEqual({});
    expect(validateCredentials({ username: 'dealer.beta', password: 'p' }, 'dealer')).toEqual({});
  });
});

describe('loginPhoto (§2)', () => {
  it('picks from the day set in light mode and the night set in dark mode', () => {
    expect(LOGIN_PHOTOS.light).toContain(loginPhoto('light', 0.5));
    expect(LOGIN_PHOTOS.dark).toContain(loginPhoto('dark', 0.5));
  });
  it('covers all three and never leaves the set', () => {
    expect(new Set([0, 0.34, 0.67, 0.9999].map((r) => loginPhoto('light', r))).size).toBe(3);
    expect(loginPhoto('dark', 1)).toBe(LOGIN_PHOTOS.dark[2]);
  });
});

describe('logoFor (§2 logo with tagline fallback)', () => {
  it('falls back to the tagline image', () => {
    expect(logoFor('light', null)).toBe('/login/tagline.svg');
    expect(logoFor('dark', { headerLogoUrl: null })).toBe('/login/tagline-dark.svg');
  });
  it('uses the dark logo in dark mode, else the light one', () => {
    expect(logoFor('dark', { headerLogoUrl: '/a.png', darkHeaderLogoUrl: '/b.png' })).toBe('/b.png');
    expect(logoFor('dark', { headerLogoUrl: '/a.png' })).toBe('/a.png');
    expect(logoFor('light', { headerLogoUrl: '/a.png', darkHeaderLogoUrl: '/b.png' })).toBe('/a.png');
  });
});

describe('after the credentials (§4)', () => {
  it('lists only the required steps, in order, without the login form itself', () => {
    expect(stepsAfterLogin(none)).toEqual([]);
    expect(stepsAfterLogin({ ...none, noContactInfo: true, mfaRequired: true, passwordResetRequired: true })).toEqual([
      'contactInfo',
      'mfaVerify',
      'passwordReset',
    ]);
  });
  it('asks for terms only for beta dealers, then the privacy policy', () => {
    expect(gateAfterSteps({ ...none, termsAndConditionsRequired: true, privacyPolicyRequired: true }, 2)).toBe('terms');
    expect(gateAfterSteps({ ...none, termsAndConditionsRequired: true, privacyPolicyRequired: true }, 1)).toBe('privacyPolicy');
    expect(gateAfterSteps(none, 2)).toBe('complete');
  });
  it('sends a signed-in visitor of the login page to the dashboard', () => {
    expect(dashboardFor({ kind: 'path', path: '/home' })).toEqual({ kind: 'path', path: '/home/dashboard' });
    expect(dashboardFor({ kind: 'path', path: '/news' })).toEqual({ kind: 'path', path: '/news' });
    expect(dashboardFor({ kind: 'classic' })).toEqual({ kind: 'classic' });
  });
  it('drops the SSO return parameters and keeps the others', () => {
    expect(withoutOnceParams('?ssoCode=abc&returnUrl=%2Fnews')).toBe('?returnUrl=%2Fnews');
    expect(withoutOnceParams('?error=ssoError')).toBe('');
  });
});

describe('captcha at sign-in (after many failures from the address)', () => {
  it('reads the server asking for a captcha', () => {
    expect(captchaRequiredBy({ message: 'x', captchaRequired: true })).toBe(true);
    expect(captchaRequiredBy({ message: 'x' })).toBe(false);
    expect(captchaRequiredBy(undefined)).toBe(false);
  });
  it('requires the solved captcha once asked for', () => {
    expect(validateCredentials({ username: 'dealer.beta', password: 'p' }, 'dealer', true)).toEqual({
      captcha: 'dialogs.captcha.required',
    });
    expect(validateCredentials({ username: 'dealer.beta', password: 'p', captcha: 'payload' }, 'dealer', true)).toEqual({});
    expect(validateCredentials({ username: 'dealer.beta', password: 'p' }, 'dealer')).toEqual({});
  });
});
