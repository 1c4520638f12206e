import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { TEST_DATABASES, listen, openTestDatabase, type TestDatabase } from './harness.js';
import { REDIS_URL, redisReachable, signIn } from './realtimeHelpers.js';

/** Counts the queries that read the sessions table: how the tests see whether a call was answered from memory. */
function sessionReads() {
  const counter = {
    count: 0,
    transformQuery({ node }: PluginTransformQueryArgs) {
      if (node.kind === 'SelectQueryNode' && JSON.stringify(node.from ?? {}).includes('"sessions"')) counter.count++;
      return node;
    },
    async transformResult({ result }: PluginTransformResultArgs) {
      return result;
    },
  } satisfies KyselyPlugin & { count: number };
  return counter;
}

/** A demo portal whose queries on sessions are counted. */
async function countedApp(database: TestDatabase, env: Record<string, string> = {}) {
  const base = await openTestDatabase(database, { DEMO: 'true', ...env });
  const reads = sessionReads();
  const app = await buildApp(base.config, { database: { ...base.handle, db: base.handle.db.withPlugin(reads) }, logger: false });
  return { app, base, reads };
}

/** The credentials a signed-in client holds, sent again as they were (a client that kept them after signing out). */
function credentials(client: Awaited<ReturnType<typeof signIn>>) {
  return { cookie: `portal_session=${client.cookie('portal_session')}`, bearer: client.bearer! };
}
async function me(origin: string, auth: { cookie?: string; bearer?: string }): Promise<number> {
  const headers: Record<string, string> = {};
  if (auth.cookie) headers.cookie = auth.cookie;
  if (auth.bearer) headers.authorization = `Bearer ${auth.bearer}`;
  const response = await fetch(`${origin}/api/me`, { headers });
  await response.arrayBuffer();
  return response.status;
}

describe.each(TEST_DATABASES)('session cache on $name', (database) => {
  let app: FastifyInstance;
  let origin: string;
  let reads: ReturnType<typeof sessionReads>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const started = await countedApp(database);
    app = started.app;
    reads = started.reads;
    // What an administrator's screen does: a write that disables a user.
    app.post('/api/test/disable/:username', { config: { xsrf: false, anonymous: true, access: 'public' } }, async (request) => {
      const { username } = request.params as { username: string };
      await app.db.updateTable('users').set({ disabled_at: new Date() }).where('username', '=', username).execute();
      return { ok: true };
    });
    origin = await listen({ app, db: app.db, close: async () => undefined });
    close = async () => {
      await app.close();
      await started.base.close();
    };
  });
  afterAll(async () => close?.());

  it('answers a signed-in read from memory: no session query on the second call', async () => {
    const client = await signIn(origin, 'dealer.beta');
    const { cookie, bearer } = credentials(client);
    for (const auth of [{ cookie }, { bearer }]) {
      expect(await me(origin, auth)).toBe(200);
      const before = reads.count;
      expect(await me(origin, auth)).toBe(200);
      expect(reads.count).toBe(before);
    }
  });

  it('refuses the very next call after a sign-out, by cookie and by bearer', async () => {
    const client = await signIn(origin, 'dealer.beta');
    const { cookie, bearer } = credentials(client);
    expect(await me(origin, { cookie })).toBe(200);
    expect(await me(origin, { bearer })).toBe(200);
    expect((await client.request('POST', '/api/logout')).status).toBe(204);
    expect(await me(origin, { cookie })).toBe(401);
    expect(await me(origin, { bearer })).toBe(401);
  });

  it('refuses the very next call after the session is ended (as impersonation end, classic sign-in, the hubs do)', async () => {
    const client = await signIn(origin, 'dealer.beta');
    const { cookie, bearer } = credentials(client);
    expect(await me(origin, { cookie })).toBe(200);
    expect(await me(origin, { bearer })).toBe(200);
    const session = await app.db
      .selectFrom('sessions')
      .select('session_id')
      .where(
        'user_id',
        '=',
        (await app.db.selectFrom('users').select('user_id').where('username', '=', 'dealer.beta').executeTakeFirstOrThrow()).user_id,
      )
      .where('ended_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    await app.sessions.end(session.session_id, 'test');
    expect(await me(origin, { cookie })).toBe(401);
    expect(await me(origin, { bearer })).toBe(401);
  });

  it('refuses the very next call after the user is disabled by a write', async () => {
    const client = await signIn(origin, 'support.admin', true);
    const { cookie, bearer } = credentials(client);
    expect(await me(origin, { cookie })).toBe(200);
    expect(await me(origin, { bearer })).toBe(200);
    expect((await fetch(`${origin}/api/test/disable/support.admin`, { method: 'POST' })).status).toBe(200);
    expect(await me(origin, { bearer })).toBe(401);
    expect(await me(origin, { cookie })).toBe(401);
  });
});

const postgres = TEST_DATABASES.find((d) => d.name === 'postgres');
const redisUp = await redisReachable(REDIS_URL);
const skipReason = !postgres ? 'TEST_DATABASE_URL is not set' : !redisUp ? `Redis is not reachable at ${REDIS_URL}` : undefined;
if (skipReason) console.log(`${skipReason}: the two-process session cache test is skipped`);

describe('session cache across two processes sharing PostgreSQL and Redis', () => {
  it.skipIf(!!skipReason)('a sign-out in A is refused in B at once', async () => {
    const channel = `portal:test:${randomBytes(6).toString('hex')}`;
    const env = { REDIS_URL, REDIS_CHANNEL: channel };
    const shared = await openTestDatabase(postgres!, { DEMO: 'true', ...env });
    const readsB = sessionReads();
    const a = await buildApp(shared.config, { database: shared.handle, logger: false });
    const b = await buildApp(shared.config, { database: { ...shared.handle, db: shared.handle.db.withPlugin(readsB) }, logger: false });
    try {
      const originA = await listen({ app: a, db: a.db, close: async () => undefined });
      const originB = await listen({ app: b, db: b.db, close: async () => undefined });
      const client = await signIn(originA, 'dealer.beta');
      const { cookie, bearer } = credentials(client);
      for (const auth of [{ cookie }, { bearer }]) {
        expect(await me(originB, auth)).toBe(200);
        const before = readsB.count;
        expect(await me(originB, auth)).toBe(200);
        expect(readsB.count, 'B answers from memory').toBe(before);
      }
      expect((await client.request('POST', '/api/logout')).status).toBe(204);
      expect(await me(originB, { cookie })).toBe(401);
      expect(await me(originB, { bearer })).toBe(401);
    } finally {
      await a.close();
      await b.close();
      await shared.close();
    }
  });
});
