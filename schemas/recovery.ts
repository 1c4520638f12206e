import type { FromSchema } from 'json-schema-to-ts';
import { LIMITS } from './constants.js';
import {
  INPUT_LIMITS,
  captchaField,
  currentPasswordField,
  emailField,
  emailOrPhoneField,
  mfaCodeField,
  mfaContactTypeField,
  msaPasswordField,
} from './auth.js';
import { closedObject, closedObjectArray, closedSchema, type FromSchemaWithData, INT4_MAX, sameAs } from './shared.js';

/**
 * Forced first-login updates and forgot password / username: SPEC §2
 * (dialogs), §4 (flows), §5 (rules), §7 (calls). Create MSA account and
 * registration by emailed link are in `registration.ts`.
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

// ---------------------------------------------------------------- forced first-login updates

/** §5 contact info; §7 'Validate contact method' and 'Update contact method': contact and type. */
export const contactInfoSchema = closedSchema('ContactInfo', ['contact'], {
  contact: emailOrPhoneField,
  /** Sent by the client; derived from the contact when absent. */
  type: mfaContactTypeField,
  /** Outside the login steps (auth/stepUp.ts). */
  currentPassword: currentPasswordField,
});
export type ContactInfo = FromSchema<typeof contactInfoSchema>;

/** Answer of POST user/contactMethod/validate: the contact is usable, and is of this type. */
export const contactValidationSchema = closedSchema('ContactValidation', {
  valid: { type: 'boolean' },
  type: mfaContactTypeField,
});
export type ContactValidation = FromSchema<typeof contactValidationSchema>;

/** §7 'Load contact methods': the signed-in user's own, unmasked, and whether a code confirmed each. */
export const contactMethodListSchema = {
  $id: 'ContactMethodList',
  type: 'array',
  items: closedObject({
    type: mfaContactTypeField,
    value: { type: 'string' },
    verified: { type: 'boolean' },
  }),
} as const;
export type ContactMethodList = FromSchema<typeof contactMethodListSchema>;

/** §5 new username: required, 5 to 50, at least one letter. */
export const newUsernameSchema = closedSchema('NewUsername', ['username'], {
  username: {
    type: 'string',
    minLength: LIMITS.newUsernameMin,
    maxLength: LIMITS.usernameMax,
    pattern: '\\p{L}',
    errorMessage: { pattern: 'validation.letterRequired' },
  },
  /** Outside the login steps (auth/stepUp.ts). */
  currentPassword: currentPasswordField,
});
export type NewUsername = FromSchema<typeof newUsernameSchema>;

const securityQuestionText = { type: 'string', minLength: 1, maxLength: RECOVERY_LIMITS.securityQuestionMax } as const;

/** §3 security question. The answer is absent when the server lists the questions. */
export const securityQuestionSchema = closedSchema('SecurityQuestion', ['question'], {
  question: securityQuestionText,
  answer: { type: 'string', maxLength: RECOVERY_LIMITS.securityAnswerMax },
});
export type SecurityQuestion = FromSchema<typeof securityQuestionSchema>;

/** §7 'Create recovery session ... Returns a list of security questions'. */
export const securityQuestionListSchema = closedSchema('SecurityQuestionList', {
  questions: {
    type: 'array',
    maxItems: RECOVERY_LIMITS.securityQuestionsMax,
    items: closedObject({ question: securityQuestionText }),
  },
});
export type SecurityQuestionList = FromSchema<typeof securityQuestionListSchema>;

/** §5 'Security questions: every answer required' (answering in recovery and updating at login). */
export const securityQuestionsAnswerSchema = closedSchema('SecurityQuestionsAnswer', ['questions'], {
  questions: {
    type: 'array',
    minItems: 1,
    maxItems: RECOVERY_LIMITS.securityQuestionsMax,
    items: closedObject({
      question: securityQuestionText,
      answer: { type: 'string', minLength: 1, maxLength: RECOVERY_LIMITS.securityAnswerMax },
    }),
  },
  /** Outside the login steps (auth/stepUp.ts). */
  currentPassword: currentPasswordField,
});
export type SecurityQuestionsAnswer = FromSchema<typeof securityQuestionsAnswerSchema>;

/**
 * Questions a user may choose when updating them (GET account/securityQuestions/options):
 * `id` is what PUT account/securityQuestions sends back as `question`, `question` the text
 * in the request's language, `count` how many distinct questions must be chosen.
 */
export const securityQuestionOptionsSchema = closedSchema('SecurityQuestionOptions', {
  count: { type: 'integer', minimum: 1, maximum: INT4_MAX },
  options: closedObjectArray({ id: securityQuestionText, question: { type: 'string' } }),
});
export type SecurityQuestionOptions = FromSchema<typeof securityQuestionOptionsSchema>;

