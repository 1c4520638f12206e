import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteDialect } from './pgliteDialect.js';

/** PGlite has one connection: a failed query must never leave it unusable for the next holder. */
describe('PGlite dialect after a failed query', () => {
  let db: Kysely<unknown>;
  beforeAll(async () => {
    db = new Kysely<unknown>({ dialect: new PGliteDialect(new PGlite()) });
    await sql`create table t (id int primary key)`.execute(db);
  }, 120_000);
  afterAll(() => db.destroy());

  const one = async () => (await sql<{ one: number }>`select 1 as one`.execute(db)).rows[0].one;

  it('answers the next query after a failed one, in and out of a transaction', async () => {
    await expect(sql`select 1 / 0`.execute(db)).rejects.toThrow(/division by zero/);
    expect(await one()).toBe(1);
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into t values (1)`.execute(trx);
        await sql`insert into t values (1)`.execute(trx);
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await one()).toBe(1);
    expect((await sql<{ n: number }>`select count(*)::int as n from t`.execute(db)).rows[0].n).toBe(0);
  });

  it('rolls back a transaction its holder left open after a failure', async () => {
    await expect(
      db.connection().execute(async (conn) => {
        await sql`begin`.execute(conn);
        await sql`insert into t values (2)`.execute(conn);
        await sql`select 1 / 0`.execute(conn);
      }),
    ).rejects.toThrow(/division by zero/);
    // Without the rollback on release: 'current transaction is aborted, commands ignored until end of transaction block'.
    expect(await one()).toBe(1);
    expect((await sql<{ n: number }>`select count(*)::int as n from t where id = 2`.execute(db)).rows[0].n).toBe(0);
  });

  it('serves concurrent queries when some of them fail', async () => {
    const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => (i % 3 ? one() : sql`select nope`.execute(db))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(20);
    expect(await one()).toBe(1);
  });
});

/** Background work (an import's chunks) waits for the one connection to be quiet, never for ever. */
describe('PGlite dialect, waiting for a quiet connection', () => {
  let dialect: PGliteDialect;
  let db: Kysely<unknown>;
  beforeAll(async () => {
    dialect = new PGliteDialect(new PGlite());
    db = new Kysely<unknown>({ dialect });
    await sql`select 1`.execute(db);
  }, 120_000);
  afterAll(() => db.destroy());

  it('resolves only after the connection has been free for the quiet time', async () => {
    let released = 0;
    const held = db.connection().execute(async (conn) => {
      await sql`select 1`.execute(conn);
      await sleep(50);
      released = performance.now();
    });
    await sleep(5);
    expect(await dialect.whenQuiet(20, 10_000)).toBe(true);
    await held;
    expect(released).toBeGreaterThan(0);
    expect(performance.now() - released).toBeGreaterThanOrEqual(19);
  });

  it('gives up waiting after the longest wait while others keep the connection busy', async () => {
    let busy = true;
    // Requests come from the network: a turn of the event loop between their statements.
    const others = (async () => {
      while (busy) {
        await sql`select 1`.execute(db);
        await nextTurn();
      }
    })();
    const quiet = await dialect.whenQuiet(50, 30);
    busy = false;
    await others;
    expect(quiet).toBe(false);
  });
});
