/**
 * SPEC §2 'Registration page' and §4 'Registration': what the page does for
 * its query, and what each answer means. Pure, so each rule has a test.
 */

export type RegistrationMode = { kind: 'verifyEmail'; code: string } | { kind: 'setPassword'; otp: string } | { kind: 'toLogin' };

/** §4 'With a code, email verification runs ... With an otp, the password is set on Save ... With neither, go to login.' */
export function registrationMode(search: string | URLSearchParams): RegistrationMode {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const code = params.get('code')?.trim();
  if (code) return { kind: 'verifyEmail', code };
  const otp = params.get('otp')?.trim();
  if (otp) return { kind: 'setPassword', otp };
  return { kind: 'toLogin' };
}

export type RegistrationView = 'checking' | 'passwordForm' | 'expired' | 'done' | 'error';

/** The view after a failed verify or set-password call: §8 '412 on registration: expired link'. */
export function viewAfterFailure(status: number): Extract<RegistrationView, 'expired' | 'error'> {
  return status === 412 ? 'expired' : 'error';
}

export interface RegistrationNotice {
  type: 'success' | 'info' | 'error';
  titleKey?: string;
  messageKey: string;
  toLogin: boolean;
}

/** §4 success notices. */
export function successNotice(mode: Exclude<RegistrationMode, { kind: 'toLogin' }>): RegistrationNotice {
  return mode.kind === 'verifyEmail'
    ? { type: 'success', titleKey: 'registration.verified.title', messageKey: 'registration.verified.message', toLogin: true }
    : { type: 'success', titleKey: 'registration.passwordSet.title', messageKey: 'registration.passwordSet.message', toLogin: true };
}

/**
 * §4 'Request New Link: success goes to login. Status 409 shows the Info ...
 * (title 'Account already registered') and goes to login.' Other failures
 * stay on the page with the §8 default.
 */
export function resendOutcome(status: number | 'ok'): RegistrationNotice {
  if (status === 'ok') return { type: 'success', messageKey: 'registration.resend.sent', toLogin: true };
  if (status === 409) {
    return { type: 'info', titleKey: 'registration.resend.alreadyTitle', messageKey: 'registration.resend.already', toLogin: true };
  }
  return { type: 'error', messageKey: 'registration.errors.resend', toLogin: false };
}

/** The body of the resend call: the link's own code or otp. */
export function resendBody(mode: Exclude<RegistrationMode, { kind: 'toLogin' }>): { code: string } | { otp: string } {
  return mode.kind === 'verifyEmail' ? { code: mode.code } : { otp: mode.otp };
}

/**
 * §8 default message when the verify or set-password call fails with no
 * server text: both verify a registration code (§7 'Verify the email
 * registration code', 'Verify the password registration code').
 */
export const REGISTRATION_FAILURE_KEY = 'registration.errors.verify';
