import { describe, it, expect } from 'vitest';
import i18next from 'i18next';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import en from '../../locales/en/login.json';
import es from '../../locales/es/login.json';
import fr from '../../locales/fr/login.json';
import type { LoginRequirements } from '../../schemas/auth.js';
import { APPLICATION, LIMITS } from './constants.js';
import { i18nextOptions } from './i18n.js';
import {
  DECLINE_KEYS,
  EMAIL_PATTERN,
  LOGIN_KEYS,
  NO_CONTACT_KEY,
  REDIRECTING_KEY,
  REMEMBER_DEVICE_DEFAULT,
  afterLastStep,
  buildLoginSteps,
  canResend,
  clearStepFlag,
  contactType,
  destinationAfterLogin,
  enterInUsername,
  isInternalLogin,
  isSixDigitCode,
  loginPageTitle,
  maskContact,
  maskEmail,
  maskPhone,
  mfaPurpose,
  mustValidateContactFirst,
  nextStep,
  resendLinkKey,
  resendTarget,
  resendWaitSeconds,
  safeReturnUrl,
  shouldAutoSubmit,
  showForgotLink,
  showRememberDevice,
  usernamePlaceholderKey,
  type DestinationInput,
} from './loginFlow.js';

const NONE: LoginRequirements = {
  noContactInfo: false,
  mfaRequired: false,
  usernameResetRequired: false,
  verifySecurityQuestions: false,
  passwordResetRequired: false,
  betaUser: false,
  termsAndConditionsRequired: false,
  privacyPolicyRequired: false,
  actionRequired: false,
  mfaSentTo: null,
  mfaSentToMsg: null,
};
const reqs = (flags: Partial<LoginRequirements>): LoginRequirements => ({ ...NONE, ...flags });
const ALL = reqs({
  noContactInfo: true,
  mfaRequired: true,
  usernameResetRequired: true,
  verifySecurityQuestions: true,
  passwordResetRequired: true,
});

describe('§4 login flow: step list', () => {
  it("'the step list is rebuilt in this order: username; contactInfo; mfaVerify; usernameReset; securityQuestions; passwordReset'", () => {
    expect(buildLoginSteps(ALL)).toEqual(['username', 'contactInfo', 'mfaVerify', 'usernameReset', 'securityQuestions', 'passwordReset']);
  });
  it("'username' is always the first step, and alone when nothing is required", () => {
    expect(buildLoginSteps(NONE)).toEqual(['username']);
  });
  it("'contactInfo if noContactInfo'", () => {
    expect(buildLoginSteps(reqs({ noContactInfo: true }))).toEqual(['username', 'contactInfo']);
  });
  it("'mfaVerify if mfaRequired'", () => {
    expect(buildLoginSteps(reqs({ mfaRequired: true }))).toEqual(['username', 'mfaVerify']);
  });
  it("'The last three appear only when their flags are set'", () => {
    expect(buildLoginSteps(reqs({ usernameResetRequired: true }))).toEqual(['username', 'usernameReset']);
    expect(buildLoginSteps(reqs({ verifySecurityQuestions: true }))).toEqual(['username', 'securityQuestions']);
    expect(buildLoginSteps(reqs({ passwordResetRequired: true }))).toEqual(['username', 'passwordReset']);
  });
  it("'each step clears its flag on success', leaving the others and the input untouched", () => {
    const cleared = clearStepFlag(ALL, 'securityQuestions');
    expect(cleared.verifySecurityQuestions).toBe(false);
    expect(cleared).toEqual({ ...ALL, verifySecurityQuestions: false });
    expect(ALL.verifySecurityQuestions).toBe(true);
    expect(clearStepFlag(ALL, 'contactInfo').noContactInfo).toBe(false);
    expect(clearStepFlag(ALL, 'mfaVerify').mfaRequired).toBe(false);
    expect(clearStepFlag(ALL, 'usernameReset').usernameResetRequired).toBe(false);
    expect(clearStepFlag(ALL, 'passwordReset').passwordResetRequired).toBe(false);
  });
  it("'username' has no flag to clear", () => {
    expect(clearStepFlag(ALL, 'username')).toEqual(ALL);
  });
  it("'The flow advances step by step'; nothing follows the last step", () => {
    const steps = buildLoginSteps(reqs({ mfaRequired: true, passwordResetRequired: true }));
    expect(nextStep(steps, 'username')).toBe('mfaVerify');
    expect(nextStep(steps, 'mfaVerify')).toBe('passwordReset');
    expect(nextStep(steps, 'passwordReset')).toBeUndefined();
    expect(nextStep(steps, 'contactInfo')).toBeUndefined();
  });
});

