import type { FromSchema } from 'json-schema-to-ts';
import { LIMITS } from './constants.js';
import { INPUT_LIMITS, captchaField, emailField, msaPasswordField } from './auth.js';
import { RECOVERY_LIMITS } from './recovery.js';
import { closedSchema, type FromSchemaWithData, nonEmptySchema, sameAs } from './shared.js';

/**
 * Customers' own accounts: Create MSA account and registration by emailed
 * link (SPEC §2 Create MSA account dialog and registration page, §4
 * Registration, §5, §7 'Customer (MSA)' and 'Registration and reports').
 */

/** §5 create MSA account. */
export const createMsaAccountSchema = closedSchema('CreateMsaAccount', {
  email: emailField,
  password: msaPasswordField,
  accountNumber: { type: 'string', minLength: 1, maxLength: RECOVERY_LIMITS.accountNumberMax },
  accountPasscode: { type: 'string', minLength: 1, maxLength: RECOVERY_LIMITS.accountPasscodeMax },
  captcha: captchaField,
});
export type CreateMsaAccount = FromSchema<typeof createMsaAccountSchema>;

// ---------------------------------------------------------------- registration by emailed link

const linkCodeField = { type: 'string', minLength: 1, maxLength: INPUT_LIMITS.linkCodeMax } as const;

/** §7 'Verify the email registration code' (route query `code`). */
export const registrationVerifyEmailSchema = closedSchema('RegistrationVerifyEmail', {
  code: linkCodeField,
});
export type RegistrationVerifyEmail = FromSchema<typeof registrationVerifyEmailSchema>;

/** §7 'Verify the password registration code: otp and confirmed password'; §5 max 32 (12 to 32 for MSA). */
export const registrationSetPasswordSchema = closedSchema('RegistrationSetPassword', {
  otp: linkCodeField,
  password: { type: 'string', minLength: LIMITS.msaPasswordMin, maxLength: LIMITS.registrationPasswordMax },
  confirmPassword: sameAs('password'),
});
export type RegistrationSetPassword = FromSchemaWithData<typeof registrationSetPasswordSchema>;

/**
 * §7 'Resend the registration code': the link's code or otp (an expired
 * link), or the email address. At least one of them.
 */
export const registrationResendSchema = nonEmptySchema('RegistrationResend', {
  code: linkCodeField,
  otp: linkCodeField,
  email: emailField,
});
export type RegistrationResend = FromSchema<typeof registrationResendSchema>;

/** §7 'Validate username' (msa/username): whether the email can still be registered. */
export const usernameAvailabilitySchema = closedSchema('UsernameAvailability', { available: { type: 'boolean' } });
export type UsernameAvailability = FromSchema<typeof usernameAvailabilitySchema>;
