import { Readable, Transform } from 'node:stream';
import chardet from 'chardet';
import { parse as parseCsv, CsvError, type Options as CsvOptions } from 'csv-parse';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { dateToIso, numberToText } from '../../common/siteImport/cells.js';
import { IMPORT_LIMITS } from '../../common/siteImport/columns.js';
import type { CellError } from '../../common/siteImport/rows.js';

/**
 * Reading an uploaded account file: what it is by its content (never its name), its text
 * encoding when it is a CSV, and its rows one at a time, streamed (csv-parse; exceljs's
 * streaming WorkbookReader), so memory does not grow with the file. Every file it cannot read is
 * an ImportFileError: a 4xx status and a locale key that says what to do.
 */
export class ImportFileError extends Error {
  constructor(
    readonly statusCode: 400 | 413 | 422,
    readonly messageKey: string,
    readonly args: Record<string, string | number> = {},
  ) {
    super(messageKey);
    this.name = 'ImportFileError';
  }
}

export type FileKind = 'csv' | 'xlsx';
export type TextEncoding = 'utf8' | 'utf16le' | 'utf16be' | 'win1252';

const starts = (content: Buffer, ...bytes: number[]) => bytes.every((b, i) => content[i] === b);

/** Binary formats people upload by mistake, by their first bytes. */
const OTHER_BINARIES: number[][] = [
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x1f, 0x8b], // gzip
  [0x52, 0x61, 0x72, 0x21], // RAR
  [0x37, 0x7a, 0xbc, 0xaf], // 7z
];

/** What a file is, by content: an XLSX workbook (a zip holding xl/workbook.xml) or text that can be a CSV. */
function sniffFile(content: Buffer): { kind: 'xlsx' } | { kind: 'csv'; encoding: TextEncoding } {
  if (content.length === 0) throw new ImportFileError(400, 'siteImport.errors.empty');
  if (starts(content, 0x50, 0x4b, 0x03, 0x04)) {
    if (content.includes('xl/workbook.xml')) return { kind: 'xlsx' };
    throw new ImportFileError(400, 'siteImport.errors.notSpreadsheet');
  }
  if (starts(content, 0xd0, 0xcf, 0x11, 0xe0)) throw new ImportFileError(400, 'siteImport.errors.oldExcel');
  if (OTHER_BINARIES.some((magic) => starts(content, ...magic))) throw new ImportFileError(400, 'siteImport.errors.notSpreadsheet');
  const encoding = detectEncoding(content);
  const sample = iconv.decode(content.subarray(0, 64 * 1024), encoding === 'win1252' ? 'win1252' : encoding);
  if (!looksLikeText(sample)) throw new ImportFileError(400, 'siteImport.errors.notSpreadsheet');
  if (!sample.replace(/^\uFEFF/, '').trim()) throw new ImportFileError(400, 'siteImport.errors.empty');
  return { kind: 'csv', encoding };
}

/**
 * A CSV's encoding: its byte-order mark (UTF-8, UTF-16 LE or BE); else UTF-8 when the bytes are
 * valid UTF-8; else what chardet finds (UTF-16 without a mark), Windows-1252 otherwise (what Excel
 * writes as 'CSV' on Windows in the Americas).
 */
function detectEncoding(content: Buffer): TextEncoding {
  if (starts(content, 0xef, 0xbb, 0xbf)) return 'utf8';
  if (starts(content, 0xff, 0xfe)) return 'utf16le';
  if (starts(content, 0xfe, 0xff)) return 'utf16be';
  const sample = content.subarray(0, 64 * 1024);
  // Text with NUL bytes is UTF-16 without its mark (or not text): chardet tells which, else where the NULs fall.
  if (sample.includes(0)) return utf16Of(sample) ?? 'utf8';
  if (validUtf8(sample, sample.length < content.length)) return 'utf8';
  return utf16Of(sample) ?? 'win1252';
}

/** UTF-16 by chardet, or by NULs in every other byte (ASCII text in UTF-16); undefined when neither. */
function utf16Of(sample: Buffer): TextEncoding | undefined {
  const detected = chardet.detect(sample);
  if (detected === 'UTF-16LE') return 'utf16le';
  if (detected === 'UTF-16BE') return 'utf16be';
  let even = 0;
  let odd = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] !== 0) continue;
    if (i % 2) odd++;
    else even++;
  }
  const half = sample.length / 2;
  if (odd > half * 0.6 && even < half * 0.05) return 'utf16le';
  if (even > half * 0.6 && odd < half * 0.05) return 'utf16be';
  return undefined;
}

