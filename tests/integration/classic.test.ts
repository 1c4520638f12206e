import { describe, expect, it } from 'vitest';
import { TestClient } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { demoSuite } from './fixtures.js';

/**
 * The classic dealer portal handoff: one-time keys (POST /api/rw3k/key), their
 * server-to-server redemption (POST /api/rw3k/redeem with the API key) and
 * the demo classic page (GET /classic?key=…).
 */
const APP1_MESSAGE = 'This feature is not available in App 1. Please sign into App 2 in order to go to Rapid Classic.';
const API_KEY = 'demo-classic-key';

describe.each(TEST_DATABASES)('classic portal handoff on $name', (database) => {
  const { t } = demoSuite(database);

  async function signedIn(username: string, extra: Record<string, unknown> = {}) {
    const client = await new TestClient(t.origin).init();
    const { status } = await client.login(username, undefined, extra);
    expect(status).toBe(200);
    return client;
  }

  async function issueKey(client: TestClient, query = '') {
    const response = await client.request('POST', `/api/rw3k/key${query}`);
    return { status: response.status, body: await response.json() };
  }

  function redeem(key: string, authorization: string | null = `Bearer ${API_KEY}`) {
    return fetch(`${t.origin}/api/rw3k/redeem`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(authorization ? { Authorization: authorization } : {}) },
      body: JSON.stringify({ key }),
    });
  }

  async function lastAudit(action: string) {
    return t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('audit_id', 'desc').executeTakeFirst();
  }

  it('gives dealer.classic a key and the classic address, redeemed once by the API key', async () => {
    const client = await signedIn('dealer.classic');
    const { status, body } = await issueKey(client, '?userRequested=false');
    expect(status).toBe(200);
    expect(body.rwKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.url).toBe(`${t.app.config.classicPortalUrl}?key=${body.rwKey}`);
    expect((await lastAudit('classic.keyIssued'))?.details).toEqual({ deleteSession: false, userRequested: false });

    const first = await redeem(body.rwKey);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      username: 'dealer.classic',
      name: 'Chris Lindqvist',
      email: 'dealer.classic@example.com',
      dealerNumber: '4120',
      siteGroupNum: 4120,
    });
    const again = await redeem(body.rwKey);
    expect(again.status).toBe(401);
    expect((await again.json()).message).toBe('This key has expired or was already used.');
    expect(await lastAudit('classic.keyRedeemed')).toBeTruthy();
    // The portal session goes on (deleteSession was not asked for).
    expect((await client.request('GET', '/api/me')).status).toBe(200);
  });

  it('refuses to redeem without the API key, and such a try does not spend the key', async () => {
    const { body } = await issueKey(await signedIn('dealer.classic'));
    for (const authorization of [null, 'Bearer wrong-key-of-some-length', `Basic ${API_KEY}`, `Bearer ${API_KEY}x`]) {
      const response = await redeem(body.rwKey, authorization);
      expect(response.status).toBe(401);
      expect((await response.json()).message).toBe('A valid API key is required.');
    }
    expect((await lastAudit('classic.redeemFailed'))?.details).toEqual({ reason: 'apiKey' });
    expect((await redeem(body.rwKey)).status).toBe(200);
  });

  it('refuses unknown and expired keys', async () => {
    expect((await redeem('not-a-key')).status).toBe(401);
    const { body } = await issueKey(await signedIn('dealer.classic'));
    await t.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('kind', '=', 'classic')
      .where('used_at', 'is', null)
      .execute();
    expect((await redeem(body.rwKey)).status).toBe(401);
  });

  it('refuses application 1 with the exact SPEC §6 message, and application 3', async () => {
    const staff = await signedIn('support.admin', { internal: true });
    expect(await issueKey(staff)).toEqual({ status: 403, body: { message: APP1_MESSAGE } });
    const spanish = await staff.request('POST', '/api/rw3k/key', undefined, { 'Accept-Language': 'es' });
    expect((await spanish.json()).message).toBe(
      'Esta función no está disponible en App 1. Inicie sesión en App 2 para ir a Rapid Classic.',
    );
    expect((await lastAudit('classic.keyRefused'))?.details).toEqual({ reason: 'application1' });

    const customer = await new TestClient(t.origin).init();
    expect((await customer.loginMsa('customer@example.com')).status).toBe(200);
    expect((await issueKey(customer)).status).toBe(403);
    const issued = await t.db.selectFrom('one_time_tokens').select('user_id').where('kind', '=', 'classic').execute();
    const refusedIds = await t.db
      .selectFrom('users')
      .select('user_id')
      .where('username', 'in', ['support.admin', 'customer@example.com'])
      .execute();
    expect(issued.filter((row) => refusedIds.some((u) => u.user_id === row.user_id))).toEqual([]);
  });

  it('needs a signed-in user and the XSRF header', async () => {
    const anonymous = await new TestClient(t.origin).init();
    expect((await issueKey(anonymous)).status).toBe(401);
    const client = await signedIn('dealer.classic');
    const response = await fetch(`${t.origin}/api/rw3k/key`, { method: 'POST', headers: { Authorization: `Bearer ${client.bearer}` } });
    expect(response.status).toBe(403);
  });

  it('is allowed while login actions are pending (SPEC §7 allow-list)', async () => {
    const client = await new TestClient(t.origin).init();
    const login = await client.login('dealer.newuser');
    expect(login.body.reqs.actionRequired).toBe(true);
    expect((await issueKey(client)).status).toBe(200);
  });

  it('ends the portal session when deleteSession=true', async () => {
    const client = await signedIn('dealer.classic');
    const { status, body } = await issueKey(client, '?deleteSession=true&userRequested=true');
    expect(status).toBe(200);
    expect((await client.request('GET', '/api/me')).status).toBe(401);
    expect((await redeem(body.rwKey)).status).toBe(200);
  });

  describe('the demo classic page', () => {
    it("shows who arrived for a good key, and 'expired' when it is used again", async () => {
      const { body } = await issueKey(await signedIn('dealer.classic'));
      const page = await fetch(body.url.replace(t.app.config.publicUrl, t.origin));
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      const html = await page.text();
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('<title>Classic Rapid Web (demo)</title>');
      expect(html).toContain('Signed in as Chris Lindqvist (dealer.classic), dealer 4120');

      const reused = await fetch(`${t.origin}/classic?key=${encodeURIComponent(body.rwKey)}`, { headers: { 'Accept-Language': 'fr' } });
      expect(reused.status).toBe(410);
      const expired = await reused.text();
      expect(expired).toContain('<html lang="fr">');
      expect(expired).toContain('Ce lien a expiré ou a déjà été utilisé.');
      expect(expired).toContain('href="/login"');
      // The same key is spent for the API as well.
      expect((await redeem(body.rwKey)).status).toBe(401);
    });

    it('says the link has expired without a key', async () => {
      const page = await fetch(`${t.origin}/classic`);
      expect(page.status).toBe(410);
      expect(await page.text()).toContain('This link has expired or was already used.');
    });

    it('escapes what it shows', async () => {
      const rename = (name: string) => t.db.updateTable('users').set({ name }).where('username', '=', 'dealer.classic').execute();
      await rename('<script>alert("x")</script> & Co');
      try {
        const { body } = await issueKey(await signedIn('dealer.classic'));
        const html = await (await fetch(`${t.origin}/classic?key=${encodeURIComponent(body.rwKey)}`)).text();
        expect(html).not.toContain('<script>');
        expect(html).toContain('Signed in as &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co (dealer.classic)');
      } finally {
        await rename('Chris Lindqvist');
      }
    });
  });
});
