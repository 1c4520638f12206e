import { beforeEach, describe, expect, it } from 'vitest';
import { signedInClient, type TestClient } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { demoSuite, SUPPORT_ADMIN } from './fixtures.js';

const DAY = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();
const titles = (items: { title: string }[]) => items.map((n) => n.title);

describe.each(TEST_DATABASES)('news order, roles and rules on $name (SPEC §2, §3, §5, §6)', (database) => {
  const { t, admin, dealer } = demoSuite(database, { admin: SUPPORT_ADMIN, dealer: 'dealer.beta' });
  beforeEach(async () => {
    await t.db.deleteFrom('news_items').execute();
  });

  const create = async (data: Record<string, unknown>) => {
    const response = await admin.request('POST', '/api/news', { body: 'Body', ...data });
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
    return response.json();
  };
  const list = async (client: TestClient, query = '') => {
    const response = await client.request('GET', `/api/news${query}`);
    expect(response.status).toBe(200);
    return response.json();
  };

  it('shows users the active items by order ascending, items without order last, whatever sort they ask for (SPEC §3)', async () => {
    await create({ title: 'No order' });
    await create({ title: 'Third', order: 30 });
    await create({ title: 'First', order: -5 });
    await create({ title: 'Second', order: 2 });
    await create({ title: 'Later', order: 1, effectiveDate: iso(1) });
    await create({ title: 'Gone', order: 0, expirationDate: iso(-1) });
    expect(titles(await list(dealer))).toEqual(['First', 'Second', 'Third', 'No order']);
    const asked = `?sort=${encodeURIComponent('["title","DESC"]')}&filter=${encodeURIComponent('{"includeExpired":true,"active":false}')}`;
    expect(titles(await list(dealer, asked))).toEqual(['First', 'Second', 'Third', 'No order']);
  });

  it('sorts setup by order descending by default, items without order last (SPEC §2 news setup)', async () => {
    await create({ title: 'No order' });
    await create({ title: 'Low', order: 1 });
    await create({ title: 'High', order: 9 });
    await create({ title: 'Future', order: 5, effectiveDate: iso(2) });
    await create({ title: 'Expired', order: 7, expirationDate: iso(-2) });
    expect(titles(await list(admin))).toEqual(['High', 'Future', 'Low', 'No order']);
    // 'Show Expired' adds the expired ones.
    expect(titles(await list(admin, `?filter=${encodeURIComponent('{"includeExpired":true}')}`))).toEqual([
      'High',
      'Expired',
      'Future',
      'Low',
      'No order',
    ]);
  });

  it('keeps markup in a title or body as text', async () => {
    const markup = { title: '<img src=x onerror="alert(1)">', body: '<b>bold</b> & <script>alert(document.cookie)</script>' };
    const created = await create(markup);
    expect(created).toMatchObject(markup);
    const seen = await list(dealer);
    expect(seen[0]).toMatchObject(markup);
  });

  it("says 'Start date cannot be after end date' and accepts equal dates (SPEC §4 news save)", async () => {
    const bad = await admin.request('POST', '/api/news', { title: 'T', body: 'B', effectiveDate: iso(2), expirationDate: iso(1) });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual({ effectiveDate: 'Start date cannot be after end date' });
    const same = iso(1);
    expect((await admin.request('POST', '/api/news', { title: 'T', body: 'B', effectiveDate: same, expirationDate: same })).status).toBe(
      201,
    );
    const created = await create({ title: 'Edit me' });
    const badUpdate = await admin.request('PUT', `/api/news/${created.id}`, { ...created, effectiveDate: iso(5), expirationDate: iso(4) });
    expect(badUpdate.status).toBe(400);
    const notDate = await admin.request('POST', '/api/news', { title: 'T', body: 'B', effectiveDate: 'tomorrow' });
    expect((await notDate.json()).errors).toEqual({ effectiveDate: 'Must be a valid date and time' });
  });

  it('enforces every limit of SPEC §5/§9 one past its maximum, and blank required texts', async () => {
    const response = await admin.request('POST', '/api/news', {
      title: ' ',
      body: 'b'.repeat(1025),
      icon: 'rocket',
      url: `https://example.com/${'u'.repeat(1005)}`,
      documentName: 'd'.repeat(1025),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({
      title: 'Required',
      body: 'Must be 1024 characters or less',
      icon: 'Must be one of: bell-alert, calendar, envelope, circle-exclamation-fill, exclamationmark-shield-fill, exclamation-triangle, newspaper-filled',
      url: 'Must be 1024 characters or less',
      documentName: 'Must be 1024 characters or less',
    });
  });

  it('lets application 1 without canEdit read setup but not write (SPEC §6)', async () => {
    const created = await create({ title: 'Read only', effectiveDate: iso(1) });
    await t.db.updateTable('users').set({ can_edit_news: false }).where('username', '=', 'support.admin').execute();
    try {
      // Setup still lists what is not active yet.
      expect(titles(await list(admin))).toEqual(['Read only']);
      expect((await admin.request('POST', '/api/news', { title: 'T', body: 'B' })).status).toBe(403);
      expect((await admin.request('PUT', `/api/news/${created.id}`, { title: 'T', body: 'B' })).status).toBe(403);
      expect((await admin.request('DELETE', `/api/news/${created.id}`)).status).toBe(403);
      expect((await admin.request('DELETE', `/api/news/${created.id}/document`)).status).toBe(403);
    } finally {
      await t.db.updateTable('users').set({ can_edit_news: true }).where('username', '=', 'support.admin').execute();
    }
  });

  it('keeps application 3 out of the news entirely (SPEC §6 News page: applications 1 and 2)', async () => {
    const created = await create({ title: 'Dealers only' });
    const customer = await signedInClient(t.origin, 'customer@example.com');
    expect((await customer.request('GET', '/api/news')).status).toBe(403);
    expect((await customer.request('GET', `/api/news/${created.id}`)).status).toBe(403);
    expect((await customer.request('POST', '/api/news', { title: 'T', body: 'B' })).status).toBe(403);
  });

  it('lets dealers read but never write, nor see what is not active', async () => {
    const future = await create({ title: 'Future', effectiveDate: iso(1) });
    const expired = await create({ title: 'Expired', expirationDate: iso(-1) });
    for (const item of [future, expired]) expect((await dealer.request('GET', `/api/news/${item.id}`)).status).toBe(404);
    expect((await dealer.request('PUT', `/api/news/${future.id}`, { title: 'Mine', body: 'B' })).status).toBe(403);
    expect((await dealer.request('DELETE', `/api/news/${future.id}`)).status).toBe(403);
  });

  it('writes nothing without the XSRF header', async () => {
    expect((await admin.request('POST', '/api/news', { title: 'T', body: 'B' }, { 'X-XSRF-Token': 'wrong' })).status).toBe(403);
    expect(await list(admin)).toEqual([]);
  });
});
