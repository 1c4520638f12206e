import { describe, expect, it } from 'vitest';
import { allowedMfaPurposes, expectedMfaPurpose, identityProven, normaliseContact, parseContact } from './contactMethods.js';

describe('contact normalisation', () => {
  it('keeps an email trimmed and lower-cased', () => {
    expect(normaliseContact('  Noah.Newman@Example.COM ', 'email')).toBe('noah.newman@example.com');
  });

  it('keeps a phone as its digits, with the leading +', () => {
    expect(normaliseContact('+1 (312) 555-0187', 'cellPhone')).toBe('+13125550187');
    expect(normaliseContact('312.555.0187', 'cellPhone')).toBe('3125550187');
  });
});

describe('§5 contact info of a type', () => {
  it('reads an email or a phone and its type', () => {
    expect(parseContact('a.b@example.com')).toEqual({ type: 'email', value: 'a.b@example.com' });
    expect(parseContact('+1 630 555 0199')).toEqual({ type: 'cellPhone', value: '+16305550199' });
  });

  it('refuses what is neither, or not of the expected type', () => {
    expect(parseContact('hello')).toBeUndefined();
    expect(parseContact('a.b@example.com', 'cellPhone')).toBeUndefined();
    expect(parseContact('+1 630 555 0199', 'email')).toBeUndefined();
  });
});

describe('§4 the code a session expects', () => {
  it('is deviceVerification without contact info, even with a password reset due', () => {
    expect(expectedMfaPurpose({ noContactInfo: true, mfaRequired: true, passwordResetRequired: true }, false)).toBe('deviceVerification');
  });

  it('is passwordReset before identityVerification when MFA is due', () => {
    expect(expectedMfaPurpose({ mfaRequired: true, passwordResetRequired: true }, false)).toBe('passwordReset');
    expect(expectedMfaPurpose({ mfaRequired: true }, false)).toBe('identityVerification');
  });

  it('is none when no code is due, even with a password reset pending', () => {
    expect(expectedMfaPurpose({ passwordResetRequired: true }, false)).toBeUndefined();
    expect(expectedMfaPurpose({}, false)).toBeUndefined();
  });

  it('confirms a newly saved contact outside the login steps', () => {
    expect(expectedMfaPurpose({}, true)).toBe('deviceVerification');
    // During the steps the step's own purpose wins.
    expect(expectedMfaPurpose({ mfaRequired: true }, true)).toBe('identityVerification');
  });
});

describe('identity proven', () => {
  it('waits for the contact and MFA steps only', () => {
    expect(identityProven({ noContactInfo: true, mfaRequired: true })).toBe(false);
    expect(identityProven({ mfaRequired: true })).toBe(false);
    expect(identityProven({ usernameResetRequired: true, passwordResetRequired: true, termsAndConditionsRequired: true })).toBe(true);
  });
});

describe('allowedMfaPurposes', () => {
  it('allows only the login step purpose while the contact or MFA step is pending', () => {
    expect(allowedMfaPurposes({ noContactInfo: true, mfaRequired: true }, false)).toEqual(['deviceVerification']);
    expect(allowedMfaPurposes({ mfaRequired: true, passwordResetRequired: true }, true)).toEqual(['passwordReset']);
  });
  it('allows an identity code for a sensitive change after the steps, besides confirming a new contact', () => {
    expect(allowedMfaPurposes({}, false)).toEqual(['identityVerification']);
    expect(allowedMfaPurposes({ usernameResetRequired: true }, true)).toEqual(['deviceVerification', 'identityVerification']);
  });
});
