import type { LoginRequirements, MfaContactType, MfaPurpose } from '../../schemas/auth.js';
import { INPUT_LIMITS, phonePattern } from '../../schemas/auth.js';
import { APPLICATION, LIMITS } from './constants.js';

/**
 * The sign-in rules of SPEC §2 (login screen, login steps) and §4 (login flow,
 * redirects) as pure functions. The server and the React client both import
 * them; every user-visible text is a key of `locales/<lang>/login.json`.
 */

// ---------------------------------------------------------------- locale keys

/** Every `login.*` key these rules hand to the UI (the file is `locales/<lang>/login.json`). */
export const LOGIN_KEYS = {
  titleCustomer: 'login.title.customer',
  titleDealer: 'login.title.dealer',
  titlePlain: 'login.title.plain',
  usernamePlaceholder: 'login.fields.username',
  emailPlaceholder: 'login.fields.email',
  forgot: 'login.actions.forgot',
  contactInfoTitle: 'login.contactInfo.title',
  contactInfoField: 'login.contactInfo.field',
  noContact: 'login.mfa.noContact',
  rememberDevice: 'login.mfa.rememberDevice',
  textAgain: 'login.mfa.textAgain',
  emailAgain: 'login.mfa.emailAgain',
  emailInstead: 'login.mfa.emailInstead',
  securityQuestionsIntro: 'login.securityQuestions.intro',
  passwordResetIntro: 'login.passwordReset.intro',
  termsDeclined: 'login.terms.declined',
  privacyPolicyDeclined: 'login.privacyPolicy.declined',
  redirecting: 'login.redirecting',
} as const;

/** A locale key and its `%{name}` arguments. */
export interface LocaleText {
  key: string;
  args?: Record<string, string>;
}

// ---------------------------------------------------------------- steps (§2 login steps, §4 login flow)

/** §2 'Login steps (shown in this order, only those required)'. */
export const LOGIN_STEPS = ['username', 'contactInfo', 'mfaVerify', 'usernameReset', 'securityQuestions', 'passwordReset'] as const;
export type LoginStep = (typeof LOGIN_STEPS)[number];

/** The §3 login-requirement flag behind each step after the first. */
export const STEP_FLAGS = {
  contactInfo: 'noContactInfo',
  mfaVerify: 'mfaRequired',
  usernameReset: 'usernameResetRequired',
  securityQuestions: 'verifySecurityQuestions',
  passwordReset: 'passwordResetRequired',
} as const satisfies Record<Exclude<LoginStep, 'username'>, keyof LoginRequirements>;

export type StepFlags = Pick<LoginRequirements, (typeof STEP_FLAGS)[keyof typeof STEP_FLAGS]>;

/**
 * §4 'After a successful credential check the step list is rebuilt in this order: username;
 * contactInfo if noContactInfo; mfaVerify if mfaRequired; usernameReset; securityQuestions;
 * passwordReset. The last three appear only when their flags are set.'
 */
export function buildLoginSteps(reqs: StepFlags): LoginStep[] {
  return LOGIN_STEPS.filter((step) => step === 'username' || reqs[STEP_FLAGS[step]]);
}

/** §4 'each step clears its flag on success': a copy of `reqs` with the step's flag false. */
export function clearStepFlag<R extends StepFlags>(reqs: R, step: LoginStep): R {
  if (step === 'username') return { ...reqs };
  return { ...reqs, [STEP_FLAGS[step]]: false };
}

/** §4 'The flow advances step by step': the step after `current`, or undefined after the last. */
export function nextStep(steps: readonly LoginStep[], current: LoginStep): LoginStep | undefined {
  const index = steps.indexOf(current);
  return index < 0 ? undefined : steps[index + 1];
}

// ---------------------------------------------------------------- MFA purpose (§4)

/**
 * §4 'MFA purpose: deviceVerification if there is no contact info. Else passwordReset if a
 * password reset is required. Else identityVerification if MFA is required.'
 * Compute it from the reqs of the credential check, before contactInfo clears noContactInfo.
 */
export function mfaPurpose(
  reqs: Pick<LoginRequirements, 'noContactInfo' | 'passwordResetRequired' | 'mfaRequired'>,
): MfaPurpose | undefined {
  if (reqs.noContactInfo) return 'deviceVerification';
  if (reqs.passwordResetRequired) return 'passwordReset';
  if (reqs.mfaRequired) return 'identityVerification';
  return undefined;
}