/** Whether bytes are UTF-8 (a sample cut from a longer file may end inside a character). */
function validUtf8(bytes: Buffer, cut: boolean): boolean {
  let end = bytes.length;
  if (cut) {
    // Back up to the start of the last character.
    let i = end - 1;
    while (i > 0 && end - i < 4 && (bytes[i] & 0xc0) === 0x80) i--;
    end = i;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

/** Text a person could have written: no NUL, hardly any other control character or undecodable byte. */
function looksLikeText(text: string): boolean {
  if (text.includes('\u0000')) return false;
  let odd = 0;
  for (const c of text) {
    const code = c.charCodeAt(0);
    if ((code < 0x20 && c !== '\t' && c !== '\n' && c !== '\r' && c !== '\f') || code === 0x7f || code === 0xfffd) odd++;
  }
  return odd <= Math.max(2, text.length / 200);
}

/** The field delimiter of a CSV: the most frequent of , ; and tab outside quotes in its first line. */
function detectDelimiter(firstLine: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const c of firstLine) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  let best = ',';
  for (const [c, n] of counts) if (n > counts.get(best)!) best = c;
  return best;
}

/** One row of a file: its number as the file shows it (the header is the first), its cells as text, and cells that hold no value. */
export interface FileRow {
  rowNum: number;
  cells: string[];
  /** Cells that could not be read (a formula without a saved value, an error value), by position. */
  problems?: Record<number, CellError>;
}

/** What a read found besides the rows. */
export interface FileSummary {
  kind: FileKind;
  /** The workbook's sheets (none for a CSV), and the one read. */
  sheets: string[];
  sheet: string | null;
  headers: string[];
  /** Data rows (the non-empty rows under the header). */
  rowCount: number;
}

export interface ReadOptions {
  /** The sheet to read (an XLSX's first when not given). */
  sheet?: string | null;
  /** Called with each data row in order; a chunk at a time is fine (it may be awaited). */
  onRow?: (row: FileRow) => void | Promise<void>;
  maxRows?: number;
}

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/** Reads a file: its header row (the first non-empty one) and each data row, within the row and column limits. */
export async function readImportFile(input: Uint8Array, options: ReadOptions = {}): Promise<FileSummary> {
  // The database may hand a bytea back as a plain Uint8Array (PGlite).
  const content = Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const sniffed = sniffFile(content);
  const maxRows = options.maxRows ?? IMPORT_LIMITS.maxRows;
  let headers: string[] | undefined;
  let rowCount = 0;
  const take = async (row: FileRow) => {
    if (isBlank(row.cells)) return;
    if (!headers) {
      if (row.cells.length > IMPORT_LIMITS.maxColumns)
        throw new ImportFileError(422, 'siteImport.errors.tooManyColumns', { max: IMPORT_LIMITS.maxColumns });
      headers = row.cells.map((c) => c.trim());
      return;
    }
    rowCount++;
    if (rowCount > maxRows) throw new ImportFileError(422, 'siteImport.errors.tooManyRows', { max: maxRows });
    await options.onRow?.(row);
  };
  const found =
    sniffed.kind === 'csv' ? await readCsv(content, sniffed.encoding, take) : await readXlsx(content, options.sheet ?? null, take);
  if (!headers) throw new ImportFileError(422, 'siteImport.errors.empty');
  return { kind: sniffed.kind, ...found, headers, rowCount };
}

/**
 * The file as a stream of slices (views, no copy): handed over whole, the decoder and the parser
 * would turn all of it into records at once, ahead of the reader (a stream's backpressure acts
 * between chunks, not within one), and memory would grow with the file. A slice is small (a few
 * dozen rows of a typical file) so that the records read ahead die young rather than being
 * promoted to V8's old space while the reader waits on the database.
 */
const SLICE = 16 * 1024;
function slices(content: Buffer): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < content.length; at += SLICE) yield content.subarray(at, at + SLICE);
    })(),
    { objectMode: false },
  );
}

async function readCsv(content: Buffer, encoding: TextEncoding, take: (row: FileRow) => Promise<void>) {
  const head = iconv.decode(content.subarray(0, 16 * 1024), encoding === 'win1252' ? 'win1252' : encoding).replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(head.split(/\r?\n|\r/, 1)[0] ?? '');
  const options: CsvOptions<FileRow, string[]> = {
    delimiter,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: 1024 * 1024,
    // The row's number taken from the parser's context as each record is made, rather than with
    // `info: true`, which keeps a copy of the whole context (a score of fields) with every record.
    on_record: (record, context) => ({ rowNum: context.lines, cells: record }),
  };
  const parser = slices(content)
    .pipe(iconv.decodeStream(encoding === 'win1252' ? 'win1252' : encoding))
    // csv-parse types the records of its stream without columns as string arrays, whatever on_record makes of them.
    .pipe(parseCsv(options as unknown as CsvOptions));
  try {
    for await (const row of parser as AsyncIterable<FileRow>) await take(row);
  } catch (error) {
    parser.destroy();
    if (error instanceof CsvError) throw new ImportFileError(400, 'siteImport.errors.csvMalformed', { line: Number(error.lines ?? 0) });
    throw error;
  }
  return { sheets: [], sheet: null };
}

