import { sql, type RawBuilder } from 'kysely';

/** First characters that make a spreadsheet read a cell as a formula (OWASP CSV injection): csv-stringify's escape_formulas list. */
const FORMULA_START = ['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'];
/** A field with one of these is quoted, its quotes doubled. */
const NEEDS_QUOTES = '[",\r\n]';

/**
 * A text column as a CSV field, written by the database as csv-stringify writes it with
 * escape_formulas (null: empty). The history export and the reports let PostgreSQL write the
 * rows of a large CSV (csv-stringify alone spends some 2 s of CPU per million rows); their
 * tests read the bytes back against csv-stringify's.
 */
export function csvText(column: RawBuilder<unknown>) {
  const formula = sql`left(${column}, 1) = any(${FORMULA_START}::text[])`;
  return sql<string>`case
    when ${column} ~ ${NEEDS_QUOTES} then '"' || case when ${formula} then '''' else '' end || replace(${column}, '"', '""') || '"'
    when ${formula} then '''' || ${column}
    else coalesce(${column}, '') end`;
}