/** §2 "'Remember this device?' checkbox, default true". */
export const REMEMBER_DEVICE_DEFAULT = true;

/** §2 "'Remember this device?' … hidden on password reset"; §4 '(this also hides remember device)'. */
export function showRememberDevice(purpose: MfaPurpose | undefined): boolean {
  return purpose !== 'passwordReset';
}

// ---------------------------------------------------------------- masking (§4)

/** How much of a contact stays readable (§4 masking). */
const MASK = { char: '*', phoneVisibleDigits: 2, emailVisibleChars: 4 } as const;

/**
 * §4 'a phone shows its last 2 digits'. Format: formatting characters are dropped and every
 * digit but the last two becomes '*' ('+1 (312) 555-0187' → '*********87'). A value with no
 * more than two digits is masked entirely.
 */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length <= MASK.phoneVisibleDigits) return MASK.char.repeat(digits.length);
  const hidden = digits.length - MASK.phoneVisibleDigits;
  return MASK.char.repeat(hidden) + digits.slice(hidden);
}

/**
 * §4 'An email shows its first 4 characters followed by asterisks', read literally: the domain
 * is hidden too, and the mask keeps the address's length ('customer@example.com' →
 * 'cust****************'). An address of 4 characters or fewer is masked entirely.
 */
export function maskEmail(email: string): string {
  const value = email.trim();
  if (value.length <= MASK.emailVisibleChars) return MASK.char.repeat(value.length);
  return value.slice(0, MASK.emailVisibleChars) + MASK.char.repeat(value.length - MASK.emailVisibleChars);
}

/** §4 masking by §3 MFA contact type. */
export function maskContact(value: string, type: MfaContactType): string {
  return type === 'email' ? maskEmail(value) : maskPhone(value);
}

// ---------------------------------------------------------------- resend (§4)

const MS_PER_SECOND = 1000;

/**
 * §4 'Resend is blocked for 30 seconds after each request' (§9 resend-code block). Record
 * `lastRequestAt` on every request, failed ones included: §8 '429 … Resend stays blocked'.
 */
export function canResend(lastRequestAt: number | undefined, now: number): boolean {
  return lastRequestAt === undefined || now - lastRequestAt >= LIMITS.resendCodeBlockMs;
}

/** Whole seconds left of the 30 s resend block (0 when a resend is allowed). */
export function resendWaitSeconds(lastRequestAt: number | undefined, now: number): number {
  if (lastRequestAt === undefined || canResend(lastRequestAt, now)) return 0;
  return Math.ceil((LIMITS.resendCodeBlockMs - (now - lastRequestAt)) / MS_PER_SECOND);
}

/** Where a code goes: the body of §7 `mfa/request` without its purpose. */
export interface ContactTarget {
  value: string;
  type: MfaContactType;
}

export interface ResendInput {
  /** What the user typed in the contact step, if anything. */
  typedContact?: string | null;
  phone?: string | null;
  email?: string | null;
  /** The channel of the link the user chose ('Text me…' → cellPhone, 'Email…' → email). */
  via?: MfaContactType;
}

/**
 * §4 'The code goes to the typed contact, else to the user's phone (text) or email.'
 * A typed value that is neither a phone nor an email is ignored. Undefined means there is
 * nowhere to send it: show {@link NO_CONTACT_KEY}.
 */
export function resendTarget({ typedContact, phone, email, via }: ResendInput): ContactTarget | undefined {
  const typed = typedContact?.trim() ?? '';
  const typedType = contactType(typed);
  if (typedType && (!via || via === typedType)) return { value: typed, type: typedType };
  if (via !== 'email' && phone?.trim()) return { value: phone.trim(), type: 'cellPhone' };
  if (via !== 'cellPhone' && email?.trim()) return { value: email.trim(), type: 'email' };
  return undefined;
}

/** §4 "With no contact info: 'No contact information available to resend code'". */
export const NO_CONTACT_KEY = LOGIN_KEYS.noContact;

/**
 * §2 "Links 'Text me a code again' and 'Email a code again/instead'": the email link reads
 * 'again' when the last code went by email, else 'instead'.
 */
export function resendLinkKey(via: MfaContactType, lastSentType: MfaContactType | undefined): string {
  if (via === 'cellPhone') return LOGIN_KEYS.textAgain;
  return lastSentType === 'email' ? LOGIN_KEYS.emailAgain : LOGIN_KEYS.emailInstead;
}

