import type { FromSchema } from 'json-schema-to-ts';
import { loginRequirementsSchema } from './auth.js';
import { LIMITS } from './constants.js';
import { closedObject } from './shared.js';

/**
 * Authenticator app codes and recovery codes (for a stronger sign-in; server:
 * src/server/auth/totpRoutes.ts). Inline schemas (no $id): only these routes use them.
 */

/** The current password, for a sensitive change when no code was verified in the session lately (stepUp.ts). */
const currentPassword = { type: 'string', maxLength: 128 } as const;

export const authenticatorProofSchema = closedObject([], { currentPassword });
export type AuthenticatorProof = FromSchema<typeof authenticatorProofSchema>;

/** GET user/authenticator: whether it is on, and how many recovery codes are left. */
export const authenticatorStatusSchema = closedObject({
  enabled: { type: 'boolean' },
  confirmedAt: { type: ['string', 'null'], format: 'date-time' },
  lastUsedAt: { type: ['string', 'null'], format: 'date-time' },
  recoveryCodesLeft: { type: 'integer', minimum: 0 },
});
export type AuthenticatorStatus = FromSchema<typeof authenticatorStatusSchema>;

/** POST user/authenticator: what the authenticator app needs, shown once. */
export const authenticatorSetupSchema = closedObject({
  /** otpauth://totp/… */
  uri: { type: 'string' },
  /** The URI as a QR code: a data: URL of an SVG image. */
  qrCode: { type: 'string' },
  /** The key for manual entry (Base32). */
  secret: { type: 'string' },
  issuer: { type: 'string' },
  label: { type: 'string' },
  digits: { type: 'integer' },
  periodSeconds: { type: 'integer' },
});
export type AuthenticatorSetup = FromSchema<typeof authenticatorSetupSchema>;

/** A 6-digit code from the authenticator app. */
const totpCode = {
  type: 'string',
  minLength: LIMITS.mfaCodeLength,
  maxLength: 16,
  pattern: '^[0-9\\s-]+$',
  errorMessage: { pattern: 'validation.digits' },
} as const;

export const authenticatorConfirmSchema = closedObject({ code: totpCode });
export type AuthenticatorConfirm = FromSchema<typeof authenticatorConfirmSchema>;

/** The recovery codes, shown once (after the setup, or made anew). */
export const recoveryCodesSchema = closedObject({ recoveryCodes: { type: 'array', items: { type: 'string' } } });
export type RecoveryCodes = FromSchema<typeof recoveryCodesSchema>;

/** GET mfa/choices: the second factors the MFA step may offer besides the spec's text and email codes. */
export const mfaChoicesSchema = closedObject({
  authenticator: { type: 'boolean' },
  recoveryCode: { type: 'boolean' },
});
export type MfaChoicesAnswer = FromSchema<typeof mfaChoicesSchema>;

/** POST mfa/verify/authenticator. */
export const authenticatorVerifySchema = closedObject(['code'], { code: totpCode, rememberDevice: { type: 'boolean' } });
export type AuthenticatorVerify = FromSchema<typeof authenticatorVerifySchema>;

/** POST mfa/verify/recoveryCode: case, spaces and dashes do not matter. */
export const recoveryCodeVerifySchema = closedObject(['code'], {
  code: { type: 'string', minLength: 1, maxLength: 64 },
  rememberDevice: { type: 'boolean' },
});
export type RecoveryCodeVerify = FromSchema<typeof recoveryCodeVerifySchema>;

/** The login requirements (SPEC §3 reqs) inline: a $id may appear only once among the route schemas. */
const { $id: _loginRequirementsId, ...loginRequirementsFields } = loginRequirementsSchema;

/** The answer of a second factor verified: as POST mfa/verify's, plus the recovery codes left. */
export const secondFactorResultSchema = closedObject({
  success: { type: 'boolean' },
  reqs: loginRequirementsFields,
  recoveryCodesLeft: { type: 'integer', minimum: 0 },
});
export type SecondFactorResult = FromSchema<typeof secondFactorResultSchema>;
