import { describe, expect, it } from 'vitest';
import {
  EPOCH_TOLERANCE_SECONDS,
  TOTP_POLICY,
  judgeTotp,
  mayRememberDevice,
  mfaChoices,
  newRecoveryCode,
  newRecoveryCodes,
  normaliseRecoveryCode,
  normaliseTotpCode,
  secondFactorUse,
  setupStillOpen,
  timeStepOf,
} from './totpRules.js';

describe('TOTP time steps', () => {
  it('counts 30-second steps from the Unix epoch (RFC 6238)', () => {
    expect(timeStepOf(new Date(0))).toBe(0);
    expect(timeStepOf(new Date(29_999))).toBe(0);
    expect(timeStepOf(new Date(30_000))).toBe(1);
    // RFC 6238 test vector time 1111111109 is step 0x23523EC.
    expect(timeStepOf(new Date(1_111_111_109_000))).toBe(0x23523ec);
  });

  it('accepts one step either side of now', () => {
    expect(EPOCH_TOLERANCE_SECONDS).toBe(TOTP_POLICY.periodSeconds);
  });
});

describe('judgeTotp', () => {
  it('refuses a code that matches no step of the window', () => {
    expect(judgeTotp(undefined, null)).toBe('wrong');
    expect(judgeTotp(undefined, 100)).toBe('wrong');
  });

  it('accepts the first code, and a code of a later step than the last one used', () => {
    expect(judgeTotp(100, null)).toBe('accepted');
    expect(judgeTotp(101, 100)).toBe('accepted');
  });

  it('refuses a code of the step already used, or of an earlier one (replay)', () => {
    expect(judgeTotp(100, 100)).toBe('reused');
    expect(judgeTotp(99, 100)).toBe('reused');
  });
});

describe('setupStillOpen', () => {
  const start = new Date('2026-05-01T10:00:00Z');
  it('lets a setup be confirmed for 30 minutes', () => {
    expect(setupStillOpen(start, new Date(start.getTime() + 29 * 60_000))).toBe(true);
    expect(setupStillOpen(start, new Date(start.getTime() + TOTP_POLICY.setupTtlMs))).toBe(false);
  });
  it('refuses a setup from the future (a clock gone back)', () => {
    expect(setupStillOpen(start, new Date(start.getTime() - 1000))).toBe(false);
  });
});

describe('normaliseTotpCode', () => {
  it('keeps six digits, ignoring spaces and dashes', () => {
    expect(normaliseTotpCode('123456')).toBe('123456');
    expect(normaliseTotpCode(' 123 456 ')).toBe('123456');
    expect(normaliseTotpCode('123-456')).toBe('123456');
  });
  it('refuses anything else', () => {
    expect(normaliseTotpCode('12345')).toBeUndefined();
    expect(normaliseTotpCode('1234567')).toBeUndefined();
    expect(normaliseTotpCode('12345a')).toBeUndefined();
  });
});

describe('recovery codes', () => {
  it('are 16 characters without look-alikes, in groups of four', () => {
    const code = newRecoveryCode();
    expect(code).toMatch(/^[a-hj-km-np-tv-z2-9]{4}(-[a-hj-km-np-tv-z2-9]{4}){3}$/);
    expect(code).not.toMatch(/[01ilou]/);
  });

  it('draw again on bytes that would bias the alphabet', () => {
    // 240 and above are past the largest multiple of 30 (the alphabet's size): skipped.
    let calls = 0;
    const random = (size: number) => new Uint8Array(size).fill(calls++ === 0 ? 250 : 0);
    expect(newRecoveryCode(random)).toBe('aaaa-aaaa-aaaa-aaaa');
    expect(calls).toBe(2);
  });

  it('come ten to a set, all different', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(TOTP_POLICY.recoveryCodeCount);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('match as typed without case, spaces or dashes', () => {
    expect(normaliseRecoveryCode('ABCD-EFGH-JKMN-PQRS')).toBe('abcdefghjkmnpqrs');
    expect(normaliseRecoveryCode(' abcd efgh jkmn pqrs ')).toBe('abcdefghjkmnpqrs');
  });

  it('refuse text of another shape', () => {
    expect(normaliseRecoveryCode('abcd-efgh-jkmn')).toBeUndefined();
    expect(normaliseRecoveryCode('abcd-efgh-jkmn-pqr0')).toBeUndefined();
    expect(normaliseRecoveryCode('')).toBeUndefined();
  });
});

describe('second factor at sign-in', () => {
  it('clears the MFA step while it is pending, else counts as a step-up', () => {
    expect(secondFactorUse({ mfaRequired: true })).toBe('signIn');
    expect(secondFactorUse({ mfaRequired: true, passwordResetRequired: true })).toBe('signIn');
    expect(secondFactorUse({})).toBe('stepUp');
  });

  it('is not taken on the contact step (the new contact needs its own code)', () => {
    expect(secondFactorUse({ noContactInfo: true, mfaRequired: true })).toBe('notNow');
  });

  it('remembers the device at sign-in only when asked, and not on a password reset (§2)', () => {
    expect(mayRememberDevice({ mfaRequired: true }, true)).toBe(true);
    expect(mayRememberDevice({ mfaRequired: true }, false)).toBe(false);
    expect(mayRememberDevice({ mfaRequired: true }, undefined)).toBe(false);
    expect(mayRememberDevice({ mfaRequired: true, passwordResetRequired: true }, true)).toBe(false);
    expect(mayRememberDevice({}, true)).toBe(false);
  });

  it('offers the authenticator when it is on, and recovery codes while some are left', () => {
    expect(mfaChoices({ mfaRequired: true }, { confirmed: true, recoveryCodesLeft: 3 })).toEqual({
      authenticator: true,
      recoveryCode: true,
    });
    expect(mfaChoices({ mfaRequired: true }, { confirmed: true, recoveryCodesLeft: 0 })).toEqual({
      authenticator: true,
      recoveryCode: false,
    });
    expect(mfaChoices({ mfaRequired: true }, { confirmed: false, recoveryCodesLeft: 0 })).toEqual({
      authenticator: false,
      recoveryCode: false,
    });
    expect(mfaChoices({ noContactInfo: true, mfaRequired: true }, { confirmed: true, recoveryCodesLeft: 5 })).toEqual({
      authenticator: false,
      recoveryCode: false,
    });
  });
});
