import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { LIMITS } from '../src/common/constants.js';
import { LANGUAGES } from '../src/common/i18n.js';
import { createAjv, toFieldErrors, type FieldErrors } from '../src/common/validation.js';
import {
  loginRequestSchema,
  MSA_MFA_PURPOSE_CODES,
  MFA_PURPOSES,
  mfaVerifySchema,
  msaLoginRequestSchema,
  reportCodeVerifySchema,
  teamDomainSchema,
} from './auth.js';
import { ALL_SCHEMAS } from './catalog.js';
import { privacyPolicyUpdateSchema } from './privacyPolicy.js';
import {
  contactInfoSchema,
  customerForgotPasswordSchema,
  forgotCredentialsSchema,
  forgotUsernameSchema,
  newUsernameSchema,
  passwordResetAtLoginSchema,
  securityQuestionsAnswerSchema,
  type ContactInfo,
  type PasswordResetAtLogin,
} from './recovery.js';
import { createMsaAccountSchema, registrationSetPasswordSchema, type RegistrationSetPassword } from './registration.js';
import { BANNER_IMPORTANCE, statusBannerSchema, type StatusBanner } from './statusBanner.js';
import { msaAccountUpdateSchema, type User } from './user.js';

/** One validator for the whole file, as the server has. */
const ajv = createAjv();
for (const schema of ALL_SCHEMAS) ajv.addSchema(schema);

/** The field errors a body gives ({} when it is valid). */
function errorsOf(schema: { $id: string }, data: unknown): FieldErrors {
  const validate = ajv.getSchema(schema.$id);
  if (!validate) throw new Error(`${schema.$id} is not in ALL_SCHEMAS`);
  return validate(data) ? {} : toFieldErrors(validate.errors);
}

const s = (n: number, c = 'a') => c.repeat(n);
/** A valid email address of exactly n characters. */
const email = (n: number) => `${s(n - '@example.com'.length)}@example.com`;
const required = { message: 'validation.required' };
const minLength = (min: number) => ({ message: 'validation.minLength', args: { min } });
const maxLength = (max: number) => ({ message: 'validation.maxLength', args: { max } });

