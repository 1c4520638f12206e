import { mkdirSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  sql,
  type Migration,
  type MigrationProvider,
  type PostgresPool,
  type PostgresPoolClient,
} from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pgliteDialect.js';
import { PREPARED_PER_CONNECTION, preparedQueries } from './preparedStatements.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseKind;
  /** The PostgreSQL schema the handle works in, when not the default. */
  schema?: string;
  /** PostgreSQL: the connection string (services with connections of their own, such as the job queue, use it). */
  url?: string;
  /** PGlite: a consistent gzip tarball of the data directory, taken between queries (ops/backup.ts). */
  backup?(): Promise<Blob>;
  /** PGlite: resolves once its one connection has been free for `quietMs` (true), or after `maxMs` (false) (PGliteDialect.whenQuiet). */
  whenQuiet?(quietMs: number, maxMs: number): Promise<boolean>;
  /** PostgreSQL: the connection pool, for its figures (GET /metrics). */
  pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… to use a server; otherwise PGlite stored in dataDir (or in memory when dataDir is null). */
  databaseUrl?: string;
  dataDir?: string | null;
  /** PostgreSQL only: run in this schema (created if missing), for isolated tests. */
  schema?: string;
  /** Where pool and connection errors are reported (the app's logger); default: console.warn. */
  onError?: (error: Error, context: string) => void;
  /** PGlite only: a tarball (dumpDataDir) to start from instead of an empty database. */
  restore?: Blob;
  /**
   * PostgreSQL only: how many statements each connection keeps prepared (preparedStatements.ts);
   * 0 for none, as behind a pooler in transaction mode. Default PREPARED_PER_CONNECTION.
   */
  preparedStatements?: number;
  /** PostgreSQL only: the pool's size (default 10). */
  maxConnections?: number;
}

/** openDatabase's `preparedStatements` as configuration sets it (DATABASE_PREPARED_STATEMENTS): the default, or none. */
export function preparedStatementsSetting(config: { databasePreparedStatements: boolean }): number {
  return config.databasePreparedStatements ? PREPARED_PER_CONNECTION : 0;
}

/** PostgreSQL application_name of the portal's connections (pg_stat_activity), to find or end them. */
export const APPLICATION_NAME = 'security-portal';
/** How long a query waits for a new connection before failing (and the request answering 503). */
const CONNECT_TIMEOUT_MS = 5_000;

// int8 (counts, bigserial ids) as numbers on both dialects, as PGlite already does.
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.maxConnections ?? 10,
      types: pgTypes,
      application_name: APPLICATION_NAME,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    watchPoolErrors(pool, options.onError ?? ((error, context) => console.warn(`database ${context}:`, error.message)));
    if (options.schema) {
      const client = await pool.connect();
      try {
        await client.query(`create schema if not exists ${pg.escapeIdentifier(options.schema)}`);
      } finally {
        client.release();
      }
    }
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: callbackQueries(pool, options.preparedStatements ?? PREPARED_PER_CONNECTION) }),
    });
    return { db, kind: 'postgres', schema: options.schema, url: options.databaseUrl, pool, close: () => db.destroy() };
  }
  const pglite = openPglite(options.dataDir ?? null, options.restore);
  const dialect = new PGliteDialect(pglite);
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    kind: 'pglite',
    whenQuiet: (quietMs, maxMs) => dialect.whenQuiet(quietMs, maxMs),
    // A checkpoint first, so the tarball needs no WAL replay; the dump waits for the query in flight.
    backup: async () => {
      await pglite.exec('checkpoint');
      return pglite.dumpDataDir('gzip');
    },
    close: () => db.destroy(),
  };
}

