import { describe, expect, it } from 'vitest';
import { signBearer } from '../../src/server/auth/bearer.js';
import { json, TestClient } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { demoSuite } from './fixtures.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

describe.each(TEST_DATABASES)('sign-in on $name', (database) => {
  const { t } = demoSuite(database);
  const client = () => new TestClient(t.origin).init();

  it('signs a dealer in with a session cookie, a refresh cookie and a bearer token', async () => {
    const c = await client();
    const response = await c.request('POST', '/api/account/login', { username: 'dealer.beta', password: 'ChangeMe-Demo-2026' });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ success: true, reqs: { actionRequired: false, betaUser: true, mfaRequired: false } });
    expect(new Date(body.token.expires).getTime()).toBeGreaterThan(Date.now());
    const cookies = response.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith('portal_session='))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(cookies.find((c) => c.startsWith('portal_refresh='))).toMatch(/Path=\/api\/token/);
    // The session token is stored only as a hash.
    const token = c.cookie('portal_session')!;
    const stored = await t.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.some((s) => s.token_hash === token)).toBe(false);

    const me = await c.request('GET', '/api/me');
    expect(await me.json()).toMatchObject({
      name: expect.any(String),
      applicationNum: 2,
      dealer: { siteGroupNum: 9993 },
      authItems: { xtAdmin: true },
    });
  });

  it('starts a new session at every sign-in', async () => {
    const c = await client();
    await c.login('dealer.beta');
    const first = c.cookie('portal_session');
    await c.login('dealer.beta');
    expect(c.cookie('portal_session')).not.toBe(first);
  });

  it('signs staff in only on the internal login, and customers only on theirs', async () => {
    expect((await (await client()).login('support.admin')).status).toBe(401);
    expect((await (await client()).login('support.admin', undefined, { internal: true })).status).toBe(200);
    expect((await (await client()).login('customer@example.com')).status).toBe(401);
    expect((await (await client()).loginMsa('customer@example.com')).status).toBe(200);
    expect((await (await client()).loginMsa('dealer.beta@example.com')).status).toBe(401);
  });

  it('answers an unknown user and a wrong password alike, in status, message and time', async () => {
    const wrong = await (await client()).login('dealer.classic', 'Wrong-Password-123');
    const unknown = await (await client()).login('nobody.at.all', 'Wrong-Password-123');
    expect(wrong).toEqual(unknown);
    expect(wrong).toEqual({ status: 401, body: { message: 'The username or password is incorrect.' } });

    const time = async (username: string) => {
      const c = await client();
      const started = performance.now();
      await c.login(username, 'Wrong-Password-123');
      return performance.now() - started;
    };
    const wrongTimes = [];
    const unknownTimes = [];
    for (let i = 0; i < 5; i++) {
      wrongTimes.push(await time('dealer.classic'));
      unknownTimes.push(await time(`ghost.${i}`));
    }
    // Both paths do the same argon2 work: neither is a fraction of the other.
    const ratio = median(unknownTimes) / median(wrongTimes);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
    await (await client()).login('dealer.classic');
    // A success no longer wipes the address's failures: this address would now be asked for a captcha (bruteForce.test.ts).
    await t.db.deleteFrom('login_throttle').execute();
  });

  it('throttles an account from an address after repeated failures, and says so', async () => {
    const c = await client();
    for (let i = 0; i < 6; i++) expect((await c.login('dealer.newuser', `Wrong-${i}-password`)).status).toBe(401);
    const key = 'pair:dealer.newuser|127.0.0.1';
    const row = await t.db.selectFrom('login_throttle').selectAll().where('throttle_key', '=', key).executeTakeFirstOrThrow();
    expect(row.failures).toBe(6);
    expect(row.blocked_until!.getTime()).toBeGreaterThan(Date.now() - 5_000);
    expect(row.blocked_until!.getTime()).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    // Even the right password is refused while the pair is blocked, honestly (bruteForce.test.ts has the rest).
    await t.db
      .updateTable('login_throttle')
      .set({ blocked_until: new Date(Date.now() + 5 * 60_000) })
      .where('throttle_key', '=', key)
      .execute();
    const blocked = await c.request('POST', '/api/account/login', { username: 'dealer.newuser', password: 'ChangeMe-Demo-2026' });
    expect(await json(blocked)).toEqual({ status: 429, body: { message: 'Too many attempts. Try again in 5 minutes.' } });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(250);
    await t.db.deleteFrom('login_throttle').execute();
  });

  it('refuses a write without the XSRF header, or with the wrong one', async () => {
    const c = await client();
    await c.login('support.admin', undefined, { internal: true });
    const body = { title: 'x', body: 'y' };
    expect((await c.request('POST', '/api/news', body, { 'X-XSRF-Token': 'forged' })).status).toBe(403);
    const stripped = new TestClient(t.origin);
    stripped.setCookie('portal_session', c.cookie('portal_session')!);
    const response = await stripped.request('POST', '/api/news', body);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'The request could not be verified. Reload the page and try again.' });
    expect((await c.request('POST', '/api/news', body)).status).toBe(201);
  });

  it('lets a session with pending requirements make only the login-step calls', async () => {
    const c = await client();
    const { status, body } = await c.login('dealer.newuser');
    expect(status).toBe(200);
    expect(body.reqs).toMatchObject({
      noContactInfo: true,
      mfaRequired: true,
      usernameResetRequired: true,
      verifySecurityQuestions: true,
      passwordResetRequired: true,
      termsAndConditionsRequired: true,
      privacyPolicyRequired: true,
      actionRequired: true,
      mfaSentTo: null,
    });
    const refused = await c.request('GET', '/api/news');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Please finish signing in before continuing.' });
    expect((await c.request('GET', '/api/me')).status).toBe(200);
    expect((await c.request('POST', '/api/logout')).status).toBe(204);
  });

  it('rotates the refresh token, and a reused one ends the whole session', async () => {
    const c = await client();
    await c.login('dealer.beta');
    const first = c.cookie('portal_refresh')!;
    const refreshed = await c.request('POST', '/api/token/refresh');
    expect(refreshed.status).toBe(200);
    const { token } = await refreshed.json();
    expect(c.cookie('portal_refresh')).not.toBe(first);
    c.bearer = token;
    expect((await c.request('GET', '/api/me')).status).toBe(200);

    // Someone replays the rotated token: the session ends for everyone holding it.
    const thief = await client();
    thief.setCookie('portal_refresh', first, '/api/token');
    expect((await thief.request('POST', '/api/token/refresh')).status).toBe(401);
    const after = await c.request('GET', '/api/me');
    expect(after.status).toBe(401);
    expect(after.headers.get('invalid-session')).toBe('true');
    expect((await c.request('POST', '/api/token/refresh')).status).toBe(401);
  });

  it('ends the session at logout', async () => {
    const c = await client();
    await c.login('dealer.beta');
    expect((await c.request('POST', '/api/logout')).status).toBe(204);
    expect(c.cookie('portal_session')).toBeUndefined();
    const response = await c.request('GET', '/api/me');
    expect(response.status).toBe(401);
    expect(response.headers.get('invalid-session')).toBe('true');
  });

  it('refuses an expired or forged bearer token', async () => {
    const c = await client();
    await c.login('dealer.beta');
    const sessionId = c.bearer!.split('.')[0];
    c.bearer = signBearer(t.app.secrets.sessionSecret, sessionId, new Date(Date.now() - 1000));
    const expired = await c.request('GET', '/api/me');
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ message: 'Login expired, please log in again.' });
    c.bearer = signBearer('another-secret-another-secret-123', sessionId, new Date(Date.now() + 60_000));
    expect((await c.request('GET', '/api/me')).status).toBe(401);
  });

  it('writes every attempt to the audit log', async () => {
    await (await client()).login('dealer.classic', 'Wrong-Password-999');
    // A client cannot choose the address it is recorded (and throttled) under.
    const spoofer = await client();
    await spoofer.request(
      'POST',
      '/api/account/login',
      { username: 'dealer.classic', password: 'ChangeMe-Demo-2026' },
      { 'X-Forwarded-For': '203.0.113.9' },
    );
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['action', 'ip'])
      .where('action', 'in', ['login.failed', 'login.succeeded'])
      .orderBy('audit_id', 'desc')
      .limit(2)
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['login.succeeded', 'login.failed']);
    expect(rows[0].ip).toBe('127.0.0.1');
  });
});
