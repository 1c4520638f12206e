import type { MfaContactType } from '../../../schemas/auth.js';
import type { ForgotUsernameConflict } from '../../../schemas/recovery.js';
import { commonPasswordError } from '../auth/commonPasswords.js';

/**
 * The rules of account recovery and registration (SPEC §4 'Forgot password
 * (dealer)', 'Forgot password (customer)', 'Forgot username', 'Registration';
 * §5; §8 412/409) as pure functions. The routes in this folder only wire them
 * to the database.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Lifetimes and limits the spec leaves open. */
export const RECOVERY_POLICY = {
  /** A dealer's recovery session: verify, answer the questions, set the password. */
  recoverySessionTtlMs: 15 * MINUTE,
  /** Answer attempts per recovery session; the last wrong one spends the session. */
  maxAnswerAttempts: 5,
  /** Link of a self-registered customer (Create MSA account). */
  registrationLinkTtlMs: 24 * HOUR,
  /** Set-your-password link of a customer created by staff. */
  registrationOtpTtlMs: 7 * 24 * HOUR,
  /** Wrong customer reset codes per email address before 429 (as app.mfaCodes counts per code). */
  maxCodeFailures: 5,
  /** Counters of requests and failures start again after an hour without any. */
  windowMs: HOUR,
} as const;

/** A request gate: at most `max` requests per window, and `minIntervalMs` between two. */
export interface GatePolicy {
  minIntervalMs: number;
  max: number;
}

export const GATES = {
  /** Reset codes to one email address: the 30 s resend block of §9 and 10 an hour, as app.mfaCodes. */
  codePerEmail: { minIntervalMs: 30_000, max: 10 },
  /** Registration links to one account. */
  linkPerAccount: { minIntervalMs: 30_000, max: 10 },
  /** Forgot-username requests for one contact (the 409 asks for a second request at once). */
  usernamePerContact: { minIntervalMs: 0, max: 10 },
  /** Any of the anonymous calls that send something or answer a lookup, from one address. */
  perAddress: { minIntervalMs: 0, max: 60 },
} as const satisfies Record<string, GatePolicy>;

/** Locale keys of the server's answers (locales/<lang>/recovery.json). */
export const RECOVERY_KEYS = {
  sessionFailed: 'recovery.session.failed',
  sessionInvalid: 'recovery.session.invalid',
  answersWrong: 'recovery.answers.wrong',
  containsUsername: 'recovery.password.containsUsername',
  sameAsCurrent: 'recovery.password.sameAsCurrent',
  usernameSent: 'recovery.forgotUsername.sent',
  usernameSubject: 'recovery.forgotUsername.subject',
  usernameBody: 'recovery.forgotUsername.body',
  dealerNumberRequired: 'recovery.forgotUsername.dealerNumberRequired',
  contactDealerSupport: 'recovery.forgotUsername.contactDealerSupport',
  codeInvalid: 'recovery.code.invalid',
  codeSubject: 'recovery.code.subject',
  codeBody: 'recovery.code.body',
  accountMismatch: 'recovery.register.accountMismatch',
  alreadyRegistered: 'recovery.register.alreadyRegistered',
  linkExpired: 'recovery.register.linkExpired',
  linkInvalid: 'recovery.register.linkInvalid',
  linkMissing: 'recovery.register.linkMissing',
  verifySubject: 'recovery.register.verifySubject',
  verifyBody: 'recovery.register.verifyBody',
  otpSubject: 'recovery.register.otpSubject',
  otpBody: 'recovery.register.otpBody',
} as const;

// ---------------------------------------------------------------- contacts

/** The type of a typed contact: an address with '@' is an email, anything else a phone. */
export function contactTypeOf(contact: string): MfaContactType {
  return contact.includes('@') ? 'email' : 'cellPhone';
}

export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * The digit strings a phone may be stored as: as typed, and with or without
 * the North American country code 1 ('(312) 555-0187' is '+1 312 555 0187').
 */
export function phoneVariants(value: string): string[] {
  const digits = phoneDigits(value);
  if (!digits) return [];
  if (digits.length === 10) return [digits, `1${digits}`];
  if (digits.length === 11 && digits.startsWith('1')) return [digits, digits.slice(1)];
  return [digits];
}

/** Two phone numbers are the same when their digits are, allowing for the country code 1. */
export function samePhone(a: string, b: string): boolean {
  const digits = phoneDigits(b);
  return digits.length > 0 && phoneVariants(a).includes(digits);
}

/** One key per contact for counting requests: the email in lower case, a phone's digits without the country code 1. */
export function contactKey(contact: string): string {
  if (contactTypeOf(contact) === 'email') return normaliseEmail(contact);
  return phoneVariants(contact).find((digits) => digits.length === 10) ?? phoneDigits(contact);
}

export interface ContactValue {
  type: MfaContactType;
  value: string;
}

/** A typed contact matches a stored one: emails without regard to case, phones by their digits. */
export function contactMatches(contact: string, stored: ContactValue): boolean {
  if (contactTypeOf(contact) !== stored.type) return false;
  return stored.type === 'email' ? normaliseEmail(contact) === normaliseEmail(stored.value) : samePhone(contact, stored.value);
}

