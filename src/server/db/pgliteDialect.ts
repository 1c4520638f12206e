import { setTimeout as sleep } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/**
 * Kysely dialect for PGlite (embedded PostgreSQL in WASM).
 *
 * Written here rather than taken from npm: the published dialects either pin an
 * older PGlite major or pull in a whole code-generation CLI. PGlite has one
 * connection, so the driver hands it out to one Kysely connection at a time;
 * transactions therefore serialise, which is what an embedded single-user
 * database does anyway.
 */
export class PGliteDialect implements Dialect {
  private readonly driver: PGliteDriver;
  constructor(pglite: PGlite) {
    this.driver = new PGliteDriver(pglite);
  }
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return this.driver;
  }
  /**
   * Resolves once nobody has held or asked for the connection for `quietMs`, or after `maxMs`
   * whatever happens: background work (an import's next chunk) goes between other requests, whose
   * statements come one after another with a turn of the event loop between them, rather than
   * in front of their next statement. Answers whether it found the quiet (false: others kept asking
   * until `maxMs`).
   */
  whenQuiet(quietMs: number, maxMs: number): Promise<boolean> {
    return this.driver.whenQuiet(quietMs, maxMs);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: PGliteConnection;
  /** Holders and waiters of the connection, and when the last one let it go. */
  private users = 0;
  private freeSince = performance.now();

  constructor(private readonly pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }

  async init() {
    await this.pglite.waitReady;
  }

  /** Waits for the previous holder to release, then hands out the single connection. */
  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    this.users++;
    await previous;
    this.connection.release = () => {
      if (--this.users === 0) this.freeSince = performance.now();
      release();
    };
    return this.connection;
  }

  async whenQuiet(quietMs: number, maxMs: number): Promise<boolean> {
    const deadline = performance.now() + maxMs;
    for (;;) {
      const now = performance.now();
      const quietFor = this.users === 0 ? now - this.freeSince : 0;
      if (quietFor >= quietMs) return true;
      if (now >= deadline) return false;
      await sleep(Math.max(1, Math.min(quietMs - quietFor, deadline - now)));
    }
  }

  async beginTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }
  /**
   * Hands the connection to the next waiter. A holder that leaves a
   * transaction open (a query failed between its own begin and end) would
   * leave the single connection refusing every later query ('current
   * transaction is aborted'): roll it back first. Each hold releases once.
   */
  async releaseConnection(conn: DatabaseConnection) {
    const connection = conn as PGliteConnection;
    const release = connection.release;
    connection.release = undefined;
    try {
      if (!this.pglite.closed && this.pglite.isInTransaction()) await this.pglite.exec('rollback');
    } finally {
      release?.();
    }
  }
  async destroy() {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  release?: () => void;
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (query.parameters.length === 0) {
      // exec runs several statements (migrations); the last result is the answer.
      const results = await this.pglite.exec(query.sql);
      const last = results[results.length - 1];
      return toQueryResult<R>(last?.rows ?? [], last?.affectedRows);
    }
    const result = await this.pglite.query<R>(query.sql, query.parameters as unknown[]);
    return toQueryResult<R>(result.rows, result.affectedRows);
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite');
  }
}

function toQueryResult<R>(rows: unknown[], affectedRows?: number): QueryResult<R> {
  return {
    rows: rows as R[],
    numAffectedRows: affectedRows === undefined ? undefined : BigInt(affectedRows),
  };
}
