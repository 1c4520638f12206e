import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * The account search's rows of the sites this transaction writes are left for
 * flushSearchRows after it, instead of being written at its commit (migration 0036).
 */
export async function searchRowsLater(trx: Db): Promise<void> {
  await sql`select set_config('portal.site_search', 'later', true)`.execute(trx);
}

/**
 * Writes the search rows of every site left stale (searchRowsLater, or a transaction a crash cut
 * between the two) in a transaction of its own and, when it wrote any, merges the trigram indexes'
 * pending lists unless `merge` is false (then mergeSearchIndexes, or any later flush, does).
 * Answers how many sites it wrote.
 */
export async function flushSearchRows(db: Db, { merge = true }: { merge?: boolean } = {}): Promise<number> {
  const { rows } = merge
    ? await sql<{ n: number }>`select site_search_flush_stale() as n`.execute(db)
    : await sql<{ n: number }>`select site_search_write_stale() as n`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Merges the search indexes' pending lists (migration 0038: rows written without merging). */
export async function mergeSearchIndexes(db: Db): Promise<void> {
  await sql`select site_search_merge_pending()`.execute(db);
}
