import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase, preparedStatementsSetting, type Db } from '../../src/server/db/database.js';
import { pgliteCopy, postgresCopy, SUITE_SCHEMA } from './snapshots.js';

/**
 * Every integration suite that reads or writes the portal's tables runs on embedded PGlite, and on
 * PostgreSQL too when TEST_DATABASE_URL is set (.ci/run sets it to the machine's `test` database).
 * On PostgreSQL each suite gets a database or a schema of its own, dropped at the end.
 *
 * TEST_DB=pglite or TEST_DB=postgres narrows a run to one of them: `npm test` runs the suites
 * once per database as parts of their own (scripts/test.mjs), so its table shows each database's
 * time. Unset, a run covers both.
 */
export interface TestDatabase {
  name: 'pglite' | 'postgres';
  url?: string;
}

const only = process.env.TEST_DB;
if (only && only !== 'pglite' && only !== 'postgres') throw new Error(`TEST_DB must be pglite or postgres (got "${only}")`);
const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
if (only === 'postgres' && !postgresUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
if (!postgresUrl) console.log('TEST_DATABASE_URL is not set: integration tests run on PGlite only');

const PGLITE: TestDatabase = { name: 'pglite' };
const POSTGRES: TestDatabase | undefined = postgresUrl ? { name: 'postgres', url: postgresUrl } : undefined;

/** The databases this run covers. */
export const TEST_DATABASES: TestDatabase[] = [
  ...(only !== 'postgres' ? [PGLITE] : []),
  ...(POSTGRES && only !== 'pglite' ? [POSTGRES] : []),
];

/** PGlite when this run covers it: for the suites about the embedded database itself (backup, restart, seed). */
export const EMBEDDED: TestDatabase | undefined = TEST_DATABASES.find((d) => d.name === 'pglite');

/** PostgreSQL when this run covers it: for the suites about a database server (blips, pools, two processes). */
export const SERVER: TestDatabase | undefined = TEST_DATABASES.find((d) => d.name === 'postgres');

/**
 * The one database of the suites whose subject is not the database (security headers, CSRF, log
 * redaction, metrics, the generated fuzz test, import boundaries): they run once, on PostgreSQL when
 * the run has it (the faster of the two), else on PGlite; undefined in a run narrowed to the other.
 */
export const ONCE: TestDatabase | undefined = POSTGRES ? SERVER : EMBEDDED;

/** `describe.skipIf(!ONCE).each(ONCE_TABLE)`: a suite that runs once, skipped in a run narrowed to the other database. */
export const ONCE_TABLE: TestDatabase[] = ONCE ? [ONCE] : TEST_DATABASES;

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

/** startTestApp, listening on a loopback port: the base URL for real HTTP clients. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
}

/** A PostgreSQL schema for one suite, named after the test run (globalSetup.ts drops the run's schemas at the end). */
export function testSchemaName(): string {
  return `t_${process.env.TEST_RUN_ID ?? 'solo'}_${randomBytes(6).toString('hex')}`;
}

/** Drops a suite's schema now, unless the run's global teardown will (see globalSetup.ts). */
export async function dropTestSchema(url: string, schema: string): Promise<void> {
  if (process.env.TEST_RUN_ID) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // The suite's schema and its job queue's (src/server/jobs/jobsPlugin.ts jobsSchema).
  await client.query(`drop schema if exists ${pg.escapeIdentifier(schema)} cascade`);
  await client.query(`drop schema if exists ${pg.escapeIdentifier(`${schema}_jobs`)} cascade`);
  await client.end();
}

/**
 * A fresh database (embedded PGlite, or a schema of its own on PostgreSQL), a
 * temporary data dir and the config for both; close() drops them all.
 * `fromSnapshot`: start from a copy of the run's migrated (and, with DEMO, seeded) database
 * (snapshots.ts; on PostgreSQL a database of its own) instead of an empty one, for an app to
 * start on (startTestApp).
 */
export async function openTestDatabase(database: TestDatabase, env: Record<string, string> = {}, { fromSnapshot = false } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  // The overload check off (MAX_EVENT_LOOP_DELAY_MS=0): another app starting in this test process blocks the event
  // loop for seconds, and the requests right after it would be refused; overload.test.ts turns it on.
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO: 'false',
    LOG_LEVEL: 'silent',
    ALARM_SIMULATOR: 'false',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    // A suite's calls all come from 127.0.0.1, many more a minute than a person's: the per-address limit of the
    // anonymous forms is out of their way; rateLimit.test.ts sets its own.
    RATE_LIMITS_FORMS_PER_MINUTE: '1000000',
    ...env,
  });
  const copy = database.url && fromSnapshot ? await postgresCopy(database.url, config) : undefined;
  const schema = copy ? SUITE_SCHEMA : database.url ? testSchemaName() : undefined;
  const embedded = !database.url && fromSnapshot ? pgliteCopy(config) : undefined;
  const handle = await openDatabase({
    databaseUrl: copy?.url ?? database.url,
    dataDir: embedded?.dataDir ?? null,
    schema,
    preparedStatements: preparedStatementsSetting(config),
  });
  return {
    handle,
    config,
    async close() {
      await handle.close();
      embedded?.drop();
      if (copy) await copy.drop();
      else if (database.url && schema) await dropTestSchema(database.url, schema);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The app on a fresh database; `DEMO: 'true'` in env seeds the demo users and data. */
export async function startTestApp(database: TestDatabase, env: Record<string, string> = {}): Promise<TestApp> {
  const base = await openTestDatabase(database, env, { fromSnapshot: true });
  const app = await buildApp(base.config, { database: base.handle, logger: false });
  await app.ready();
  return {
    app,
    db: base.handle.db,
    async close() {
      await app.close();
      await base.close();
    },
  };
}

/**
 * The app on a database openTestDatabase opened, its log lines (JSON, at the env's LOG_LEVEL)
 * gathered in `lines`, listening: the app, its base URL, and close() for the app and the database.
 */
export async function listenLogged(base: Awaited<ReturnType<typeof openTestDatabase>>, lines: string[]) {
  const app = await buildApp(base.config, { database: base.handle, logStream: { write: (line) => void lines.push(line) } });
  const close = async () => {
    await app.close();
    await base.close();
  };
  return { app, close, origin: await listen({ app, db: base.handle.db, close }) };
}

/** startTestApp with the demo users and data, listening: the app and its base URL. */
export async function startDemoApp(database: TestDatabase): Promise<{ t: TestApp; origin: string }> {
  const t = await startTestApp(database, { DEMO: 'true' });
  return { t, origin: await listen(t) };
}

/** Lifts the 30 s resend block (and the hourly cap) of MFA codes without touching the codes' expiry. */
export function unblockResend(db: Db) {
  return db
    .updateTable('mfa_codes')
    .set({ created_at: sql`created_at - interval '2 hours'` })
    .execute();
}

/** The messages recorded for an address (email or phone, any case), newest first. */
export function messagesTo(db: Db, to: string) {
  return db
    .selectFrom('outbox_messages')
    .selectAll()
    .where(sql<string>`lower(recipient)`, '=', to.toLowerCase())
    .orderBy('message_id', 'desc')
    .execute();
}

/**
 * Headers for a write sent with app.inject, as a browser holds them: the anonymous
 * pre-session cookie and the XSRF token bound to it (csrf.ts), read from a first GET.
 */
export async function injectWriteHeaders(app: FastifyInstance): Promise<Record<string, string>> {
  const first = await app.inject({ method: 'GET', url: '/api/health' });
  const cookies = first.cookies.filter((c) => c.value);
  const xsrf = cookies.find((c) => c.name === 'XSRF-Token')?.value;
  if (!xsrf) throw new Error('no XSRF-Token cookie on a first GET');
  return { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '), 'x-xsrf-token': xsrf };
}
