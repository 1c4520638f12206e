import { generate } from 'otplib';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../src/common/constants.js';
import { json, lastCode, TestClient } from './client.js';
import { messagesTo, TEST_DATABASES, unblockResend } from './harness.js';
import { demoSuite, userIdOf } from './fixtures.js';

const REAUTH = { message: 'Enter your current password to make this change.' };
const WRONG = { message: "The code is incorrect. Check that your phone's clock is right and try the newest code." };
const REUSED = { message: 'This code was already used. Wait for the next code in your app.' };
const TOO_MANY = { message: 'Too many attempts. Please try again later.' };
const RECOVERY_WRONG = { message: 'The recovery code is incorrect.' };
const RECOVERY_USED = { message: 'This recovery code was already used. Each code works once.' };
const RECOVERY_CODE = /^[a-hj-km-np-tv-z2-9]{4}(-[a-hj-km-np-tv-z2-9]{4}){3}$/;
const STEP_MS = 30_000;

/**
 * Authenticator app codes (TOTP) and recovery codes, on a fixed clock: Date is faked
 * (vi.useFakeTimers, Date only, as captcha.test.ts does) and moved by whole 30-second steps, and
 * the tests compute the app's codes with otplib from the secret the setup answers.
 */
describe.each(TEST_DATABASES)('authenticator app on $name', (database) => {
  const { t } = demoSuite(database);
  /** The fixed clock: 10 s into a time step, near the real time (sessions and tokens compare with the database). */
  let clock: number;
  const client = () => new TestClient(t.origin).init();

  const tick = (steps = 1) => {
    clock += steps * STEP_MS;
    vi.setSystemTime(clock);
  };
  /** The app's code now, or `offset` steps away. */
  const codeAt = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(clock / 1000) + offset * 30 });

  const userId = (username: string) => userIdOf(t.db, username);

  /** The newest audit lines of `action` about a user. */
  const audits = (action: string, target: number) =>
    t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .where('target_id', '=', String(target))
      .orderBy('audit_id', 'desc')
      .execute();

  /** The newest email to the user (securityNotices.ts tells them of each sign-in change): subject and body. */
  const lastMail = async (userId: number) => {
    const { email } = await t.db.selectFrom('users').select('email').where('user_id', '=', userId).executeTakeFirstOrThrow();
    const [message] = await messagesTo(t.db, email!);
    return { subject: message?.subject, body: message?.body };
  };

  /** Verifies the session with a code by email (dealer.summit's address is dealer.classic's). */
  const verifyByEmail = async (c: TestClient) => {
    await unblockResend(t.db);
    expect((await c.request('POST', '/api/mfa/request', { type: 'email', mfaType: 'identityVerification' })).status).toBe(200);
    expect((await c.request('POST', '/api/mfa/verify', { code: await lastCode(t.origin, 'dealer.classic@example.com') })).status).toBe(200);
  };

  const signIn = async (username: string) => {
    const c = await client();
    const login = username.includes('@')
      ? await c.loginMsa(username)
      : await c.login(username, DEMO_PASSWORD, { internal: username.startsWith('support.') });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    return { c, reqs: login.body.reqs };
  };

  /** Sets the app up for a user (signed in with nothing pending): the secret and the recovery codes. */
  async function turnOn(username: string) {
    const { c, reqs } = await signIn(username);
    expect(reqs.mfaRequired).toBe(false);
    const setup = await json(await c.request('POST', '/api/user/authenticator', { currentPassword: DEMO_PASSWORD }));
    expect(setup.status).toBe(200);
    const confirmed = await json(await c.request('POST', '/api/user/authenticator/confirm', { code: await codeAt(setup.body.secret) }));
    expect(confirmed.status).toBe(200);
    return { c, secret: setup.body.secret as string, recoveryCodes: confirmed.body.recoveryCodes as string[] };
  }

  beforeAll(async () => {
    clock = Math.floor(Date.now() / STEP_MS) * STEP_MS + 10_000;
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(clock);
  });
  afterEach(() => vi.useRealTimers());

  describe('dealer.summit', () => {
    let summit: number;
    let secret: string;
    let recoveryCodes: string[];

    beforeAll(async () => {
      summit = await userId('dealer.summit');
    });

    it('sets up only with the current password; the key is sealed at rest and nothing changes until a code confirms it', async () => {
      const { c } = await signIn('dealer.summit');
      expect(await json(await c.request('POST', '/api/user/authenticator', {}))).toEqual({ status: 403, body: REAUTH });
      const wrongPassword = await json(await c.request('POST', '/api/user/authenticator', { currentPassword: 'Not-The-Password-1' }));
      expect(wrongPassword).toMatchObject({ status: 400, body: { errors: { currentPassword: 'The current password is incorrect.' } } });

      const setup = await json(await c.request('POST', '/api/user/authenticator', { currentPassword: DEMO_PASSWORD }));
      expect(setup.status).toBe(200);
      secret = setup.body.secret;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(setup.body).toMatchObject({ issuer: 'Dealer Portal', label: 'dealer.summit', digits: 6, periodSeconds: 30 });
      expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\/Dealer%20Portal:dealer\.summit\?/);
      expect(new URL(setup.body.uri).searchParams.get('secret')).toBe(secret);
      expect(setup.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(setup.body.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');

      const row = await t.db.selectFrom('user_totp').selectAll().where('user_id', '=', summit).executeTakeFirstOrThrow();
      expect(row.confirmed_at).toBeNull();
      expect(row.secret_encrypted).toMatch(/^v1\./);
      expect(row.secret_encrypted).not.toContain(secret);
      expect(await json(await c.request('GET', '/api/user/authenticator'))).toEqual({
        status: 200,
        body: { enabled: false, confirmedAt: null, lastUsedAt: null, recoveryCodesLeft: 0 },
      });
      // Not on yet: sign-in asks for nothing more.
      expect((await signIn('dealer.summit')).reqs).toMatchObject({ mfaRequired: false, actionRequired: false });
      expect((await audits('authenticator.setupStarted', summit)).length).toBe(1);
    });

    it('refuses a wrong first code, then turns on with a right one and shows ten recovery codes once', async () => {
      const { c } = await signIn('dealer.summit');
      const wrong = String((Number(await codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');
      expect(await json(await c.request('POST', '/api/user/authenticator/confirm', { code: wrong }))).toEqual({ status: 401, body: WRONG });
      expect((await audits('authenticator.confirmFailed', summit))[0].details).toMatchObject({ reason: 'wrong' });

      const confirmed = await json(await c.request('POST', '/api/user/authenticator/confirm', { code: await codeAt(secret) }));
      expect(confirmed.status).toBe(200);
      recoveryCodes = confirmed.body.recoveryCodes;
      expect(recoveryCodes).toHaveLength(10);
      for (const code of recoveryCodes) expect(code).toMatch(RECOVERY_CODE);
      expect(new Set(recoveryCodes).size).toBe(10);

      const stored = await t.db.selectFrom('user_recovery_codes').select('code_hash').where('user_id', '=', summit).execute();
      expect(stored).toHaveLength(10);
      expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0].slice(0, 4));
      expect((await audits('authenticator.enabled', summit))[0].details).toEqual({ recoveryCodes: 10 });
      const notice = await lastMail(summit);
      expect(notice.subject).toBe('Security notice: An authenticator app was turned on');
      expect(notice.body).toContain('to your Dealer Portal account (dealer.summit):\n\nAn authenticator app was turned on.\nWhen: ');
      expect(notice.body).not.toContain(secret);
      expect(JSON.stringify(await t.db.selectFrom('audit_log').select('details').execute())).not.toContain(secret);

      expect(await json(await c.request('GET', '/api/user/authenticator'))).toMatchObject({
        status: 200,
        body: { enabled: true, confirmedAt: new Date(clock).toISOString(), recoveryCodesLeft: 10 },
      });
      expect((await c.request('POST', '/api/user/authenticator/confirm', { code: await codeAt(secret, 1) })).status).toBe(409);
      expect((await c.request('POST', '/api/user/authenticator', { currentPassword: DEMO_PASSWORD })).status).toBe(409);
    });

    it('asks for a second factor at sign-in; an authenticator code clears mfaRequired and counts as a step-up', async () => {
      tick();
      const { c, reqs } = await signIn('dealer.summit');
      expect(reqs).toMatchObject({ mfaRequired: true, actionRequired: true });
      expect((await c.request('GET', '/api/news')).status).toBe(403);
      expect(await json(await c.request('GET', '/api/mfa/choices'))).toEqual({
        status: 200,
        body: { authenticator: true, recoveryCode: true },
      });

      const verified = await json(await c.request('POST', '/api/mfa/verify/authenticator', { code: await codeAt(secret) }));
      expect(verified).toMatchObject({ status: 200, body: { success: true, reqs: { mfaRequired: false, actionRequired: false } } });
      expect((await c.request('GET', '/api/news')).status).toBe(200);
      expect((await audits('authenticator.verified', summit))[0].details).toMatchObject({ use: 'signIn', rememberDevice: false });
      // A step-up: a sensitive change passes without the password for a few minutes.
      const questions = [
        { question: 'firstPet', answer: 'Rex' },
        { question: 'birthCity', answer: 'Springfield' },
        { question: 'firstJob', answer: 'Paper route' },
      ];
      expect((await c.request('PUT', '/api/account/securityQuestions', { questions })).status).toBe(200);
    });

    it('refuses a code used once already in its time step, or an older one, from any session', async () => {
      tick();
      const first = await signIn('dealer.summit');
      const code = await codeAt(secret);
      expect((await first.c.request('POST', '/api/mfa/verify/authenticator', { code })).status).toBe(200);

      const second = await signIn('dealer.summit');
      expect(await json(await second.c.request('POST', '/api/mfa/verify/authenticator', { code }))).toEqual({ status: 401, body: REUSED });
      expect((await audits('authenticator.failed', summit))[0].details).toMatchObject({ reason: 'reused', use: 'signIn' });
      const older = await codeAt(secret, -1);
      expect(await json(await second.c.request('POST', '/api/mfa/verify/authenticator', { code: older }))).toEqual({
        status: 401,
        body: REUSED,
      });
      tick();
      expect((await second.c.request('POST', '/api/mfa/verify/authenticator', { code: await codeAt(secret) })).status).toBe(200);
    });

    it('accepts the code of one step either side of the clock, not two', async () => {
      tick(5);
      const { c } = await signIn('dealer.summit');
      for (const offset of [-2, 2]) {
        expect(await json(await c.request('POST', '/api/mfa/verify/authenticator', { code: await codeAt(secret, offset) }))).toEqual({
          status: 401,
          body: WRONG,
        });
      }
      expect((await c.request('POST', '/api/mfa/verify/authenticator', { code: await codeAt(secret, -1) })).status).toBe(200);
      const later = await signIn('dealer.summit');
      expect((await later.c.request('POST', '/api/mfa/verify/authenticator', { code: await codeAt(secret, 1) })).status).toBe(200);
      // The phone ran ahead: the code of now is older than the one just taken.
      const next = await signIn('dealer.summit');
      expect(await json(await next.c.request('POST', '/api/mfa/verify/authenticator', { code: await codeAt(secret) }))).toEqual({
        status: 401,
        body: REUSED,
      });
    });

    it('takes each recovery code once, as typed in any case or spacing', async () => {
      tick(5);
      const { c } = await signIn('dealer.summit');
      const typed = recoveryCodes[0].toUpperCase().replace(/-/g, ' ');
      const used = await json(await c.request('POST', '/api/mfa/verify/recoveryCode', { code: typed }));
      expect(used).toMatchObject({ status: 200, body: { reqs: { mfaRequired: false }, recoveryCodesLeft: 9 } });
      expect((await audits('recoveryCode.used', summit))[0].details).toMatchObject({ use: 'signIn', recoveryCodesLeft: 9 });
      expect((await lastMail(summit)).subject).toBe('Security notice: A recovery code was used to sign in');

      const again = await signIn('dealer.summit');
      expect(await json(await again.c.request('POST', '/api/mfa/verify/recoveryCode', { code: recoveryCodes[0] }))).toEqual({
        status: 401,
        body: RECOVERY_USED,
      });
      expect((await audits('recoveryCode.failed', summit))[0].details).toMatchObject({ reason: 'used' });
      expect(await json(await again.c.request('POST', '/api/mfa/verify/recoveryCode', { code: 'abcd-efgh-jkmn-pqrs' }))).toEqual({
        status: 401,
        body: RECOVERY_WRONG,
      });
      expect((await again.c.request('POST', '/api/mfa/verify/recoveryCode', { code: recoveryCodes[1] })).status).toBe(200);
      expect((await json(await again.c.request('GET', '/api/user/authenticator'))).body.recoveryCodesLeft).toBe(8);
    });

    it("keeps the spec's email code working for a user with an authenticator", async () => {
      tick();
      const { c } = await signIn('dealer.summit');
      await unblockResend(t.db);
      expect((await c.request('POST', '/api/mfa/request', { type: 'email', mfaType: 'identityVerification' })).status).toBe(200);
      const verified = await json(
        await c.request('POST', '/api/mfa/verify', { code: await lastCode(t.origin, 'dealer.classic@example.com') }),
      );
      expect(verified).toMatchObject({ status: 200, body: { reqs: { mfaRequired: false } } });
    });

    it('throttles wrong codes as the spec codes are: the fifth wrong one answers 429 until the block ends', async () => {
      tick();
      // Counted from none (the replay refused above is still on the count: only a right code clears it).
      expect(
        (await t.db.selectFrom('login_throttle').select('failures').where('throttle_key', '=', `totp:${summit}`).execute())[0]?.failures,
      ).toBe(1);
      await t.db.deleteFrom('login_throttle').where('throttle_key', '=', `totp:${summit}`).execute();
      const { c } = await signIn('dealer.summit');
      const wrong = String((Number(await codeAt(secret)) + 500_000) % 1_000_000).padStart(6, '0');
      for (let i = 0; i < 4; i++) expect((await c.request('POST', '/api/mfa/verify/authenticator', { code: wrong })).status).toBe(401);
      expect(await json(await c.request('POST', '/api/mfa/verify/authenticator', { code: wrong }))).toEqual({
        status: 429,
        body: TOO_MANY,
      });
      // Blocked: not even the right code is checked, in this session or another.
      expect((await c.request('POST', '/api/mfa/verify/authenticator', { code: await codeAt(secret) })).status).toBe(429);
      const other = await signIn('dealer.summit');
      expect((await other.c.request('POST', '/api/mfa/verify/authenticator', { code: await codeAt(secret) })).status).toBe(429);
      expect((await audits('authenticator.failed', summit))[0].details).toMatchObject({ reason: 'tooManyAttempts' });

      tick(3);
      expect((await c.request('POST', '/api/mfa/verify/authenticator', { code: await codeAt(secret) })).status).toBe(200);
      expect(await t.db.selectFrom('login_throttle').selectAll().where('throttle_key', '=', `totp:${summit}`).execute()).toEqual([]);
    });

    it('remembers the device when asked, so the next sign-in in this browser asks for nothing more', async () => {
      tick();
      const { c } = await signIn('dealer.summit');
      const verified = await c.request('POST', '/api/mfa/verify/authenticator', { code: await codeAt(secret), rememberDevice: true });
      expect(verified.status).toBe(200);
      const login = await c.login('dealer.summit');
      expect(login.body.reqs).toMatchObject({ mfaRequired: false });
      // Forget it again, for the tests that follow.
      expect((await c.request('DELETE', '/api/account/trustedDevices')).status).toBe(200);
    });

    it('makes new recovery codes only with a step-up; the old ones stop working', async () => {
      tick();
      const { c } = await signIn('dealer.summit');
      // Signed in with an email code long enough ago: the password is asked.
      await verifyByEmail(c);
      tick(11);
      expect(await json(await c.request('POST', '/api/user/authenticator/recoveryCodes', {}))).toEqual({ status: 403, body: REAUTH });
      const fresh = await json(await c.request('POST', '/api/user/authenticator/recoveryCodes', { currentPassword: DEMO_PASSWORD }));
      expect(fresh.status).toBe(200);
      expect(fresh.body.recoveryCodes).toHaveLength(10);
      expect(fresh.body.recoveryCodes).not.toContain(recoveryCodes[2]);
      expect((await audits('authenticator.recoveryCodesRegenerated', summit))[0].details).toEqual({ recoveryCodes: 10 });
      expect((await lastMail(summit)).subject).toBe('Security notice: New recovery codes were made (the old ones no longer work)');

      const next = await signIn('dealer.summit');
      expect(await json(await next.c.request('POST', '/api/mfa/verify/recoveryCode', { code: recoveryCodes[2] }))).toEqual({
        status: 401,
        body: RECOVERY_WRONG,
      });
      expect((await next.c.request('POST', '/api/mfa/verify/recoveryCode', { code: fresh.body.recoveryCodes[0] })).status).toBe(200);
      // Verified just now: a step-up without the password.
      const again = await json(await next.c.request('POST', '/api/user/authenticator/recoveryCodes', {}));
      expect(again.status).toBe(200);
      recoveryCodes = again.body.recoveryCodes;
    });

    it('cannot be read once the sealing key changes: refused, logged, and recovery codes still work', async () => {
      tick();
      const row = await t.db.selectFrom('user_totp').select('secret_encrypted').where('user_id', '=', summit).executeTakeFirstOrThrow();
      await t.db
        .updateTable('user_totp')
        .set({ secret_encrypted: 'v1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })
        .where('user_id', '=', summit)
        .execute();
      const { c } = await signIn('dealer.summit');
      expect((await c.request('POST', '/api/mfa/verify/authenticator', { code: await codeAt(secret) })).status).toBe(401);
      expect((await audits('authenticator.failed', summit))[0].details).toMatchObject({ reason: 'unreadable' });
      expect((await c.request('POST', '/api/mfa/verify/recoveryCode', { code: recoveryCodes[5] })).status).toBe(200);
      await t.db.updateTable('user_totp').set({ secret_encrypted: row.secret_encrypted }).where('user_id', '=', summit).execute();
      await t.db.deleteFrom('login_throttle').where('throttle_key', '=', `totp:${summit}`).execute();
    });

    it('turns off only with a step-up; then sign-in asks for no second factor', async () => {
      tick();
      const { c } = await signIn('dealer.summit');
      await verifyByEmail(c);
      tick(11);
      expect(await json(await c.request('POST', '/api/user/authenticator/disable', {}))).toEqual({ status: 403, body: REAUTH });
      const off = await json(await c.request('POST', '/api/user/authenticator/disable', { currentPassword: DEMO_PASSWORD }));
      expect(off).toEqual({ status: 200, body: { enabled: false, confirmedAt: null, lastUsedAt: null, recoveryCodesLeft: 0 } });
      expect((await audits('authenticator.disabled', summit))[0].details).toEqual({ removed: true, recoveryCodesRemoved: 10 });
      expect((await lastMail(summit)).subject).toBe('Security notice: The authenticator app was turned off');
      expect(await t.db.selectFrom('user_totp').selectAll().where('user_id', '=', summit).execute()).toEqual([]);
      expect(await t.db.selectFrom('user_recovery_codes').selectAll().where('user_id', '=', summit).execute()).toEqual([]);

      const { c: next, reqs } = await signIn('dealer.summit');
      expect(reqs).toMatchObject({ mfaRequired: false, actionRequired: false });
      expect(await json(await next.request('GET', '/api/mfa/choices'))).toEqual({
        status: 200,
        body: { authenticator: false, recoveryCode: false },
      });
      expect((await next.request('POST', '/api/mfa/verify/authenticator', { code: await codeAt(secret) })).status).toBe(400);
      expect((await next.request('POST', '/api/user/authenticator/disable', { currentPassword: DEMO_PASSWORD })).status).toBe(404);
    });
  });

  describe('support reset', () => {
    it('lets support remove a user’s authenticator (the /support action), with a reason; audited', async () => {
      tick();
      const customer = await userId('customer.basic@example.com');
      // The customer chose Spanish on /user-account: support's reset, asked for in English, tells them in Spanish.
      await t.db.updateTable('users').set({ language: 'es' }).where('user_id', '=', customer).execute();
      await turnOn('customer.basic@example.com');
      expect((await signIn('customer.basic@example.com')).reqs).toMatchObject({ mfaRequired: true });

      const admin = await signIn('support.admin');
      const path = `/api/users/${customer}/supportActions/resetAuthenticator`;
      expect((await admin.c.request('POST', path, {})).status).toBe(400);
      expect((await admin.c.request('POST', `/api/users/999999/supportActions/resetAuthenticator`, { reason: 'Lost phone' })).status).toBe(
        404,
      );
      const reset = await admin.c.request('POST', path, { reason: '  Lost phone, identity checked by call-back  ' });
      expect(reset.status).toBe(200);
      const [line] = await audits('support.authenticatorReset', customer);
      expect(line.actor_user_id).toBe(await userId('support.admin'));
      expect(line.details).toMatchObject({ removed: true, recoveryCodesRemoved: 10, reason: 'Lost phone, identity checked by call-back' });
      expect((await signIn('customer.basic@example.com')).reqs).toMatchObject({ mfaRequired: false });
      expect((await lastMail(customer)).subject).toBe('Aviso de seguridad: Se desactivó la aplicación de autenticación');
    });

    it('is refused (403) to staff without the support role, dealers (even their administrators) and customers; 401 without a session', async () => {
      const customer = await userId('customer.basic@example.com');
      const path = `/api/users/${customer}/supportActions/resetAuthenticator`;
      for (const username of ['support.viewer', 'dealer.beta', 'customer@example.com']) {
        const { c } = await signIn(username);
        expect((await c.request('POST', path, { reason: 'Lost phone' })).status, username).toBe(403);
      }
      expect((await (await client()).request('POST', path, { reason: 'Lost phone' })).status).toBe(401);
    });

    it("a dealer administrator's 'Reset MFA' of their staff removes the authenticator too", async () => {
      const classic = await userId('dealer.classic');
      // An authenticator on (the rows as a setup leaves them; the reset never reads the secret).
      await t.db.insertInto('user_totp').values({ user_id: classic, secret_encrypted: 'v1.x', confirmed_at: new Date() }).execute();
      await t.db
        .insertInto('user_recovery_codes')
        .values(['a', 'b', 'c'].map((code_hash) => ({ user_id: classic, code_hash })))
        .execute();
      const { email } = await t.db.selectFrom('users').select('email').where('user_id', '=', classic).executeTakeFirstOrThrow();
      const mailsBefore = (await messagesTo(t.db, email!)).length;
      const beta = (await signIn('dealer.beta')).c;
      expect((await beta.request('PUT', '/api/user/accountGroup', { siteGroupNum: 4120 })).status).toBe(200);
      expect((await beta.request('POST', `/api/users/${classic}/resetMfa`, {})).status).toBe(200);
      expect(await t.db.selectFrom('user_totp').selectAll().where('user_id', '=', classic).execute()).toEqual([]);
      expect(await t.db.selectFrom('user_recovery_codes').selectAll().where('user_id', '=', classic).execute()).toEqual([]);
      expect((await audits('users.mfaReset', classic))[0].details).toMatchObject({
        authenticator: { removed: true, recoveryCodesRemoved: 3 },
      });
      // The user is told (their address is shared with dealer.summit, so the new mail is counted).
      const mails = await messagesTo(t.db, email!);
      expect(mails).toHaveLength(mailsBefore + 1);
      expect(mails[0].subject).toBe('Security notice: The authenticator app was turned off');
    });
  });
});