/** Merged ranges of a worksheet's XML as it streams by (`<mergeCell ref="A2:A4"/>`, after the rows). */
function mergeTap(found: string[]) {
  let tail = '';
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = tail + chunk.toString('latin1');
      for (const match of text.matchAll(/<mergeCell\s+ref="([A-Z]+\d+(?::[A-Z]+\d+)?)"/g)) if (found.length < 5) found.push(match[1]);
      tail = text.slice(-64);
      done(null, chunk);
    },
  });
}

/** A cell of the streaming reader as text, or its problem. */
function cellText(cell: ExcelJS.Cell): { text: string } | { problem: CellError } {
  const value = cell.value as unknown;
  if (value === null || value === undefined) return { text: cell.text && typeof cell.text === 'string' ? cell.text : '' };
  if (typeof value === 'string') return { text: value };
  if (typeof value === 'number') return { text: numberToText(value, cell.numFmt) };
  if (typeof value === 'boolean') return { text: value ? 'yes' : 'no' };
  if (value instanceof Date) return { text: dateToIso(value) };
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if ('error' in v) return { problem: { key: 'siteImport.errors.cellError', args: { error: String(v.error) } } };
    if ('formula' in v || 'sharedFormula' in v) {
      const result = v.result;
      if (result === undefined || result === null) return { problem: { key: 'siteImport.errors.formulaNoValue' } };
      if (typeof result === 'object' && result && 'error' in result)
        return { problem: { key: 'siteImport.errors.cellError', args: { error: String((result as { error: unknown }).error) } } };
      if (typeof result === 'number') return { text: numberToText(result, cell.numFmt) };
      if (result instanceof Date) return { text: dateToIso(result) };
      return { text: String(result) };
    }
    if (Array.isArray(v.richText)) return { text: (v.richText as { text: string }[]).map((r) => r.text).join('') };
    if ('text' in v) return { text: String(v.text) };
  }
  return { text: String(value) };
}

/** The streaming reader, with the merged ranges of each sheet it reads noted on the way. */
class MergeAwareReader extends ExcelJS.stream.xlsx.WorkbookReader {
  readonly merges: string[] = [];
  _parseWorksheet(iterator: AsyncIterable<Buffer>, sheetNo: string) {
    const tapped = Readable.from(iterator).pipe(mergeTap(this.merges));
    // @ts-expect-error exceljs's own (undeclared) method: the worksheet's XML through the tap.
    return super._parseWorksheet(tapped, sheetNo);
  }
}

async function readXlsx(content: Buffer, sheet: string | null, take: (row: FileRow) => Promise<void>) {
  const reader = new MergeAwareReader(slices(content), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let read: string | null = null;
  // A failure of the caller's own (a database write) is its own, not a damaged file.
  let ownFailure: unknown;
  const handOn = async (row: FileRow) => {
    try {
      await take(row);
    } catch (error) {
      ownFailure = error;
      throw error;
    }
  };
  try {
    for await (const worksheet of reader) {
      const name = (worksheet as unknown as { name: string }).name;
      if (read !== null || (sheet !== null && name !== sheet)) continue;
      read = name;
      for await (const row of worksheet) {
        const cells: string[] = [];
        const problems: Record<number, CellError> = {};
        row.eachCell({ includeEmpty: false }, (cell, col) => {
          const found = cellText(cell);
          while (cells.length < col - 1) cells.push('');
          if ('text' in found) cells[col - 1] = found.text;
          else {
            cells[col - 1] = '';
            problems[col - 1] = found.problem;
          }
        });
        await handOn({ rowNum: row.number, cells, ...(Object.keys(problems).length && { problems }) });
      }
      if (reader.merges.length) throw new ImportFileError(422, 'siteImport.errors.mergedCells', { ranges: reader.merges.join(', ') });
    }
  } catch (error) {
    if (error instanceof ImportFileError || error === ownFailure) throw error;
    throw new ImportFileError(400, 'siteImport.errors.damagedXlsx');
  }
  const sheets = ((reader as unknown as { model?: { sheets?: { name: string }[] } }).model?.sheets ?? []).map((s) => s.name);
  if (read === null) {
    if (sheet !== null) throw new ImportFileError(400, 'siteImport.errors.sheetNotFound', { sheet });
    throw new ImportFileError(422, 'siteImport.errors.empty');
  }
  return { sheets, sheet: read };
}
