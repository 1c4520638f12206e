import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database.js';
import { embeddedUpkeep } from '../../src/server/db/upkeep.js';
import { EMBEDDED } from './harness.js';

/**
 * PGlite's upkeep (src/server/db/upkeep.ts): autovacuum's work, which PGlite never does, done by
 * the portal. A table with changes past autovacuum's thresholds is vacuumed and analyzed, one
 * with few changes is left alone, and passes do not follow one another closer than asked.
 */
describe.skipIf(!EMBEDDED)('upkeep of the embedded database', () => {
  let handle: DatabaseHandle;
  const stats = async (table: string) =>
    (
      await sql<{ last_vacuum: Date | null; last_analyze: Date | null; n_dead_tup: number }>`
        select last_vacuum, last_analyze, n_dead_tup from pg_stat_user_tables where relname = ${table}
      `.execute(handle.db)
    ).rows[0];

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: null });
    await sql`create table upkeep_busy (id integer primary key, label text)`.execute(handle.db);
    await sql`create table upkeep_quiet (id integer primary key)`.execute(handle.db);
    await sql`insert into upkeep_busy select g, 'row ' || g from generate_series(1, 2000) g`.execute(handle.db);
    await sql`delete from upkeep_busy where id <= 1000`.execute(handle.db);
    await sql`insert into upkeep_quiet select g from generate_series(1, 10) g`.execute(handle.db);
    // Statistics reach pg_stat_user_tables about once a second; the test asks for them at once.
    await sql`select pg_stat_force_next_flush()`.execute(handle.db);
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('vacuums and analyzes the tables past the thresholds, and only those', async () => {
    const waited: number[] = [];
    const upkeep = embeddedUpkeep(handle.db, {
      whenQuiet: async (quietMs) => {
        waited.push(quietMs);
        return handle.whenQuiet?.(quietMs, 100);
      },
    });
    const done = await upkeep.run();

    const busy = done.find((d) => d.table === 'public.upkeep_busy');
    expect(busy).toMatchObject({ vacuum: true, analyze: true });
    expect(done.find((d) => d.table === 'public.upkeep_quiet')).toBeUndefined();
    // Each table's statement waited for the connection to be quiet first.
    expect(waited).toHaveLength(done.length);

    const after = await stats('upkeep_busy');
    expect(after.last_vacuum).not.toBeNull();
    expect(after.last_analyze).not.toBeNull();
    expect(after.n_dead_tup).toBe(0);
    const quiet = await stats('upkeep_quiet');
    expect(quiet.last_vacuum).toBeNull();
    expect(quiet.last_analyze).toBeNull();
    // The planner now knows the table's size.
    const { rows } = await sql<{ reltuples: number }>`select reltuples from pg_class where relname = 'upkeep_busy'`.execute(handle.db);
    expect(rows[0].reltuples).toBe(1000);

    // A pass asked for within the interval does nothing.
    expect(await upkeep.run()).toEqual([]);
  });

  it('finds nothing to do once the tables are kept', async () => {
    await sql`select pg_stat_force_next_flush()`.execute(handle.db);
    const upkeep = embeddedUpkeep(handle.db, { minIntervalMs: 0 });
    expect((await upkeep.run()).map((d) => d.table)).not.toContain('public.upkeep_busy');
  });
});
