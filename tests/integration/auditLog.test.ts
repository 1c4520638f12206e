import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_LOG_COUNT_CAP } from '../../schemas/auditLog.js';
import { json, TestClient } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { demoSuite, ONE_OF_EACH, parseCsv, userIdOf } from './fixtures.js';

/**
 * The audit log viewer: GET /api/auditLog (filters, sort, pages, the capped count),
 * GET /api/auditLog/:id, GET /api/auditLog/export (CSV), who may read it, and that nothing changes
 * or deletes an entry: no route, and the database's trigger (migration 0021) on PGlite and
 * PostgreSQL.
 */
const query = (filter: object, extra: Record<string, string> = {}) =>
  `?${new URLSearchParams({ filter: JSON.stringify(filter), ...extra }).toString()}`;

/** The CSV's text after its byte-order mark (checked). */
async function csvText(response: Response): Promise<string> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(3));
}

describe.each(TEST_DATABASES)('audit log viewer on $name', (database) => {
  const { t, admin, viewer, dealer, customer } = demoSuite(database, ONE_OF_EACH);
  const ids = { admin: 0, beta: 0, viewer: 0 };
  /** The test's own entries, by letter: A oldest … D newest. */
  const entry = { A: 0, B: 0, C: 0, D: 0 };

  beforeAll(async () => {
    const userId = (username: string) => userIdOf(t.db, username);
    ids.admin = await userId('support.admin');
    ids.beta = await userId('dealer.beta');
    ids.viewer = await userId('support.viewer');
    const rows = [
      {
        key: 'A',
        action: 'zztest.contact.updated',
        actor_user_id: ids.beta,
        impersonator_user_id: ids.admin,
        target_type: 'contact',
        target_id: '501',
        ip: '198.51.100.7',
        occurred_at: new Date('2020-01-01T10:00:00Z'),
        details: { siteNum: 100101, before: { name: 'Ana', phone: '555-0100' }, after: { name: 'Ana', phone: '555-0199' } },
      },
      {
        key: 'B',
        action: 'zztest.users.updated',
        actor_user_id: ids.admin,
        impersonator_user_id: null,
        target_type: 'user',
        target_id: '77',
        ip: '203.0.113.5',
        occurred_at: new Date('2020-01-02T10:00:00Z'),
        details: { name: { from: 'Old Name', to: 'New Name' }, sessionsEnded: 1 },
      },
      {
        key: 'C',
        action: 'zztest.login.failed',
        actor_user_id: null,
        impersonator_user_id: null,
        target_type: 'sheet',
        target_id: '=cmd|calc',
        ip: '192.0.2.44',
        occurred_at: new Date('2020-01-03T10:00:00Z'),
        details: { reason: 'password' },
      },
      {
        key: 'D',
        action: 'zztest.users.disabled',
        actor_user_id: ids.viewer,
        impersonator_user_id: null,
        target_type: 'user',
        target_id: '77',
        ip: null,
        occurred_at: new Date('2020-01-04T10:00:00Z'),
        details: {},
      },
    ] as const;
    for (const { key, details, ...row } of rows) {
      const inserted = await t.db
        .insertInto('audit_log')
        .values({ ...row, details: JSON.stringify(details) })
        .returning('audit_id')
        .executeTakeFirstOrThrow();
      entry[key] = Number(inserted.audit_id);
    }
  }, 240_000);

  const list = async (client: TestClient, filter: object, extra: Record<string, string> = {}) => {
    const response = await client.request('GET', `/api/auditLog${query(filter, extra)}`);
    return { status: response.status, range: response.headers.get('content-range'), body: await response.json() };
  };
  const idsOf = (body: { id: number }[]) => body.map((e) => e.id);

  describe('the list', () => {
    it('lists entries newest first with who, acting as whom, what, which record, when and from where', async () => {
      const { status, range, body } = await list(admin, { action: 'zztest.' });
      expect(status).toBe(200);
      expect(range).toBe('auditLog 0-3/4');
      expect(idsOf(body)).toEqual([entry.D, entry.C, entry.B, entry.A]);
      expect(body[3]).toEqual({
        id: entry.A,
        occurredAt: '2020-01-01T10:00:00.000Z',
        action: 'zztest.contact.updated',
        actorUserId: ids.beta,
        actorUsername: 'dealer.beta',
        actorName: expect.any(String),
        impersonatorUserId: ids.admin,
        impersonatorUsername: 'support.admin',
        impersonatorName: expect.any(String),
        apiKeyId: null,
        apiKeyName: null,
        apiKeyPrefix: null,
        targetType: 'contact',
        targetId: '501',
        ip: '198.51.100.7',
        details: { siteNum: 100101, before: { name: 'Ana', phone: '555-0100' }, after: { name: 'Ana', phone: '555-0199' } },
      });
      expect(body[1]).toMatchObject({ actorUserId: null, actorUsername: null, impersonatorUsername: null });
    });

    it('sorts oldest first on request and pages with range', async () => {
      expect(idsOf((await list(admin, { action: 'zztest.' }, { sort: '["occurredAt","ASC"]' })).body)).toEqual([
        entry.A,
        entry.B,
        entry.C,
        entry.D,
      ]);
      const page = await list(admin, { action: 'zztest.' }, { sort: '["occurredAt","ASC"]', range: '[1,2]' });
      expect(page.range).toBe('auditLog 1-2/4');
      expect(idsOf(page.body)).toEqual([entry.B, entry.C]);
      expect(idsOf((await list(admin, { action: 'zztest.' }, { sort: '["id","DESC"]', range: '[0,0]' })).body)).toEqual([entry.D]);
    });

    it.each([
      ['an action prefix', { action: 'zztest.users.' }, ['D', 'B']],
      ['a whole action', { action: 'zztest.login.failed' }, ['C']],
      ['an actor by part of the username', { actor: 'dealer.be' }, ['A']],
      ['an actor by id', () => ({ actorUserId: ids.admin }), ['B']],
      ['an impersonator by username', { impersonator: 'SUPPORT.ADM' }, ['A']],
      ['an impersonator by id', () => ({ impersonatorUserId: ids.admin }), ['A']],
      ['entries made while impersonating', { impersonated: true }, ['A']],
      ['entries made without impersonating', { impersonated: false }, ['D', 'C', 'B']],
      ['a record', { targetType: 'user', targetId: '77' }, ['D', 'B']],
      ['a record type', { targetType: 'contact' }, ['A']],
      ['a date range (from inclusive, to exclusive)', { from: '2020-01-02T10:00:00.000Z', to: '2020-01-04T10:00:00.000Z' }, ['C', 'B']],
      ['a search for an address', { q: '198.51.100.7' }, ['A']],
      ['a search for a user', { q: 'support.viewer' }, ['D']],
      ['a search for a record number', { q: '77' }, ['D', 'B']],
      ['a search for part of an action', { q: 'LOGIN.fail' }, ['C']],
      ['a search whose wildcards are literal', { q: '%' }, []],
    ] as const)('filters by %s', async (_name, filter, expected) => {
      const { status, body } = await list(admin, { action: 'zztest.', ...(typeof filter === 'function' ? filter() : filter) });
      expect(status).toBe(200);
      expect(idsOf(body)).toEqual(expected.map((key) => entry[key]));
    });

    it('refuses a filter, sort or range it does not know, and dates the wrong way round', async () => {
      expect((await list(admin, { nope: 1 })).status).toBe(400);
      expect((await list(admin, { from: 'yesterday' })).status).toBe(400);
      expect((await list(admin, { from: '2020-01-03T00:00:00Z', to: '2020-01-02T00:00:00Z' })).status).toBe(400);
      expect((await list(admin, {}, { sort: '["action","ASC"]' })).status).toBe(400);
      expect((await admin.request('GET', '/api/auditLog?filter=%7Bnot%20json')).status).toBe(400);
    });

    it(`counts at most ${AUDIT_LOG_COUNT_CAP} matches and pages only within them`, async () => {
      await sql`
        insert into audit_log (action, occurred_at, details)
        select 'zzcap.entry', timestamptz '2019-06-01 00:00:00Z' + g * interval '1 second', '{}'
        from generate_series(1, ${AUDIT_LOG_COUNT_CAP + 1}) as g
      `.execute(t.db);
      const first = await list(admin, { action: 'zzcap.' });
      expect(first.range).toBe(`auditLog 0-24/${AUDIT_LOG_COUNT_CAP}`);
      const last = await list(admin, { action: 'zzcap.' }, { range: `[${AUDIT_LOG_COUNT_CAP - 10},${AUDIT_LOG_COUNT_CAP + 9}]` });
      expect(last.status).toBe(200);
      expect(last.body).toHaveLength(10);
      expect((await list(admin, { action: 'zzcap.' }, { range: `[${AUDIT_LOG_COUNT_CAP},${AUDIT_LOG_COUNT_CAP + 9}]` })).status).toBe(400);
    });
  });

  describe('one entry', () => {
    it('answers the entry with its people and details, 404 for none and 400 for a bad id', async () => {
      const { status, body } = await json(await admin.request('GET', `/api/auditLog/${entry.B}`));
      expect(status).toBe(200);
      expect(body).toMatchObject({ id: entry.B, actorUsername: 'support.admin', details: { name: { from: 'Old Name', to: 'New Name' } } });
      expect((await admin.request('GET', '/api/auditLog/999999999')).status).toBe(404);
      expect((await admin.request('GET', '/api/auditLog/abc')).status).toBe(400);
    });
  });

  describe('the export', () => {
    it('streams the filtered entries as CSV with the people named, the changes on one line and formulas guarded; audited', async () => {
      const response = await admin.request('GET', `/api/auditLog/export${query({ action: 'zztest.' })}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-log-\d{8}-\d{4}\.csv"$/);
      const [header, ...rows] = parseCsv(await csvText(response));
      expect(header).toEqual([
        'Entry',
        'Time (UTC)',
        'Action',
        'Username',
        'Name',
        'Impersonated by (username)',
        'Impersonated by (name)',
        'Record type',
        'Record',
        'Address',
        'Changes',
        'Details (JSON)',
      ]);
      expect(rows.map((r) => Number(r[0]))).toEqual([entry.D, entry.C, entry.B, entry.A]);
      const [d, c, b, a] = rows;
      expect(a.slice(0, 11)).toEqual([
        String(entry.A),
        '2020-01-01T10:00:00.000Z',
        'zztest.contact.updated',
        'dealer.beta',
        expect.any(String),
        'support.admin',
        expect.any(String),
        'contact',
        '501',
        '198.51.100.7',
        'phone: 555-0100 → 555-0199',
      ]);
      expect(a[4]).not.toBe('');
      expect(JSON.parse(a[11])).toEqual({
        siteNum: 100101,
        before: { name: 'Ana', phone: '555-0100' },
        after: { name: 'Ana', phone: '555-0199' },
      });
      expect(b[10]).toBe('name: Old Name → New Name');
      expect(c[3]).toBe('');
      expect(c[8]).toBe("'=cmd|calc");
      expect(d[3]).toBe('support.viewer');
      expect(d[9]).toBe('');

      const audited = await t.db
        .selectFrom('audit_log')
        .select(['actor_user_id', 'details'])
        .where('action', '=', 'auditLog.exported')
        .orderBy('audit_id', 'desc')
        .executeTakeFirstOrThrow();
      expect(audited).toMatchObject({ actor_user_id: ids.admin, details: { filter: { action: 'zztest.' } } });
    });

    it('writes the header in the language of Accept-Language, and keeps the filters of the list', async () => {
      const response = await admin.request('GET', `/api/auditLog/export${query({ action: 'zztest.users.' })}`, undefined, {
        'Accept-Language': 'es',
      });
      const [header, ...rows] = parseCsv(await csvText(response));
      expect(header[1]).toBe('Hora (UTC)');
      expect(rows.map((r) => Number(r[0]))).toEqual([entry.D, entry.B]);
    });

    it('reads every entry across keyset batches, entries of the same instant included once each', async () => {
      await sql`
        insert into audit_log (action, occurred_at, details)
        select 'zzbulk.entry', timestamptz '2019-01-01 00:00:00Z', jsonb_build_object('n', g)
        from generate_series(1, 1201) as g
      `.execute(t.db);
      const rows = parseCsv(await csvText(await admin.request('GET', `/api/auditLog/export${query({ action: 'zzbulk.' })}`))).slice(1);
      const exported = rows.map((r) => Number(r[0]));
      expect(exported).toHaveLength(1201);
      expect(new Set(exported).size).toBe(1201);
      expect(exported).toEqual([...exported].sort((x, y) => y - x));
    });

    it('refuses a filter it does not know', async () => {
      expect((await admin.request('GET', `/api/auditLog/export${query({ nope: true })}`)).status).toBe(400);
    });
  });

  describe('who may read it', () => {
    it('lets every application-1 user read; refuses dealers and customers (403) and callers without a session (401)', async () => {
      expect((await list(viewer, { action: 'zztest.' })).status).toBe(200);
      for (const client of [dealer, customer]) {
        expect((await client.request('GET', '/api/auditLog')).status).toBe(403);
        expect((await client.request('GET', `/api/auditLog/${entry.A}`)).status).toBe(403);
        expect((await client.request('GET', '/api/auditLog/export')).status).toBe(403);
      }
      const anonymous = await new TestClient(t.origin).init();
      expect((await anonymous.request('GET', '/api/auditLog')).status).toBe(401);
    });
  });

  describe('append-only', () => {
    it('has only GET routes under /api/auditLog', async () => {
      const doc = await (await fetch(`${t.origin}/api/openapi.json`)).json();
      const paths = Object.entries(doc.paths as Record<string, Record<string, unknown>>).filter(([p]) => p.startsWith('/api/auditLog'));
      expect(paths.map(([p]) => p).sort()).toEqual(['/api/auditLog', '/api/auditLog/export', '/api/auditLog/{id}']);
      for (const [p, operations] of paths)
        expect(
          Object.keys(operations).filter((k) => k !== 'parameters'),
          p,
        ).toEqual(['get']);
      for (const url of ['/api/auditLog', '/api/auditLog/:id', '/api/auditLog/export', '/api/auditLog/*'])
        for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const)
          expect(t.app.hasRoute({ method, url }), `${method} ${url}`).toBe(false);
      // Fastify's own tree of what it routes: /api/auditLog and everything under it is GET (and its HEAD) …
      const tree = t.app.printRoutes({ commonPrefix: false }).split('\n');
      const at = tree.findIndex((line) => line.includes('/api/auditLog'));
      const block = [tree[at], ...tree.slice(at + 1).filter((_line, i, rest) => rest.slice(0, i + 1).every((l) => /^[│ ] {3}/.test(l)))];
      expect(block.map((line) => line.replace(/^[│├└─ ]+/, ''))).toEqual([
        '/api/auditLog (GET, HEAD)',
        '/export (GET, HEAD)',
        '/:id (GET, HEAD)',
      ]);
      // … and no tree of a writing method names it.
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const)
        expect(t.app.printRoutes({ method, commonPrefix: false }), method).not.toMatch(/auditLog/i);
    });

    it('answers 404 to any attempt to change or delete an entry over HTTP, and the entry stays', async () => {
      for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
        const response = await admin.request(method, `/api/auditLog/${entry.A}`, method === 'DELETE' ? undefined : { action: 'tampered' });
        expect(response.status, method).toBe(404);
      }
      expect((await admin.request('DELETE', '/api/auditLog')).status).toBe(404);
      const kept = await t.db.selectFrom('audit_log').select('action').where('audit_id', '=', entry.A).executeTakeFirstOrThrow();
      expect(kept.action).toBe('zztest.contact.updated');
    });

    it('has the database refuse UPDATE, DELETE and TRUNCATE of audit_log', async () => {
      await expect(t.db.updateTable('audit_log').set({ action: 'tampered' }).where('audit_id', '=', entry.A).execute()).rejects.toThrow(
        /append-only: UPDATE refused/,
      );
      await expect(t.db.updateTable('audit_log').set({ actor_user_id: null }).where('audit_id', '=', entry.A).execute()).rejects.toThrow(
        /append-only/,
      );
      await expect(t.db.deleteFrom('audit_log').where('audit_id', '=', entry.B).execute()).rejects.toThrow(/append-only: DELETE refused/);
      await expect(sql`truncate audit_log`.execute(t.db)).rejects.toThrow(/append-only: TRUNCATE refused/);
      const rows = await t.db
        .selectFrom('audit_log')
        .select(['audit_id', 'action', 'actor_user_id'])
        .where('action', 'like', 'zztest.%')
        .execute();
      expect(rows).toHaveLength(4);
      expect(rows.find((r) => Number(r.audit_id) === entry.A)).toMatchObject({ action: 'zztest.contact.updated', actor_user_id: ids.beta });
    });

    it('keeps the entries of a deleted user (the foreign key clears only the id) and still appends', async () => {
      const user = await t.db
        .insertInto('users')
        .values({ username: 'audit.gone', name: 'Gone User', application_num: 2 })
        .returning('user_id')
        .executeTakeFirstOrThrow();
      const row = await t.db
        .insertInto('audit_log')
        .values({
          action: 'zzgone.acted',
          actor_user_id: user.user_id,
          impersonator_user_id: null,
          target_type: null,
          target_id: null,
          ip: null,
          details: '{"kept":true}',
        })
        .returning('audit_id')
        .executeTakeFirstOrThrow();
      await t.db.deleteFrom('users').where('user_id', '=', user.user_id).execute();
      const kept = await t.db.selectFrom('audit_log').selectAll().where('audit_id', '=', row.audit_id).executeTakeFirstOrThrow();
      expect(kept).toMatchObject({ action: 'zzgone.acted', actor_user_id: null, details: { kept: true } });
      const { body } = await json(await admin.request('GET', `/api/auditLog/${row.audit_id}`));
      expect(body).toMatchObject({ actorUserId: null, actorUsername: null });
    });
  });
});

describe('no code changes or deletes audit entries', () => {
  it('has no UPDATE, DELETE or TRUNCATE of audit_log anywhere in src/ (the trigger migration aside)', () => {
    const root = path.resolve(import.meta.dirname, '../../src');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
      );
    const writes = /(updateTable|deleteFrom)\(\s*['"]audit_log['"]|\b(update|delete\s+from|truncate(\s+table)?)\s+audit_log\b/i;
    const offenders = files(root)
      .filter((file) => !file.endsWith(path.join('migrations', '0021_audit_log.ts')) && !file.endsWith('.test.ts'))
      .filter((file) => writes.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });
});
