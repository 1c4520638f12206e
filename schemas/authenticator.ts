import type { FromSchema } from 'json-schema-to-ts';
import { loginRequirementsSchema } from './auth.js';
import { LIMITS } from './constants.js';

/**
 * Authenticator app codes and recovery codes (for a stronger sign-in; server:
 * src/server/auth/totpRoutes.ts). Inline schemas (no $id): only these routes use them.
 */

/** The current password, for a sensitive change when no code was verified in the session lately (stepUp.ts). */
const currentPassword = { type: 'string', maxLength: 128 } as const;

export const authenticatorProofSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { currentPassword },
} as const;
export type AuthenticatorProof = FromSchema<typeof authenticatorProofSchema>;

/** GET user/authenticator: whether it is on, and how many recovery codes are left. */
export const authenticatorStatusSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['enabled', 'confirmedAt', 'lastUsedAt', 'recoveryCodesLeft'],
  properties: {
    enabled: { type: 'boolean' },
    confirmedAt: { type: ['string', 'null'], format: 'date-time' },
    lastUsedAt: { type: ['string', 'null'], format: 'date-time' },
    recoveryCodesLeft: { type: 'integer', minimum: 0 },
  },
} as const;
export type AuthenticatorStatus = FromSchema<typeof authenticatorStatusSchema>;

/** POST user/authenticator: what the authenticator app needs, shown once. */
export const authenticatorSetupSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['uri', 'qrCode', 'secret', 'issuer', 'label', 'digits', 'periodSeconds'],
  properties: {
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
  },
} as const;
export type AuthenticatorSetup = FromSchema<typeof authenticatorSetupSchema>;

/** A 6-digit code from the authenticator app. */
const totpCode = {
  type: 'string',
  minLength: LIMITS.mfaCodeLength,
  maxLength: 16,
  pattern: '^[0-9\\s-]+$',
  errorMessage: { pattern: 'validation.digits' },
} as const;

export const authenticatorConfirmSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['code'],
  properties: { code: totpCode },
} as const;
export type AuthenticatorConfirm = FromSchema<typeof authenticatorConfirmSchema>;

/** The recovery codes, shown once (after the setup, or made anew). */
export const recoveryCodesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['recoveryCodes'],
  properties: { recoveryCodes: { type: 'array', items: { type: 'string' } } },
} as const;
export type RecoveryCodes = FromSchema<typeof recoveryCodesSchema>;

/** GET mfa/choices: the second factors the MFA step may offer besides the spec's text and email codes. */
export const mfaChoicesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['authenticator', 'recoveryCode'],
  properties: {
    authenticator: { type: 'boolean' },
    recoveryCode: { type: 'boolean' },
  },
} as const;
export type MfaChoicesAnswer = FromSchema<typeof mfaChoicesSchema>;

/** POST mfa/verify/authenticator. */
export const authenticatorVerifySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['code'],
  properties: { code: totpCode, rememberDevice: { type: 'boolean' } },
} as const;
export type AuthenticatorVerify = FromSchema<typeof authenticatorVerifySchema>;

/** POST mfa/verify/recoveryCode: case, spaces and dashes do not matter. */
export const recoveryCodeVerifySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['code'],
  properties: {
    code: { type: 'string', minLength: 1, maxLength: 64 },
    rememberDevice: { type: 'boolean' },
  },
} as const;
export type RecoveryCodeVerify = FromSchema<typeof recoveryCodeVerifySchema>;

/** The login requirements (SPEC §3 reqs) inline: a $id may appear only once among the route schemas. */
const { $id: _loginRequirementsId, ...loginRequirementsFields } = loginRequirementsSchema;

/** The answer of a second factor verified: as POST mfa/verify's, plus the recovery codes left. */
export const secondFactorResultSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['success', 'reqs', 'recoveryCodesLeft'],
  properties: {
    success: { type: 'boolean' },
    reqs: loginRequirementsFields,
    recoveryCodesLeft: { type: 'integer', minimum: 0 },
  },
} as const;
export type SecondFactorResult = FromSchema<typeof secondFactorResultSchema>;
