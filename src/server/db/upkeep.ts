import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * PostgreSQL's autovacuum settings at their defaults (relation_needs_vacanalyze in autovacuum.c).
 * PGlite carries the same setting, `autovacuum = on`, but runs no background workers, so nothing
 * ever vacuums or analyzes its tables unless the portal does (embeddedUpkeep below).
 */
const AUTOVACUUM = {
  vacuumThreshold: 50,
  vacuumScaleFactor: 0.2,
  analyzeThreshold: 50,
  analyzeScaleFactor: 0.1,
  freezeMaxAge: 200_000_000,
} as const;

/** A table's figures from pg_stat_user_tables and pg_class. */
export interface TableActivity {
  /** pg_class.reltuples: -1 until the table's first vacuum or analyze. */
  reltuples: number;
  deadTuples: number;
  modifiedSinceAnalyze: number;
  /** age(relfrozenxid): transactions since the table's oldest unfrozen one. */
  xidAge: number;
}

export interface UpkeepDue {
  vacuum: boolean;
  analyze: boolean;
}

/**
 * What autovacuum would do to a table now: vacuum once its dead rows pass 50 + 20 % of its rows
 * (or its oldest transaction id is 200 million old), analyze once its changes since the last
 * analyze pass 50 + 10 %. A table never analyzed counts as empty, so its 51st change gets it
 * its statistics. Autovacuum's third trigger, rows inserted since the last vacuum, is left out:
 * on a table of trigram indexes (site_search) a vacuum reads every page of each GIN index, which
 * holds PGlite's one connection for as long; inserts alone leave nothing to reclaim, and the
 * freeze age covers what that trigger protects against.
 */
export function upkeepDue(table: TableActivity): UpkeepDue {
  const rows = Math.max(table.reltuples, 0);
  return {
    vacuum: table.deadTuples > AUTOVACUUM.vacuumThreshold + AUTOVACUUM.vacuumScaleFactor * rows || table.xidAge > AUTOVACUUM.freezeMaxAge,
    analyze: table.modifiedSinceAnalyze > AUTOVACUUM.analyzeThreshold + AUTOVACUUM.analyzeScaleFactor * rows,
  };
}

/** One table a pass vacuumed or analyzed. */
export interface UpkeepDone extends UpkeepDue {
  table: string;
  ms: number;
}

export interface EmbeddedUpkeepOptions {
  /** Waits for the one connection to be free for a moment before each table (DatabaseHandle.whenQuiet). */
  whenQuiet?(quietMs: number, maxMs: number): Promise<unknown>;
  /** A pass asked for sooner than this after the last one's start does nothing (default 5 s). */
  minIntervalMs?: number;
}

/**
 * Autovacuum's work for PGlite, table by table. Without it the planner never has statistics and
 * dead rows are never reclaimed: an import of 10,000 accounts, whose statements cost more with
 * every account as the tables grew, took 533 s; with the tables analyzed as they grow, 75 to 118 s
 * (docs/performance.md, Account import).
 *
 * `run()` reads every table's activity, then vacuums or analyzes those due (upkeepDue), one
 * statement each, each once the connection has been quiet for 3 ms (at most 100 ms): another
 * user's statements go first. Passes do not overlap; one asked for during another, or within
 * `minIntervalMs` of its start, answers an empty list.
 */
export function embeddedUpkeep(db: Db, options: EmbeddedUpkeepOptions = {}) {
  const { whenQuiet, minIntervalMs = 5_000 } = options;
  let busy = false;
  let lastStart = -Infinity;

  async function pass(): Promise<UpkeepDone[]> {
    const { rows } = await sql<TableActivity & { schema: string; name: string }>`
      select s.schemaname as schema, s.relname as name, c.reltuples::float8 as reltuples,
        s.n_dead_tup::float8 as "deadTuples", s.n_mod_since_analyze::float8 as "modifiedSinceAnalyze",
        age(c.relfrozenxid)::float8 as "xidAge"
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      order by s.schemaname, s.relname
    `.execute(db);
    const done: UpkeepDone[] = [];
    for (const row of rows) {
      const due = upkeepDue(row);
      if (!due.vacuum && !due.analyze) continue;
      await whenQuiet?.(3, 100);
      const table = sql.id(row.schema, row.name);
      const started = performance.now();
      // VACUUM refuses to run in a transaction block: each statement goes alone.
      if (due.vacuum) await (due.analyze ? sql`vacuum (analyze) ${table}` : sql`vacuum ${table}`).execute(db);
      else await sql`analyze ${table}`.execute(db);
      done.push({ table: `${row.schema}.${row.name}`, ...due, ms: performance.now() - started });
    }
    return done;
  }

  return {
    async run(): Promise<UpkeepDone[]> {
      const now = performance.now();
      if (busy || now - lastStart < minIntervalMs) return [];
      busy = true;
      lastStart = now;
      try {
        return await pass();
      } finally {
        busy = false;
      }
    },
  };
}
