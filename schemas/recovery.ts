import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { LIMITS } from '../src/common/constants.js';
import {
  INPUT_LIMITS,
  captchaField,
  emailField,
  emailOrPhoneField,
  mfaCodeField,
  mfaContactTypeField,
  msaPasswordField,
} from './auth.js';

/**
 * Forced first-login updates, forgot password / username, MSA account
 * creation and registration: SPEC §2 (dialogs), §4 (flows), §5 (rules), §7 (calls).
 */

/** Free text §9 does not name: answers, account numbers and passcodes, dealer numbers. */
export const RECOVERY_LIMITS = {
  securityQuestionMax: 256,
  securityAnswerMax: 256,
  securityQuestionsMax: 10,
  accountNumberMax: 64,
  accountPasscodeMax: 64,
  dealerNumberMax: 32,
} as const;

/**
 * `confirm: { const: { $data } }` is checked by ajv against the sibling field;
 * json-schema-to-ts would read the pointer as the literal value, so the types
 * of these bodies are derived with that `const` left out.
 */
type WithoutDataConst<S> = S extends { readonly const: { readonly $data: string } }
  ? Omit<S, 'const'>
  : S extends readonly unknown[]
    ? S
    : S extends object
      ? { [K in keyof S]: WithoutDataConst<S[K]> }
      : S;
type FromSchemaWithData<S> = WithoutDataConst<S> extends infer T extends JSONSchema ? FromSchema<T> : never;

/** §5 'New password and confirmation must match': equal to the sibling `field`. */
function sameAs<F extends string>(field: F) {
  return {
    type: 'string',
    const: { $data: `1/${field}` },
    errorMessage: { const: 'validation.passwordsMustMatch' },
  } as const;
}

// ---------------------------------------------------------------- forced first-login updates

/** §5 contact info; §7 'Validate contact method' and 'Update contact method': contact and type. */
export const contactInfoSchema = {
  $id: 'ContactInfo',
  type: 'object',
  additionalProperties: false,
  required: ['contact'],
  properties: {
    contact: emailOrPhoneField,
    /** Sent by the client; derived from the contact when absent. */
    type: mfaContactTypeField,
  },
} as const;
export type ContactInfo = FromSchema<typeof contactInfoSchema>;

/** §5 new username: required, 5 to 50, at least one letter. */
export const newUsernameSchema = {
  $id: 'NewUsername',
  type: 'object',
  additionalProperties: false,
  required: ['username'],
  properties: {
    username: {
      type: 'string',
      minLength: LIMITS.newUsernameMin,
      maxLength: LIMITS.usernameMax,
      pattern: '\\p{L}',
      errorMessage: { pattern: 'validation.letterRequired' },
    },
  },
} as const;
export type NewUsername = FromSchema<typeof newUsernameSchema>;

const securityQuestionText = { type: 'string', minLength: 1, maxLength: RECOVERY_LIMITS.securityQuestionMax } as const;

/** §3 security question. The answer is absent when the server lists the questions. */
export const securityQuestionSchema = {
  $id: 'SecurityQuestion',
  type: 'object',
  additionalProperties: false,
  required: ['question'],
  properties: {
    question: securityQuestionText,
    answer: { type: 'string', maxLength: RECOVERY_LIMITS.securityAnswerMax },
  },
} as const;
export type SecurityQuestion = FromSchema<typeof securityQuestionSchema>;

/** §7 'Create recovery session ... Returns a list of security questions'. */
export const securityQuestionListSchema = {
  $id: 'SecurityQuestionList',
  type: 'object',
  additionalProperties: false,
  required: ['questions'],
  properties: {
    questions: {
      type: 'array',
      maxItems: RECOVERY_LIMITS.securityQuestionsMax,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['question'],
        properties: { question: securityQuestionText },
      },
    },
  },
} as const;
export type SecurityQuestionList = FromSchema<typeof securityQuestionListSchema>;

/** §5 'Security questions: every answer required' (answering in recovery and updating at login). */
export const securityQuestionsAnswerSchema = {
  $id: 'SecurityQuestionsAnswer',
  type: 'object',
  additionalProperties: false,
  required: ['questions'],
  properties: {
    questions: {
      type: 'array',
      minItems: 1,
      maxItems: RECOVERY_LIMITS.securityQuestionsMax,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['question', 'answer'],
        properties: {
          question: securityQuestionText,
          answer: { type: 'string', minLength: 1, maxLength: RECOVERY_LIMITS.securityAnswerMax },
        },
      },
    },
  },
} as const;
export type SecurityQuestionsAnswer = FromSchema<typeof securityQuestionsAnswerSchema>;

