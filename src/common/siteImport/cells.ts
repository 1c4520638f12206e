/**
 * Cell values in and out of a spreadsheet: what a cell of an uploaded file reads as (numbers
 * without exponent, leading zeros a format shows kept, dates as ISO dates), and what a cell of
 * a file the portal writes may not begin with (formula injection).
 */

/** Characters a spreadsheet starts a formula with (or that hide one): a cell beginning with one is written quoted. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text made safe to open in a spreadsheet (OWASP 'CSV injection'): one that begins with
 * = + - @, a tab or a carriage return gets a leading apostrophe, so it is shown, never run.
 */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Days from Excel's day 0 (1899-12-30, the 1900 leap-year bug included) to 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25_569;
const DAY_MS = 86_400_000;

/**
 * An Excel serial date (days since 1899-12-30; 1904-based workbooks add 1462) as an ISO date
 * 'YYYY-MM-DD', or with the time 'YYYY-MM-DDTHH:MM:SS' when it has one; undefined when it is not one.
 */
export function excelSerialToIso(serial: number, date1904 = false): string | undefined {
  if (!Number.isFinite(serial) || serial < 0 || serial > 2_958_465) return undefined;
  const days = serial + (date1904 ? 1_462 : 0);
  const ms = Math.round((days - EXCEL_EPOCH_DAYS) * DAY_MS);
  return dateToIso(new Date(ms));
}

/** A date cell (read as UTC, as spreadsheet readers give them) as an ISO date, with its time when it has one. */
export function dateToIso(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19);
}

/**
 * A number cell as text: no exponent, no grouping; with a format of zeros ('000000', a
 * transmitter code or ZIP code stored as a number) its leading zeros are put back.
 */
export function numberToText(value: number, numFmt?: string): string {
  if (!Number.isFinite(value)) return '';
  const text = Number.isInteger(value)
    ? BigInt(value).toString()
    : value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 15 });
  const zeros = numFmt && /^0+$/.test(numFmt) ? numFmt.length : 0;
  return zeros && Number.isInteger(value) && value >= 0 ? text.padStart(zeros, '0') : text;
}
