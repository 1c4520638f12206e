import simpleRestProvider from 'ra-data-simple-rest';
import { HttpError } from 'ra-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestClient } from './client.js';
import { listen, startTestApp, TEST_DATABASES, type TestApp } from './harness.js';

const DAY = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

describe.each(TEST_DATABASES)('news resource on $name', (database) => {
  let t: TestApp;
  let baseUrl: string;
  let admin: TestClient;
  let dealer: TestClient;
  let provider: ReturnType<typeof simpleRestProvider>;

  beforeAll(async () => {
    t = await startTestApp(database, { DEMO: 'true' });
    const origin = await listen(t);
    baseUrl = `${origin}/api`;
    admin = await new TestClient(origin).init();
    expect((await admin.login('support.admin', undefined, { internal: true })).status).toBe(200);
    dealer = await new TestClient(origin).init();
    expect((await dealer.login('dealer.beta')).status).toBe(200);
    // The real react-admin provider, as the browser uses it, signed in as a news editor.
    provider = simpleRestProvider(baseUrl, admin.httpClient('en'));
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.db.deleteFrom('news_items').execute();
  });

  const item = (over: Record<string, unknown> = {}) => ({ title: 'Maintenance tonight', body: 'The portal restarts at 2 am.', ...over });

  it('creates, reads, updates and deletes through ra-data-simple-rest', async () => {
    const created = await provider.create('news', { data: item({ order: 3, icon: 'calendar', color: 'amber' }) });
    expect(created.data).toMatchObject({ title: 'Maintenance tonight', order: 3, icon: 'calendar', color: 'amber', active: true });
    const id = created.data.id;
    expect(created.data.newsId).toBe(id);

    const one = await provider.getOne('news', { id });
    expect(one.data).toEqual(created.data);

    // react-admin sends the whole record back, computed fields included.
    const updated = await provider.update('news', { id, data: { ...one.data, title: 'Maintenance moved' }, previousData: one.data });
    expect(updated.data).toMatchObject({ id, title: 'Maintenance moved', order: 3, hasDocument: false });

    const deleted = await provider.delete('news', { id, previousData: updated.data });
    expect(deleted.data).toMatchObject({ id, title: 'Maintenance moved' });
    await expect(provider.getOne('news', { id })).rejects.toMatchObject({ status: 404 });
  });

  it('lists with sort, range, filter and the total in Content-Range', async () => {
    for (let i = 1; i <= 7; i++) await provider.create('news', { data: item({ title: `Item ${i}`, order: i }) });
    await provider.create('news', { data: item({ title: 'No order' }) });

    const page = await provider.getList('news', {
      pagination: { page: 1, perPage: 3 },
      sort: { field: 'order', order: 'DESC' },
      filter: {},
    });
    expect(page.total).toBe(8);
    expect(page.data.map((n) => n.title)).toEqual(['Item 7', 'Item 6', 'Item 5']);

    const last = await provider.getList('news', {
      pagination: { page: 3, perPage: 3 },
      sort: { field: 'order', order: 'DESC' },
      filter: {},
    });
    // Items without an order come last.
    expect(last.data.map((n) => n.title)).toEqual(['Item 1', 'No order']);
    expect(last.total).toBe(8);

    // A page past the end has no rows, and still the whole total.
    const beyond = await provider.getList('news', {
      pagination: { page: 5, perPage: 3 },
      sort: { field: 'order', order: 'DESC' },
      filter: {},
    });
    expect(beyond.data).toEqual([]);
    expect(beyond.total).toBe(8);

    const asc = await provider.getList('news', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'order', order: 'ASC' },
      filter: {},
    });
    expect(asc.data.map((n) => n.title).slice(0, 2)).toEqual(['Item 1', 'Item 2']);
    expect(asc.data.at(-1)?.title).toBe('No order');

    const raw = await admin.request('GET', `/api/news?range=${encodeURIComponent('[0,1]')}`, undefined, { Origin: t.app.config.publicUrl });
    expect(raw.headers.get('content-range')).toBe('news 0-1/8');
    // CORS lets the browser read the total.
    expect(raw.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });

  it('gets many by id and deletes many', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await provider.create('news', { data: item({ title: `N${i}` }) })).data.id);
    const many = await provider.getMany('news', { ids: [ids[0], ids[2]] });
    expect(many.data.map((n) => n.id).sort()).toEqual([ids[0], ids[2]].sort());
    const removed = await provider.deleteMany('news', { ids: [ids[0], ids[1]] });
    expect(removed.data?.sort()).toEqual([ids[0], ids[1]].sort());
    const rest = await provider.getList('news', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(rest.data.map((n) => n.id)).toEqual([ids[2]]);
  });

  it('searches title and body, hides expired items unless asked, and computes the flags', async () => {
    await provider.create('news', { data: item({ title: 'Active', body: 'Rates 100% guaranteed' }) });
    await provider.create('news', { data: item({ title: 'Future', effectiveDate: iso(2) }) });
    await provider.create('news', { data: item({ title: 'Expired', effectiveDate: iso(-5), expirationDate: iso(-1) }) });

    const list = (filter: object) =>
      provider.getList('news', { pagination: { page: 1, perPage: 10 }, sort: { field: 'title', order: 'ASC' }, filter });
    const visible = await list({});
    expect(visible.data.map((n) => [n.title, n.active, n.future, n.expired])).toEqual([
      ['Active', true, false, false],
      ['Future', false, true, false],
    ]);
    const all = await list({ includeExpired: true });
    expect(all.data.find((n) => n.title === 'Expired')).toMatchObject({ expired: true, active: false });
    expect((await list({ q: 'guaranteed' })).data.map((n) => n.title)).toEqual(['Active']);
    // LIKE wildcards in the search are literal characters.
    expect((await list({ q: '100%' })).data.map((n) => n.title)).toEqual(['Active']);
    expect((await list({ q: '%' })).total).toBe(1);
    expect((await list({ active: true })).data.map((n) => n.title)).toEqual(['Active']);
  });

  it('answers 400 with a message per field, as react-admin shows them', async () => {
    const error = await provider
      .create('news', {
        data: {
          title: 'x'.repeat(129),
          body: '',
          effectiveDate: iso(3),
          expirationDate: iso(1),
          url: 'javascript:alert(1)',
          color: 'purple',
        },
      })
      .catch((e: HttpError) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    expect((error as HttpError).body).toEqual({
      message: 'The form is not valid. Please check for errors',
      errors: {
        title: 'Must be 128 characters or less',
        body: 'Required',
        effectiveDate: 'Start date cannot be after end date',
        url: 'Must be a web address starting with http:// or https://',
        color: 'Must be one of: blue, green, red, amber',
      },
    });
  });

  it('accepts every limit exactly at its maximum', async () => {
    const created = await provider.create('news', {
      data: { title: 't'.repeat(128), body: 'b'.repeat(1024), url: `https://example.com/${'u'.repeat(1004)}` },
    });
    expect(created.data.title).toHaveLength(128);
    expect(created.data.body).toHaveLength(1024);
    expect(created.data.url).toHaveLength(1024);
  });

  it('keeps markup as text', async () => {
    const created = await provider.create('news', { data: item({ title: '<script>alert(1)</script>' }) });
    expect((await provider.getOne('news', { id: created.data.id })).data.title).toBe('<script>alert(1)</script>');
  });

  it('translates messages into the language the request asks for', async () => {
    const spanish = simpleRestProvider(baseUrl, admin.httpClient('es-MX,es;q=0.9'));
    const error = (await spanish.create('news', { data: { body: 'x' } }).catch((e) => e)) as HttpError;
    expect(error.body.errors).toEqual({ title: 'Obligatorio' });
    const french = simpleRestProvider(baseUrl, admin.httpClient('fr'));
    const notFound = (await french.getOne('news', { id: 999999 }).catch((e) => e)) as HttpError;
    expect(notFound.status).toBe(404);
    expect(notFound.message).toBe('Introuvable');
  });

  it('refuses malformed list parameters and unknown filters', async () => {
    for (const query of ['sort=notjson', 'sort=["password","ASC"]', 'range=[10,0]', 'range=[0,5000]', 'filter={"evil":1}']) {
      const response = await admin.request('GET', `/api/news?${query}`);
      expect(response.status, query).toBe(400);
      expect((await response.json()).message).toMatch(/parameter is not valid/);
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await admin.request('GET', '/api/nothing-here');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found' });
  });

  it('shows dealers the active items only, and lets only editors write (SPEC §6)', async () => {
    await provider.create('news', { data: item({ title: 'Active' }) });
    await provider.create('news', { data: item({ title: 'Future', effectiveDate: iso(2) }) });
    const future = await provider.getList('news', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'title', order: 'ASC' },
      filter: {},
    });
    const dealerProvider = simpleRestProvider(baseUrl, dealer.httpClient());
    const seen = await dealerProvider.getList('news', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'title', order: 'ASC' },
      filter: { includeExpired: true },
    });
    expect(seen.data.map((n) => n.title)).toEqual(['Active']);
    const hidden = future.data.find((n) => n.title === 'Future')!;
    await expect(dealerProvider.getOne('news', { id: hidden.id })).rejects.toMatchObject({ status: 404 });
    await expect(dealerProvider.create('news', { data: item() })).rejects.toMatchObject({ status: 403 });
    await expect(dealerProvider.delete('news', { id: hidden.id })).rejects.toMatchObject({ status: 403 });
  });

  it('refuses callers who are not signed in', async () => {
    const stranger = await new TestClient(baseUrl.replace(/\/api$/, '')).init();
    expect((await stranger.request('GET', '/api/news')).status).toBe(401);
    expect((await stranger.request('POST', '/api/news', item())).status).toBe(401);
  });

  it('records every change in the audit log', async () => {
    const created = await provider.create('news', { data: item() });
    await provider.delete('news', { id: created.data.id, previousData: created.data });
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id'])
      .where('target_id', '=', String(created.data.id))
      .where('target_type', '=', 'news')
      .orderBy('audit_id')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['news.created', 'news.deleted']);
    expect(rows[0].actor_user_id).not.toBeNull();
  });
});
