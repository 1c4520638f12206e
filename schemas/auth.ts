import type { FromSchema } from 'json-schema-to-ts';
import { LIMITS } from './constants.js';
import { closedObject, closedSchema, INT4_MAX } from './shared.js';

/**
 * Sign-in, tokens, MFA and report codes: SPEC §3 (login requirements, MFA
 * contact types and purposes, token), §5 (login, MFA code) and §7 (calls).
 * Recovery, registration and profile updates live in `recovery.ts`.
 */

/**
 * Caps on free text that §9 does not name. They only keep the API from
 * accepting unbounded input; no screen shows them.
 */
export const INPUT_LIMITS = {
  /** Dealer passwords: §5 gives no length rule for the login field. */
  passwordInputMax: 256,
  returnUrlMax: 2048,
  captchaMax: 4096,
  /** Emailed codes and one-time passcodes of links (registration, report download, SSO). */
  linkCodeMax: 512,
  teamDomainMax: 255,
  clientIpMax: 45,
} as const;

// ---------------------------------------------------------------- building blocks

/** Digits with optional +, spaces, dots, dashes and brackets; 7 to 15 digits (E.164 allows 15). */
const phoneBody = '\\+?[() .-]*(?:[0-9][() .-]*){7,15}';
export const phonePattern = `^${phoneBody}$`;
/** The same, or empty (an optional phone that is being cleared). */
export const optionalPhonePattern = `^(?:${phoneBody})?$`;

/** §5: 'email required, valid, max 128'. */
export const emailField = { type: 'string', minLength: 1, maxLength: LIMITS.emailMax, format: 'email' } as const;

/** §5 'Password (MSA) 12 to 32'. */
export const msaPasswordField = {
  type: 'string',
  minLength: LIMITS.msaPasswordMin,
  maxLength: LIMITS.msaPasswordMax,
} as const;

/** §5 MFA code: required, at least 6 characters, digits. */
export const mfaCodeField = {
  type: 'string',
  minLength: LIMITS.mfaCodeLength,
  pattern: '^[0-9]+$',
  errorMessage: { pattern: 'validation.digits' },
} as const;

export const captchaField = { type: 'string', minLength: 1, maxLength: INPUT_LIMITS.captchaMax } as const;

/**
 * §5 'must be a phone number or an email', max 50. The lengths are checked
 * first (an allOf runs in order) so an empty field reads 'Required', not
 * 'Must be a valid email or phone number'.
 */
export const emailOrPhoneField = {
  type: 'string',
  allOf: [
    { minLength: 1, maxLength: LIMITS.contactMax },
    { anyOf: [{ format: 'email' }, { pattern: phonePattern }], errorMessage: 'validation.emailOrPhone' },
  ],
} as const;

/** A path inside the portal: no scheme and no `//host`, so login never redirects off-site. */
const returnUrlField = {
  type: 'string',
  maxLength: INPUT_LIMITS.returnUrlMax,
  pattern: '^(?![A-Za-z][A-Za-z0-9+.-]*:)(?![/\\\\]{2})[^\\s]*$',
  errorMessage: { pattern: 'validation.returnUrl' },
} as const;

// ---------------------------------------------------------------- MFA vocabulary

/** §3 MFA contact types. */
export const MFA_CONTACT_TYPES = ['cellPhone', 'email'] as const;
export type MfaContactType = (typeof MFA_CONTACT_TYPES)[number];
export const mfaContactTypeField = { type: 'string', enum: MFA_CONTACT_TYPES } as const;
export const mfaContactTypeSchema = { $id: 'MfaContactType', ...mfaContactTypeField } as const;

/** §3 MFA purposes. */
export const MFA_PURPOSES = ['deviceVerification', 'passwordReset', 'identityVerification', 'reportingVerification'] as const;
export type MfaPurpose = (typeof MFA_PURPOSES)[number];
const mfaPurposeField = { type: 'string', enum: MFA_PURPOSES } as const;
export const mfaPurposeSchema = { $id: 'MfaPurpose', ...mfaPurposeField } as const;

/** §3 numeric purpose codes the MSA calls use. */
export const MSA_MFA_PURPOSE_CODES = {
  identityVerification: 1,
  passwordReset: 2,
  deviceVerification: 3,
  reportingVerification: 4,
} as const satisfies Record<MfaPurpose, number>;

// ---------------------------------------------------------------- sign-in