describe('§4 MFA purpose', () => {
  it("'deviceVerification if there is no contact info'", () => {
    expect(mfaPurpose(ALL)).toBe('deviceVerification');
  });
  it("'Else passwordReset if a password reset is required'", () => {
    expect(mfaPurpose(reqs({ mfaRequired: true, passwordResetRequired: true }))).toBe('passwordReset');
  });
  it("'Else identityVerification if MFA is required'", () => {
    expect(mfaPurpose(reqs({ mfaRequired: true }))).toBe('identityVerification');
  });
  it('no purpose when none of the three applies', () => {
    expect(mfaPurpose(reqs({ usernameResetRequired: true }))).toBeUndefined();
  });
  it("passwordReset 'also hides remember device'", () => {
    expect(showRememberDevice('passwordReset')).toBe(false);
    expect(showRememberDevice('identityVerification')).toBe(true);
    expect(showRememberDevice('deviceVerification')).toBe(true);
  });
  it("'Remember this device?' checkbox, default true", () => {
    expect(REMEMBER_DEVICE_DEFAULT).toBe(true);
  });
});

describe('§4 masking', () => {
  it("'a phone shows its last 2 digits'", () => {
    expect(maskPhone('+1 (312) 555-0187')).toBe('*********87');
    expect(maskPhone('312.555.0187')).toBe('********87');
  });
  it('a phone of two digits or fewer shows none', () => {
    expect(maskPhone('87')).toBe('**');
  });
  it("'An email shows its first 4 characters followed by asterisks'", () => {
    expect(maskEmail('customer@example.com')).toBe('cust****************');
    expect(maskEmail('customer@example.com')).not.toContain('example');
  });
  it('an email of 4 characters or fewer shows none', () => {
    expect(maskEmail('a@b')).toBe('***');
  });
  it('masks by MFA contact type', () => {
    expect(maskContact('customer@example.com', 'email')).toBe('cust****************');
    expect(maskContact('3125550187', 'cellPhone')).toBe('********87');
  });
});