// ---------------------------------------------------------------- code entry (§2, §4, §5)

const SIX_DIGITS = new RegExp(`^[0-9]{${LIMITS.mfaCodeLength}}$`);

/** §2 'a 6-digit code field' (§9 MFA code length 6): exactly six digits, nothing else. */
export function isSixDigitCode(code: string): boolean {
  return SIX_DIGITS.test(code);
}

/** §4 'A 6-digit code auto-submits verification when entered.' */
export function shouldAutoSubmit(code: string): boolean {
  return isSixDigitCode(code);
}

// ---------------------------------------------------------------- contact info (§4, §5)

/**
 * The same email rule as ajv's `format: 'email'` (validation.ts adds ajv-formats in full mode),
 * copied so the login page's first load does not carry ajv-formats' whole format table;
 * loginFlow.test.ts checks it against `fullFormats.email` so the two cannot drift apart.
 */
export const EMAIL_PATTERN =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
const EMAIL = EMAIL_PATTERN;
/** The §5 phone rule of schemas/auth.ts: digits with + ( ) . - and spaces, 7 to 15 digits. */
const PHONE = new RegExp(phonePattern);

/** §5 'Contact info … must be a phone number or an email', as a §3 MFA contact type. */
export function contactType(value: string): MfaContactType | undefined {
  const text = value.trim();
  if (EMAIL.test(text)) return 'email';
  if (PHONE.test(text)) return 'cellPhone';
  return undefined;
}

/** §4 'The contact step validates the contact first, for application 2 users only.' */
export function mustValidateContactFirst(applicationNum: number): boolean {
  return applicationNum === APPLICATION.dealer;
}

// ---------------------------------------------------------------- after the last step (§4)

export type LoginGate = 'terms' | 'privacyPolicy' | 'complete';

export interface AfterLastStepInput {
  applicationNum: number;
  betaUser: boolean;
  termsRequired: boolean;
  privacyPolicyRequired: boolean;
}

/**
 * §4 'After the last step: If the user is application 2 and a beta user and terms are required,
 * the terms dialog must be accepted. Then, if the privacy policy is required, it must be
 * accepted. Then login completes.' Where 'complete' leads is {@link destinationAfterLogin}.
 */
export function afterLastStep({ applicationNum, betaUser, termsRequired, privacyPolicyRequired }: AfterLastStepInput): LoginGate[] {
  const gates: LoginGate[] = [];
  if (applicationNum === APPLICATION.dealer && betaUser && termsRequired) gates.push('terms');
  if (privacyPolicyRequired) gates.push('privacyPolicy');
  gates.push('complete');
  return gates;
}

/**
 * §4 "If declined: 'You must accept the terms and conditions to continue. Please try again.'"
 * and "If declined: 'You must accept the privacy policy to continue'".
 */
export const DECLINE_KEYS = {
  terms: LOGIN_KEYS.termsDeclined,
  privacyPolicy: LOGIN_KEYS.privacyPolicyDeclined,
} as const satisfies Record<Exclude<LoginGate, 'complete'>, string>;

/** §4 "A one-time key is created, 'Redirecting...' is shown". */
export const REDIRECTING_KEY = LOGIN_KEYS.redirecting;

// ---------------------------------------------------------------- redirects (§2, §4)

/** Routes the sign-in rules send users to (§2 route table). */
export const LOGIN_ROUTES = {
  login: '/login',
  msaSummary: '/msa/summary',
  home: '/home',
  homeDashboard: '/home/dashboard',
} as const;

/**
 * §2 'returnUrl is honoured after login', without an open redirect: only a same-site path that
 * starts with exactly one '/' is kept. '//host', '/\host', schemes, backslashes, whitespace and
 * control characters (browsers drop tabs and newlines, turning '/\t/host' into '//host') are
 * refused, as is anything longer than the request schema allows.
 */
export function safeReturnUrl(url: string | null | undefined): string | undefined {
  if (typeof url !== 'string' || url.length > INPUT_LIMITS.returnUrlMax) return undefined;
  if (!url.startsWith('/') || url.startsWith('//')) return undefined;
  if (/[\\\s\p{Cc}]/u.test(url)) return undefined;
  const base = 'https://portal.invalid';
  try {
    if (new URL(url, base).origin !== base) return undefined;
  } catch {
    return undefined;
  }
  return url;
}

