import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { json, type TestClient } from './client.js';
import { ONE_OF_EACH, demoSuite } from './fixtures.js';
import { TEST_DATABASES, listen, openTestDatabase } from './harness.js';
import { REDIS_URL, redisReachable, signIn } from './realtimeHelpers.js';

/**
 * Calls authenticated by a dealer API key (`Authorization: Bearer pak_…`): the key acts within its
 * account group and scopes only, as its creator would; expired, revoked or unknown keys answer 401,
 * a client address the key does not allow 403; its writes are audited as the key and its creator;
 * each key has its own limit a minute; a revocation reaches another process within a second.
 */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function createKey(client: TestClient, body: { scopes: string[]; allowedAddresses?: string[]; name?: string }) {
  const created = await json(await client.request('POST', '/api/apiKeys', { name: 'Dispatch CRM', expiresAt: inDays(30), ...body }));
  expect(created.status).toBe(201);
  return created.body as { id: number; key: string; prefix: string };
}

const withKey = (key: string) => ({ authorization: `Bearer ${key}` });

describe.each(TEST_DATABASES)('API key calls on $name', (database) => {
  const { t, dealer: beta, admin } = demoSuite(database, ONE_OF_EACH, { RATE_LIMITS_API_KEY_PER_MINUTE: '40' });
  const call = (key: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: withKey(key), ...(payload && { payload }) });
  const betaGroup = async () =>
    (await t.db.selectFrom('users').select('current_site_group_num').where('username', '=', 'dealer.beta').executeTakeFirstOrThrow())
      .current_site_group_num!;

  it('lists the sites of its own group with sites:read, and nothing outside its scopes', async () => {
    const { key } = await createKey(beta, { scopes: ['sites:read'] });
    const sites = await call(key, 'GET', '/api/sites?range=[0,499]');
    expect(sites.statusCode).toBe(200);
    const asKey = (sites.json() as { siteNum: number }[]).map((site) => site.siteNum).sort();
    const asUser = ((await json(await beta.request('GET', '/api/sites?range=[0,499]'))).body as { siteNum: number }[])
      .map((site) => site.siteNum)
      .sort();
    expect(asKey).toEqual(asUser);
    expect(asKey.length).toBeGreaterThan(0);

    const group = await betaGroup();
    const other = await t.db.selectFrom('sites').select('site_num').where('site_group_num', '<>', group).executeTakeFirstOrThrow();
    expect((await call(key, 'GET', `/api/sites/${other.site_num}`)).statusCode).toBe(404);
    expect((await call(key, 'GET', `/api/sites/${asKey[0]}`)).statusCode).toBe(200);

    // Outside its scopes, and routes that take a signed-in user only.
    for (const url of [
      '/api/events',
      '/api/tests',
      '/api/apiKeys',
      '/api/me',
      '/api/user/sessions',
      '/api/user/profile',
      '/api/auditLog',
    ]) {
      const refused = await call(key, 'GET', url);
      expect(refused.statusCode, url).toBe(403);
    }
    expect((await call(key, 'POST', '/api/apiKeys', { name: 'x', scopes: ['sites:read'], expiresAt: inDays(3) })).statusCode).toBe(403);
  });

  it('answers 401 to an unknown, mistyped, expired or revoked key, and notes a use at most once a minute', async () => {
    const { id, key, prefix } = await createKey(beta, { scopes: ['sites:read'] });
    expect((await call(`pak_${prefix}_${'A'.repeat(43)}`, 'GET', '/api/sites')).statusCode).toBe(401);
    expect((await call('pak_nothing', 'GET', '/api/sites')).statusCode).toBe(401);
    const used = await call(key, 'GET', '/api/sites');
    expect(used.statusCode).toBe(200);

    const first = await t.db
      .selectFrom('api_keys')
      .select(['last_used_at', 'last_used_address'])
      .where('api_key_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(first.last_used_at).not.toBeNull();
    expect(first.last_used_address).toBe('127.0.0.1');
    expect((await call(key, 'GET', '/api/sites')).statusCode).toBe(200);
    const second = await t.db.selectFrom('api_keys').select('last_used_at').where('api_key_id', '=', id).executeTakeFirstOrThrow();
    expect(new Date(second.last_used_at!).getTime()).toBe(new Date(first.last_used_at!).getTime());

    const revoked = await beta.request('DELETE', `/api/apiKeys/${id}`);
    expect(revoked.status).toBe(200);
    const refused = await call(key, 'GET', '/api/sites');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toContain('revoked');

    const later = await createKey(beta, { scopes: ['sites:read'] });
    await t.db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('api_key_id', '=', later.id)
      .execute();
    const expired = await call(later.key, 'GET', '/api/sites');
    expect(expired.statusCode).toBe(401);
    expect(expired.headers['www-authenticate']).toContain('expired');
  });

  it('is refused from an address outside its allowed addresses', async () => {
    const elsewhere = await createKey(beta, { scopes: ['sites:read'], allowedAddresses: ['203.0.113.0/24'] });
    expect((await call(elsewhere.key, 'GET', '/api/sites')).statusCode).toBe(403);
    const here = await createKey(beta, { scopes: ['sites:read'], allowedAddresses: ['127.0.0.0/8', '::1'] });
    expect((await call(here.key, 'GET', '/api/sites')).statusCode).toBe(200);
  });

  it('writes within its scope without an XSRF token, audited as the key and its creator', async () => {
    const { id, key, prefix } = await createKey(beta, { scopes: ['tests:write'], name: 'Test scheduler' });
    const group = await betaGroup();
    const site = await t.db
      .selectFrom('sites')
      .select('site_num')
      .where('site_group_num', '=', group)
      .orderBy('site_num')
      .executeTakeFirstOrThrow();
    const placed = await call(key, 'POST', '/api/tests', {
      siteNum: site.site_num,
      scope: 'site',
      durationMinutes: 30,
      reason: 'Nightly check',
    });
    expect(placed.statusCode).toBe(201);

    const entry = await t.db
      .selectFrom('audit_log')
      .innerJoin('users', 'users.user_id', 'audit_log.actor_user_id')
      .select(['audit_log.api_key_id', 'users.username', 'audit_log.audit_id'])
      .where('audit_log.action', '=', 'siteTest.placed')
      .orderBy('audit_log.audit_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ api_key_id: id, username: 'dealer.beta' });

    const shown = await json(await admin.request('GET', `/api/auditLog/${entry.audit_id}`));
    expect(shown.body).toMatchObject({ actorUsername: 'dealer.beta', apiKeyId: id, apiKeyName: 'Test scheduler', apiKeyPrefix: prefix });
    // A signed-in user's own write names no key.
    const own = await json(
      await admin.request('GET', `/api/auditLog?filter=${encodeURIComponent(JSON.stringify({ action: 'apiKeys.created' }))}`),
    );
    expect(own.body[0].apiKeyId).toBeNull();
  });

  it('answers 429 with Retry-After once a key passed its limit a minute, each key counted alone', async () => {
    const busy = await createKey(beta, { scopes: ['sites:read'] });
    const idle = await createKey(beta, { scopes: ['sites:read'] });
    let status = 200;
    let retryAfter: string | string[] | undefined;
    for (let calls = 0; calls < 41 && status !== 429; calls++) {
      const response = await call(busy.key, 'GET', '/api/statusBanner');
      status = response.statusCode;
      retryAfter = response.headers['retry-after'];
    }
    expect(status).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect((await call(idle.key, 'GET', '/api/sites')).statusCode).toBe(200);
  });

  it('stops working, 401 with the reason, once its creator leaves the group, loses the role or has a login step waiting', async () => {
    const creator = await t.db
      .selectFrom('users')
      .select(['user_id', 'auth_flags', 'current_site_group_num'])
      .where('username', '=', 'dealer.beta')
      .executeTakeFirstOrThrow();
    const memberships = await t.db.selectFrom('user_account_groups').selectAll().where('user_id', '=', creator.user_id).execute();
    const otherGroup = await t.db
      .selectFrom('account_groups')
      .select('site_group_num')
      .where(
        'site_group_num',
        'not in',
        memberships.map((m) => m.site_group_num),
      )
      .executeTakeFirstOrThrow();
    const users = () => t.db.updateTable('users').where('user_id', '=', creator.user_id);
    /** The key's answer once the change is seen (a key and its creator stay in memory up to a second). */
    const refusal = async (key: string) => {
      await expect.poll(async () => (await call(key, 'GET', '/api/sites')).statusCode, { timeout: 3000, interval: 100 }).toBe(401);
      return (await call(key, 'GET', '/api/sites')).headers['www-authenticate'];
    };

    // Moved to another account group: the key, made in the old one, lapses.
    const moved = await createKey(beta, { scopes: ['sites:read'] });
    expect((await call(moved.key, 'GET', '/api/sites')).statusCode).toBe(200);
    try {
      await t.db.deleteFrom('user_account_groups').where('user_id', '=', creator.user_id).execute();
      await t.db
        .insertInto('user_account_groups')
        .values({ user_id: creator.user_id, site_group_num: otherGroup.site_group_num })
        .execute();
      await users().set({ current_site_group_num: otherGroup.site_group_num }).execute();
      expect(await refusal(moved.key)).toContain('error_description="creator-group"');
    } finally {
      await t.db.deleteFrom('user_account_groups').where('user_id', '=', creator.user_id).execute();
      await t.db.insertInto('user_account_groups').values(memberships).execute();
      await users().set({ current_site_group_num: creator.current_site_group_num }).execute();
    }

    // No longer the group's administrator (xtAdmin): the scopes it granted are not theirs to give.
    const demoted = await createKey(beta, { scopes: ['sites:read'] });
    try {
      await users()
        .set({ auth_flags: creator.auth_flags.filter((flag) => flag !== 'xtAdmin') })
        .execute();
      expect(await refusal(demoted.key)).toContain('error_description="creator-role"');
    } finally {
      await users().set({ auth_flags: creator.auth_flags }).execute();
    }

    // A login step waiting (must change the password): refused until it is done, then the key works again.
    const waiting = await createKey(beta, { scopes: ['sites:read'] });
    try {
      await users().set({ password_reset_required: true }).execute();
      const refused = await refusal(waiting.key);
      expect(refused).toContain('error_description="creator-action-required"');
      expect((await call(waiting.key, 'GET', '/api/sites')).json()).toMatchObject({ message: expect.stringContaining('sign-in step') });
    } finally {
      await users().set({ password_reset_required: false }).execute();
    }
    await expect.poll(async () => (await call(waiting.key, 'GET', '/api/sites')).statusCode, { timeout: 3000, interval: 100 }).toBe(200);
    // MFA enrolment required: no verified contact method left to send a code to.
    const contacts = await t.db.selectFrom('user_contact_methods').selectAll().where('user_id', '=', creator.user_id).execute();
    try {
      await t.db.updateTable('user_contact_methods').set({ verified_at: null }).where('user_id', '=', creator.user_id).execute();
      expect(await refusal(waiting.key)).toContain('error_description="creator-action-required"');
    } finally {
      for (const contact of contacts) {
        await t.db
          .updateTable('user_contact_methods')
          .set({ verified_at: contact.verified_at })
          .where('contact_method_id', '=', contact.contact_method_id)
          .execute();
      }
    }
    await expect.poll(async () => (await call(waiting.key, 'GET', '/api/sites')).statusCode, { timeout: 3000, interval: 100 }).toBe(200);
  });

  it('marks in the OpenAPI document which operations a key may call, and with which scope', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      components: { securitySchemes: Record<string, { scheme: string }> };
      paths: Record<string, Record<string, { security?: object[]; 'x-api-key-scopes'?: string[] }>>;
    };
    expect(document.components.securitySchemes.apiKey.scheme).toBe('bearer');
    expect(document.paths['/api/sites'].get['x-api-key-scopes']).toEqual(['sites:read']);
    expect(document.paths['/api/sites'].get.security).toEqual([{ apiKey: ['sites:read'] }]);
    expect(document.paths['/api/tests'].post['x-api-key-scopes']).toEqual(['tests:write']);
    expect(document.paths['/api/apiKeys'].get.security).toBeUndefined();
  });
});