/** Roles of a customer (application 3) account: the MSA screens of §6. */
export const CUSTOMER_ROLES = ['noActionRead', 'contactsRead', 'zonesRead', 'sitePasscodeRead', 'scheduleRead', 'billingRead'];

// ---------------------------------------------------------------- forgot username (§4, §8 409)

export interface UsernameCandidate {
  userId: number;
  dealerNumber: string | null;
}

export type ForgotUsernameOutcome =
  { kind: 'none' } | { kind: 'send'; userId: number } | { kind: 'conflict'; reason: ForgotUsernameConflict['reason']; messageKey: string };

/**
 * Who gets the username. Nobody and one user answer alike (neutral notice).
 * Several users share the contact: without a dealer number, a 409 asking to
 * provide it; with one, the users of that dealer number, and when that is not
 * exactly one, a 409 sending the user to dealer support. A dealer number sent
 * with a contact of one user is not checked (it only narrows several).
 */
export function forgotUsernameOutcome(candidates: readonly UsernameCandidate[], dealerNumber?: string): ForgotUsernameOutcome {
  const unique = [...new Map(candidates.map((c) => [c.userId, c])).values()];
  if (unique.length === 0) return { kind: 'none' };
  if (unique.length === 1) return { kind: 'send', userId: unique[0].userId };
  const wanted = dealerNumber?.trim().toLowerCase();
  if (!wanted) return { kind: 'conflict', reason: 'dealerNumberRequired', messageKey: RECOVERY_KEYS.dealerNumberRequired };
  const matching = unique.filter((c) => c.dealerNumber?.trim().toLowerCase() === wanted);
  if (matching.length === 1) return { kind: 'send', userId: matching[0].userId };
  return { kind: 'conflict', reason: 'contactDealerSupport', messageKey: RECOVERY_KEYS.contactDealerSupport };
}

// ---------------------------------------------------------------- security questions

/**
 * The given answers in the order of the stored questions, or undefined when
 * they do not answer exactly those questions (one answer each).
 */
export function pairAnswers(
  stored: readonly { question: string }[],
  given: readonly { question: string; answer: string }[],
): string[] | undefined {
  if (stored.length === 0 || given.length !== stored.length) return undefined;
  const byQuestion = new Map<string, string>();
  for (const { question, answer } of given) {
    const key = question.trim();
    if (byQuestion.has(key)) return undefined;
    byQuestion.set(key, answer);
  }
  const ordered = stored.map((q) => byQuestion.get(q.question.trim()));
  return ordered.every((a): a is string => a !== undefined) ? ordered : undefined;
}

/** What a wrong answer does to a recovery session that has had `attempts` tries, this one included. */
export function afterWrongAnswers(attempts: number): 'retry' | 'spent' {
  return attempts >= RECOVERY_POLICY.maxAnswerAttempts ? 'spent' : 'retry';
}

// ---------------------------------------------------------------- one-time tokens and links

export type TokenState = 'valid' | 'used' | 'expired';

export function tokenState(token: { used_at: Date | string | null; expires_at: Date | string }, now: Date): TokenState {
  if (token.used_at) return 'used';
  return new Date(token.expires_at).getTime() <= now.getTime() ? 'expired' : 'valid';
}

/** A customer is registered once the email is verified and a password is set. */
export function isRegistered(user: { email_verified_at: Date | string | null; password_hash: string | null }): boolean {
  return !!user.email_verified_at && !!user.password_hash;
}

export type LinkOutcome = 'valid' | 'alreadyRegistered' | 'invalid' | 'expired';

/**
 * §4 Registration / §8: a link of a registered account answers 409, a used or
 * superseded one 400, an expired one 412 (the page offers a new link).
 */
export function registrationLinkOutcome(state: TokenState | undefined, registered: boolean): LinkOutcome {
  if (state === undefined) return 'invalid';
  if (registered) return 'alreadyRegistered';
  if (state === 'used') return 'invalid';
  return state;
}

export const LINK_STATUS: Record<Exclude<LinkOutcome, 'valid'>, { status: number; key: string }> = {
  alreadyRegistered: { status: 409, key: RECOVERY_KEYS.alreadyRegistered },
  invalid: { status: 400, key: RECOVERY_KEYS.linkInvalid },
  expired: { status: 412, key: RECOVERY_KEYS.linkExpired },
};

/** §2 route 'login/register' with its query: code (email verification) or otp (set the password). */
export function registrationLink(base: string, param: 'code' | 'otp', token: string): string {
  return `${base}/login/register?${param}=${encodeURIComponent(token)}`;
}

// ---------------------------------------------------------------- new passwords

/**
 * Field errors (field → locale key) of a new password beyond the schema's
 * length and confirmation: a common password, or one containing the username.
 */
export function newPasswordErrors(field: string, password: string, username?: string): Record<string, string> {
  const common = commonPasswordError(password);
  if (common) return { [field]: common };
  const name = username?.trim().toLowerCase();
  if (name && name.length >= 3 && password.toLowerCase().includes(name)) return { [field]: RECOVERY_KEYS.containsUsername };
  return {};
}
