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
function windowTotal(): RawBuilder<number> {
  return sql<number>`count(*) over ()::int`;
}

/**
 * The total of a page selected with {@link windowTotal}: a page past the end has no row to carry
 * it, so only then is it counted apart (`count()` runs the list's query without its page).
 */
async function pageTotal(rows: readonly { total: number }[], offset: number, count: () => Promise<number>): Promise<number> {
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

/**
 * One page of a list and the total that matched: `page` is the list's query as it selects and
 * orders, `matching` the query it was built on (what the total counts when the page is empty).
 * The total rides on the page's rows (windowTotal), so one round trip answers both while there are rows.
 */
export async function listPage<DB, TB extends keyof DB, O, MDB, MTB extends keyof MDB, MO>(
  page: SelectQueryBuilder<DB, TB, O>,
  matching: SelectQueryBuilder<MDB, MTB, MO>,
  { offset, limit }: { offset: number; limit: number },
) {
  // Typed by hand, as countRows: over a generic query the selection does not resolve.
  const rows = (await page.select(windowTotal().as('total')).offset(offset).limit(limit).execute()) as (O & { total: number })[];
  return { rows, total: await pageTotal(rows, offset, () => countRows(matching)) };
}
