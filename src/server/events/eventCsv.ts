/**
 * The export's CSV text (GET /api/events/export): what csv-stringify writes
 * with `escape_formulas: true` and its defaults (comma, double quotes doubled,
 * `\n` between records), for records of strings, numbers and nulls.
 * csv-stringify itself writes the header row; the rows go through this
 * encoder, which eventCsv.test.ts holds to csv-stringify's output on random
 * values: csv-stringify takes about 2.7 s of CPU for a million rows of ten
 * fields here, this about 0.5 s, and the export of a million events has 3 s in all.
 */
export type CsvValue = string | number | null | undefined;

/** Characters that make a spreadsheet read a cell as a formula (OWASP CSV injection): the cell gets a leading '. */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);
const NEEDS_QUOTES = /[",\n\r]/;

function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (value === '') return '';
  const text = FORMULA_START.has(value[0]) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Records as CSV text, each ended by `\n`. */
export function csvRecords(records: readonly (readonly CsvValue[])[]): string {
  let text = '';
  for (const record of records) {
    let line = '';
    for (let i = 0; i < record.length; i++) line += (i ? ',' : '') + csvField(record[i]);
    text += `${line}\n`;
  }
  return text;
}
