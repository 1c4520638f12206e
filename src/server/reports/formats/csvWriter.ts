import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { ReportOutput, WriteOptions } from '../reportTypes.js';
import { cellText, dateFormatter, drained } from './cells.js';

/** Rows per csv-stringify call: one write to the sink of some 100 KB. */
const BATCH = 1_000;

/**
 * CSV (RFC 4180 by csv-stringify): a UTF-8 byte order mark (so Excel reads
 * accents), the header row, then the rows, written in batches with
 * backpressure; or, for a report that offers them, the lines its database
 * query wrote (ReportOutput.csvLines). Cells that would start a spreadsheet formula (=, +, -, @) are
 * guarded, as the history export does.
 */
export async function writeCsv(output: ReportOutput, sink: Writable, options: WriteOptions): Promise<{ rowCount: number }> {
  const text = cellText(dateFormatter(options.timeZone));
  const csv = (rows: string[][]) => stringify(rows, { escape_formulas: true });
  sink.write(`\uFEFF${csv([output.columns.map((c) => c.header)])}`);
  if (output.csvLines) {
    let rowCount = 0;
    for await (const lines of output.csvLines) {
      sink.write(lines.text);
      rowCount += lines.rows;
      await drained(sink);
    }
    sink.end();
    return { rowCount };
  }
  let batch: string[][] = [];
  let rowCount = 0;
  const flush = async () => {
    if (!batch.length) return;
    sink.write(csv(batch));
    batch = [];
    await drained(sink);
  };
  const columns = output.columns;
  for await (const row of output.rows) {
    const line = new Array<string>(columns.length);
    for (let i = 0; i < columns.length; i++) line[i] = text(row[i] ?? null, columns[i]);
    batch.push(line);
    rowCount++;
    if (batch.length === BATCH) await flush();
  }
  await flush();
  sink.end();
  return { rowCount };
}