/** §2 passwordReset step, §4: only the new and confirm values are asked; the current one is optional. */
export const passwordResetAtLoginSchema = {
  $id: 'PasswordResetAtLogin',
  type: 'object',
  additionalProperties: false,
  required: ['newPassword', 'confirmPassword'],
  properties: {
    currentPassword: { type: 'string', maxLength: INPUT_LIMITS.passwordInputMax },
    newPassword: msaPasswordField,
    confirmPassword: sameAs('newPassword'),
  },
} as const;
export type PasswordResetAtLogin = FromSchemaWithData<typeof passwordResetAtLoginSchema>;

// ---------------------------------------------------------------- forgot password / username (dealer)

/** §5 forgot credentials (dealer): username, contact info and captcha required. */
export const forgotCredentialsSchema = {
  $id: 'ForgotCredentials',
  type: 'object',
  additionalProperties: false,
  required: ['username', 'contact', 'captcha'],
  properties: {
    username: { type: 'string', minLength: 1, maxLength: LIMITS.usernameMax },
    contact: emailOrPhoneField,
    contactType: mfaContactTypeField,
    captcha: captchaField,
  },
} as const;
export type ForgotCredentials = FromSchema<typeof forgotCredentialsSchema>;

/** §7 'Reset password during recovery: new password'. */
export const recoveryPasswordResetSchema = {
  $id: 'RecoveryPasswordReset',
  type: 'object',
  additionalProperties: false,
  required: ['newPassword', 'confirmPassword'],
  properties: {
    newPassword: msaPasswordField,
    confirmPassword: sameAs('newPassword'),
  },
} as const;
export type RecoveryPasswordReset = FromSchemaWithData<typeof recoveryPasswordResetSchema>;

/** §5 forgot username: contact (email or phone, max 50) and captcha; dealer number when asked (409). */
export const forgotUsernameSchema = {
  $id: 'ForgotUsername',
  type: 'object',
  additionalProperties: false,
  required: ['contact', 'captcha'],
  properties: {
    contact: emailOrPhoneField,
    contactType: mfaContactTypeField,
    captcha: captchaField,
    dealerNumber: { type: 'string', maxLength: RECOVERY_LIMITS.dealerNumberMax },
  },
} as const;
export type ForgotUsername = FromSchema<typeof forgotUsernameSchema>;

// ---------------------------------------------------------------- customer (MSA)

/**
 * §5 customer forgot password, final step. The emailed code travels with the
 * new password so the reset is authorised by it (the server keeps no session).
 */
export const customerForgotPasswordSchema = {
  $id: 'CustomerForgotPassword',
  type: 'object',
  additionalProperties: false,
  required: ['email', 'code', 'newPassword', 'confirmPassword', 'captcha'],
  properties: {
    email: emailField,
    code: mfaCodeField,
    newPassword: msaPasswordField,
    confirmPassword: sameAs('newPassword'),
    captcha: captchaField,
  },
} as const;
export type CustomerForgotPassword = FromSchemaWithData<typeof customerForgotPasswordSchema>;

/** §5 create MSA account. */
export const createMsaAccountSchema = {
  $id: 'CreateMsaAccount',
  type: 'object',
  additionalProperties: false,
  required: ['email', 'password', 'accountNumber', 'accountPasscode', 'captcha'],
  properties: {
    email: emailField,
    password: msaPasswordField,
    accountNumber: { type: 'string', minLength: 1, maxLength: RECOVERY_LIMITS.accountNumberMax },
    accountPasscode: { type: 'string', minLength: 1, maxLength: RECOVERY_LIMITS.accountPasscodeMax },
    captcha: captchaField,
  },
} as const;
export type CreateMsaAccount = FromSchema<typeof createMsaAccountSchema>;

// ---------------------------------------------------------------- registration by emailed link

const linkCodeField = { type: 'string', minLength: 1, maxLength: INPUT_LIMITS.linkCodeMax } as const;

/** §7 'Verify the email registration code' (route query `code`). */
export const registrationVerifyEmailSchema = {
  $id: 'RegistrationVerifyEmail',
  type: 'object',
  additionalProperties: false,
  required: ['code'],
  properties: {
    code: linkCodeField,
  },
} as const;
export type RegistrationVerifyEmail = FromSchema<typeof registrationVerifyEmailSchema>;

/** §7 'Verify the password registration code: otp and confirmed password'; §5 max 32 (12 to 32 for MSA). */
export const registrationSetPasswordSchema = {
  $id: 'RegistrationSetPassword',
  type: 'object',
  additionalProperties: false,
  required: ['otp', 'password', 'confirmPassword'],
  properties: {
    otp: linkCodeField,
    password: { type: 'string', minLength: LIMITS.msaPasswordMin, maxLength: LIMITS.registrationPasswordMax },
    confirmPassword: sameAs('password'),
  },
} as const;
export type RegistrationSetPassword = FromSchemaWithData<typeof registrationSetPasswordSchema>;
