import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_PASSCODES } from '../../src/server/db/seed/demo/accountPasscodes.js';
import { DEMO_STAFF_CUSTOMER } from '../../src/server/db/seed/demo/staffCustomer.js';
import { json, TestClient } from './client.js';
import { messagesTo, TEST_DATABASES } from './harness.js';
import { demoSuite } from './fixtures.js';

const MISMATCH = 'The account number and passcode do not match';
const ALREADY = 'This account has already been registered. Please login.';
const EXPIRED = 'Your registration link has expired. Would you like to request a new one?';
const INVALID = 'This registration link is not valid. Please use the latest link we sent you.';
const NOT_VERIFIED = 'Please verify your email address with the link we sent before logging in.';
const PASSWORD = 'Quiet-Harbor-Lantern-42';
const [SITE_A, SITE_B, SITE_C] = DEMO_ACCOUNT_PASSCODES;

describe.each(TEST_DATABASES)('MSA account creation and registration on $name', (database) => {
  const { t } = demoSuite(database);
  const client = () => new TestClient(t.origin).init();

  const call = async (c: TestClient, path: string, body: unknown, lang = 'en') =>
    json(await c.request('POST', path, body, { 'Accept-Language': lang }));
  const register = async (c: TestClient, email: string, over: Record<string, unknown> = {}) =>
    call(c, '/api/msa/register', {
      email,
      password: PASSWORD,
      accountNumber: String(SITE_A.siteNum),
      accountPasscode: SITE_A.passcode,
      captcha: await c.captcha(),
      ...over,
    });

  /** The `param` of the newest registration link sent to `to`. */
  async function latestLink(to: string, param: 'code' | 'otp') {
    const [message] = await messagesTo(t.db, to);
    const match = new RegExp(`(https?://\\S+/login/register\\?${param}=([\\w%-]+))`).exec(message?.body ?? '');
    if (!match) throw new Error(`no ${param} link to ${to}`);
    return { url: match[1], token: decodeURIComponent(match[2]) };
  }
  const user = (email: string) => t.db.selectFrom('users').selectAll().where('username', '=', email).executeTakeFirst();
  beforeEach(async () => {
    await t.db.deleteFrom('login_throttle').execute();
  });

  it('seeds accounts with a known passcode that no customer has linked yet', async () => {
    const linked = await t.db.selectFrom('msa_account_links').select('site_num').execute();
    for (const { siteNum } of DEMO_ACCOUNT_PASSCODES) expect(linked.map((l) => l.site_num)).not.toContain(siteNum);
    const sites = await t.db
      .selectFrom('sites')
      .select(['site_num', 'account_passcode_hash'])
      .where(
        'site_num',
        'in',
        DEMO_ACCOUNT_PASSCODES.map((s) => s.siteNum),
      )
      .execute();
    expect(sites.every((s) => s.account_passcode_hash?.startsWith('$argon2id$'))).toBe(true);
  });

  it('refuses a wrong passcode, an unknown account and a common password with field messages', async () => {
    const c = await client();
    const wrong = await register(c, 'wrong.pass@example.com', { accountPasscode: '0000' });
    expect(wrong).toEqual({
      status: 400,
      body: { message: 'The form is not valid. Please check for errors', errors: { accountPasscode: MISMATCH } },
    });
    expect(await register(c, 'wrong.pass@example.com', { accountNumber: '999999' })).toEqual(wrong);
    expect(await register(c, 'wrong.pass@example.com', { accountNumber: 'ABC-1' })).toEqual(wrong);
    // The right passcode of another account is still a mismatch.
    expect(await register(c, 'wrong.pass@example.com', { accountPasscode: SITE_B.passcode })).toEqual(wrong);
    const common = await register(c, 'wrong.pass@example.com', { password: 'password1234' });
    expect(common.status).toBe(400);
    expect(Object.keys(common.body.errors)).toEqual(['password']);
    expect((await register(c, 'wrong.pass@example.com', { password: 'short' })).body.errors).toEqual({
      password: 'Must be at least 12 characters long',
    });
    expect(await user('wrong.pass@example.com')).toBeUndefined();
    expect(
      (await t.db.selectFrom('audit_log').select('details').where('action', '=', 'registration.failed').execute()).length,
    ).toBeGreaterThanOrEqual(4);
  });

  it('throttles passcode guessing on one account', async () => {
    const c = await client();
    const captcha = await c.captcha();
    // Five free failures; the sixth blocks the account number for a second, the next ones for longer.
    const guess = (i: number) => register(c, 'guesser@example.com', { accountNumber: String(SITE_C.siteNum), accountPasscode: `99${i}` });
    for (let i = 0; i < 6; i++) expect((await guess(i)).status).toBe(400);
    let statuses: number[] = [];
    for (let i = 6; i < 10 && !statuses.includes(429); i++) statuses = [...statuses, (await guess(i)).status];
    expect(statuses).toContain(429);
    const body = {
      email: 'guesser@example.com',
      password: PASSWORD,
      accountNumber: String(SITE_C.siteNum),
      accountPasscode: SITE_C.passcode,
      captcha,
    };
    expect(await call(c, '/api/msa/register', body)).toEqual({
      status: 429,
      body: { message: 'Too many attempts. Please try again later.' },
    });
  });

  it('creates the account, emails the link, refuses sign-in until it is verified, then signs in', async () => {
    const c = await client();
    const captcha = await c.captcha();
    const body = {
      email: 'New.Owner@Example.com',
      password: PASSWORD,
      accountNumber: ` ${SITE_A.siteNum} `,
      accountPasscode: SITE_A.passcode,
      captcha,
    };
    expect(await call(c, '/api/msa/register', body)).toEqual({ status: 201, body: { success: true } });
    expect((await call(c, '/api/msa/register', body)).body).toEqual({ message: 'Please complete the captcha again.' });

    const created = (await user('new.owner@example.com'))!;
    expect(created).toMatchObject({ application_num: 3, email: 'new.owner@example.com', email_verified_at: null });
    expect(created.roles).toEqual(['noActionRead', 'contactsRead', 'zonesRead', 'sitePasscodeRead', 'scheduleRead', 'billingRead']);
    expect(created.password_hash).toMatch(/^\$argon2id\$/);
    expect(
      await t.db.selectFrom('msa_account_links').select(['site_num', 'is_default']).where('user_id', '=', created.user_id).execute(),
    ).toEqual([{ site_num: SITE_A.siteNum, is_default: true }]);

    const [mail] = await messagesTo(t.db, 'new.owner@example.com');
    expect(mail.subject).toBe('Verify your email address');
    const link = await latestLink('new.owner@example.com', 'code');
    expect(link.url.startsWith(`${t.app.config.publicUrl}/login/register?code=`)).toBe(true);

    expect(await (await client()).loginMsa('new.owner@example.com', PASSWORD)).toEqual({ status: 403, body: { message: NOT_VERIFIED } });
    expect(await call(c, '/api/msa/register/verify', { code: 'not-a-real-code' })).toEqual({ status: 400, body: { message: INVALID } });
    expect(await call(c, '/api/msa/register/verify', { code: link.token })).toEqual({ status: 200, body: { success: true } });
    expect(await call(c, '/api/msa/register/verify', { code: link.token })).toEqual({ status: 409, body: { message: ALREADY } });
    expect(await call(c, '/api/msa/register/resend', { code: link.token })).toEqual({ status: 409, body: { message: ALREADY } });

    const signIn = await (await client()).loginMsa('new.owner@example.com', PASSWORD);
    expect(signIn.status).toBe(200);
    // Verified by the link, so no contact step; a new customer accepts the privacy policy first.
    expect(signIn.body.reqs).toMatchObject({ noContactInfo: false, mfaRequired: false, privacyPolicyRequired: true });

    // The same email cannot be registered twice (also with another account's passcode).
    expect(await register(c, 'new.owner@example.com', { accountNumber: String(SITE_B.siteNum), accountPasscode: SITE_B.passcode })).toEqual(
      { status: 409, body: { message: ALREADY } },
    );
    expect(await register(c, 'customer@example.com')).toEqual({ status: 409, body: { message: ALREADY } });
    const audit = JSON.stringify(
      await t.db.selectFrom('audit_log').select(['action', 'details']).where('action', 'like', 'registration.%').execute(),
    );
    expect(audit).toContain('registration.created');
    expect(audit).toContain('registration.verified');
    expect(audit).not.toContain(PASSWORD);
    expect(audit).not.toContain(link.token);
  });

  it('answers 412 for an expired link and sends a new one on request', async () => {
    const c = await client();
    expect(
      (await register(c, 'late.owner@example.com', { accountNumber: String(SITE_B.siteNum), accountPasscode: SITE_B.passcode })).status,
    ).toBe(201);
    const first = await latestLink('late.owner@example.com', 'code');
    await t.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('kind', '=', 'registration')
      .execute();
    expect(await call(c, '/api/msa/register/verify', { code: first.token })).toEqual({ status: 412, body: { message: EXPIRED } });
    expect((await call(c, '/api/msa/register/verify', { code: first.token }, 'es')).body.message).toBe(
      'Su enlace de registro ha caducado. ¿Desea solicitar uno nuevo?',
    );

    expect(await call(c, '/api/msa/register/resend', { code: first.token })).toEqual({ status: 200, body: { success: true } });
    const second = await latestLink('late.owner@example.com', 'code');
    expect(second.token).not.toBe(first.token);
    // Within 30 s of the last link: no other one.
    expect((await call(c, '/api/msa/register/resend', { code: second.token })).status).toBe(429);
    // The old link is replaced by the new one.
    expect(await call(c, '/api/msa/register/verify', { code: first.token })).toEqual({ status: 400, body: { message: INVALID } });
    expect(await call(c, '/api/msa/register/verify', { code: second.token })).toEqual({ status: 200, body: { success: true } });
    expect((await (await client()).loginMsa('late.owner@example.com', PASSWORD)).status).toBe(200);
  });

  it('resends by email to an unregistered account only, answering the same either way', async () => {
    const c = await client();
    expect(
      (await register(c, 'by.email@example.com', { accountNumber: String(SITE_C.siteNum), accountPasscode: SITE_C.passcode })).status,
    ).toBe(201);
    const before = (await messagesTo(t.db, 'by.email@example.com')).length;
    for (const email of ['By.Email@example.com', 'nobody.registered@example.com', 'customer@example.com']) {
      expect(await call(c, '/api/msa/register/resend', { email })).toEqual({ status: 200, body: { success: true } });
    }
    expect(await messagesTo(t.db, 'by.email@example.com')).toHaveLength(before + 1);
    expect(await messagesTo(t.db, 'nobody.registered@example.com')).toEqual([]);
    expect((await messagesTo(t.db, 'customer@example.com')).filter((m) => m.subject === 'Verify your email address')).toEqual([]);
    expect(await call(c, '/api/msa/register/resend', {})).toMatchObject({ status: 400 });
    expect(await call(c, '/api/msa/register/resend', { code: 'unknown-code' })).toEqual({ status: 400, body: { message: INVALID } });
  });

  it('links to the customer host the request came to', async () => {
    const c = await client();
    const captcha = await c.captcha();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/msa/register',
      // The client's own pre-session and its XSRF token (bound to it), not a made-up pair.
      headers: {
        host: 'msa.localhost:8443',
        'x-forwarded-proto': 'https',
        cookie: `portal_presession=${c.cookie('portal_presession')}; XSRF-Token=${c.cookie('XSRF-Token')}`,
        'x-xsrf-token': c.cookie('XSRF-Token')!,
      },
      payload: {
        email: 'msa.host@example.com',
        password: PASSWORD,
        accountNumber: String(SITE_A.siteNum),
        accountPasscode: SITE_A.passcode,
        captcha,
      },
    });
    expect(response.statusCode).toBe(201);
    // The customer host, with PUBLIC_URL's scheme and port: never the Host header's (mail/links.ts).
    expect((await latestLink('msa.host@example.com', 'code')).url).toMatch(/^http:\/\/msa\.localhost:8080\/login\/register\?code=/);
  });

  it('lets a customer created by staff set the first password with the otp link from the demo outbox', async () => {
    const c = await client();
    const email = DEMO_STAFF_CUSTOMER.email;
    const seeded = await latestLink(email, 'otp');
    expect(seeded.url).toContain('/login/register?otp=');
    expect(await (await client()).loginMsa(email, PASSWORD)).toMatchObject({ status: 401 });

    const setPassword = (otp: string, password = PASSWORD, confirmPassword = password) =>
      call(c, '/api/msa/register/password', { otp, password, confirmPassword });
    await t.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('kind', '=', 'registrationOtp')
      .execute();
    expect(await setPassword(seeded.token)).toEqual({ status: 412, body: { message: EXPIRED } });
    expect(await call(c, '/api/msa/register/resend', { otp: seeded.token })).toEqual({ status: 200, body: { success: true } });
    const fresh = await latestLink(email, 'otp');
    expect(fresh.token).not.toBe(seeded.token);
    expect((await messagesTo(t.db, email))[0].subject).toBe('Set your password');

    expect(await setPassword(seeded.token)).toEqual({ status: 400, body: { message: INVALID } });
    expect((await setPassword(fresh.token, 'password1234')).status).toBe(400);
    expect((await setPassword(fresh.token, PASSWORD, 'Quiet-Harbor-Lantern-43')).body.errors).toEqual({
      confirmPassword: 'Passwords must match',
    });
    expect((await setPassword(fresh.token, 'x'.repeat(12) + 'y'.repeat(21))).body.errors).toEqual({
      password: 'Must be 32 characters or less',
    });
    expect(await setPassword(fresh.token)).toEqual({ status: 200, body: { success: true } });
    expect(await setPassword(fresh.token, 'Another-Quiet-Harbor-77')).toEqual({ status: 409, body: { message: ALREADY } });
    expect(await call(c, '/api/msa/register/resend', { otp: fresh.token })).toEqual({ status: 409, body: { message: ALREADY } });

    expect((await user(email))!.email_verified_at).not.toBeNull();
    expect((await (await client()).loginMsa(email, PASSWORD)).status).toBe(200);
  });

  it('refuses writes without the XSRF header', async () => {
    const c = await client();
    const response = await c.request('POST', '/api/msa/register/verify', { code: 'x' }, { 'X-XSRF-Token': 'forged' });
    expect(response.status).toBe(403);
  });
});
