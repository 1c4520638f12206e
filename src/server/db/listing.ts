import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';

/** Escapes LIKE's wildcards: typed text matches itself. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%text%` for an ILIKE that finds the typed text anywhere, wildcards matched as themselves. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** A timestamp column as the API's ISO 8601 text (UTC); null stays null. */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null): string | null;
export function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/** The filtered rows' count beside each row of a page: the page and its total in one round trip. */
export function windowTotal(): RawBuilder<number> {
  return sql<number>`count(*) over ()::int`;
}

/**
 * The total of a page selected with {@link windowTotal}: a page past the end has no row to carry
 * it, so only then is it counted apart (`count()` runs the list's query without its page).
 */
export async function pageTotal(rows: readonly { total: number }[], offset: number, count: () => Promise<number>): Promise<number> {
  if (rows.length > 0) return rows[0].total;
  return offset === 0 ? 0 : count();
}

/** The rows a list's query selects, counted apart from its page (what {@link pageTotal} falls back on). */
export async function countRows<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  // Typed by hand: over a generic table set the selection does not resolve to its alias.
  const row = (await query
    .clearSelect()
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow()) as { n: number };
  return row.n;
}