/** §5 login (dealer and internal), §7 'Login: username, password, internal flag, returnUrl and client IP'. */
export const loginRequestSchema = closedSchema('LoginRequest', ['username', 'password'], {
  username: { type: 'string', minLength: 1, maxLength: LIMITS.usernameMax },
  password: { type: 'string', minLength: 1, maxLength: INPUT_LIMITS.passwordInputMax },
  internal: { type: 'boolean' },
  returnUrl: returnUrlField,
  clientIp: { type: 'string', maxLength: INPUT_LIMITS.clientIpMax },
  /** The ALTCHA payload, once a refusal said captchaRequired (many recent failures from the address). */
  captcha: captchaField,
});
export type LoginRequest = FromSchema<typeof loginRequestSchema>;

/** §5 login, customer variant: the username is an email. §7 'Login: email, password and returnUrl'. */
export const msaLoginRequestSchema = closedSchema('MsaLoginRequest', ['email', 'password'], {
  email: emailField,
  password: { type: 'string', minLength: 1, maxLength: LIMITS.msaPasswordMax },
  returnUrl: returnUrlField,
  /** As on the dealer login. */
  captcha: captchaField,
});
export type MsaLoginRequest = FromSchema<typeof msaLoginRequestSchema>;

/**
 * A refused credential check (401): the message, and captchaRequired when the
 * next attempt from this address must carry a solved captcha (the form then
 * shows the widget). A throttled attempt answers 429 with Retry-After instead.
 */
export const loginRefusalSchema = closedSchema('LoginRefusal', ['message'], {
  message: { type: 'string' },
  captchaRequired: { type: 'boolean' },
});
export type LoginRefusal = FromSchema<typeof loginRefusalSchema>;

/**
 * Proof of the signed-in person for a sensitive change outside the login
 * steps (username, security questions, contact methods): the current
 * password, unless a code was verified in this session a few minutes ago.
 */
export const currentPasswordField = { type: 'string', minLength: 1, maxLength: INPUT_LIMITS.passwordInputMax } as const;

/** §3 login requirements: the `reqs` of a credential check. */
const loginRequirementsFields = closedObject({
  noContactInfo: { type: 'boolean' },
  mfaRequired: { type: 'boolean' },
  usernameResetRequired: { type: 'boolean' },
  verifySecurityQuestions: { type: 'boolean' },
  passwordResetRequired: { type: 'boolean' },
  betaUser: { type: 'boolean' },
  termsAndConditionsRequired: { type: 'boolean' },
  privacyPolicyRequired: { type: 'boolean' },
  actionRequired: { type: 'boolean' },
  mfaSentTo: { type: ['string', 'null'] },
  mfaSentToMsg: { type: ['string', 'null'] },
});
export const loginRequirementsSchema = { $id: 'LoginRequirements', ...loginRequirementsFields } as const;
export type LoginRequirements = FromSchema<typeof loginRequirementsSchema>;

/** §3 token: a bearer token with its expiry. */
const tokenFields = closedObject({
  token: { type: 'string' },
  expires: { type: 'string', format: 'date-time' },
});
export const tokenSchema = { $id: 'Token', ...tokenFields } as const;
export type Token = FromSchema<typeof tokenSchema>;

/** Answer of a credential check (dealer and MSA): success, reqs and, once signed in, the token. */
export const loginResponseSchema = closedSchema('LoginResponse', ['success', 'reqs'], {
  success: { type: 'boolean' },
  reqs: loginRequirementsFields,
  token: { ...tokenFields, type: ['object', 'null'] },
});
export type LoginResponse = FromSchema<typeof loginResponseSchema>;

/** Answer of a login step done (MFA verify, username, questions, password, terms): the reqs still pending. */
export const stepResultSchema = closedSchema('StepResult', {
  success: { type: 'boolean' },
  reqs: loginRequirementsFields,
});
export type StepResult = FromSchema<typeof stepResultSchema>;

/** §7 'Validate username' (dealer and MSA). */
export const usernameCheckSchema = closedSchema('UsernameCheck', {
  username: { type: 'string', minLength: 1, maxLength: LIMITS.emailMax },
});
export type UsernameCheck = FromSchema<typeof usernameCheckSchema>;

/** §5 Team Domain: required (§7 tenant lookup). */
export const teamDomainSchema = closedSchema('TeamDomain', {
  teamDomain: { type: 'string', minLength: 1, maxLength: INPUT_LIMITS.teamDomainMax },
});
export type TeamDomain = FromSchema<typeof teamDomainSchema>;

/** §7 'Exchange SSO code: ssoCode'. */
export const ssoExchangeSchema = closedSchema('SsoExchange', {
  ssoCode: { type: 'string', minLength: 1, maxLength: INPUT_LIMITS.linkCodeMax },
});
export type SsoExchange = FromSchema<typeof ssoExchangeSchema>;

