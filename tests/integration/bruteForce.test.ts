import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/common/constants.js';
import { DEMO_SUPPORT_USERS } from '../../src/server/db/seed/supportSeed.js';
import { signedInClient, TestClient } from './client.js';
import { messagesTo, TEST_DATABASES } from './harness.js';
import { demoSuite } from './fixtures.js';

/**
 * Password guessing against the sign-in, as an attacker would try it (issue
 * 10): spraying passwords from one address while resetting the counter with a
 * sign-in of one's own, locking a named account or a whole address out, and
 * lengthening a block by knocking on it. The portal sits behind a proxy here
 * (TRUST_PROXY), so each test speaks from addresses of its own.
 */
describe.each(TEST_DATABASES)('brute force on $name', (database) => {
  const { t } = demoSuite(database, {}, { TRUST_PROXY: 'true' });
  const client = () => new TestClient(t.origin).init();

  /** One sign-in attempt from `ip`: status, body and the Retry-After header. */
  async function attempt(c: TestClient, ip: string, username: string, password: string, extra: Record<string, unknown> = {}) {
    const response = await c.request('POST', '/api/account/login', { username, password, ...extra }, { 'X-Forwarded-For': ip });
    return { status: response.status, body: await response.json(), retryAfter: response.headers.get('retry-after') };
  }

  const wrong = (i: number) => `Wrong-Password-${i}`;

  it("does not let one's own sign-in reset an address's failures: the address must then solve a captcha", async () => {
    const c = await client();
    const ip = '198.51.100.1';
    // Spraying one guess at each of many accounts, then signing in to one's own to wipe the slate (today: without limit).
    for (let i = 0; i < 9; i++) expect((await attempt(c, ip, `victim.${i}`, wrong(i))).status).toBe(401);
    expect((await attempt(c, ip, 'dealer.beta', DEMO_PASSWORD)).status).toBe(200);

    // The tenth failure still counts: from now on each attempt from the address needs a captcha.
    const next = await attempt(c, ip, 'victim.10', wrong(10));
    expect(next).toEqual({
      status: 401,
      body: { message: 'The username or password is incorrect.', captchaRequired: true },
      retryAfter: null,
    });
    // Not even the right password passes without the captcha, and a forged one does not count.
    expect(await attempt(c, ip, 'dealer.beta', DEMO_PASSWORD)).toMatchObject({ status: 401, body: { captchaRequired: true } });
    expect(await attempt(c, ip, 'dealer.beta', DEMO_PASSWORD, { captcha: 'bm90IGEgY2FwdGNoYQ==' })).toMatchObject({
      status: 401,
      body: { message: 'Please complete the captcha again.', captchaRequired: true },
    });
    // With a solved captcha each attempt is checked; a wrong password still asks for the next captcha.
    expect(await attempt(c, ip, 'victim.11', wrong(11), { captcha: await c.captcha() })).toEqual({
      status: 401,
      body: { message: 'The username or password is incorrect.', captchaRequired: true },
      retryAfter: null,
    });
    expect((await attempt(c, ip, 'dealer.beta', DEMO_PASSWORD, { captcha: await c.captcha() })).status).toBe(200);
    // Another address is not asked for anything.
    expect(await attempt(c, '198.51.100.2', 'victim.1', wrong(1))).toEqual({
      status: 401,
      body: { message: 'The username or password is incorrect.' },
      retryAfter: null,
    });
  });

  it('does not lock the other accounts of an address out after its failures', async () => {
    const c = await client();
    const ip = '198.51.100.3';
    for (let i = 0; i < 25; i++) await attempt(c, ip, `stranger.${i}`, wrong(i));
    // Today the whole address is blocked after 20: here the right password with a captcha signs in.
    expect(await attempt(c, ip, 'dealer.classic', DEMO_PASSWORD)).toMatchObject({ status: 401, body: { captchaRequired: true } });
    expect((await attempt(c, ip, 'dealer.classic', DEMO_PASSWORD, { captcha: await c.captcha() })).status).toBe(200);
  });

  it('does not let anyone who knows a username lock its owner out', async () => {
    const attacker = await client();
    for (let i = 0; i < 8; i++) await attempt(attacker, '198.51.100.4', 'dealer.newuser', wrong(i));
    // Whatever the attempts blocked, blocked for long (the machine may be slow; the delays are seconds at first).
    await t.db
      .updateTable('login_throttle')
      .set({ blocked_until: new Date(Date.now() + 5 * 60_000) })
      .where('throttle_key', 'like', '%dealer.newuser%')
      .execute();
    expect((await attempt(attacker, '198.51.100.4', 'dealer.newuser', DEMO_PASSWORD)).status).toBe(429);
    // The owner, elsewhere, signs in as usual.
    expect((await attempt(await client(), '198.51.100.5', 'dealer.newuser', DEMO_PASSWORD)).status).toBe(200);
  });

  it('does not lengthen a block for the attempts made while it lasts', async () => {
    const c = await client();
    const ip = '198.51.100.6';
    const key = `pair:dealer.classic|${ip}`;
    const until = new Date(Date.now() + 3_000);
    await t.db
      .insertInto('login_throttle')
      .values({ throttle_key: key, failures: 6, last_failure_at: new Date(), blocked_until: until })
      .execute();
    for (let i = 0; i < 5; i++) expect((await attempt(c, ip, 'dealer.classic', wrong(i))).status).toBe(429);
    const row = await t.db.selectFrom('login_throttle').selectAll().where('throttle_key', '=', key).executeTakeFirstOrThrow();
    expect(row.failures).toBe(6);
    expect(row.blocked_until!.getTime()).toBe(until.getTime());
    // Once it is over, the right password signs in.
    await new Promise((resolve) => setTimeout(resolve, until.getTime() - Date.now() + 50));
    expect((await attempt(c, ip, 'dealer.classic', DEMO_PASSWORD)).status).toBe(200);
  });

  it('says honestly how long to wait, alike for a known and an unknown username', async () => {
    const c = await client();
    const ip = '198.51.100.7';
    const block = async (username: string, minutes: number) =>
      t.db
        .insertInto('login_throttle')
        .values({
          throttle_key: `pair:${username}|${ip}`,
          failures: 9,
          last_failure_at: new Date(),
          blocked_until: new Date(Date.now() + minutes * 60_000 - 1_000),
        })
        .execute();
    await block('dealer.beta', 3);
    await block('nobody.here', 3);
    const known = await attempt(c, ip, 'dealer.beta', DEMO_PASSWORD);
    const unknown = await attempt(c, ip, 'nobody.here', wrong(1));
    expect(known.status).toBe(429);
    expect(known.body).toEqual({ message: 'Too many attempts. Try again in 3 minutes.' });
    expect(unknown.body).toEqual(known.body);
    expect(Number(known.retryAfter)).toBeGreaterThan(170);
    expect(Number(known.retryAfter)).toBeLessThanOrEqual(180);
    expect(Math.abs(Number(unknown.retryAfter) - Number(known.retryAfter))).toBeLessThanOrEqual(2);

    await block('dealer.classic', 1);
    const one = await c.request(
      'POST',
      '/api/account/login',
      { username: 'dealer.classic', password: DEMO_PASSWORD },
      { 'X-Forwarded-For': ip, 'Accept-Language': 'fr' },
    );
    expect(one.status).toBe(429);
    expect(await one.json()).toEqual({ message: 'Trop de tentatives. Réessayez dans 1 minute.' });
  });

  it('throttles the customer sign-in the same way, and takes the captcha there too', async () => {
    const c = await client();
    const ip = '198.51.100.8';
    const msa = async (email: string, password: string, extra: Record<string, unknown> = {}) => {
      const response = await c.request('POST', '/api/msa/login', { email, password, ...extra }, { 'X-Forwarded-For': ip });
      return { status: response.status, body: await response.json() };
    };
    for (let i = 0; i < 10; i++) expect((await msa(`victim.${i}@example.com`, wrong(i))).status).toBe(401);
    expect(await msa('customer@example.com', DEMO_PASSWORD)).toMatchObject({ status: 401, body: { captchaRequired: true } });
    expect((await msa('customer@example.com', DEMO_PASSWORD, { captcha: await c.captcha() })).status).toBe(200);
  });

  it('slows guesses spread over many addresses at one account: a captcha after 30 within the hour, the owner told once, support sees it', async () => {
    const { username, email } = DEMO_SUPPORT_USERS.locked;
    const since = new Date();
    const c = await client();
    const from = (i: number) => `203.0.113.${100 + (i % 60)}`;
    // One guess from each of 35 addresses: no pair nor address comes near its own limit.
    const answers = [];
    for (let i = 0; i < 35; i++) answers.push(await attempt(c, from(i), username, wrong(i)));
    expect(answers.slice(0, 29).every((a) => a.status === 401 && !a.body.captchaRequired)).toBe(true);
    // The 30th wrong password puts the account under the challenge: every later attempt needs a captcha.
    expect(answers[29].body).toEqual({ message: 'The username or password is incorrect.', captchaRequired: true });
    expect(answers.slice(30).every((a) => a.status === 401 && a.body.captchaRequired === true)).toBe(true);
    // Then 100 more at once, from 60 addresses: none is checked.
    const burst = await Promise.all(Array.from({ length: 100 }, (_, i) => attempt(c, from(i), username, wrong(100 + i))));
    expect(burst.every((a) => a.status === 401 && a.body.captchaRequired === true)).toBe(true);
    const checked = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'login.failed')
      .where('occurred_at', '>=', since)
      .execute();
    expect(checked.filter((row) => (row.details as { throttled?: boolean }).throttled === false)).toHaveLength(30);

    // The owner was emailed once, in words a customer reads.
    const notices = (await messagesTo(t.db, email)).filter((m) => m.subject === 'Security notice: many wrong passwords for your account');
    expect(notices).toHaveLength(1);
    expect(notices[0].body).toContain('30 wrong passwords');
    expect(notices[0].body).toContain('Your account is not locked.');

    // Support sees it on the user's page.
    const support = await signedInClient(t.origin, 'support.admin', { internal: true });
    const { user_id } = await t.db.selectFrom('users').select('user_id').where('username', '=', username).executeTakeFirstOrThrow();
    const page = await (await support.request('GET', `/api/users/${user_id}`)).json();
    expect(page.accountChallenge).toMatchObject({ failures: 30 });
    expect(new Date(page.accountChallenge.until).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);

    // The owner, from a fresh address, is not locked out: the right password with a solved captcha signs in.
    const owner = await client();
    expect(await attempt(owner, '192.0.2.200', username, DEMO_PASSWORD)).toMatchObject({ status: 401, body: { captchaRequired: true } });
    expect((await attempt(owner, '192.0.2.200', username, DEMO_PASSWORD, { captcha: await owner.captcha() })).status).toBe(200);
    // Another account is not touched.
    expect((await attempt(owner, '192.0.2.201', 'dealer.classic', DEMO_PASSWORD)).status).toBe(200);
  });
});
