import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';

/** Escapes LIKE's wildcards: typed text matches itself. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The texts that start with `prefix`, as a range in byte order (C collation, where UTF-8's byte order
 * is code point order): `lo <= s and s < hi` holds exactly when `s like 'prefix%'` does. A range
 * rather than the LIKE because a prepared statement's generic plan reads it as an index range (a
 * LIKE whose pattern is a parameter it cannot), so PostgreSQL plans such a statement once per
 * connection instead of on every call. hi is the prefix with its last character one code point
 * higher; undefined when nothing is above the range (an empty prefix, or one of U+10FFFF only).
 */
export function prefixRange(prefix: string): { lo: string; hi: string | undefined } {
  // A lone surrogate reaches the database as U+FFFD: reckon with what it will compare.
  const lo = prefix.replace(/\p{Cs}/gu, '\uFFFD');
  const points = [...lo].map((c) => c.codePointAt(0)!);
  while (points.length) {
    const last = points.pop()!;
    // The code point after the last one below U+10FFFF; UTF-8 has no surrogates (U+D800–U+DFFF).
    if (last < 0x10ffff) return { lo, hi: String.fromCodePoint(...points, last === 0xd7ff ? 0xe000 : last + 1) };
  }
  return { lo, hi: undefined };
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
