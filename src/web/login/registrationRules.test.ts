import { describe, expect, it } from 'vitest';
import {
  REGISTRATION_FAILURE_KEY,
  registrationMode,
  resendBody,
  resendOutcome,
  successNotice,
  viewAfterFailure,
} from './registrationRules.js';

describe('registrationMode', () => {
  it('verifies the email with a code', () => {
    expect(registrationMode('?code=abc')).toEqual({ kind: 'verifyEmail', code: 'abc' });
  });
  it('sets the password with an otp', () => {
    expect(registrationMode('?otp=xyz')).toEqual({ kind: 'setPassword', otp: 'xyz' });
  });
  it('prefers the code when both are present', () => {
    expect(registrationMode('?otp=xyz&code=abc').kind).toBe('verifyEmail');
  });
  it('goes to login with neither, or with empty values', () => {
    expect(registrationMode('')).toEqual({ kind: 'toLogin' });
    expect(registrationMode('?code=&otp=%20')).toEqual({ kind: 'toLogin' });
  });
  it('reads URLSearchParams too', () => {
    expect(registrationMode(new URLSearchParams({ otp: 'o' }))).toEqual({ kind: 'setPassword', otp: 'o' });
  });
});

describe('failures', () => {
  it('412 means the link has expired', () => {
    expect(viewAfterFailure(412)).toBe('expired');
  });
  it('anything else is an error', () => {
    expect(viewAfterFailure(400)).toBe('error');
    expect(viewAfterFailure(409)).toBe('error');
    expect(REGISTRATION_FAILURE_KEY).toBe('registration.errors.verify');
  });
});

describe('notices', () => {
  it('Account Verified! after a code, Password Set! after an otp, then login', () => {
    expect(successNotice({ kind: 'verifyEmail', code: 'c' })).toMatchObject({ titleKey: 'registration.verified.title', toLogin: true });
    expect(successNotice({ kind: 'setPassword', otp: 'o' })).toMatchObject({ titleKey: 'registration.passwordSet.title', toLogin: true });
  });
  it('a new link goes to login', () => {
    expect(resendOutcome('ok')).toMatchObject({ type: 'success', toLogin: true });
  });
  it('409 on resend is the Info Account already registered, then login', () => {
    expect(resendOutcome(409)).toEqual({
      type: 'info',
      titleKey: 'registration.resend.alreadyTitle',
      messageKey: 'registration.resend.already',
      toLogin: true,
    });
  });
  it('another failure stays on the page', () => {
    expect(resendOutcome(500)).toMatchObject({ type: 'error', toLogin: false, messageKey: 'registration.errors.resend' });
  });
  it('resends with the link code or otp', () => {
    expect(resendBody({ kind: 'verifyEmail', code: 'c' })).toEqual({ code: 'c' });
    expect(resendBody({ kind: 'setPassword', otp: 'o' })).toEqual({ otp: 'o' });
  });
});
