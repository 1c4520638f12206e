import type { LoginRequirements } from '../../../schemas/auth.js';
import { APPLICATION } from '../../common/constants.js';
import { maskContact } from '../../common/loginFlow.js';
import type { MfaContactType } from '../../../schemas/auth.js';

/** The requirement flags a session keeps until each step clears its own (SPEC §3, §4). */
export const PENDING_FLAGS = [
  'noContactInfo',
  'mfaRequired',
  'usernameResetRequired',
  'verifySecurityQuestions',
  'passwordResetRequired',
  'termsAndConditionsRequired',
  'privacyPolicyRequired',
] as const;
export type PendingFlag = (typeof PENDING_FLAGS)[number];
export type Pending = Partial<Record<PendingFlag, boolean>>;

export interface RequirementInputs {
  applicationNum: 1 | 2 | 3;
  betaUser: boolean;
  mfaEnabled: boolean;
  usernameResetRequired: boolean;
  verifySecurityQuestions: boolean;
  passwordResetRequired: boolean;
  termsRequired: boolean;
  privacyPolicyRequired: boolean;
  /** Verified contact methods; the first is where a code goes. */
  contacts: { type: MfaContactType; value: string }[];
  /** A valid 'Remember this device' cookie came with the sign-in. */
  trustedDevice: boolean;
}

/**
 * What a user must still do after a correct password. No contact info means
 * the contact step and a device-verification code; otherwise MFA applies to
 * users who have it, unless the browser is a remembered device. Terms apply
 * to beta dealers only (§4 'If the user is application 2 and a beta user and
 * terms are required').
 */
export function pendingRequirements(input: RequirementInputs): Pending {
  const noContactInfo = input.contacts.length === 0;
  return {
    noContactInfo,
    mfaRequired: noContactInfo || (input.mfaEnabled && !input.trustedDevice),
    usernameResetRequired: input.usernameResetRequired,
    verifySecurityQuestions: input.verifySecurityQuestions,
    passwordResetRequired: input.passwordResetRequired,
    termsAndConditionsRequired: input.applicationNum === APPLICATION.dealer && input.betaUser && input.termsRequired,
    privacyPolicyRequired: input.privacyPolicyRequired,
  };
}

/** The user-row flags a sign-in turns into steps (requirements.ts pendingRequirements). */
export interface StandingFlags {
  application_num: 1 | 2 | 3;
  beta_user: boolean;
  mfa_required: boolean;
  username_reset_required: boolean;
  verify_security_questions: boolean;
  password_reset_required: boolean;
  terms_required: boolean;
  privacy_policy_required: boolean;
}

/**
 * The login steps a user's next sign-in asks for, by flag name, whatever the device: not the
 * per-sign-in MFA code, only what stays until the user does it (a password to change, a contact
 * method to verify for MFA, terms to accept…). Support's user list and the API keys read it.
 */
export function standingSteps(user: StandingFlags, verifiedContacts: number): PendingFlag[] {
  const pending = pendingRequirements({
    applicationNum: user.application_num,
    betaUser: user.beta_user,
    mfaEnabled: user.mfa_required,
    usernameResetRequired: user.username_reset_required,
    verifySecurityQuestions: user.verify_security_questions,
    passwordResetRequired: user.password_reset_required,
    termsRequired: user.terms_required,
    privacyPolicyRequired: user.privacy_policy_required,
    // Only whether there is a verified contact matters here (noContactInfo).
    contacts: verifiedContacts > 0 ? [{ type: 'email', value: '' }] : [],
    trustedDevice: true,
  });
  return PENDING_FLAGS.filter((flag) => flag !== 'mfaRequired' && pending[flag]);
}

export function actionRequired(pending: Pending): boolean {
  return PENDING_FLAGS.some((flag) => pending[flag]);
}

/** The `reqs` of SPEC §3, as the login answer carries them. */
export function toLoginRequirements(pending: Pending, input: Pick<RequirementInputs, 'betaUser' | 'contacts'>): LoginRequirements {
  const target = pending.mfaRequired && !pending.noContactInfo ? input.contacts[0] : undefined;
  return {
    noContactInfo: !!pending.noContactInfo,
    mfaRequired: !!pending.mfaRequired,
    usernameResetRequired: !!pending.usernameResetRequired,
    verifySecurityQuestions: !!pending.verifySecurityQuestions,
    passwordResetRequired: !!pending.passwordResetRequired,
    betaUser: input.betaUser,
    termsAndConditionsRequired: !!pending.termsAndConditionsRequired,
    privacyPolicyRequired: !!pending.privacyPolicyRequired,
    actionRequired: actionRequired(pending),
    mfaSentTo: target ? maskContact(target.value, target.type) : null,
    mfaSentToMsg: target ? target.type : null,
  };
}
