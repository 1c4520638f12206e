import argon2 from 'argon2';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/common/constants.js';
import { DEMO_SECURITY_QUESTIONS } from '../../src/server/db/seed/demo/users.js';
import { json, TestClient } from './client.js';
import { messagesTo, TEST_DATABASES } from './harness.js';
import { demoSuite } from './fixtures.js';

const NEUTRAL_VERIFY = 'We could not verify your account with the details provided.';
const WRONG_ANSWERS = 'One or more answers are incorrect. Please try again.';
const TOO_MANY = 'Too many attempts. Please try again later.';
const SESSION_INVALID = 'This password recovery has expired or is no longer valid. Please start again.';
const USERNAME_SENT = 'Your username has been sent to the provided contact information, if it exists in our system';
const WRONG_CODE = 'The code is incorrect or has expired.';
const NEW_PASSWORD = 'Quiet-Harbor-Lantern-42';

describe.each(TEST_DATABASES)('account recovery on $name', (database) => {
  const { t } = demoSuite(database);
  const client = () => new TestClient(t.origin).init();

  const call = async (c: TestClient, method: string, path: string, body: unknown, lang = 'en') =>
    json(await c.request(method, path, body, { 'Accept-Language': lang }));

  /**
   * Messages are recorded after the answer (so a known contact answers as fast as an unknown one): wait for them.
   * `subject` keeps only that kind: an earlier test's security notice can land after its test ended.
   */
  async function waitForMessages(to: string, count: number, subject?: string) {
    for (let i = 0; i < 100; i++) {
      const messages = (await messagesTo(t.db, to)).filter((m) => subject === undefined || m.subject === subject);
      if (messages.length >= count) return messages;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no message to ${to}`);
  }

  const audits = (action: string) => t.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();
  const rightAnswers = () => DEMO_SECURITY_QUESTIONS.map(({ question, answer }) => ({ question, answer: `  ${answer.toUpperCase()} ` }));
  const wrongAnswers = () =>
    DEMO_SECURITY_QUESTIONS.map(({ question }, i) => ({ question, answer: i === 2 ? 'Volvo' : DEMO_SECURITY_QUESTIONS[i].answer }));
  // Every call here comes from 127.0.0.1: start each test with no counters, and
  // with earlier codes two hours old (out of app.mfaCodes' 30 s and hourly limits).
  beforeEach(async () => {
    await t.db.deleteFrom('login_throttle').execute();
    await t.db
      .updateTable('mfa_codes')
      .set({ created_at: new Date(Date.now() - 2 * 3_600_000) })
      .execute();
  });

  describe('dealer forgot password (verify → questions → new password)', () => {
    const start = async (c: TestClient, username: string, contact: string, lang = 'en') =>
      call(c, 'POST', '/api/account/password/session', { username, contact, captcha: await c.captcha() }, lang);

    it('answers a wrong contact, an unknown user and a user without questions alike', async () => {
      const c = await client();
      const wrongContact = await start(c, 'dealer.beta', 'someone.else@example.com');
      const wrongPhone = await start(c, 'dealer.beta', '(312) 555-0100');
      const unknown = await start(c, 'nobody.here', 'dealer.beta@example.com');
      const noQuestions = await start(c, 'dealer.classic', 'dealer.classic@example.com');
      const customer = await start(c, 'customer@example.com', 'customer@example.com');
      for (const answer of [wrongContact, wrongPhone, unknown, noQuestions, customer]) {
        expect(answer).toEqual({ status: 401, body: { message: NEUTRAL_VERIFY } });
      }
      expect((await start(c, 'dealer.beta', 'nobody@example.com', 'es')).body.message).toBe(
        'No pudimos verificar su cuenta con los datos proporcionados.',
      );
      expect((await audits('recovery.session.failed')).length).toBeGreaterThanOrEqual(6);
      expect(await t.db.selectFrom('one_time_tokens').select('token_hash').where('kind', '=', 'recovery').execute()).toEqual([]);
    });

    it('refuses a replayed captcha, a missing captcha and a write without the XSRF header', async () => {
      const c = await client();
      const captcha = await c.captcha();
      const body = { username: 'dealer.beta', contact: 'dealer.beta@example.com', captcha };
      expect((await call(c, 'POST', '/api/account/password/session', body)).status).toBe(200);
      expect(await call(c, 'POST', '/api/account/password/session', body)).toEqual({
        status: 400,
        body: { message: 'Please complete the captcha again.' },
      });
      const missing = await call(c, 'POST', '/api/account/password/session', {
        username: 'dealer.beta',
        contact: 'dealer.beta@example.com',
      });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual({ captcha: 'Required' });
      const noXsrf = await c.request(
        'POST',
        '/api/account/password/session',
        { ...body, captcha: await c.captcha() },
        { 'X-XSRF-Token': 'forged' },
      );
      expect(noXsrf.status).toBe(403);
    });

    it('locks the session after five wrong answers', async () => {
      const c = await client();
      const session = await start(c, 'dealer.beta', '+1 (312) 555-0187');
      expect(session.status).toBe(200);
      expect(session.body.questions).toEqual(DEMO_SECURITY_QUESTIONS.map(({ question }) => ({ question })));
      const { recoveryToken } = session.body;
      const answer = (questions: unknown) => call(c, 'PATCH', '/api/account/securityQuestions', { recoveryToken, questions });
      for (let i = 1; i <= 4; i++) expect(await answer(wrongAnswers())).toEqual({ status: 401, body: { message: WRONG_ANSWERS } });
      expect(await answer(wrongAnswers())).toEqual({ status: 429, body: { message: TOO_MANY } });
      // Spent: even the right answers are refused now.
      expect(await answer(rightAnswers())).toEqual({ status: 429, body: { message: TOO_MANY } });
      expect(
        (await call(c, 'POST', '/api/account/password/reset', { recoveryToken, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }))
          .status,
      ).toBe(429);
      // Answering only some of the questions counts as wrong.
      const next = (await start(c, 'dealer.beta', 'dealer.beta@example.com')).body.recoveryToken;
      const partial = await call(c, 'PATCH', '/api/account/securityQuestions', {
        recoveryToken: next,
        questions: rightAnswers().slice(0, 2),
      });
      expect(partial).toEqual({ status: 401, body: { message: WRONG_ANSWERS } });
      expect(await audits('recovery.answers.locked')).toHaveLength(1);
    });

    it('refuses an expired, unknown or superseded session', async () => {
      const c = await client();
      const first = (await start(c, 'dealer.beta', 'dealer.beta@example.com')).body.recoveryToken;
      const second = (await start(c, 'dealer.beta', 'dealer.beta@example.com')).body.recoveryToken;
      const answer = (recoveryToken: string) =>
        call(c, 'PATCH', '/api/account/securityQuestions', { recoveryToken, questions: rightAnswers() });
      expect(await answer(first)).toEqual({ status: 401, body: { message: SESSION_INVALID } });
      expect(await answer('not-a-token')).toEqual({ status: 401, body: { message: SESSION_INVALID } });
      await t.db
        .updateTable('one_time_tokens')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('kind', '=', 'recovery')
        .execute();
      expect(await answer(second)).toEqual({ status: 401, body: { message: SESSION_INVALID } });
    });

    it('resets the password of dealer.beta, ends the sessions, and cannot be replayed', async () => {
      const signedIn = await client();
      expect((await signedIn.login('dealer.beta')).status).toBe(200);
      expect((await signedIn.request('GET', '/api/me')).status).toBe(200);

      const c = await client();
      const { recoveryToken } = (await start(c, 'DEALER.BETA', 'Dealer.Beta@Example.com')).body;
      const reset = (newPassword: string, confirmPassword = newPassword) =>
        call(c, 'POST', '/api/account/password/reset', { recoveryToken, newPassword, confirmPassword });
      // The questions come first.
      expect(await reset(NEW_PASSWORD)).toEqual({ status: 401, body: { message: SESSION_INVALID } });
      expect(await call(c, 'PATCH', '/api/account/securityQuestions', { recoveryToken, questions: rightAnswers() })).toEqual({
        status: 200,
        body: { success: true },
      });
      expect(await call(c, 'PATCH', '/api/account/securityQuestions', { recoveryToken, questions: rightAnswers() })).toEqual({
        status: 401,
        body: { message: SESSION_INVALID },
      });

      const common = await reset('password1234');
      expect(common.status).toBe(400);
      expect(Object.keys(common.body.errors)).toEqual(['newPassword']);
      expect((await reset(NEW_PASSWORD, 'Quiet-Harbor-Lantern-43')).body.errors).toEqual({ confirmPassword: 'Passwords must match' });
      expect((await reset('short')).body.errors).toEqual({ newPassword: 'Must be at least 12 characters long' });
      expect((await reset('xx-dealer.beta-xx')).body.errors).toEqual({ newPassword: 'The password must not contain your username.' });
      expect((await reset(DEMO_PASSWORD)).body.errors).toEqual({
        newPassword: 'The new password must be different from your current password.',
      });

      expect(await reset(NEW_PASSWORD)).toEqual({ status: 200, body: { success: true } });
      expect(await reset('Another-Quiet-Harbor-77')).toEqual({ status: 401, body: { message: SESSION_INVALID } });

      expect((await signedIn.request('GET', '/api/me')).status).toBe(401);
      expect((await (await client()).login('dealer.beta')).status).toBe(401);
      expect((await (await client()).login('dealer.beta', NEW_PASSWORD)).status).toBe(200);

      const [entry] = await audits('recovery.password.reset');
      expect(entry).toMatchObject({ target_type: 'user', ip: '127.0.0.1' });
      const everything = JSON.stringify(await t.db.selectFrom('audit_log').select('details').execute());
      for (const secret of [NEW_PASSWORD, 'password1234', 'Biscuit', 'BISCUIT', recoveryToken]) expect(everything).not.toContain(secret);
      // Back to the demo password for the tests that follow.
      await t.db
        .updateTable('users')
        .set({ password_hash: await argon2.hash(DEMO_PASSWORD, { type: argon2.argon2id }) })
        .where('username', '=', 'dealer.beta')
        .execute();
    });

    it('throttles one username after repeated failures, whatever the details', async () => {
      const c = await client();
      const captcha = await c.captcha();
      for (let i = 0; i < 8; i++) expect((await start(c, 'dealer.beta', `wrong${i}@example.com`)).status).toBe(401);
      // Blocked for a few seconds now: even the right details get the neutral answer.
      const right = await call(c, 'POST', '/api/account/password/session', {
        username: 'dealer.beta',
        contact: 'dealer.beta@example.com',
        captcha,
      });
      expect(right).toEqual({ status: 401, body: { message: NEUTRAL_VERIFY } });
    });
  });

  describe('forgot username', () => {
    const forgot = async (c: TestClient, contact: string, extra: Record<string, unknown> = {}, lang = 'en') =>
      call(c, 'POST', '/api/account/username/forgot', { contact, captcha: await c.captcha(), ...extra }, lang);

    it('answers the same neutral notice for an unknown and a known contact, and sends only to the known one', async () => {
      const c = await client();
      const unknown = await forgot(c, 'nobody.at.all@example.com');
      const known = await forgot(c, 'Dealer.Beta@example.com');
      expect(unknown).toEqual({ status: 200, body: { success: true, message: USERNAME_SENT } });
      expect(known).toEqual(unknown);
      const [mail] = await waitForMessages('dealer.beta@example.com', 1, 'Your username');
      expect(mail).toMatchObject({ channel: 'email', recipient: 'dealer.beta@example.com', subject: 'Your username' });
      expect(mail.body).toContain('dealer.beta');
      expect(await messagesTo(t.db, 'nobody.at.all@example.com')).toEqual([]);
    });

    it('texts the username to a phone given in another format', async () => {
      const c = await client();
      expect((await forgot(c, '312.555.0187')).body.message).toBe(USERNAME_SENT);
      const [text] = await waitForMessages('+13125550187', 1);
      expect(text).toMatchObject({ channel: 'sms' });
      expect(text.body).toContain('dealer.beta');
    });

    it('asks to provide the dealer number when several users share the contact, then narrows by it', async () => {
      const c = await client();
      const before = (await messagesTo(t.db, 'dealer.classic@example.com')).length;
      const conflict = await forgot(c, 'dealer.classic@example.com');
      expect(conflict).toEqual({
        status: 409,
        body: { message: 'More than one account uses this contact. Please provide your dealer number.', reason: 'dealerNumberRequired' },
      });
      expect(conflict.body.message).toMatch(/provide/i);
      const spanish = await forgot(c, 'dealer.classic@example.com', {}, 'es');
      expect(spanish).toMatchObject({ status: 409, body: { reason: 'dealerNumberRequired' } });
      expect(spanish.body.message).not.toBe(conflict.body.message);

      const support = await forgot(c, 'dealer.classic@example.com', { dealerNumber: '1234' });
      expect(support).toEqual({
        status: 409,
        body: { message: 'We could not identify a single account. Please contact dealer support.', reason: 'contactDealerSupport' },
      });
      expect(support.body.message).not.toMatch(/provide/i);
      expect(await messagesTo(t.db, 'dealer.classic@example.com')).toHaveLength(before);

      expect(await forgot(c, 'dealer.classic@example.com', { dealerNumber: ' 5877 ' })).toEqual({
        status: 200,
        body: { success: true, message: USERNAME_SENT },
      });
      const [mail] = await waitForMessages('dealer.classic@example.com', before + 1);
      expect(mail.body).toContain('dealer.summit');
      expect(mail.body).not.toContain('dealer.classic');
    });

    it('sends to dealer support when the dealer number still matches several users', async () => {
      const c = await client();
      const twin = await t.db
        .insertInto('users')
        .values({
          username: 'dealer.summit.two',
          name: 'Twin',
          email: 'dealer.classic@example.com',
          application_num: 2,
          dealer_number: '5877',
        })
        .returning('user_id')
        .executeTakeFirstOrThrow();
      try {
        expect(await forgot(c, 'dealer.classic@example.com', { dealerNumber: '5877' })).toMatchObject({
          status: 409,
          body: { reason: 'contactDealerSupport' },
        });
        // A disabled user does not count.
        await t.db.updateTable('users').set({ disabled_at: new Date() }).where('user_id', '=', twin.user_id).execute();
        expect((await forgot(c, 'dealer.classic@example.com', { dealerNumber: '5877' })).status).toBe(200);
      } finally {
        await t.db.deleteFrom('users').where('user_id', '=', twin.user_id).execute();
      }
    });

    it('ignores customers and unverified contact methods, and refuses a replayed captcha', async () => {
      const c = await client();
      await t.db
        .insertInto('user_contact_methods')
        .values({
          user_id: (await t.db.selectFrom('users').select('user_id').where('username', '=', 'dealer.newuser').executeTakeFirstOrThrow())
            .user_id,
          type: 'email',
          value: 'unverified@example.com',
          verified_at: null,
        })
        .execute();
      expect((await forgot(c, 'unverified@example.com')).status).toBe(200);
      expect((await forgot(c, 'customer@example.com')).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await messagesTo(t.db, 'unverified@example.com')).toEqual([]);
      expect((await messagesTo(t.db, 'customer@example.com')).filter((m) => m.subject === 'Your username')).toEqual([]);

      const captcha = await c.captcha();
      expect((await call(c, 'POST', '/api/account/username/forgot', { contact: 'nobody@example.com', captcha })).status).toBe(200);
      expect((await call(c, 'POST', '/api/account/username/forgot', { contact: 'nobody@example.com', captcha })).status).toBe(400);
    });
  });

  describe('customer forgot password (email → code → new password)', () => {
    const requestCode = (c: TestClient, email: string) => call(c, 'POST', '/api/mfa/request/msa', { email });
    const verify = (c: TestClient, username: string, code: string) => call(c, 'POST', '/api/mfa/verify/msa', { username, code });
    const resetMsa = async (c: TestClient, email: string, code: string, newPassword = NEW_PASSWORD, confirmPassword = newPassword) =>
      call(c, 'POST', '/api/msa/password', { email, code, newPassword, confirmPassword, captcha: await c.captcha() });
    const latestCode = async (email: string, count: number) => /\b(\d{6})\b/.exec((await waitForMessages(email, count))[0].body)![1];

    it('answers an unknown and a known email alike, also for the resend block', async () => {
      const c = await client();
      const known = await requestCode(c, 'Customer@Example.com');
      const unknown = await requestCode(c, 'ghost.customer@example.com');
      expect(known).toEqual({ status: 200, body: { success: true } });
      expect(unknown).toEqual(known);
      const [mail] = await waitForMessages('customer@example.com', 1);
      expect(mail.subject).toBe('Your password reset code');
      expect(await messagesTo(t.db, 'ghost.customer@example.com')).toEqual([]);
      // Within 30 s: 429 for both.
      expect(await requestCode(c, 'customer@example.com')).toEqual({ status: 429, body: { message: TOO_MANY } });
      expect(await requestCode(c, 'ghost.customer@example.com')).toEqual({ status: 429, body: { message: TOO_MANY } });
      // Unverified or dealer addresses get no code either.
      expect(await requestCode(c, 'new.customer@example.com')).toEqual(known);
      expect(await requestCode(c, 'dealer.beta@example.com')).toEqual(known);
    });

    it('checks the code, resets the password with it once, and signs in with the new password', async () => {
      const c = await client();
      const before = (await messagesTo(t.db, 'customer@example.com')).length;
      expect((await requestCode(c, 'customer@example.com')).status).toBe(200);
      const code = await latestCode('customer@example.com', before + 1);
      const wrong = code === '000000' ? '111111' : '000000';

      expect(await verify(c, 'customer@example.com', wrong)).toEqual({ status: 401, body: { message: WRONG_CODE } });
      expect(await verify(c, 'ghost.customer@example.com', code)).toEqual({ status: 401, body: { message: WRONG_CODE } });
      expect(await verify(c, 'customer@example.com', code)).toEqual({ status: 200, body: { success: true } });
      // Checking does not spend it.
      expect((await verify(c, 'customer@example.com', code)).status).toBe(200);

      const signedIn = await client();
      expect((await signedIn.loginMsa('customer@example.com')).status).toBe(200);

      expect(await resetMsa(c, 'customer@example.com', wrong)).toEqual({ status: 401, body: { message: WRONG_CODE } });
      const common = await resetMsa(c, 'customer@example.com', code, 'password1234');
      expect(common.status).toBe(400);
      expect(Object.keys(common.body.errors)).toEqual(['newPassword']);
      expect((await resetMsa(c, 'customer@example.com', code, NEW_PASSWORD, 'Something-Else-123')).body.errors).toEqual({
        confirmPassword: 'Passwords must match',
      });
      expect(await resetMsa(c, 'customer@example.com', code)).toEqual({ status: 200, body: { success: true } });
      // Spent.
      expect(await resetMsa(c, 'customer@example.com', code, 'Another-Quiet-Harbor-77')).toEqual({
        status: 401,
        body: { message: WRONG_CODE },
      });
      expect(await verify(c, 'customer@example.com', code)).toEqual({ status: 401, body: { message: WRONG_CODE } });

      expect((await signedIn.request('GET', '/api/me')).status).toBe(401);
      expect((await (await client()).loginMsa('customer@example.com')).status).toBe(401);
      expect((await (await client()).loginMsa('customer@example.com', NEW_PASSWORD)).status).toBe(200);
      expect(await audits('recovery.password.reset')).not.toHaveLength(0);
    });

    it('gives 429 after five wrong codes, for a customer and an unknown address alike', async () => {
      const c = await client();
      const before = (await messagesTo(t.db, 'customer@example.com')).length;
      await requestCode(c, 'customer@example.com');
      await requestCode(c, 'ghost.two@example.com');
      const code = await latestCode('customer@example.com', before + 1);
      const wrong = code === '000000' ? '111111' : '000000';
      for (const email of ['customer@example.com', 'ghost.two@example.com']) {
        for (let i = 1; i <= 4; i++)
          expect(await verify(c, email, wrong), `${email} ${i}`).toEqual({ status: 401, body: { message: WRONG_CODE } });
        expect(await verify(c, email, wrong)).toEqual({ status: 429, body: { message: TOO_MANY } });
        expect(await verify(c, email, email === 'customer@example.com' ? code : wrong)).toEqual({
          status: 429,
          body: { message: TOO_MANY },
        });
      }
    });

    it('refuses an expired code', async () => {
      const c = await client();
      const before = (await messagesTo(t.db, 'customer@example.com')).length;
      await requestCode(c, 'customer@example.com');
      const code = await latestCode('customer@example.com', before + 1);
      await t.db
        .updateTable('mfa_codes')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('used_at', 'is', null)
        .execute();
      expect(await verify(c, 'customer@example.com', code)).toEqual({ status: 401, body: { message: WRONG_CODE } });
    });
  });

  describe('MSA username check', () => {
    it('tells whether an email can still be registered', async () => {
      const c = await client();
      expect(await call(c, 'POST', '/api/msa/username', { username: 'CUSTOMER@example.com' })).toEqual({
        status: 200,
        body: { available: false },
      });
      expect(await call(c, 'POST', '/api/msa/username', { username: 'fresh.face@example.com' })).toEqual({
        status: 200,
        body: { available: true },
      });
    });

    it('limits lookups from one address', async () => {
      const c = await client();
      for (let i = 0; i < 60; i++)
        expect((await call(c, 'POST', '/api/msa/username', { username: `probe${i}@example.com` })).status).toBe(200);
      expect(await call(c, 'POST', '/api/msa/username', { username: 'probe@example.com' })).toEqual({
        status: 429,
        body: { message: TOO_MANY },
      });
    });
  });
});
