/**
 * The export's progress as pure functions (Export CSV with a progress indicator):
 * counting the CSV rows of a streamed body chunk by chunk (quoted fields may hold line
 * breaks), the percentage of the server's X-Total-Count, and the file name of its
 * Content-Disposition; and the reading of the streamed response with them.
 */

/** Counts the records of a CSV read in chunks; a line break inside a quoted field is no record's end. */
export interface CsvRowCounter {
  /** Reads the next chunk of text; answers the data rows (the header row not counted) complete so far. */
  push: (chunk: string) => number;
  /** The data rows once the body has ended (a last record without a final line break counts). */
  finish: () => number;
}

export function createCsvRowCounter(): CsvRowCounter {
  let inQuotes = false;
  let records = 0;
  let pending = false;
  const dataRows = () => Math.max(0, records - 1);
  return {
    push(chunk) {
      for (let i = 0; i < chunk.length; i++) {
        const c = chunk.charCodeAt(i);
        if (c === 34 /* " */) {
          // An escaped quote ("") toggles twice: no change, as it should be.
          inQuotes = !inQuotes;
          pending = true;
        } else if (c === 10 /* \n */ && !inQuotes) {
          records++;
          pending = false;
        } else if (c !== 13 /* \r */) {
          pending = true;
        }
      }
      return dataRows();
    },
    finish() {
      if (pending) {
        records++;
        pending = false;
      }
      return dataRows();
    },
  };
}

/** The rows the server announced (X-Total-Count), or undefined when absent or not a count. */
export function parseTotal(header: string | null | undefined): number | undefined {
  if (!header || !/^\s*\d+\s*$/.test(header)) return undefined;
  return Number(header);
}

/** Whole percent of `total` received (capped at 100), or undefined when the total is unknown (an indeterminate bar). */
export function exportPercent(rows: number, total: number | undefined): number | undefined {
  if (total === undefined) return undefined;
  if (total <= 0) return 100;
  return Math.min(100, Math.floor((rows * 100) / total));
}

/**
 * The file name of a Content-Disposition header: `filename*` (RFC 5987, UTF-8) first, then
 * `filename`, with any path and characters a file system refuses taken out; `fallback` otherwise.
 */
export function filenameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"(.*)"$/, '$1'));
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/i.exec(header);
    name = plain ? (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2]?.trim()) : undefined;
  }
  const base = name?.split(/[/\\]/).pop();
  // eslint-disable-next-line no-control-regex
  const safe = base?.replace(/[\u0000-\u001f<>:"|?*]/g, '_').trim();
  return safe && safe !== '.' && safe !== '..' ? safe : fallback;
}

export interface ExportProgress {
  /** Data rows received so far. */
  rows: number;
  /** Rows the server announced (X-Total-Count), when it did. */
  total?: number;
}

export interface ExportResult {
  blob: Blob;
  filename: string;
  rows: number;
}

/**
 * Reads the export's streamed response chunk by chunk, so `onProgress` can count the rows
 * against X-Total-Count; the file keeps the server's name (Content-Disposition), else `fallbackName`.
 */
export async function readCsvExport(
  response: Response,
  fallbackName: string,
  onProgress: (progress: ExportProgress) => void,
): Promise<ExportResult> {
  const total = parseTotal(response.headers.get('X-Total-Count'));
  const filename = filenameFromDisposition(response.headers.get('Content-Disposition'), fallbackName);
  const type = response.headers.get('Content-Type') ?? 'text/csv;charset=utf-8';
  const counter = createCsvRowCounter();
  onProgress({ rows: 0, total });
  if (!response.body) {
    const text = await response.text();
    counter.push(text);
    const rows = counter.finish();
    onProgress({ rows, total });
    return { blob: new Blob([text], { type }), filename, rows };
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const chunks: BlobPart[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    onProgress({ rows: counter.push(decoder.decode(value, { stream: true })), total });
  }
  counter.push(decoder.decode());
  const rows = counter.finish();
  onProgress({ rows, total });
  return { blob: new Blob(chunks, { type }), filename, rows };
}