/**
 * §2 'Choosing a provider navigates the browser to the access service's SSO login path
 * with siteGroup and provider parameters' (GET sso/login, a browser navigation).
 */
export const ssoLoginQuerySchema = {
  $id: 'SsoLoginQuery',
  type: 'object',
  required: ['siteGroup', 'provider'],
  properties: {
    siteGroup: { type: 'integer', minimum: 1, maximum: INT4_MAX },
    provider: { type: 'string', minLength: 1, maxLength: 100 },
    returnUrl: { type: 'string', maxLength: INPUT_LIMITS.returnUrlMax },
  },
} as const;
export type SsoLoginQuery = FromSchema<typeof ssoLoginQuerySchema>;

/** The identity provider's answer at GET sso/callback (OpenID Connect authorization response). */
export const ssoCallbackQuerySchema = {
  $id: 'SsoCallbackQuery',
  type: 'object',
  properties: {
    code: { type: 'string', maxLength: 4096 },
    state: { type: 'string', maxLength: 512 },
    iss: { type: 'string', maxLength: 2048 },
    error: { type: 'string', maxLength: 256 },
    error_description: { type: 'string', maxLength: 2048 },
  },
} as const;
export type SsoCallbackQuery = FromSchema<typeof ssoCallbackQuerySchema>;

// ---------------------------------------------------------------- MFA calls

/** §7 POST mfa/request. Without a contact value the code goes to the user's phone or email (§4). */
export const mfaRequestSchema = closedSchema('MfaRequest', ['type', 'mfaType'], {
  contactMethodValue: { type: ['string', 'null'], maxLength: LIMITS.contactMax },
  type: mfaContactTypeField,
  mfaType: mfaPurposeField,
});
export type MfaRequest = FromSchema<typeof mfaRequestSchema>;

/** §7 POST mfa/verify, §5 MFA code. */
export const mfaVerifySchema = closedSchema('MfaVerify', ['code'], {
  code: mfaCodeField,
  rememberDevice: { type: 'boolean' },
});
export type MfaVerify = FromSchema<typeof mfaVerifySchema>;

/** Answer of POST mfa/request: where the code went, masked (§4), and by which channel. */
export const mfaSentSchema = closedSchema('MfaSent', {
  mfaSentTo: { type: 'string' },
  mfaSentToMsg: mfaContactTypeField,
});
export type MfaSent = FromSchema<typeof mfaSentSchema>;

/** Answer of DELETE account/trustedDevices: how many remembered devices were forgotten. */
export const trustedDevicesRevokedSchema = closedSchema('TrustedDevicesRevoked', {
  success: { type: 'boolean' },
  revoked: { type: 'integer', minimum: 0, maximum: INT4_MAX },
});
export type TrustedDevicesRevoked = FromSchema<typeof trustedDevicesRevokedSchema>;

/** §7 POST mfa/request/msa. */
export const mfaRequestMsaSchema = closedSchema('MfaRequestMsa', {
  email: emailField,
});
export type MfaRequestMsa = FromSchema<typeof mfaRequestMsaSchema>;

/** §7 POST mfa/verify/msa: the MSA username is the email. */
export const mfaVerifyMsaSchema = closedSchema('MfaVerifyMsa', {
  username: emailField,
  code: mfaCodeField,
});
export type MfaVerifyMsa = FromSchema<typeof mfaVerifyMsaSchema>;

// ---------------------------------------------------------------- report download by link

const linkIdField = { type: 'string', minLength: 1, maxLength: INPUT_LIMITS.linkCodeMax } as const;

/** §7 POST mfa/requestReportCode: linkID, type email, purpose reportingVerification, resend flag. */
export const requestReportCodeSchema = closedSchema('RequestReportCode', ['linkID', 'type', 'mfaType'], {
  linkID: linkIdField,
  contactMethodValue: { type: ['string', 'null'], maxLength: LIMITS.contactMax },
  type: mfaContactTypeField,
  mfaType: mfaPurposeField,
  resendCode: { type: 'boolean' },
});
export type RequestReportCode = FromSchema<typeof requestReportCodeSchema>;

/** §5 'The report dialog requires exactly 6 digits'; §7 'Download report from code: linkID and code'. */
export const reportCodeVerifySchema = closedSchema('ReportCodeVerify', {
  linkID: linkIdField,
  code: {
    type: 'string',
    minLength: LIMITS.mfaCodeLength,
    maxLength: LIMITS.mfaCodeLength,
    pattern: `^[0-9]{${LIMITS.mfaCodeLength}}$`,
    errorMessage: { pattern: 'validation.digits' },
  },
});
export type ReportCodeVerify = FromSchema<typeof reportCodeVerifySchema>;
