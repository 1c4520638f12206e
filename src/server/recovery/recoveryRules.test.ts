import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  afterWrongAnswers,
  contactKey,
  contactMatches,
  contactTypeOf,
  forgotUsernameOutcome,
  isRegistered,
  LINK_STATUS,
  newPasswordErrors,
  pairAnswers,
  phoneDigits,
  phoneVariants,
  RECOVERY_KEYS,
  RECOVERY_POLICY,
  registrationLink,
  registrationLinkOutcome,
  samePhone,
  tokenState,
} from './recoveryRules.js';

const catalog = (lang: string) => JSON.parse(readFileSync(new URL(`../../../locales/${lang}/recovery.json`, import.meta.url), 'utf8'));
const text = (lang: string, key: string) =>
  key
    .split('.')
    .slice(1)
    .reduce((node, part) => node?.[part], catalog(lang));

describe('contact matching (§4 forgot password: username and email or phone)', () => {
  it('reads an address with @ as an email, anything else as a phone', () => {
    expect(contactTypeOf('dealer.beta@example.com')).toBe('email');
    expect(contactTypeOf('(312) 555-0187')).toBe('cellPhone');
  });

  it('compares emails without regard to case or surrounding spaces', () => {
    expect(contactMatches(' Dealer.Beta@Example.COM ', { type: 'email', value: 'dealer.beta@example.com' })).toBe(true);
    expect(contactMatches('dealer.beta@example.org', { type: 'email', value: 'dealer.beta@example.com' })).toBe(false);
  });

  it('compares phones by their digits', () => {
    expect(phoneDigits('+1 (312) 555-0187')).toBe('13125550187');
    expect(contactMatches('(312) 555-0187', { type: 'cellPhone', value: '+13125550187' })).toBe(true);
    expect(contactMatches('312.555.0187', { type: 'cellPhone', value: '(312) 555-0187' })).toBe(true);
    expect(contactMatches('+1 312 555 0187', { type: 'cellPhone', value: '3125550187' })).toBe(true);
    expect(contactMatches('(312) 555-0188', { type: 'cellPhone', value: '+13125550187' })).toBe(false);
  });

  it('allows only the North American country code 1 to differ', () => {
    expect(phoneVariants('(312) 555-0187')).toEqual(['3125550187', '13125550187']);
    expect(phoneVariants('+44 20 7946 0018')).toEqual(['442079460018']);
    expect(samePhone('+44 3125550187', '3125550187')).toBe(false);
    expect(samePhone('', '')).toBe(false);
  });

  it('never matches an email against a phone', () => {
    expect(contactMatches('3125550187', { type: 'email', value: '3125550187' })).toBe(false);
    expect(contactMatches('a@b.co', { type: 'cellPhone', value: 'a@b.co' })).toBe(false);
  });

  it('counts requests per contact under one key whatever the spelling', () => {
    expect(contactKey('Dealer.Beta@Example.com')).toBe('dealer.beta@example.com');
    expect(contactKey('+1 (312) 555-0187')).toBe(contactKey('312 555 0187'));
  });
});

describe('forgot username (§4 neutral notice, §8 409)', () => {
  const one = { userId: 1, dealerNumber: '4120' };
  const two = { userId: 2, dealerNumber: '5877' };

  it('sends nothing when nobody holds the contact', () => {
    expect(forgotUsernameOutcome([])).toEqual({ kind: 'none' });
  });

  it('sends the username of the one user who holds it (a dealer number does not matter then)', () => {
    expect(forgotUsernameOutcome([one, one])).toEqual({ kind: 'send', userId: 1 });
    expect(forgotUsernameOutcome([one], '9999')).toEqual({ kind: 'send', userId: 1 });
  });

  it('asks to provide a dealer number when several users hold it', () => {
    const outcome = forgotUsernameOutcome([one, two]);
    expect(outcome).toEqual({ kind: 'conflict', reason: 'dealerNumberRequired', messageKey: RECOVERY_KEYS.dealerNumberRequired });
    expect(forgotUsernameOutcome([one, two], '  ')).toEqual(outcome);
  });

  it('narrows several users by dealer number', () => {
    expect(forgotUsernameOutcome([one, two], '5877')).toEqual({ kind: 'send', userId: 2 });
    expect(forgotUsernameOutcome([{ userId: 3, dealerNumber: 'AB12' }, two], ' ab12 ')).toEqual({ kind: 'send', userId: 3 });
  });

  it('sends the user to dealer support when the dealer number does not single one out', () => {
    const support = { kind: 'conflict', reason: 'contactDealerSupport', messageKey: RECOVERY_KEYS.contactDealerSupport };
    expect(forgotUsernameOutcome([one, two], '1111')).toEqual(support);
    expect(forgotUsernameOutcome([one, { userId: 4, dealerNumber: '4120' }], '4120')).toEqual(support);
  });

  it('words the two 409s so the client picks the right title (English mentions provide only when asking)', () => {
    expect(text('en', RECOVERY_KEYS.dealerNumberRequired)).toMatch(/provide/i);
    expect(text('en', RECOVERY_KEYS.contactDealerSupport)).not.toMatch(/provide/i);
    expect(text('en', RECOVERY_KEYS.usernameSent)).toBe(
      'Your username has been sent to the provided contact information, if it exists in our system',
    );
  });
});

