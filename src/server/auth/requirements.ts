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
