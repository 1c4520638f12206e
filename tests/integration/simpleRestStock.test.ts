import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils } from 'ra-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resource } from '../../src/common/access.js';
import type { RouteAccess } from '../../src/server/auth/accessGuard.js';
import type { Db } from '../../src/server/db/database.js';
import { accountLinksRepository } from '../../src/server/shell/accountLinksRepository.js';
import { signedInClient, type TestClient } from './client.js';
import { startDemoApp, ONCE, ONCE_TABLE, type TestApp } from './harness.js';

/**
 * Every simple-rest list the route factory serves (its sort parameter lists `x-sort-fields` in the
 * OpenAPI document), read through the stock ra-data-simple-rest provider with react-admin's
 * defaults: a page sorted by id, one record, and several by id (getMany). Generated from the
 * document, so a new entity joins by itself; SIMPLE_REST_PATHS says which must be there.
 */

/** The entities on the template. */
const SIMPLE_REST_PATHS = [
  'roadmapItems',
  'onCall',
  'autoNotify',
  'ansMessages',
  'businessHours/exceptions',
  'reportRuns',
  'reportSchedules',
  'news',
  'privacyPolicies',
  'documents',
  'contactRequests',
  'auditLog',
  'msa/invoices',
  'invoices',
  'sites',
  'siteDrafts',
  'tests',
  'msa/tests',
  'users',
  'contacts',
  'msa/contacts',
  'zones',
  'msa/zones',
  'passcodes',
  'msa/passcodes',
  'schedules',
  'msa/schedules',
  'holidays',
  'msa/holidays',
  'changeRequests',
  'msa/changeRequests',
];

/** Who reads each list: the first of these the access table lets list it who has records in it, else the first it lets list it. */
const READERS = [
  { username: 'support.admin', extra: { internal: true } },
  { username: 'dealer.beta' },
  { username: 'customer@example.com' },
];

/** The customer's active linked account: one of the group support.admin and dealer.beta work in, too. */
async function activeSite(db: Db, username = 'customer@example.com'): Promise<number | undefined> {
  const { user_id } = await db.selectFrom('users').select('user_id').where('username', '=', username).executeTakeFirstOrThrow();
  return accountLinksRepository(db).activeSite(user_id);
}

/**
 * A filter a sub-resource's list needs (the OpenAPI filter's `required`, or its first alternative's),
 * by name: an account's rows are those of the customer's active account, which every reader reaches.
 */
const REQUIRED_FILTER_VALUES: Record<string, (db: Db) => Promise<unknown>> = {
  siteNum: (db) => activeSite(db),
};

/**
 * A record the reader creates first where the demo holds none of theirs, by path: the customer's
 * linked accounts are not on test in the demo.
 */
const SETUP_RECORDS: Record<string, (db: Db, username: string) => Promise<Record<string, unknown>>> = {
  'msa/tests': async (db, username) => ({
    siteNum: await activeSite(db, username),
    scope: 'site',
    durationMinutes: 60,
    reason: 'Read through the stock provider',
  }),
  apiKeys: async () => ({
    name: 'Read through the stock provider',
    scopes: ['sites:read'],
    expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  }),
};

interface ListOperation {
  path: string;
  resource: Resource;
  sortFields: string[];
  required: string[];
}

describe.skipIf(!ONCE).each(ONCE_TABLE)('simple-rest lists through the stock provider on $name', (database) => {
  let t: TestApp;
  let origin: string;
  const clients = new Map<string, TestClient>();

  beforeAll(async () => {
    ({ t, origin } = await startDemoApp(database));
  });
  afterAll(() => t?.close());

  async function listOperations(): Promise<ListOperation[]> {
    const doc = await (await fetch(`${origin}/api/openapi.json`)).json();
    const found: ListOperation[] = [];
    for (const [path, item] of Object.entries<Record<string, { parameters?: { name: string; schema: Record<string, unknown> }[] }>>(
      doc.paths,
    )) {
      const get = item.get as (typeof item)['get'] & { 'x-access'?: RouteAccess };
      const sort = get?.parameters?.find((p) => p.name === 'sort');
      const sortFields = sort?.schema['x-sort-fields'] as string[] | undefined;
      if (!get || !sortFields) continue;
      const access = get['x-access'];
      if (typeof access !== 'object') throw new Error(`${path}: a simple-rest list must name its resource`);
      const filter = get.parameters!.find((p) => p.name === 'filter')?.schema['x-filter'] as
        { required?: string[]; anyOf?: { required?: string[] }[] } | undefined;
      const required = filter?.required ?? filter?.anyOf?.[0]?.required ?? [];
      found.push({ path: path.replace(/^\/api\//, ''), resource: access.resource, sortFields, required });
    }
    return found;
  }

  /** The stock provider as the first reader whose list answers 200 with records (lists such as report runs are each user's own), else the first whose list answers 200. */
  async function providerFor(path: string, filter: Record<string, unknown>) {
    let reader: { client: TestClient; username: string } | undefined;
    for (const { username, extra } of READERS) {
      const client = clients.get(username) ?? (await signedInClient(origin, username, extra));
      clients.set(username, client);
      const answer = await client.request('GET', `/api/${path}?range=[0,0]&filter=${encodeURIComponent(JSON.stringify(filter))}`);
      if (answer.status !== 200) continue;
      reader ??= { client, username };
      if (!/\/0$/.test(answer.headers.get('content-range') ?? '')) {
        reader = { client, username };
        break;
      }
    }
    if (!reader) throw new Error(`none of the readers may list ${path}`);
    const chosen = reader.client;
    const provider = simpleRestProvider(`${origin}/api`, (url: string, options: fetchUtils.Options = {}) =>
      fetchUtils.fetchJson(url, { ...options, headers: chosen.headersFor(url, options.method ?? 'GET') }),
    );
    const setup = SETUP_RECORDS[path];
    if (setup) await provider.create(path, { data: await setup(t.db, reader.username) });
    return provider;
  }

  it('reads every entity: a page sorted by id, one record, several by id', async () => {
    const operations = await listOperations();
    expect(operations.map((o) => o.path)).toEqual(expect.arrayContaining(SIMPLE_REST_PATHS));
    for (const operation of operations) {
      expect(operation.sortFields, operation.path).toContain('id');
      const filter = Object.fromEntries(
        await Promise.all(operation.required.map(async (name) => [name, await REQUIRED_FILTER_VALUES[name]?.(t.db)])),
      );
      const provider = await providerFor(operation.path, filter);
      for (const order of ['ASC', 'DESC'] as const) {
        const page = await provider.getList(operation.path, { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order }, filter });
        expect(page.total, operation.path).toBeGreaterThanOrEqual(page.data.length);
        const ids = page.data.map((record) => record.id);
        const sorted = [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(ids, `${operation.path} sorted by id ${order}`).toEqual(order === 'ASC' ? sorted : sorted.reverse());
      }
      const { data } = await provider.getList(operation.path, {
        pagination: { page: 1, perPage: 3 },
        sort: { field: 'id', order: 'ASC' },
        filter,
      });
      expect(data.length, `${operation.path} has demo records`).toBeGreaterThan(0);
      const one = await provider.getOne(operation.path, { id: data[0].id });
      expect(one.data.id).toEqual(data[0].id);
      const many = await provider.getMany(operation.path, { ids: data.map((record) => record.id) });
      expect(many.data.map((record) => record.id).sort()).toEqual(data.map((record) => record.id).sort());
    }
  });
});