export type LoginVariant = 'dealer' | 'customer';

export type Destination = { kind: 'path'; path: string } | { kind: 'classic' } | { kind: 'login'; returnUrl: string | undefined };

export interface DestinationInput {
  variant: LoginVariant;
  applicationNum: number;
  betaUser: boolean;
  actionRequired: boolean;
  returnUrl?: string | null;
  /** 'loginComplete': the flow just finished. 'userPresent': a signed-in user arrives (guard, login page). */
  moment: 'loginComplete' | 'userPresent';
}

/**
 * loginComplete, §4: 'Application 2 and not beta is redirected to the classic portal.' …
 * 'Otherwise the user goes to returnUrl if present, else msa/summary for the customer variant,
 * else home/dashboard.'
 *
 * userPresent, §4 'Redirect after a user is present: MSA goes to the return URL or /msa/summary.
 * If a login action is required, the user goes to /login with returnUrl. App 1 or a beta user
 * goes to the return URL or /home. App 2 non-beta goes to the classic portal with a one-time key.'
 *
 * An unsafe returnUrl counts as absent ({@link safeReturnUrl}).
 */
export function destinationAfterLogin(input: DestinationInput): Destination {
  const returnUrl = safeReturnUrl(input.returnUrl);
  const isMsa = input.variant === 'customer' || input.applicationNum === APPLICATION.customer;
  const isClassic = input.applicationNum === APPLICATION.dealer && !input.betaUser;
  if (input.moment === 'loginComplete') {
    if (isClassic) return { kind: 'classic' };
    if (returnUrl) return { kind: 'path', path: returnUrl };
    return { kind: 'path', path: isMsa ? LOGIN_ROUTES.msaSummary : LOGIN_ROUTES.homeDashboard };
  }
  if (isMsa) return { kind: 'path', path: returnUrl ?? LOGIN_ROUTES.msaSummary };
  if (input.actionRequired) return { kind: 'login', returnUrl };
  if (input.applicationNum === APPLICATION.internal || input.betaUser) {
    return { kind: 'path', path: returnUrl ?? LOGIN_ROUTES.home };
  }
  return { kind: 'classic' };
}

// ---------------------------------------------------------------- login screen (§2)

/** Query parameters as the router or the server hands them over. */
export type LoginQuery = URLSearchParams | Record<string, string | string[] | null | undefined>;

function queryValue(query: LoginQuery | undefined, name: string): string | undefined {
  if (!query) return undefined;
  if (query instanceof URLSearchParams) return query.get(name) ?? undefined;
  const value = query[name];
  return (Array.isArray(value) ? value[0] : value) ?? undefined;
}

/** §2 'Holding ctrl while logging in forces internal login. So does query internal=true.' */
export function isInternalLogin({ ctrlKey, query }: { ctrlKey?: boolean; query?: LoginQuery }): boolean {
  return Boolean(ctrlKey) || queryValue(query, 'internal')?.toLowerCase() === 'true';
}

/** §2 "a 'Forgot?' link (hidden on the internal login)". */
export function showForgotLink(internal: boolean): boolean {
  return !internal;
}

/**
 * §2 "Page title is 'Login | My Security Account' for the customer variant, otherwise 'Login'
 * followed by the dealer portal name" — joined as 'Login | <name>', like the customer title.
 * Without a portal name the title is 'Login'.
 */
export function loginPageTitle(variant: LoginVariant, dealerPortalName?: string | null): LocaleText {
  if (variant === 'customer') return { key: LOGIN_KEYS.titleCustomer };
  const portalName = dealerPortalName?.trim();
  return portalName ? { key: LOGIN_KEYS.titleDealer, args: { portalName } } : { key: LOGIN_KEYS.titlePlain };
}

/** §2 "Its placeholder is 'Username', or 'Email Address' for the customer variant." */
export function usernamePlaceholderKey(variant: LoginVariant): string {
  return variant === 'customer' ? LOGIN_KEYS.emailPlaceholder : LOGIN_KEYS.usernamePlaceholder;
}

/** §2 'Enter in the username field submits when both fields are valid, otherwise moves focus to the password field.' */
export function enterInUsername({
  usernameValid,
  passwordValid,
}: {
  usernameValid: boolean;
  passwordValid: boolean;
}): 'submit' | 'focusPassword' {
  return usernameValid && passwordValid ? 'submit' : 'focusPassword';
}