describe('§4 resend', () => {
  const t0 = 1_700_000_000_000;
  it('the first request is never blocked', () => {
    expect(canResend(undefined, t0)).toBe(true);
    expect(resendWaitSeconds(undefined, t0)).toBe(0);
  });
  it("'Resend is blocked for 30 seconds after each request'", () => {
    expect(canResend(t0, t0 + LIMITS.resendCodeBlockMs - 1)).toBe(false);
    expect(canResend(t0, t0 + LIMITS.resendCodeBlockMs)).toBe(true);
  });
  it('the wait is counted down in whole seconds', () => {
    expect(resendWaitSeconds(t0, t0)).toBe(LIMITS.resendCodeBlockMs / 1000);
    expect(resendWaitSeconds(t0, t0 + LIMITS.resendCodeBlockMs - 1)).toBe(1);
    expect(resendWaitSeconds(t0, t0 + LIMITS.resendCodeBlockMs)).toBe(0);
  });
  it("'The code goes to the typed contact'", () => {
    expect(resendTarget({ typedContact: ' new@example.com ', phone: '3125550187', email: 'old@example.com' })).toEqual({
      value: 'new@example.com',
      type: 'email',
    });
    expect(resendTarget({ typedContact: '312-555-0100', email: 'old@example.com' })).toEqual({ value: '312-555-0100', type: 'cellPhone' });
  });
  it("'else to the user's phone (text)'", () => {
    expect(resendTarget({ typedContact: '', phone: '3125550187', email: 'old@example.com' })).toEqual({
      value: '3125550187',
      type: 'cellPhone',
    });
  });
  it("'or email'", () => {
    expect(resendTarget({ phone: null, email: 'old@example.com' })).toEqual({ value: 'old@example.com', type: 'email' });
  });
  it("the 'Email a code instead' link sends by email even when a phone is known", () => {
    expect(resendTarget({ phone: '3125550187', email: 'old@example.com', via: 'email' })).toEqual({
      value: 'old@example.com',
      type: 'email',
    });
  });
  it("'With no contact info: No contact information available to resend code'", () => {
    expect(resendTarget({ typedContact: 'not a contact', phone: '', email: undefined })).toBeUndefined();
    expect(NO_CONTACT_KEY).toBe('login.mfa.noContact');
    expect(en.mfa.noContact).toBe('No contact information available to resend code');
  });
  it("'Text me a code again' and 'Email a code again/instead'", () => {
    expect(resendLinkKey('cellPhone', 'cellPhone')).toBe(LOGIN_KEYS.textAgain);
    expect(resendLinkKey('email', 'email')).toBe(LOGIN_KEYS.emailAgain);
    expect(resendLinkKey('email', 'cellPhone')).toBe(LOGIN_KEYS.emailInstead);
  });
});

describe('§2/§4 code entry', () => {
  it("'a 6-digit code field'", () => {
    expect(isSixDigitCode('012345')).toBe(true);
    expect(isSixDigitCode('12345')).toBe(false);
    expect(isSixDigitCode('1234567')).toBe(false);
    expect(isSixDigitCode('12a456')).toBe(false);
  });
  it("'A 6-digit code auto-submits verification when entered'", () => {
    expect(shouldAutoSubmit('123456')).toBe(true);
    expect(shouldAutoSubmit('12345')).toBe(false);
  });
});

describe('§5 contact info', () => {
  it("'must be a phone number or an email': an email", () => {
    expect(contactType('customer@example.com')).toBe('email');
  });
  it("'must be a phone number or an email': a phone (7 to 15 digits, + ( ) . - and spaces)", () => {
    expect(contactType('+1 (312) 555-0187')).toBe('cellPhone');
    expect(contactType('555.0187')).toBe('cellPhone');
  });
  it("the email rule is ajv-formats' full `email` format, copied (they must not drift apart)", () => {
    const ajvEmail = fullFormats.email as RegExp;
    expect(EMAIL_PATTERN.source).toBe(ajvEmail.source);
    expect(EMAIL_PATTERN.flags).toBe(ajvEmail.flags);
  });
  it('anything else is neither', () => {
    expect(contactType('123456')).toBeUndefined();
    expect(contactType('1234567890123456')).toBeUndefined();
    expect(contactType('customer@')).toBeUndefined();
    expect(contactType('')).toBeUndefined();
  });
  it("'The contact step validates the contact first, for application 2 users only'", () => {
    expect(mustValidateContactFirst(APPLICATION.dealer)).toBe(true);
    expect(mustValidateContactFirst(APPLICATION.internal)).toBe(false);
    expect(mustValidateContactFirst(APPLICATION.customer)).toBe(false);
  });
});