describe('security answers', () => {
  const stored = [{ question: 'First pet?' }, { question: 'Born where?' }];

  it('pairs the answers with the stored questions, in their order', () => {
    expect(
      pairAnswers(stored, [
        { question: 'Born where?', answer: 'Duluth' },
        { question: 'First pet?', answer: 'Biscuit' },
      ]),
    ).toEqual(['Biscuit', 'Duluth']);
  });

  it('refuses missing, extra, repeated or unknown questions', () => {
    expect(pairAnswers(stored, [{ question: 'First pet?', answer: 'x' }])).toBeUndefined();
    expect(
      pairAnswers(stored, [
        { question: 'First pet?', answer: 'x' },
        { question: 'First pet?', answer: 'y' },
      ]),
    ).toBeUndefined();
    expect(
      pairAnswers(stored, [
        { question: 'First pet?', answer: 'x' },
        { question: 'Other?', answer: 'y' },
      ]),
    ).toBeUndefined();
    expect(pairAnswers([], [])).toBeUndefined();
  });

  it('spends the session at the fifth wrong attempt', () => {
    expect(RECOVERY_POLICY.maxAnswerAttempts).toBe(5);
    expect([1, 2, 3, 4].map(afterWrongAnswers)).toEqual(['retry', 'retry', 'retry', 'retry']);
    expect(afterWrongAnswers(5)).toBe('spent');
  });
});

describe('registration links (§4 Registration, §8 412 and 409)', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const later = new Date('2026-03-02T12:00:00Z');

  it('tells valid, used and expired tokens apart', () => {
    expect(tokenState({ used_at: null, expires_at: later }, now)).toBe('valid');
    expect(tokenState({ used_at: null, expires_at: now }, now)).toBe('expired');
    expect(tokenState({ used_at: now, expires_at: later }, now)).toBe('used');
  });

  it('counts a customer as registered once verified with a password', () => {
    expect(isRegistered({ email_verified_at: now, password_hash: 'h' })).toBe(true);
    expect(isRegistered({ email_verified_at: null, password_hash: 'h' })).toBe(false);
    expect(isRegistered({ email_verified_at: now, password_hash: null })).toBe(false);
  });

  it('answers 409 for a registered account, 400 for an unknown or used link, 412 for an expired one', () => {
    expect(registrationLinkOutcome('valid', false)).toBe('valid');
    expect(registrationLinkOutcome('used', true)).toBe('alreadyRegistered');
    expect(registrationLinkOutcome('expired', true)).toBe('alreadyRegistered');
    expect(registrationLinkOutcome('used', false)).toBe('invalid');
    expect(registrationLinkOutcome(undefined, false)).toBe('invalid');
    expect(registrationLinkOutcome('expired', false)).toBe('expired');
    expect(LINK_STATUS.alreadyRegistered.status).toBe(409);
    expect(LINK_STATUS.invalid.status).toBe(400);
    expect(LINK_STATUS.expired.status).toBe(412);
    expect(text('en', LINK_STATUS.expired.key)).toBe('Your registration link has expired. Would you like to request a new one?');
    expect(text('en', LINK_STATUS.alreadyRegistered.key)).toBe('This account has already been registered. Please login.');
  });

  it('builds the registration link on a base (mail/links.ts gives the base)', () => {
    expect(registrationLink('https://my.example.com', 'code', 'a-b_c')).toBe('https://my.example.com/login/register?code=a-b_c');
    expect(registrationLink('https://my.example.com', 'otp', 'x+y')).toBe('https://my.example.com/login/register?otp=x%2By');
  });
});

describe('new passwords', () => {
  it('refuses a common password, and one containing the username', () => {
    expect(newPasswordErrors('newPassword', 'password1234')).toEqual({ newPassword: expect.any(String) });
    expect(newPasswordErrors('newPassword', 'My-dealer.beta-pw!', 'dealer.beta')).toEqual({ newPassword: RECOVERY_KEYS.containsUsername });
    expect(newPasswordErrors('password', 'Quiet-Harbor-Lantern-42', 'dealer.beta')).toEqual({});
  });
});

describe('locale keys', () => {
  it('has every key the rules hand out in en, es and fr', () => {
    for (const lang of ['en', 'es', 'fr']) {
      for (const key of Object.values(RECOVERY_KEYS)) expect(text(lang, key), `${lang} ${key}`).toEqual(expect.any(String));
    }
  });
});
