import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { TestClient } from './client.js';
import { demoSuite } from './fixtures.js';
import { EMBEDDED, listen, openTestDatabase, SERVER } from './harness.js';
import { ingest, REDIS_URL, redisReachable } from './realtimeHelpers.js';

/** A registration that never gets far: its captcha is missing, so each call is a 400 after the limit's count. */
const register = (client: TestClient, forwardedFor?: string) =>
  client.request('POST', '/api/msa/register', { email: 'someone@example.com' }, forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {});

describe.runIf(EMBEDDED)('per-address limits of the anonymous routes', () => {
  const { t } = demoSuite(EMBEDDED!, {}, { RATE_LIMITS_FORMS_PER_MINUTE: '3', RATE_LIMITS_INGEST_PER_MINUTE: '2', TRUST_PROXY: 'true' });

  it('refuses the fourth registration a minute from one address with 429, Retry-After and the translated message', async () => {
    const client = await new TestClient(t.origin).init();
    for (let i = 0; i < 3; i++) expect((await register(client, '203.0.113.7')).status).toBe(400);
    const refused = await register(client, '203.0.113.7');
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect((await refused.json()).message).toBe(`Too many requests from your network. Try again in ${seconds} seconds.`);
    const spanish = await client.request('POST', '/api/msa/register', {}, { 'X-Forwarded-For': '203.0.113.7', 'Accept-Language': 'es' });
    expect((await spanish.json()).message).toMatch(/^Demasiadas solicitudes desde su red\. Inténtelo de nuevo en \d+ segundos?\.$/);
  });

  it('counts each address on its own, each route on its own, and leaves routes without a limit alone', async () => {
    const client = await new TestClient(t.origin).init();
    for (let i = 0; i < 4; i++) await register(client, '198.51.100.1');
    expect((await register(client, '198.51.100.1')).status).toBe(429);
    expect((await register(client, '198.51.100.2')).status).toBe(400);
    const recovery = await client.request('POST', '/api/account/username/forgot', {}, { 'X-Forwarded-For': '198.51.100.1' });
    expect(recovery.status).not.toBe(429);
    for (let i = 0; i < 10; i++)
      expect((await client.request('GET', '/api/health', undefined, { 'X-Forwarded-For': '198.51.100.1' })).status).toBe(200);
  });

  it('limits the alarm ingest per address too', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await ingest(t.origin, [])).status);
    expect(statuses.slice(0, 2)).not.toContain(429);
    expect(statuses[2]).toBe(429);
  });

  it('documents 429 on the limited routes only', async () => {
    const doc = (await (await fetch(`${t.origin}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: object }>>;
    };
    expect(Object.keys(doc.paths['/api/msa/register'].post.responses)).toContain('429');
    expect(Object.keys(doc.paths['/api/health'].get.responses)).not.toContain('429');
  });
});

const redisUp = await redisReachable(REDIS_URL);
describe.runIf(SERVER && redisUp)('per-address limits across two processes sharing Redis', () => {
  it('counts the calls of both processes together', async () => {
    const env = {
      DEMO: 'true',
      REDIS_URL,
      REDIS_CHANNEL: `portal:test:${randomBytes(6).toString('hex')}`,
      RATE_LIMITS_FORMS_PER_MINUTE: '4',
    };
    const shared = await openTestDatabase(SERVER!, env);
    const a = await buildApp(shared.config, { database: shared.handle, logger: false });
    const b = await buildApp(shared.config, { database: shared.handle, logger: false });
    try {
      const clients = [
        await new TestClient(await listen({ app: a, db: a.db, close: async () => undefined })).init(),
        await new TestClient(await listen({ app: b, db: b.db, close: async () => undefined })).init(),
      ];
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await register(clients[i % 2])).status);
      expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
    } finally {
      await a.close();
      await b.close();
      await shared.close();
    }
  });
});