describe('§4 after the last step', () => {
  const base = { applicationNum: APPLICATION.dealer, betaUser: true, termsRequired: true, privacyPolicyRequired: true };
  it("'application 2 and a beta user and terms are required': terms, then privacy policy, then login completes", () => {
    expect(afterLastStep(base)).toEqual(['terms', 'privacyPolicy', 'complete']);
  });
  it('no terms dialog for a non-beta user or another application', () => {
    expect(afterLastStep({ ...base, betaUser: false })).toEqual(['privacyPolicy', 'complete']);
    expect(afterLastStep({ ...base, applicationNum: APPLICATION.internal })).toEqual(['privacyPolicy', 'complete']);
  });
  it("'Then, if the privacy policy is required, it must be accepted'", () => {
    expect(afterLastStep({ ...base, privacyPolicyRequired: false })).toEqual(['terms', 'complete']);
    expect(afterLastStep({ ...base, termsRequired: false, privacyPolicyRequired: false })).toEqual(['complete']);
  });
  it("decline messages: 'You must accept the terms and conditions…' and '…the privacy policy to continue'", () => {
    expect(DECLINE_KEYS).toEqual({ terms: 'login.terms.declined', privacyPolicy: 'login.privacyPolicy.declined' });
    expect(en.terms.declined).toBe('You must accept the terms and conditions to continue. Please try again.');
    expect(en.privacyPolicy.declined).toBe('You must accept the privacy policy to continue');
  });
  it("classic redirect shows 'Redirecting...'", () => {
    expect(REDIRECTING_KEY).toBe('login.redirecting');
  });
});

describe('§4 redirects', () => {
  const done = (input: Partial<DestinationInput>) =>
    destinationAfterLogin({
      variant: 'dealer',
      applicationNum: APPLICATION.internal,
      betaUser: false,
      actionRequired: false,
      moment: 'loginComplete',
      ...input,
    });
  const present = (input: Partial<DestinationInput>) => done({ moment: 'userPresent', ...input });

  it("login completes: 'Application 2 and not beta is redirected to the classic portal'", () => {
    expect(done({ applicationNum: APPLICATION.dealer, returnUrl: '/news' })).toEqual({ kind: 'classic' });
  });
  it("login completes: 'Otherwise the user goes to returnUrl if present'", () => {
    expect(done({ returnUrl: '/news' })).toEqual({ kind: 'path', path: '/news' });
    expect(done({ applicationNum: APPLICATION.dealer, betaUser: true, returnUrl: '/reports' })).toEqual({ kind: 'path', path: '/reports' });
  });
  it("login completes: 'else msa/summary for the customer variant'", () => {
    expect(done({ variant: 'customer', applicationNum: APPLICATION.customer })).toEqual({ kind: 'path', path: '/msa/summary' });
  });
  it("login completes: 'else home/dashboard'", () => {
    expect(done({})).toEqual({ kind: 'path', path: '/home/dashboard' });
  });
  it("user present: 'MSA goes to the return URL or /msa/summary'", () => {
    const msa = { variant: 'customer', applicationNum: APPLICATION.customer, actionRequired: true } as const;
    expect(present({ ...msa, returnUrl: '/msa/zones' })).toEqual({ kind: 'path', path: '/msa/zones' });
    expect(present(msa)).toEqual({ kind: 'path', path: '/msa/summary' });
  });
  it("user present: 'If a login action is required, the user goes to /login with returnUrl'", () => {
    expect(present({ actionRequired: true, returnUrl: '/news' })).toEqual({ kind: 'login', returnUrl: '/news' });
  });
  it("user present: 'App 1 or a beta user goes to the return URL or /home'", () => {
    expect(present({})).toEqual({ kind: 'path', path: '/home' });
    expect(present({ applicationNum: APPLICATION.dealer, betaUser: true, returnUrl: '/news' })).toEqual({ kind: 'path', path: '/news' });
  });
  it("user present: 'App 2 non-beta goes to the classic portal with a one-time key'", () => {
    expect(present({ applicationNum: APPLICATION.dealer })).toEqual({ kind: 'classic' });
  });
  it('an unsafe returnUrl counts as absent', () => {
    expect(done({ returnUrl: '//evil.example' })).toEqual({ kind: 'path', path: '/home/dashboard' });
    expect(present({ actionRequired: true, returnUrl: 'https://evil.example' })).toEqual({ kind: 'login', returnUrl: undefined });
  });
  it("'returnUrl is honoured after login': same-site paths with query and hash are kept", () => {
    expect(safeReturnUrl('/site/info?sn=12&dn=3#top')).toBe('/site/info?sn=12&dn=3#top');
  });
  it('open redirects are refused: protocol-relative, schemes, backslashes, control characters', () => {
    for (const url of [
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      'news',
      '/\t/evil.example',
      '/\n/evil.example',
      '',
      null,
      undefined,
    ]) {
      expect(safeReturnUrl(url)).toBeUndefined();
    }
  });
});

