import { describe, expect, it } from 'vitest';
import { json } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { demoSuite } from './fixtures.js';

/**
 * An account group's API keys (/api/apiKeys): the administrator (xtAdmin) creates a key, sees its
 * whole secret once and only its prefix afterwards, the server keeps a hash; the expiry and the
 * allowed addresses are checked; a revoked key stays listed as revoked; every change is audited;
 * staff without xtAdmin are refused.
 */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe.each(TEST_DATABASES)('API keys on $name', (database) => {
  const { t, beta, summit } = demoSuite(database, { beta: 'dealer.beta', summit: 'dealer.summit' });

  it('creates a key whose secret is answered once and stored as a hash only', async () => {
    const created = await json(
      await beta.request('POST', '/api/apiKeys', { name: 'Dispatch CRM', scopes: ['sites:read', 'events:read'], expiresAt: inDays(90) }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Dispatch CRM',
      scopes: ['sites:read', 'events:read'],
      status: 'active',
      createdBy: 'dealer.beta',
    });
    expect(created.body.key).toMatch(new RegExp(`^pak_${created.body.prefix}_[A-Za-z0-9_-]{43}$`));
    const secret = (created.body.key as string).split('_').pop()!;

    const row = await t.db.selectFrom('api_keys').selectAll().where('api_key_id', '=', created.body.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret);

    const one = await json(await beta.request('GET', `/api/apiKeys/${created.body.id}`));
    expect(one.body.key).toBeNull();
    const list = await json(await beta.request('GET', '/api/apiKeys'));
    expect(list.body.find((key: { id: number }) => key.id === created.body.id)).toMatchObject({ prefix: created.body.prefix, key: null });

    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'apiKeys.created').execute();
    expect(audit.some((entry) => JSON.stringify(entry).includes(created.body.prefix))).toBe(true);
  });

  it('refuses an expiry past or beyond a year, unknown scopes and addresses that are not ones', async () => {
    const post = (body: object) =>
      beta.request('POST', '/api/apiKeys', { name: 'x', scopes: ['sites:read'], expiresAt: inDays(30), ...body });
    const past = await json(await post({ expiresAt: inDays(-1) }));
    expect(past.status).toBe(400);
    expect(past.body.errors).toHaveProperty('expiresAt');
    expect((await json(await post({ expiresAt: inDays(366) }))).body.errors).toHaveProperty('expiresAt');
    expect((await post({ scopes: ['sites:write'] })).status).toBe(400);
    expect((await post({ scopes: [] })).status).toBe(400);
    const address = await json(await post({ allowedAddresses: ['203.0.113.0/24', 'office'] }));
    expect(address.status).toBe(400);
    expect(address.body.errors).toHaveProperty('allowedAddresses');
    expect((await post({ allowedAddresses: ['203.0.113.0/24', '2001:db8::1'] })).status).toBe(201);
  });

  it('revokes a key: it stays listed as revoked, and the revocation is audited', async () => {
    const created = await json(
      await beta.request('POST', '/api/apiKeys', { name: 'Old ticketing', scopes: ['tests:write'], expiresAt: inDays(10) }),
    );
    const revoked = await json(await beta.request('DELETE', `/api/apiKeys/${created.body.id}`));
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: created.body.id, status: 'revoked' });
    const filtered = await json(
      await beta.request('GET', `/api/apiKeys?filter=${encodeURIComponent(JSON.stringify({ status: 'revoked' }))}`),
    );
    expect(filtered.body.map((key: { id: number }) => key.id)).toContain(created.body.id);
    const audit = await t.db.selectFrom('audit_log').select('action').where('action', '=', 'apiKeys.deleted').execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('refuses staff without xtAdmin, and keeps each group to its own keys', async () => {
    expect((await summit.request('GET', '/api/apiKeys')).status).toBe(403);
    expect((await summit.request('POST', '/api/apiKeys', { name: 'x', scopes: ['sites:read'], expiresAt: inDays(5) })).status).toBe(403);
    const own = await json(await beta.request('GET', '/api/apiKeys'));
    const groups = await t.db
      .selectFrom('api_keys')
      .select('site_group_num')
      .where(
        'api_key_id',
        'in',
        own.body.map((k: { id: number }) => k.id),
      )
      .execute();
    const current = await t.db
      .selectFrom('users')
      .select('current_site_group_num')
      .where('username', '=', 'dealer.beta')
      .executeTakeFirstOrThrow();
    expect(new Set(groups.map((g) => g.site_group_num))).toEqual(new Set([current.current_site_group_num]));
  });
});