/** §2 passwordReset step, §4: only the new and confirm values are asked; the current one is optional. */
export const passwordResetAtLoginSchema = closedSchema('PasswordResetAtLogin', ['newPassword', 'confirmPassword'], {
  currentPassword: { type: 'string', maxLength: INPUT_LIMITS.passwordInputMax },
  newPassword: msaPasswordField,
  confirmPassword: sameAs('newPassword'),
});
export type PasswordResetAtLogin = FromSchemaWithData<typeof passwordResetAtLoginSchema>;

// ---------------------------------------------------------------- forgot password / username (dealer)

/** §5 forgot credentials (dealer): username, contact info and captcha required. */
export const forgotCredentialsSchema = closedSchema('ForgotCredentials', ['username', 'contact', 'captcha'], {
  username: { type: 'string', minLength: 1, maxLength: LIMITS.usernameMax },
  contact: emailOrPhoneField,
  contactType: mfaContactTypeField,
  captcha: captchaField,
});
export type ForgotCredentials = FromSchema<typeof forgotCredentialsSchema>;

/** §7 'Reset password during recovery: new password', with the recovery session's token. */
export const recoveryPasswordResetSchema = closedSchema('RecoveryPasswordReset', {
  recoveryToken: { type: 'string', minLength: 1, maxLength: INPUT_LIMITS.linkCodeMax },
  newPassword: msaPasswordField,
  confirmPassword: sameAs('newPassword'),
});
export type RecoveryPasswordReset = FromSchemaWithData<typeof recoveryPasswordResetSchema>;

/** §5 forgot username: contact (email or phone, max 50) and captcha; dealer number when asked (409). */
export const forgotUsernameSchema = closedSchema('ForgotUsername', ['contact', 'captcha'], {
  contact: emailOrPhoneField,
  contactType: mfaContactTypeField,
  captcha: captchaField,
  dealerNumber: { type: 'string', maxLength: RECOVERY_LIMITS.dealerNumberMax },
});
export type ForgotUsername = FromSchema<typeof forgotUsernameSchema>;

// ---------------------------------------------------------------- customer (MSA)

/**
 * §5 customer forgot password, final step. mfa/verify/msa checks the emailed
 * code without spending it; the code travels again with the new password and
 * this call spends it, so the reset is authorised by it (no server session).
 */
export const customerForgotPasswordSchema = closedSchema('CustomerForgotPassword', {
  email: emailField,
  code: mfaCodeField,
  newPassword: msaPasswordField,
  confirmPassword: sameAs('newPassword'),
  captcha: captchaField,
});
export type CustomerForgotPassword = FromSchemaWithData<typeof customerForgotPasswordSchema>;

// ---------------------------------------------------------------- answers of the recovery calls

/** The answer of a recovery or registration call: success, and a notice for the user when there is one. */
export const recoverySuccessSchema = closedSchema('RecoverySuccess', ['success'], {
  success: { type: 'boolean' },
  message: { type: 'string' },
});
export type RecoverySuccess = FromSchema<typeof recoverySuccessSchema>;

/** §7 'Create recovery session ... Returns a list of security questions' (in their order), with the session's token. */
export const recoverySessionSchema = closedSchema('RecoverySession', {
  recoveryToken: { type: 'string' },
  questions: securityQuestionListSchema.properties.questions,
});
export type RecoverySession = FromSchema<typeof recoverySessionSchema>;

/** §7 'Answer security questions: questions with answers' (PATCH account/securityQuestions during recovery). */
export const recoveryAnswersSchema = closedSchema('RecoveryAnswers', {
  recoveryToken: { type: 'string', minLength: 1, maxLength: INPUT_LIMITS.linkCodeMax },
  questions: securityQuestionsAnswerSchema.properties.questions,
});
export type RecoveryAnswers = FromSchema<typeof recoveryAnswersSchema>;

/** Why a forgot-username request needs more (§8 409); translated messages cannot carry the word 'provide'. */
const FORGOT_USERNAME_CONFLICTS = ['dealerNumberRequired', 'contactDealerSupport'] as const;

/**
 * §8 '409 on forgot username': the message (it mentions 'provide' in English
 * when a dealer number is asked for) and the same fact as a value, `reason`,
 * for clients showing another language.
 */
export const forgotUsernameConflictSchema = closedSchema('ForgotUsernameConflict', {
  message: { type: 'string' },
  reason: { type: 'string', enum: FORGOT_USERNAME_CONFLICTS },
});
export type ForgotUsernameConflict = FromSchema<typeof forgotUsernameConflictSchema>;
