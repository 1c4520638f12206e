import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { APPLICATION_NAME, openDatabase, type DatabaseHandle } from '../../src/server/db/database.js';
import { dropTestSchema, injectWriteHeaders, SERVER, testSchemaName } from './harness.js';

/**
 * A database blip on PostgreSQL: its backends end (pg_terminate_backend, as a
 * restart, failover or idle reaper does) and it refuses connections for a
 * moment. The portal must answer 503 with Retry-After meanwhile, never crash,
 * and answer again within 5 s of the database's return, with no restart.
 *
 * The app reaches PostgreSQL through a TCP relay of this test's own: the relay
 * knows the app's connections (their client ports, so only this app's
 * backends are ended) and refuses new ones while the database is "away".
 */
const url = SERVER?.url;
if (!url) console.log('databaseBlip.test.ts skipped: this run has no PostgreSQL (TEST_DATABASE_URL unset, or TEST_DB=pglite)');

const en = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../locales/en/errors.json'), 'utf8'));
const es = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../locales/es/errors.json'), 'utf8'));

function startRelay(target: URL) {
  const clientPorts = new Set<number>();
  const sockets = new Set<Socket>();
  let away = false;
  const server: Server = createServer((downstream) => {
    if (away) return void downstream.destroy();
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [downstream, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    upstream.on('connect', () => clientPorts.add(upstream.localPort!));
    downstream.pipe(upstream).on('error', () => upstream.destroy());
    upstream.pipe(downstream).on('error', () => downstream.destroy());
    upstream.on('close', () => downstream.destroy());
    downstream.on('close', () => upstream.destroy());
  });
  return {
    clientPorts,
    setAway(value: boolean) {
      away = value;
    },
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as AddressInfo).port;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.skipIf(!url)('a database blip on PostgreSQL', () => {
  const unhandled: string[] = [];
  const record = (error: unknown) => unhandled.push(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  const target = new URL(url ?? 'postgres://localhost');
  const relay = startRelay(target);
  const schema = testSchemaName();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-blip-'));
  const reported: string[] = [];
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let admin: pg.Client;

  beforeAll(async () => {
    process.on('uncaughtException', record);
    process.on('unhandledRejection', record);
    const proxied = new URL(url!);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(await relay.listen());
    handle = await openDatabase({
      databaseUrl: proxied.toString(),
      dataDir: null,
      schema,
      onError: (_e, context) => reported.push(context),
    });
    const config = loadConfig({ DATA_DIR: dataDir, DEMO: 'false', LOG_LEVEL: 'silent', ALARM_SIMULATOR: 'false' });
    app = await buildApp(config, { database: handle, logger: false });
    await app.ready();
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await admin?.end();
    await relay.close();
    await dropTestSchema(url!, schema);
    rmSync(dataDir, { recursive: true, force: true });
    process.off('uncaughtException', record);
    process.off('unhandledRejection', record);
  });

  const health = () => app.inject({ method: 'GET', url: '/api/health' });
  let writeHeaders: Record<string, string> = {};
  const login = (language = 'en') =>
    app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'accept-language': language, ...writeHeaders },
      payload: { username: 'nobody.here', password: 'not-the-password-1' },
    });

  /** Ends this app's backends from another connection; returns how many. */
  async function terminateBackends() {
    const { rows } = await admin.query<{ ended: boolean }>(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1 and client_port = any($2::int[])',
      [APPLICATION_NAME, [...relay.clientPorts]],
    );
    return rows.filter((r) => r.ended).length;
  }

  it('answers 503 with Retry-After while the database is away, then serves again within 5 s', async () => {
    writeHeaders = await injectWriteHeaders(app);
    // Warm the pool: several idle connections, each named for pg_stat_activity.
    const warm = await Promise.all(Array.from({ length: 6 }, () => login()));
    expect(warm.map((r) => r.statusCode)).toEqual(Array(6).fill(401));
    expect((await health()).statusCode).toBe(200);

    relay.setAway(true);
    const inFlight = Promise.all(Array.from({ length: 10 }, () => login()));
    expect(await terminateBackends()).toBeGreaterThan(0);
    // Requests caught by the termination end in 503 (or 401 when they finished first), never 500; a 503 says
    // why and when to retry, and carries the request's id.
    const caught = await inFlight;
    for (const response of caught) {
      expect([401, 503]).toContain(response.statusCode);
      if (response.statusCode !== 503) continue;
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(response.json()).toEqual({ message: en.databaseUnavailable });
      expect(response.headers['x-request-id']).toBeTruthy();
    }
    console.log(`databaseBlip: ${caught.filter((r) => r.statusCode === 503).length} of ${caught.length} requests in flight answered 503`);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const down = await health();
    expect(down.statusCode).toBe(503);
    expect(down.headers['cache-control']).toBe('no-store');
    expect(down.json()).toEqual({ status: 'unavailable' });
    expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);
    const refused = await login();
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ message: en.databaseUnavailable });
    expect((await login('es')).json()).toEqual({ message: es.databaseUnavailable });

    relay.setAway(false);
    const back = Date.now();
    let healthy = false;
    while (!healthy && Date.now() - back < 5_000) {
      healthy = (await health()).statusCode === 200 && (await login()).statusCode === 401;
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    console.log(`databaseBlip: the API answered again ${Date.now() - back} ms after the database's return`);
    expect(healthy).toBe(true);

    expect(unhandled).toEqual([]);
    expect(reported.length).toBeGreaterThan(0);
  });

  it("names the pool's connections with application_name", async () => {
    await health();
    const { rows } = await admin.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where application_name = $1 and client_port = any($2::int[])',
      [APPLICATION_NAME, [...relay.clientPorts]],
    );
    expect(rows[0].n).toBeGreaterThan(0);
  });
});