/**
 * The pool as Kysely's driver sees it, each of its queries handed to pg with a callback. Kysely
 * asks for pg's promise form (`client.query(sql, parameters)`); measured here (node --trace-gc, pg
 * 8.23, Node 20), results read that way outlived V8's young-generation collections and filled the old
 * generation until a full collection: the events export of 1,000,000 rows grew the server by
 * ~100 MB each time (a script with nothing but pg shows the same). The same queries given a
 * callback die young: about 20 MB in the first export, a few MB after (`npm run bench -- --events`).
 * One wrapper per pg client, so Kysely's own per-client state is kept, and with it the client's
 * prepared statements (preparedStatements.ts).
 */
function callbackQueries(pool: pg.Pool, prepared: number): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const run = preparedQueries(client, prepared);
    return {
      // Kysely hands a cursor only to a dialect given pg-cursor, which this one is not: SQL and its parameters.
      query: ((sql: string, parameters: readonly unknown[]) =>
        new Promise<pg.QueryResult>((resolve, reject) =>
          run(sql, parameters as unknown[], (error, result) => (error ? reject(error) : resolve(result))),
        )) as unknown as PostgresPoolClient['query'],
      release: () => client.release(),
    };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = wrap(client)));
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/** The PGlite directory of a data directory. */
export const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'pglite');

/**
 * PGlite in `dataDir` (in memory when null), with the extensions account search needs (migration
 * 0005, PGlite's own build of them); `restore` is a backup tarball to start an empty directory (or memory) from.
 * Errors answer the query that caused them; the driver rolls back a transaction left open.
 */
export function openPglite(dataDir: string | null, restore?: Blob): PGlite {
  const options = { extensions: { pg_trgm, btree_gin }, startParams: PGLITE_START_PARAMS, ...(restore && { loadDataDir: restore }) };
  if (!dataDir) return new PGlite(options);
  const dir = pgliteDirOf(dataDir);
  mkdirSync(dir, { recursive: true });
  return new PGlite(dir, options);
}

/**
 * PGlite's own start parameters, and a new WAL segment created at its size without writing its
 * 16 MB of zeros first (`wal_init_zero`; PostgreSQL's default writes them so that the space is
 * taken before it is needed, which with PGlite's fsync=off secures nothing). Writing them held the
 * one connection 40 to 50 ms once every few hundred accounts of an import, in the commit that
 * filled a segment: the commit's p99 50.2 ms with them, 8.4 ms without (10,000 accounts,
 * docs/performance.md, Account import).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off'];

/**
 * A database restart, failover or idle reaper ends the pool's connections:
 * pg then emits 'error' on the idle clients (through the pool) and on a
 * checked-out client between queries. Unhandled, either event ends the
 * process; handled, the broken client is dropped and the next query opens a
 * new connection, so the portal answers 503 while the database is away and
 * serves again as soon as it is back.
 */
function watchPoolErrors(pool: pg.Pool, report: (error: Error, context: string) => void): void {
  pool.on('error', (error) => report(error, 'idle connection lost'));
  pool.on('connect', (client) => {
    client.on('error', (error) => report(error, 'connection lost'));
  });
}

/**
 * Every file of ./migrations, by its name: a new migration is one new file. Imported here rather
 * than by Kysely's FileMigrationProvider so that the test runner, which transforms this module's
 * imports but not Kysely's, loads the TypeScript as tsx does.
 */
const MIGRATIONS = new URL('./migrations/', import.meta.url);
const provider: MigrationProvider = {
  async getMigrations() {
    const files = (await readdir(MIGRATIONS)).filter((file) => /^\d{4}_\w+\.ts$/.test(file));
    const modules = await Promise.all(
      files.map(async (file) => [file.slice(0, -3), (await import(new URL(file, MIGRATIONS).href)) as Migration]),
    );
    return Object.fromEntries(modules) as Record<string, Migration>;
  },
};

/** Brings the schema up to date; every start runs this. */
export async function migrateToLatest(db: Db, schema?: string): Promise<string[]> {
  // The migrator finds its own tables by introspection across all schemas: name ours.
  // Features land in parallel: a migration numbered below one already applied still runs.
  const migrator = new Migrator({ db, provider, migrationTableSchema: schema, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
