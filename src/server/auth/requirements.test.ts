import { describe, expect, it } from 'vitest';
import { actionRequired, pendingRequirements, toLoginRequirements, type RequirementInputs } from './requirements.js';

const base: RequirementInputs = {
  applicationNum: 2,
  betaUser: true,
  mfaEnabled: false,
  usernameResetRequired: false,
  verifySecurityQuestions: false,
  passwordResetRequired: false,
  termsRequired: false,
  privacyPolicyRequired: false,
  contacts: [{ type: 'email', value: 'dealer@example.com' }],
  trustedDevice: false,
};

describe('login requirements after a correct password', () => {
  it('require nothing of a user with contact info and no pending flags', () => {
    expect(actionRequired(pendingRequirements(base))).toBe(false);
  });
  it('ask for contact info and a device-verification code when there is none', () => {
    expect(pendingRequirements({ ...base, contacts: [] })).toMatchObject({ noContactInfo: true, mfaRequired: true });
  });
  it('ask for MFA unless the browser is a remembered device', () => {
    expect(pendingRequirements({ ...base, mfaEnabled: true }).mfaRequired).toBe(true);
    expect(pendingRequirements({ ...base, mfaEnabled: true, trustedDevice: true }).mfaRequired).toBe(false);
  });
  it('ask beta dealers only to accept the terms', () => {
    expect(pendingRequirements({ ...base, termsRequired: true }).termsAndConditionsRequired).toBe(true);
    expect(pendingRequirements({ ...base, termsRequired: true, betaUser: false }).termsAndConditionsRequired).toBe(false);
    expect(pendingRequirements({ ...base, termsRequired: true, applicationNum: 1 }).termsAndConditionsRequired).toBe(false);
  });
  it('say where the code went, masked', () => {
    const pending = pendingRequirements({ ...base, mfaEnabled: true });
    expect(toLoginRequirements(pending, base)).toMatchObject({
      actionRequired: true,
      mfaSentTo: 'deal**************',
      mfaSentToMsg: 'email',
    });
  });
});