const postgres = TEST_DATABASES.find((d) => d.name === 'postgres');
const redisUp = await redisReachable(REDIS_URL);
const skipReason = !postgres ? 'TEST_DATABASE_URL is not set' : !redisUp ? `Redis is not reachable at ${REDIS_URL}` : undefined;
if (skipReason) console.log(`${skipReason}: the two-process API key revocation test is skipped`);

describe('API key revocation across two processes sharing PostgreSQL and Redis', () => {
  it.skipIf(!!skipReason)('a key revoked in A is refused by B within a second', async () => {
    const channel = `portal:test:${randomBytes(6).toString('hex')}`;
    const shared = await openTestDatabase(postgres!, { DEMO: 'true', REDIS_URL, REDIS_CHANNEL: channel });
    const a = await buildApp(shared.config, { database: shared.handle, logger: false });
    const b = await buildApp(shared.config, { database: shared.handle, logger: false });
    try {
      const originA = await listen({ app: a, db: a.db, close: async () => undefined });
      const originB = await listen({ app: b, db: b.db, close: async () => undefined });
      const dealer = await signIn(originA, 'dealer.beta');
      const { id, key } = await createKey(dealer, { scopes: ['sites:read'] });
      const sitesOnB = async () => {
        const response = await fetch(`${originB}/api/sites`, { headers: withKey(key) });
        await response.arrayBuffer();
        return response.status;
      };
      // B keeps the key in memory now.
      expect(await sitesOnB()).toBe(200);
      expect(await sitesOnB()).toBe(200);

      expect((await dealer.request('DELETE', `/api/apiKeys/${id}`)).status).toBe(200);
      const revokedAt = Date.now();
      let status = await sitesOnB();
      while (status === 200 && Date.now() - revokedAt < 1000) status = await sitesOnB();
      expect(status).toBe(401);
    } finally {
      await a.close();
      await b.close();
      await shared.close();
    }
  });
});