describe('catalog', () => {
  it('gives every schema a unique $id', () => {
    const ids = ALL_SCHEMAS.map((schema) => schema.$id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(ALL_SCHEMAS.map((schema) => [schema.$id, schema] as const))('compiles %s in strict mode on its own', (_id, schema) => {
    expect(() => createAjv().compile(schema)).not.toThrow();
  });

  it('compiles them all side by side (no nested $id clashes)', () => {
    for (const schema of ALL_SCHEMAS) expect(ajv.getSchema(schema.$id)).toBeTypeOf('function');
  });
});

describe('locale keys named by the schemas', () => {
  /** Every locale key a schema names itself (errorMessage, notAfter.message). */
  function namedKeys(node: unknown, found = new Set<string>()): Set<string> {
    const strings = (value: unknown): void => {
      if (typeof value === 'string') found.add(value);
      else if (value && typeof value === 'object') Object.values(value).forEach(strings);
    };
    if (Array.isArray(node)) node.forEach((item) => namedKeys(item, found));
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'errorMessage') strings(value);
        else if (key === 'notAfter') strings((value as { message: string }).message);
        else namedKeys(value, found);
      }
    }
    return found;
  }
  const keys = [...namedKeys(ALL_SCHEMAS)].sort();

  const catalog = (lang: string, file: string) =>
    JSON.parse(readFileSync(new URL(`../locales/${lang}/${file}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
  const lookup = (lang: string, key: string): unknown => {
    const [file, ...path] = key.split('.');
    return path.reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog(lang, file));
  };

  it('finds the keys', () => {
    expect(keys).toEqual(expect.arrayContaining(['validation.emailOrPhone', 'validation.passwordsMustMatch']));
  });

  it.each(LANGUAGES)('has every key in %s', (lang) => {
    const missing = keys.filter((key) => typeof lookup(lang, key) !== 'string');
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES.filter((lang) => lang !== 'en'))('validation.json in %s has the same keys as en', (lang) => {
    const flat = (node: unknown, prefix = ''): string[] =>
      Object.entries(node as Record<string, unknown>).flatMap(([k, v]) =>
        v && typeof v === 'object' ? flat(v, `${prefix}${k}.`) : [`${prefix}${k}`],
      );
    expect(flat(catalog(lang, 'validation')).sort()).toEqual(flat(catalog('en', 'validation')).sort());
  });

  it('words the new messages as SPEC §5 does', () => {
    expect(lookup('en', 'validation.letterRequired')).toBe('At least one letter is required');
    expect(lookup('en', 'validation.minLength')).toBe('Must be at least %{min} characters long');
  });
});

describe('§5 login', () => {
  const body = { username: 'dealer1', password: 'secret' };
  it('requires username and password', () => {
    expect(errorsOf(loginRequestSchema, {})).toEqual({ username: required, password: required });
    expect(errorsOf(loginRequestSchema, { username: '', password: '' })).toEqual({ username: required, password: required });
  });
  it('takes a username of at most 50 characters', () => {
    expect(errorsOf(loginRequestSchema, { ...body, username: s(50) })).toEqual({});
    expect(errorsOf(loginRequestSchema, { ...body, username: s(51) })).toEqual({ username: maxLength(50) });
  });
  it('wants a valid email in the customer variant', () => {
    expect(errorsOf(msaLoginRequestSchema, { email: 'someone@example.com', password: 'x' })).toEqual({});
    expect(errorsOf(msaLoginRequestSchema, { email: 'someone', password: 'x' })).toEqual({
      email: { message: 'validation.format.email' },
    });
  });
  it('keeps returnUrl inside the portal', () => {
    expect(errorsOf(loginRequestSchema, { ...body, returnUrl: 'support' })).toEqual({});
    expect(errorsOf(loginRequestSchema, { ...body, returnUrl: '/msa/summary?sn=1&dn=2' })).toEqual({});
    for (const returnUrl of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(errorsOf(loginRequestSchema, { ...body, returnUrl })).toEqual({ returnUrl: { message: 'validation.returnUrl' } });
    }
  });
});

describe('§5 MFA code', () => {
  it('is required', () => {
    expect(errorsOf(mfaVerifySchema, { rememberDevice: true })).toEqual({ code: required });
  });
  it('has at least 6 characters', () => {
    expect(errorsOf(mfaVerifySchema, { code: '12345' })).toEqual({ code: minLength(LIMITS.mfaCodeLength) });
    expect(errorsOf(mfaVerifySchema, { code: '123456', rememberDevice: true })).toEqual({});
  });
  it('has digits only', () => {
    expect(errorsOf(mfaVerifySchema, { code: '12a456' })).toEqual({ code: { message: 'validation.digits' } });
  });
  it('maps the MSA purposes to their codes', () => {
    expect(Object.keys(MSA_MFA_PURPOSE_CODES).sort()).toEqual([...MFA_PURPOSES].sort());
    expect(MSA_MFA_PURPOSE_CODES).toEqual({ identityVerification: 1, passwordReset: 2, deviceVerification: 3, reportingVerification: 4 });
  });
});

describe('§5 report code', () => {
  const verify = (code: string) => errorsOf(reportCodeVerifySchema, { linkID: 'abc', code });
  it('is exactly 6 digits', () => {
    expect(verify('123456')).toEqual({});
    expect(verify('12345')).toEqual({ code: minLength(6) });
    expect(verify('1234567')).toEqual({ code: maxLength(6) });
    expect(verify('12a456')).toEqual({ code: { message: 'validation.digits' } });
  });
});

describe('§5 contact info', () => {
  const check = (contact: string) => errorsOf(contactInfoSchema, { contact, type: 'cellPhone' });
  it('is a phone number or an email', () => {
    expect(check('+1 555 123 4567')).toEqual({});
    expect(check('(555) 123-4567')).toEqual({});
    expect(errorsOf(contactInfoSchema, { contact: 'someone@example.com', type: 'email' })).toEqual({});
    expect(check('not a contact')).toEqual({ contact: { message: 'validation.emailOrPhone' } });
    expect(check('123')).toEqual({ contact: { message: 'validation.emailOrPhone' } });
  });
  it('is required, before any format message', () => {
    expect(errorsOf(contactInfoSchema, {})).toEqual({ contact: required });
    expect(check('')).toEqual({ contact: required });
  });
  it('has at most 50 characters', () => {
    expect(check(email(50))).toEqual({});
    expect(check(email(51))).toEqual({ contact: maxLength(50) });
  });
});

describe('§5 new username', () => {
  const check = (username: string) => errorsOf(newUsernameSchema, { username });
  it('is required', () => {
    expect(errorsOf(newUsernameSchema, {})).toEqual({ username: required });
  });
  it('has 5 to 50 characters', () => {
    expect(check('abcd')).toEqual({ username: minLength(5) });
    expect(check('abcde')).toEqual({});
    expect(check(s(50))).toEqual({});
    expect(check(s(51))).toEqual({ username: maxLength(50) });
  });
  it('contains at least one letter', () => {
    expect(check('12345')).toEqual({ username: { message: 'validation.letterRequired' } });
    expect(check('1234é')).toEqual({});
  });
});

describe('§5 team domain', () => {
  it('is required', () => {
    expect(errorsOf(teamDomainSchema, {})).toEqual({ teamDomain: required });
    expect(errorsOf(teamDomainSchema, { teamDomain: '' })).toEqual({ teamDomain: required });
    expect(errorsOf(teamDomainSchema, { teamDomain: 'acme' })).toEqual({});
  });
});

describe('§5 security questions', () => {
  it('requires every answer', () => {
    const questions = [
      { question: 'First pet?', answer: 'Rex' },
      { question: 'First car?', answer: '' },
    ];
    expect(errorsOf(securityQuestionsAnswerSchema, { questions })).toEqual({ 'questions.1.answer': required });
    expect(errorsOf(securityQuestionsAnswerSchema, { questions: [{ question: 'First pet?' }] })).toEqual({
      'questions.0.answer': required,
    });
    expect(errorsOf(securityQuestionsAnswerSchema, { questions: questions.slice(0, 1) })).toEqual({});
  });
});

describe('§5 forgot credentials (dealer)', () => {
  it('requires username, contact and captcha', () => {
    expect(errorsOf(forgotCredentialsSchema, {})).toEqual({ username: required, contact: required, captcha: required });
    expect(
      errorsOf(forgotCredentialsSchema, { username: 'dealer1', contact: '555 123 4567', contactType: 'cellPhone', captcha: 'token' }),
    ).toEqual({});
  });
});

describe('§5 forgot username', () => {
  const body = { contact: 'someone@example.com', captcha: 'token' };
  it('requires the contact and the captcha', () => {
    expect(errorsOf(forgotUsernameSchema, {})).toEqual({ contact: required, captcha: required });
  });
  it('wants an email or phone of at most 50 characters', () => {
    expect(errorsOf(forgotUsernameSchema, { ...body, contact: 'nobody' })).toEqual({ contact: { message: 'validation.emailOrPhone' } });
    expect(errorsOf(forgotUsernameSchema, { ...body, contact: email(51) })).toEqual({ contact: maxLength(50) });
  });
  it('takes a dealer number when asked', () => {
    expect(errorsOf(forgotUsernameSchema, { ...body, contactType: 'email', dealerNumber: '1234' })).toEqual({});
  });
});

describe('§5 registration / new password', () => {
  const set = (password: string, confirmPassword = password) =>
    errorsOf(registrationSetPasswordSchema, { otp: 'otp', password, confirmPassword });
  it('has 12 to 32 characters', () => {
    expect(set(s(11))).toEqual({ password: minLength(12) });
    expect(set(s(12))).toEqual({});
    expect(set(s(32))).toEqual({});
    expect(set(s(33))).toEqual({ password: maxLength(LIMITS.registrationPasswordMax) });
  });
  it('must match its confirmation', () => {
    expect(set(s(12), s(12, 'b'))).toEqual({ confirmPassword: { message: 'validation.passwordsMustMatch' } });
    expect(errorsOf(registrationSetPasswordSchema, { otp: 'otp', password: s(12) })).toEqual({ confirmPassword: required });
  });
  it('does not ask the current password again at login', () => {
    expect(errorsOf(passwordResetAtLoginSchema, { newPassword: s(12), confirmPassword: s(12) })).toEqual({});
    expect(errorsOf(passwordResetAtLoginSchema, { newPassword: s(12), confirmPassword: s(13) })).toEqual({
      confirmPassword: { message: 'validation.passwordsMustMatch' },
    });
  });
});

describe('§5 customer forgot password', () => {
  const body = { email: 'someone@example.com', code: '123456', newPassword: s(12), confirmPassword: s(12), captcha: 'token' };
  it('accepts a complete body', () => {
    expect(errorsOf(customerForgotPasswordSchema, body)).toEqual({});
  });
  it('wants a valid email of at most 128 characters', () => {
    expect(errorsOf(customerForgotPasswordSchema, { ...body, email: email(128) })).toEqual({});
    expect(errorsOf(customerForgotPasswordSchema, { ...body, email: email(129) })).toEqual({ email: maxLength(128) });
    expect(errorsOf(customerForgotPasswordSchema, { ...body, email: 'someone' })).toEqual({
      email: { message: 'validation.format.email' },
    });
  });
  it('wants a code of at least 6', () => {
    expect(errorsOf(customerForgotPasswordSchema, { ...body, code: '12345' })).toEqual({ code: minLength(6) });
  });
  it('wants a new password of 12 to 32 with a matching confirmation', () => {
    const pw = (n: number) => errorsOf(customerForgotPasswordSchema, { ...body, newPassword: s(n), confirmPassword: s(n) });
    expect(pw(11)).toEqual({ newPassword: minLength(12) });
    expect(pw(32)).toEqual({});
    expect(pw(33)).toEqual({ newPassword: maxLength(32) });
    expect(errorsOf(customerForgotPasswordSchema, { ...body, confirmPassword: s(12, 'b') })).toEqual({
      confirmPassword: { message: 'validation.passwordsMustMatch' },
    });
  });
  it('requires the captcha', () => {
    expect(errorsOf(customerForgotPasswordSchema, { ...body, captcha: '' })).toEqual({ captcha: required });
  });
});

describe('§5 create MSA account', () => {
  const body = { email: 'someone@example.com', password: s(12), accountNumber: '1001', accountPasscode: 'pass', captcha: 'token' };
  it('requires every field', () => {
    expect(errorsOf(createMsaAccountSchema, body)).toEqual({});
    expect(errorsOf(createMsaAccountSchema, {})).toEqual({
      email: required,
      password: required,
      accountNumber: required,
      accountPasscode: required,
      captcha: required,
    });
  });
  it('wants a valid email of at most 128 characters', () => {
    expect(errorsOf(createMsaAccountSchema, { ...body, email: email(129) })).toEqual({ email: maxLength(128) });
    expect(errorsOf(createMsaAccountSchema, { ...body, email: 'x@' })).toEqual({ email: { message: 'validation.format.email' } });
  });
  it('wants a password of 12 to 32', () => {
    expect(errorsOf(createMsaAccountSchema, { ...body, password: s(11) })).toEqual({ password: minLength(12) });
    expect(errorsOf(createMsaAccountSchema, { ...body, password: s(12) })).toEqual({});
    expect(errorsOf(createMsaAccountSchema, { ...body, password: s(32) })).toEqual({});
    expect(errorsOf(createMsaAccountSchema, { ...body, password: s(33) })).toEqual({ password: maxLength(32) });
  });
});

describe('§5 MSA account', () => {
  const body = { email: 'someone@example.com' };
  it('wants a valid email of at most 128 characters', () => {
    expect(errorsOf(msaAccountUpdateSchema, {})).toEqual({ email: required });
    expect(errorsOf(msaAccountUpdateSchema, { email: email(128) })).toEqual({});
    expect(errorsOf(msaAccountUpdateSchema, { email: email(129) })).toEqual({ email: maxLength(LIMITS.emailMax) });
  });
  it('takes an optional phone of at most 32 in a phone format', () => {
    for (const phoneNumber of [undefined, null, '', '+1 555 123 4567']) {
      expect(errorsOf(msaAccountUpdateSchema, { ...body, phoneNumber })).toEqual({});
    }
    expect(errorsOf(msaAccountUpdateSchema, { ...body, phoneNumber: 'call me' })).toEqual({ phoneNumber: { message: 'validation.phone' } });
    expect(errorsOf(msaAccountUpdateSchema, { ...body, phoneNumber: s(33, '1') })).toEqual({ phoneNumber: maxLength(32) });
  });
});

describe('§5 status banner', () => {
  const banner: StatusBanner = { active: true, title: 'Maintenance', body: 'Tonight', importance: 'Info' };
  it('requires active, title, body and importance', () => {
    expect(errorsOf(statusBannerSchema, banner)).toEqual({});
    expect(errorsOf(statusBannerSchema, {})).toEqual({ active: required, title: required, body: required, importance: required });
    expect(errorsOf(statusBannerSchema, { ...banner, title: '', body: '' })).toEqual({ title: required, body: required });
  });
  it('takes a title of at most 128 and a body of at most 1024', () => {
    expect(errorsOf(statusBannerSchema, { ...banner, title: s(128), body: s(1024) })).toEqual({});
    expect(errorsOf(statusBannerSchema, { ...banner, title: s(129), body: s(1025) })).toEqual({
      title: maxLength(128),
      body: maxLength(1024),
    });
  });
  it('offers High, Warning and Informational', () => {
    const labels = JSON.parse(readFileSync(new URL('../locales/en/banner.json', import.meta.url), 'utf8')).importance;
    expect(BANNER_IMPORTANCE.map((i) => labels[i])).toEqual(['High', 'Warning', 'Informational']);
    expect(errorsOf(statusBannerSchema, { ...banner, importance: 'Low' })).toEqual({
      importance: { message: 'validation.oneOf', args: { options: 'High, Warning, Info' } },
    });
  });
});

describe('privacy policy update', () => {
  it('requires the text', () => {
    expect(errorsOf(privacyPolicyUpdateSchema, { policyText: '' })).toEqual({ policyText: required });
    expect(errorsOf(privacyPolicyUpdateSchema, { policyText: '# Policy' })).toEqual({});
  });
});

describe('types', () => {
  it('reads confirmations as strings, not as $data pointers', () => {
    expectTypeOf<PasswordResetAtLogin>().toEqualTypeOf<{ currentPassword?: string; newPassword: string; confirmPassword: string }>();
    expectTypeOf<RegistrationSetPassword['confirmPassword']>().toEqualTypeOf<string>();
    expectTypeOf<ContactInfo>().toEqualTypeOf<{ contact: string; type?: 'cellPhone' | 'email'; currentPassword?: string }>();
    expectTypeOf<User['applicationNum']>().toEqualTypeOf<1 | 2 | 3>();
  });
});
