import { beforeAll, describe, expect, it } from 'vitest';
import { json, lastCode, otherCode, TestClient } from './client.js';
import { TEST_DATABASES, unblockResend } from './harness.js';
import { demoSuite } from './fixtures.js';

const BETA_EMAIL = 'dealer.beta@example.com';
const BETA_PHONE = '+13125550187';
const INVALID_CODE = { message: 'The code is incorrect or has expired.' };
const TOO_MANY = { message: 'Too many attempts. Please try again later.' };

/**
 * SPEC §7 mfa/request and mfa/verify for a user with MFA (dealer.beta with
 * mfa_required set), 'Remember this device?' (§2) and contact methods outside
 * the first-login steps. Attacks: resend flooding, guessing, expired, reused,
 * foreign and other-purpose codes, stolen or revoked device cookies, no XSRF.
 */
describe.each(TEST_DATABASES)('MFA on $name', (database) => {
  const { t } = demoSuite(database);
  let betaId: number;
  let classicId: number;
  const client = () => new TestClient(t.origin).init();

  /** dealer.beta signed in, a fresh code requested by email; the code. */
  async function betaWithCode(c: TestClient, type: 'email' | 'cellPhone' = 'email') {
    const login = await c.login('dealer.beta');
    expect(login.body.reqs).toMatchObject({ mfaRequired: true, actionRequired: true });
    await unblockResend(t.db);
    const sent = await c.request('POST', '/api/mfa/request', { type, mfaType: 'identityVerification' });
    expect(sent.status).toBe(200);
    return lastCode(t.origin, type === 'email' ? BETA_EMAIL : BETA_PHONE);
  }

  beforeAll(async () => {
    await t.db.updateTable('users').set({ mfa_required: true }).where('username', 'in', ['dealer.beta', 'dealer.classic']).execute();
    const users = await t.db.selectFrom('users').select(['user_id', 'username']).execute();
    betaId = users.find((u) => u.username === 'dealer.beta')!.user_id;
    classicId = users.find((u) => u.username === 'dealer.classic')!.user_id;
  });

  it('sends an identity code to the saved contact of the chosen type, masked, and to nothing typed', async () => {
    const c = await client();
    const login = await c.login('dealer.beta');
    expect(login.body.reqs).toMatchObject({ mfaRequired: true, noContactInfo: false, mfaSentTo: '*********87', mfaSentToMsg: 'cellPhone' });
    expect((await c.request('GET', '/api/news')).status).toBe(403);

    const wrongPurpose = await c.request('POST', '/api/mfa/request', { type: 'cellPhone', mfaType: 'deviceVerification' });
    expect(wrongPurpose.status).toBe(400);
    const typed = await json(
      await c.request('POST', '/api/mfa/request', {
        contactMethodValue: 'attacker@evil.test',
        type: 'email',
        mfaType: 'identityVerification',
      }),
    );
    expect(typed).toMatchObject({
      status: 400,
      body: { errors: { contactMethodValue: 'A code can only be sent to contact information already saved to your account.' } },
    });
    // Before identity is proven the user's contacts stay private and no contact can be saved.
    expect((await c.request('POST', '/api/user/contactMethod/validate', { contact: 'someone@example.com' })).status).toBe(403);
    expect((await c.request('POST', '/api/user/contactMethod/external', { contact: 'attacker@evil.test' })).status).toBe(403);

    await unblockResend(t.db);
    const text = await json(await c.request('POST', '/api/mfa/request', { type: 'cellPhone', mfaType: 'identityVerification' }));
    expect(text).toEqual({ status: 200, body: { mfaSentTo: '*********87', mfaSentToMsg: 'cellPhone' } });
    const sms = (await (await fetch(`${t.origin}/api/dev/outbox?to=${encodeURIComponent(BETA_PHONE)}`)).json())[0];
    expect(sms).toMatchObject({ channel: 'sms', subject: null });
    expect(sms.text).toMatch(/^Your verification code is \d{6}\. It expires in 10 minutes\.$/);

    // Your own saved contact may be named in full.
    await unblockResend(t.db);
    const own = await json(
      await c.request('POST', '/api/mfa/request', {
        contactMethodValue: 'Dealer.Beta@example.com',
        type: 'email',
        mfaType: 'identityVerification',
      }),
    );
    expect(own).toEqual({ status: 200, body: { mfaSentTo: 'deal*******************', mfaSentToMsg: 'email' } });
    const mail = (await (await fetch(`${t.origin}/api/dev/outbox?to=${BETA_EMAIL}`)).json())[0];
    expect(mail).toMatchObject({ channel: 'email', subject: 'Your verification code' });

    // A reloaded login page learns where the last code went.
    expect((await json(await c.request('GET', '/api/account/requirements'))).body).toMatchObject({
      mfaSentTo: 'deal*******************',
      mfaSentToMsg: 'email',
    });
    // Spanish readers get a Spanish message.
    await unblockResend(t.db);
    expect(
      (await c.request('POST', '/api/mfa/request', { type: 'email', mfaType: 'identityVerification' }, { 'Accept-Language': 'es' })).status,
    ).toBe(200);
    expect((await (await fetch(`${t.origin}/api/dev/outbox?to=${BETA_EMAIL}`)).json())[0].subject).toBe('Su código de verificación');
  });

  it('blocks a resend for 30 s with the too-many-attempts message', async () => {
    const c = await client();
    const code = await betaWithCode(c);
    expect(await json(await c.request('POST', '/api/mfa/request', { type: 'email', mfaType: 'identityVerification' }))).toEqual({
      status: 429,
      body: TOO_MANY,
    });
    expect(await json(await c.request('POST', '/api/mfa/request', { type: 'cellPhone', mfaType: 'identityVerification' }))).toEqual({
      status: 429,
      body: TOO_MANY,
    });
    // The first code still works.
    expect((await c.request('POST', '/api/mfa/verify', { code })).status).toBe(200);
  });

  it('answers a wrong, an expired and a missing code alike', async () => {
    const c = await client();
    const code = await betaWithCode(c);
    const wrong = await json(await c.request('POST', '/api/mfa/verify', { code: otherCode(code) }));
    await t.db
      .updateTable('mfa_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', betaId)
      .execute();
    const expired = await json(await c.request('POST', '/api/mfa/verify', { code }));
    await t.db.deleteFrom('mfa_codes').where('user_id', '=', betaId).execute();
    const missing = await json(await c.request('POST', '/api/mfa/verify', { code }));
    expect(wrong).toEqual({ status: 401, body: INVALID_CODE });
    expect(expired).toEqual(wrong);
    expect(missing).toEqual(wrong);
    expect((await json(await c.request('GET', '/api/account/requirements'))).body.mfaRequired).toBe(true);
    // A malformed code never reaches the check.
    expect((await c.request('POST', '/api/mfa/verify', { code: '12ab56' })).status).toBe(400);
  });

  it('locks a code after 5 wrong guesses, even against the right one', async () => {
    const c = await client();
    const code = await betaWithCode(c);
    const statuses = [];
    for (let i = 1; i <= 5; i++)
      statuses.push((await c.request('POST', '/api/mfa/verify', { code: otherCode(String(Number(code) + i)) })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    expect(await json(await c.request('POST', '/api/mfa/verify', { code }))).toEqual({ status: 429, body: TOO_MANY });
    expect((await json(await c.request('GET', '/api/account/requirements'))).body.mfaRequired).toBe(true);
    const failures = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'mfa.failed')
      .where('actor_user_id', '=', betaId)
      .execute();
    expect(failures.length).toBeGreaterThanOrEqual(6);
  });

  it('refuses a code of another purpose, of another user, or already used', async () => {
    // A clean slate: the code the test before locked would answer 429 to anything.
    await t.db.deleteFrom('mfa_codes').where('user_id', '=', betaId).execute();
    const c = await client();
    await c.login('dealer.beta');
    const otherPurpose = await t.app.mfaCodes.issue({
      userId: betaId,
      purpose: 'passwordReset',
      contactType: 'email',
      contactValue: BETA_EMAIL,
    });
    expect(await json(await c.request('POST', '/api/mfa/verify', { code: otherPurpose }))).toEqual({ status: 401, body: INVALID_CODE });

    await unblockResend(t.db);
    const classicCode = await t.app.mfaCodes.issue({
      userId: classicId,
      purpose: 'identityVerification',
      contactType: 'email',
      contactValue: 'dealer.classic@example.com',
    });
    await unblockResend(t.db);
    expect((await c.request('POST', '/api/mfa/request', { type: 'email', mfaType: 'identityVerification' })).status).toBe(200);
    const own = await lastCode(t.origin, BETA_EMAIL);
    if (classicCode !== own) {
      expect(await json(await c.request('POST', '/api/mfa/verify', { code: classicCode }))).toEqual({ status: 401, body: INVALID_CODE });
    }
    expect((await c.request('POST', '/api/mfa/verify', { code: own })).status).toBe(200);

    // The same code in another session of the same user is spent.
    const again = await client();
    await again.login('dealer.beta');
    expect(await json(await again.request('POST', '/api/mfa/verify', { code: own }))).toEqual({ status: 401, body: INVALID_CODE });
  });

  it('remembers a device after the code until the devices are revoked', async () => {
    const c = await client();
    const code = await betaWithCode(c);
    const verified = await c.request('POST', '/api/mfa/verify', { code, rememberDevice: true });
    expect(verified.status).toBe(200);
    expect((await verified.json()).reqs).toMatchObject({ mfaRequired: false, actionRequired: false });
    const cookie = verified.headers.getSetCookie().find((line) => line.startsWith('portal_device='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api(;|$)/);
    expect(cookie).toMatch(/Max-Age=7776000/);
    const token = c.cookie('portal_device')!;
    const stored = await t.db.selectFrom('trusted_devices').selectAll().where('user_id', '=', betaId).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toBe(token);
    expect(stored[0].label).toMatch(/node|undici/i);
    expect((await c.request('GET', '/api/news')).status).toBe(200);

    // The next sign-in from this browser skips the code; another browser does not.
    expect((await c.login('dealer.beta')).body.reqs).toMatchObject({ mfaRequired: false, actionRequired: false });
    expect((await (await client()).login('dealer.beta')).body.reqs.mfaRequired).toBe(true);
    // The cookie is dealer.beta's: it does not spare dealer.classic the code.
    const thief = await client();
    thief.setCookie('portal_device', token, '/api');
    expect((await thief.login('dealer.classic')).body.reqs.mfaRequired).toBe(true);

    // Revoked (needs the XSRF header like every write), the cookie no longer counts.
    const forged = new TestClient(t.origin);
    forged.setCookie('portal_session', c.cookie('portal_session')!);
    expect((await forged.request('DELETE', '/api/account/trustedDevices')).status).toBe(403);
    const revoked = await c.request('DELETE', '/api/account/trustedDevices');
    expect(await revoked.json()).toEqual({ success: true, revoked: 1 });
    expect(revoked.headers.getSetCookie().some((line) => line.startsWith('portal_device=;'))).toBe(true);
    const replay = await client();
    replay.setCookie('portal_device', token, '/api');
    expect((await replay.login('dealer.beta')).body.reqs.mfaRequired).toBe(true);
  });

  it('does not remember a device on a password-reset code, nor one older than 90 days', async () => {
    await t.db.updateTable('users').set({ password_reset_required: true }).where('user_id', '=', betaId).execute();
    const c = await client();
    const login = await c.login('dealer.beta');
    expect(login.body.reqs).toMatchObject({ mfaRequired: true, passwordResetRequired: true });
    await unblockResend(t.db);
    expect((await c.request('POST', '/api/mfa/request', { type: 'email', mfaType: 'identityVerification' })).status).toBe(400);
    expect((await c.request('POST', '/api/mfa/request', { type: 'email', mfaType: 'passwordReset' })).status).toBe(200);
    const verified = await c.request('POST', '/api/mfa/verify', { code: await lastCode(t.origin, BETA_EMAIL), rememberDevice: true });
    expect(verified.status).toBe(200);
    expect((await verified.json()).reqs).toMatchObject({ mfaRequired: false, passwordResetRequired: true });
    expect(c.cookie('portal_device')).toBeUndefined();
    await t.db.updateTable('users').set({ password_reset_required: false }).where('user_id', '=', betaId).execute();

    const old = await client();
    const code = await betaWithCode(old);
    expect((await old.request('POST', '/api/mfa/verify', { code, rememberDevice: true })).status).toBe(200);
    await t.db
      .updateTable('trusted_devices')
      .set({ created_at: new Date(Date.now() - 91 * 24 * 60 * 60_000) })
      .where('revoked_at', 'is', null)
      .execute();
    expect((await old.login('dealer.beta')).body.reqs.mfaRequired).toBe(true);
  });

  it('refuses the code calls without a session or without the XSRF header', async () => {
    const anonymous = await client();
    expect(await json(await anonymous.request('POST', '/api/mfa/request', { type: 'email', mfaType: 'identityVerification' }))).toEqual({
      status: 401,
      body: { message: 'Please log in to continue.' },
    });
    expect((await anonymous.request('POST', '/api/mfa/verify', { code: '123456' })).status).toBe(401);
    expect((await anonymous.request('DELETE', '/api/account/trustedDevices')).status).toBe(401);

    const c = await client();
    await c.login('dealer.beta');
    for (const [path, body] of [
      ['/api/mfa/request', { type: 'email', mfaType: 'identityVerification' }],
      ['/api/mfa/verify', { code: '123456' }],
    ] as const) {
      const stripped = new TestClient(t.origin);
      stripped.setCookie('portal_session', c.cookie('portal_session')!);
      const response = await stripped.request('POST', path, body);
      expect(response.status, path).toBe(403);
      expect(await response.json()).toEqual({ message: 'The request could not be verified. Reload the page and try again.' });
    }
  });

  it('lists, saves and confirms contact methods outside the login steps', async () => {
    const c = await client();
    const code = await betaWithCode(c);
    expect((await c.request('POST', '/api/mfa/verify', { code })).status).toBe(200);
    expect(await json(await c.request('GET', '/api/user/contactMethods'))).toEqual({
      status: 200,
      body: [
        { type: 'cellPhone', value: BETA_PHONE, verified: true },
        { type: 'email', value: BETA_EMAIL, verified: true },
      ],
    });
    // Application 2 saves through 'external'; 'internal' is for staff.
    expect((await c.request('POST', '/api/user/contactMethod/internal', { contact: '+1 630 555 0199', type: 'cellPhone' })).status).toBe(
      403,
    );
    expect((await c.request('POST', '/api/user/contactMethod/external', { contact: 'customer@example.com' })).status).toBe(409);
    const saved = await json(
      await c.request('POST', '/api/user/contactMethod/external', { contact: '+1 (630) 555-0199', type: 'cellPhone' }),
    );
    expect(saved).toMatchObject({ status: 200, body: { success: true, reqs: { actionRequired: false } } });
    // The verified phone stays in force beside the new one until a code confirms it (sensitiveChanges.test.ts).
    expect((await json(await c.request('GET', '/api/user/contactMethods'))).body).toEqual([
      { type: 'cellPhone', value: BETA_PHONE, verified: true },
      { type: 'cellPhone', value: '+16305550199', verified: false },
      { type: 'email', value: BETA_EMAIL, verified: true },
    ]);

    // Unconfirmed, it is not where sign-in codes go: they still go to the verified phone it would replace.
    const other = await client();
    expect((await other.login('dealer.beta')).body.reqs).toMatchObject({ mfaSentTo: '*********87', mfaSentToMsg: 'cellPhone' });

    // A deviceVerification code confirms it.
    await unblockResend(t.db);
    expect(await json(await c.request('POST', '/api/mfa/request', { type: 'cellPhone', mfaType: 'deviceVerification' }))).toEqual({
      status: 200,
      body: { mfaSentTo: '*********99', mfaSentToMsg: 'cellPhone' },
    });
    const confirm = await lastCode(t.origin, '+16305550199');
    expect((await c.request('POST', '/api/mfa/verify', { code: otherCode(confirm) })).status).toBe(401);
    expect((await c.request('POST', '/api/mfa/verify', { code: confirm })).status).toBe(200);
    expect((await json(await c.request('GET', '/api/user/contactMethods'))).body).toEqual([
      { type: 'cellPhone', value: '+16305550199', verified: true },
      { type: 'email', value: BETA_EMAIL, verified: true },
    ]);
    expect((await (await client()).login('dealer.beta')).body.reqs).toMatchObject({ mfaSentTo: '*********99', mfaSentToMsg: 'cellPhone' });

    // Staff use 'internal'.
    const staff = await client();
    await staff.login('support.admin', undefined, { internal: true });
    expect((await staff.request('POST', '/api/user/contactMethod/external', { contact: 'sam@example.com' })).status).toBe(403);
    // Outside the login steps a contact change needs the current password (sensitiveChanges.test.ts).
    expect((await staff.request('POST', '/api/user/contactMethod/internal', { contact: 'sam@example.com' })).status).toBe(403);
    expect(
      (
        await staff.request('POST', '/api/user/contactMethod/internal', {
          contact: 'sam@example.com',
          currentPassword: 'ChangeMe-Demo-2026',
        })
      ).status,
    ).toBe(200);
  });
});