describe('§2 login screen', () => {
  it("'Holding ctrl while logging in forces internal login'", () => {
    expect(isInternalLogin({ ctrlKey: true })).toBe(true);
    expect(isInternalLogin({ ctrlKey: false, query: {} })).toBe(false);
  });
  it("'So does query internal=true'", () => {
    expect(isInternalLogin({ query: new URLSearchParams('internal=true') })).toBe(true);
    expect(isInternalLogin({ query: { internal: 'true' } })).toBe(true);
    expect(isInternalLogin({ query: { internal: 'false' } })).toBe(false);
  });
  it("'Forgot?' link (hidden on the internal login)", () => {
    expect(showForgotLink(true)).toBe(false);
    expect(showForgotLink(false)).toBe(true);
  });
  it("'Page title is Login | My Security Account for the customer variant'", () => {
    expect(loginPageTitle('customer', 'Rapid Dealer Portal')).toEqual({ key: 'login.title.customer' });
    expect(en.title.customer).toBe('Login | My Security Account');
  });
  it("'otherwise Login followed by the dealer portal name'", async () => {
    const title = loginPageTitle('dealer', 'Rapid Dealer Portal');
    expect(title).toEqual({ key: 'login.title.dealer', args: { portalName: 'Rapid Dealer Portal' } });
    const i18n = i18next.createInstance(i18nextOptions({ en: { login: en } }));
    await i18n.init();
    expect(i18n.t(title.key, title.args)).toBe('Login | Rapid Dealer Portal');
    expect(loginPageTitle('dealer', '')).toEqual({ key: 'login.title.plain' });
  });
  it("'Its placeholder is Username, or Email Address for the customer variant'", () => {
    expect(usernamePlaceholderKey('dealer')).toBe('login.fields.username');
    expect(usernamePlaceholderKey('customer')).toBe('login.fields.email');
  });
  it("'Enter in the username field submits when both fields are valid'", () => {
    expect(enterInUsername({ usernameValid: true, passwordValid: true })).toBe('submit');
  });
  it("'otherwise moves focus to the password field'", () => {
    expect(enterInUsername({ usernameValid: true, passwordValid: false })).toBe('focusPassword');
    expect(enterInUsername({ usernameValid: false, passwordValid: true })).toBe('focusPassword');
  });
});

describe('locales/*/login.json', () => {
  const lookup = (catalog: unknown, key: string): unknown =>
    key
      .split('.')
      .slice(1)
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog);
  it('every key the rules hand out exists in en, es and fr', () => {
    for (const catalog of [en, es, fr]) {
      for (const key of Object.values(LOGIN_KEYS)) expect(typeof lookup(catalog, key), key).toBe('string');
    }
  });
  it('the English texts use the exact spec wording', () => {
    expect(en.fields).toMatchObject({ username: 'Username', email: 'Email Address' });
    expect(en.contactInfo).toEqual({ title: 'Setup multi-factor authentication (MFA) for your account', field: 'Email or Phone' });
    expect(en.mfa.rememberDevice).toBe('Remember this device?');
    expect(en.securityQuestions.intro).toBe('Please update your security questions below.');
    expect(en.passwordReset.intro).toBe('In order to meet our current security standards, please update your password.');
    expect(en.redirecting).toBe('Redirecting...');
  });
});
