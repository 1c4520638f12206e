import { describe, expect, it } from 'vitest';
import { json, signedInClient } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { demoSuite, deviceIn, userIdOf } from './fixtures.js';

/**
 * Tenant scope (ARCHITECTURE 'One access table'): a dealer reaches the sites
 * of the selected account group only, and only while that group is one of
 * theirs; a customer reaches the sites of their linked accounts only. The
 * scope lives in the shell's repositories, so every site query keeps to it.
 */
describe.each(TEST_DATABASES)('tenant scope on $name', (database) => {
  const { t } = demoSuite(database);
  const userId = (username: string) => userIdOf(t.db, username);
  const siteOf = (groupNum: number, offset = 0) => deviceIn(t.db, groupNum, offset);
  const siteNums = (body: { siteNum: number }[]) => body.map((s) => s.siteNum);

  it("keeps a dealer of group 5877 away from another group's sites: favourite, recents, search, open", async () => {
    const summit = await signedInClient(t.origin, 'dealer.summit');
    const own = await siteOf(5877);
    const foreign = await siteOf(9993, 30);
    expect((await json(await summit.request('GET', `/api/site/search?q=${own.transmitter_code}`))).body).toEqual([
      expect.objectContaining({ siteNum: own.site_num }),
    ]);
    expect((await summit.request('PUT', `/api/site/favorites/${foreign.transmitter_code}`)).status).toBe(404);
    expect((await json(await summit.request('GET', `/api/site/search?q=${foreign.transmitter_code}`))).body).toEqual([]);
    expect((await json(await summit.request('GET', `/api/site/search?q=${foreign.site_num}&type=details`))).body).toEqual([]);
    expect((await summit.request('GET', `/api/site/${foreign.site_num}`)).status).toBe(404);
    expect(siteNums((await json(await summit.request('GET', '/api/site/recents'))).body)).not.toContain(foreign.site_num);
  });

  it('refuses every site of a selected group that is not one of the dealer’s groups (a stale or forged selection)', async () => {
    const summit = await signedInClient(t.origin, 'dealer.summit');
    const id = await userId('dealer.summit');
    const foreign = await siteOf(9993, 31);
    // Rows that name another group's site (left from an earlier membership, say) and a selection of that group.
    await t.db.insertInto('site_favorites').values({ user_id: id, site_num: foreign.site_num, dev_num: foreign.dev_num }).execute();
    await t.db.insertInto('site_recents').values({ user_id: id, site_num: foreign.site_num, dev_num: foreign.dev_num }).execute();
    await t.db.updateTable('users').set({ current_site_group_num: 9993 }).where('user_id', '=', id).execute();
    try {
      expect((await json(await summit.request('GET', '/api/site/favorites'))).body).toEqual([]);
      expect((await json(await summit.request('GET', '/api/site/recents'))).body).toEqual([]);
      expect((await summit.request('PUT', `/api/site/favorites/${foreign.transmitter_code}`)).status).toBe(404);
      expect((await summit.request('DELETE', `/api/site/favorites/${foreign.transmitter_code}`)).status).toBe(404);
      expect((await json(await summit.request('GET', `/api/site/search?q=${foreign.transmitter_code}`))).body).toEqual([]);
      expect((await json(await summit.request('GET', `/api/site/search?q=${foreign.dev_num}&type=device`))).body).toEqual([]);
      expect((await summit.request('GET', `/api/site/${foreign.site_num}`)).status).toBe(404);
      const audit = await t.db
        .selectFrom('audit_log')
        .select('action')
        .where('actor_user_id', '=', id)
        .where('action', 'like', 'site.%')
        .execute();
      expect(audit).toEqual([]);
    } finally {
      await t.db.updateTable('users').set({ current_site_group_num: 5877 }).where('user_id', '=', id).execute();
    }
  });

  it("opens a site of the dealer's selected group only: another of their groups waits for the switch", async () => {
    const beta = await signedInClient(t.origin, 'dealer.beta');
    const other = await siteOf(4120);
    expect((await beta.request('GET', `/api/site/${other.site_num}`)).status).toBe(404);
    expect((await beta.request('PUT', '/api/user/accountGroup', { siteGroupNum: 4120 })).status).toBe(200);
    try {
      expect((await json(await beta.request('GET', `/api/site/${other.site_num}`))).body).toMatchObject({
        siteNum: other.site_num,
        siteGroupNum: 4120,
      });
    } finally {
      await beta.request('PUT', '/api/user/accountGroup', { siteGroupNum: 9993 });
    }
  });

  it('keeps a customer to their linked accounts: no activating or favouriting another site', async () => {
    const customer = await signedInClient(t.origin, 'customer@example.com');
    const id = await userId('customer@example.com');
    const links = (await json(await customer.request('GET', '/api/msa/accountLinks'))).body as { siteNum: number }[];
    const linked = new Set(links.map((l) => l.siteNum));
    let foreign = await siteOf(9993, 0);
    for (let offset = 1; linked.has(foreign.site_num); offset++) foreign = await siteOf(9993, offset);
    const before = await t.db.selectFrom('users').select('current_site_group_num').where('user_id', '=', id).executeTakeFirstOrThrow();

    expect((await customer.request('PUT', '/api/msa/accountLinks/active', { siteNum: foreign.site_num })).status).toBe(404);
    expect((await customer.request('PUT', '/api/msa/accountLinks/favorite', { siteNum: foreign.site_num, isFavorite: true })).status).toBe(
      404,
    );
    const after = await t.db.selectFrom('users').select('current_site_group_num').where('user_id', '=', id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    const rows = await t.db.selectFrom('msa_account_links').select(['site_num', 'is_default']).where('user_id', '=', id).execute();
    expect(rows.map((r) => r.site_num).sort()).toEqual([...linked].sort());
    expect(rows.filter((r) => r.is_default)).toHaveLength(1);
    // Nor through the dealers' site calls.
    expect((await customer.request('PUT', `/api/site/favorites/${foreign.transmitter_code}`)).status).toBe(403);
    expect((await customer.request('GET', `/api/site/${foreign.site_num}`)).status).toBe(403);
  });
});
