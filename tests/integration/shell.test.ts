import { describe, expect, it } from 'vitest';
import { json, TestClient } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { demoSuite, deviceIn } from './fixtures.js';

describe.each(TEST_DATABASES)('shell APIs on $name', (database) => {
  const { t } = demoSuite(database);
  const signIn = async (username: string, extra: Record<string, unknown> = {}) => {
    const c = await new TestClient(t.origin).init();
    expect((await c.login(username, undefined, extra)).status).toBe(200);
    return c;
  };
  const deviceOf = (groupNum: number, offset = 0) => deviceIn(t.db, groupNum, offset);

  it('favourites and unfavourites by transmitter, within the current account group only', async () => {
    const c = await signIn('dealer.beta');
    const before = await json(await c.request('GET', '/api/site/favorites'));
    expect(before.status).toBe(200);
    expect(before.body.length).toBe(6);
    const device = await deviceOf(9993, 40);
    const added = await json(await c.request('PUT', `/api/site/favorites/${device.transmitter_code.toLowerCase()}`));
    expect(added.status).toBe(200);
    expect(added.body).toContainEqual(
      expect.objectContaining({ siteNum: device.site_num, devNum: device.dev_num, xmit: device.transmitter_code }),
    );
    const removed = await json(await c.request('DELETE', `/api/site/favorites/${device.transmitter_code}`));
    expect(removed.body.map((s: { siteNum: number }) => s.siteNum)).not.toContain(device.site_num);
    // Another dealer's transmitter is not found, and a write without the XSRF header is refused.
    const foreign = await deviceOf(5877);
    expect((await c.request('PUT', `/api/site/favorites/${foreign.transmitter_code}`)).status).toBe(404);
    expect((await c.request('PUT', `/api/site/favorites/${device.transmitter_code}`, undefined, { 'X-XSRF-Token': 'forged' })).status).toBe(
      403,
    );
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'in', ['site.favorited', 'site.unfavorited'])
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it("records a site opened among the recents, latest first; other dealers' sites are not found", async () => {
    const c = await signIn('dealer.beta');
    const device = await deviceOf(9993, 70);
    const site = await json(await c.request('GET', `/api/site/${device.site_num}?dn=${device.dev_num}`));
    expect(site.status).toBe(200);
    expect(site.body).toMatchObject({ siteNum: device.site_num, siteName: device.site_name, siteGroupNum: 9993, isFavorite: false });
    const recents = await json(await c.request('GET', '/api/site/recents'));
    expect(recents.body[0]).toMatchObject({ siteNum: device.site_num, devNum: device.dev_num });
    const foreign = await deviceOf(5877);
    expect((await c.request('GET', `/api/site/${foreign.site_num}`)).status).toBe(404);
    expect((await c.request('GET', '/api/site/999999999')).status).toBe(404);
  });

  it('searches accounts by device number, transmitter code and details in the current group', async () => {
    const c = await signIn('dealer.beta');
    const device = await deviceOf(9993, 12);
    const byDevice = await json(await c.request('GET', `/api/site/search?q=${device.dev_num}&type=device`));
    expect(byDevice.body).toEqual([expect.objectContaining({ devNum: device.dev_num, siteNum: device.site_num })]);
    const byXmit = await json(await c.request('GET', `/api/site/search?q=${device.transmitter_code.slice(0, 4).toLowerCase()}&type=xmit`));
    expect(byXmit.body.map((s: { devNum: number }) => s.devNum)).toContain(device.dev_num);
    const byNumber = await json(await c.request('GET', `/api/site/search?q=${device.site_num}&type=details`));
    expect(byNumber.body[0]).toMatchObject({ siteNum: device.site_num });
    const byName = await json(await c.request('GET', `/api/site/search?q=${encodeURIComponent(device.site_name.slice(0, 5))}`));
    expect(byName.body.map((s: { siteNum: number }) => s.siteNum)).toContain(device.site_num);
    // Nothing from another dealer, and wildcards are plain text.
    const foreign = await deviceOf(5877);
    expect((await json(await c.request('GET', `/api/site/search?q=${foreign.transmitter_code}`))).body).toEqual([]);
    expect((await json(await c.request('GET', '/api/site/search?q=%25'))).body).toEqual([]);
    expect((await c.request('GET', '/api/site/search?q=')).status).toBe(400);
    expect((await c.request('GET', '/api/site/search?q=1&type=zip')).status).toBe(400);
  });

  it('switches account group only to a group the user may use, and audits it', async () => {
    const c = await signIn('dealer.beta');
    const groups = await json(await c.request('GET', '/api/user/accountGroups'));
    expect(groups.body).toEqual(
      expect.arrayContaining([
        { siteGroupNum: 9993, siteGroupName: expect.any(String), current: true, liveAlarms: true },
        { siteGroupNum: 4120, siteGroupName: expect.any(String), current: false, liveAlarms: false },
      ]),
    );
    const switched = await json(await c.request('PUT', '/api/user/accountGroup', { siteGroupNum: 4120 }));
    expect(switched.status).toBe(200);
    expect(switched.body.dealer.siteGroupNum).toBe(4120);
    expect((await json(await c.request('GET', '/api/site/favorites'))).body).toHaveLength(1);
    const refused = await json(await c.request('PUT', '/api/user/accountGroup', { siteGroupNum: 5877 }));
    expect(refused).toEqual({ status: 403, body: { message: 'You cannot use this account group.' } });
    expect((await c.request('PUT', '/api/user/accountGroup', { siteGroupNum: 'x' })).status).toBe(400);
    expect((await json(await c.request('GET', '/api/me'))).body.dealer.siteGroupNum).toBe(4120);
    await c.request('PUT', '/api/user/accountGroup', { siteGroupNum: 9993 });
    const audit = await t.db.selectFrom('audit_log').select(['action', 'target_id']).where('action', 'like', 'accountGroup.%').execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'accountGroup.switched', target_id: '4120' },
        { action: 'accountGroup.switchRefused', target_id: '5877' },
      ]),
    );
    expect((await new TestClient(t.origin).init().then((a) => a.request('GET', '/api/user/accountGroups'))).status).toBe(401);
  });

  it('keeps one default account link for a customer and switches the active account', async () => {
    const c = await new TestClient(t.origin).init();
    expect((await c.loginMsa('customer@example.com')).status).toBe(200);
    const links = (await json(await c.request('GET', '/api/msa/accountLinks'))).body;
    expect(links).toHaveLength(2);
    expect(links.filter((l: { isFavorite: boolean }) => l.isFavorite)).toHaveLength(1);
    const other = links.find((l: { isFavorite: boolean }) => !l.isFavorite);
    const after = (await json(await c.request('PUT', '/api/msa/accountLinks/favorite', { siteNum: other.siteNum, isFavorite: true }))).body;
    expect(after.filter((l: { isFavorite: boolean }) => l.isFavorite).map((l: { siteNum: number }) => l.siteNum)).toEqual([other.siteNum]);
    const cleared = (await json(await c.request('PUT', '/api/msa/accountLinks/favorite', { siteNum: other.siteNum, isFavorite: false })))
      .body;
    expect(cleared.filter((l: { isFavorite: boolean }) => l.isFavorite)).toHaveLength(0);
    const notMine = await deviceOf(9993, 90);
    expect((await c.request('PUT', '/api/msa/accountLinks/favorite', { siteNum: notMine.site_num, isFavorite: true })).status).toBe(404);

    const active = await json(await c.request('PUT', '/api/msa/accountLinks/active', { siteNum: other.siteNum }));
    expect(active).toEqual({ status: 200, body: { siteNum: other.siteNum, devNum: other.devices[0], siteGroupNum: 9993 } });
    expect((await c.request('PUT', '/api/msa/accountLinks/active', { siteNum: notMine.site_num })).status).toBe(404);
    // Dealers have no account links.
    expect((await (await signIn('dealer.beta')).request('GET', '/api/msa/accountLinks')).status).toBe(403);
  });

  it('ends an impersonation and returns to the impersonator, audited; refuses when not impersonating', async () => {
    const staff = await t.db.selectFrom('users').select('user_id').where('username', '=', 'support.admin').executeTakeFirstOrThrow();
    const dealer = await t.db.selectFrom('users').select('user_id').where('username', '=', 'dealer.beta').executeTakeFirstOrThrow();
    const tokens = await t.app.sessions.create({
      userId: dealer.user_id,
      impersonatorUserId: staff.user_id,
      pending: {},
      ip: null,
      userAgent: null,
    });
    const c = await new TestClient(t.origin).init();
    c.bearer = tokens.bearer.token;
    // /me tells the client it is an impersonation (the shell's banner, §4).
    expect((await json(await c.request('GET', '/api/me'))).body).toMatchObject({ appUserNum: dealer.user_id, impersonating: true });
    const ended = await json(await c.request('POST', '/api/impersonation/end'));
    expect(ended.status).toBe(200);
    c.bearer = ended.body.token;
    expect((await json(await c.request('GET', '/api/me'))).body.appUserNum).toBe(staff.user_id);
    const old = await t.db
      .selectFrom('sessions')
      .select(['ended_at', 'end_reason'])
      .where('session_id', '=', tokens.sessionId)
      .executeTakeFirstOrThrow();
    expect(old.end_reason).toBe('impersonation-ended');
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'impersonator_user_id'])
      .where('action', '=', 'impersonation.ended')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ actor_user_id: dealer.user_id, impersonator_user_id: staff.user_id });
    // The ended impersonation cannot be used again; a normal session is not an impersonation.
    c.bearer = tokens.bearer.token;
    expect((await c.request('POST', '/api/impersonation/end')).status).toBe(401);
    expect((await (await signIn('dealer.beta')).request('POST', '/api/impersonation/end')).status).toBe(409);
  });

  it('answers the version and build id for update detection', async () => {
    const response = await fetch(`${t.origin}/api/version`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ version: expect.stringMatching(/^\d+\.\d+\.\d+/), buildId: expect.any(String) });
  });

  it('serves dealer branding: the current group signed in, a named group anonymously, none otherwise', async () => {
    const anonymous = await new TestClient(t.origin).init();
    expect((await json(await anonymous.request('GET', '/api/branding'))).body).toEqual({ headerLogoUrl: null, darkHeaderLogoUrl: null });
    expect((await json(await anonymous.request('GET', '/api/branding?siteGroupNum=9993'))).body).toEqual({
      headerLogoUrl: '/branding/northwind.svg',
      darkHeaderLogoUrl: '/branding/northwind-dark.svg',
    });
    const beta = await signIn('dealer.beta');
    expect((await json(await beta.request('GET', '/api/branding'))).body.headerLogoUrl).toBe('/branding/northwind.svg');
    // Another dealer's group is refused to a dealer who may not use it.
    expect((await beta.request('GET', '/api/branding?siteGroupNum=5877')).status).toBe(403);
    expect((await beta.request('GET', '/api/branding?siteGroupNum=4120')).status).toBe(200);
  });

  it('tells whether the dealer has an answering service and that a normal session is no impersonation', async () => {
    const beta = await signIn('dealer.beta');
    const me = await json(await beta.request('GET', '/api/me'));
    expect(me.body).toMatchObject({ dealer: { siteGroupNum: 9993, hasAnsweringService: true }, impersonating: false });
    const classic = await signIn('dealer.classic');
    expect((await json(await classic.request('GET', '/api/me'))).body.dealer).toMatchObject({
      siteGroupNum: 4120,
      hasAnsweringService: false,
    });
  });
});
