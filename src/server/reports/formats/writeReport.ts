import type { Writable } from 'node:stream';
import type { ReportFormat } from '../../../../schemas/reports.js';
import type { ReportOutput, WriteOptions } from '../reportTypes.js';
import { writeCsv } from './csvWriter.js';
import { writePdf } from './pdfWriter.js';
import { writeXlsx } from './xlsxWriter.js';

const WRITERS = { csv: writeCsv, xlsx: writeXlsx, pdf: writePdf } as const;

/** Writes a report's rows into `sink` in a format, streaming; ends the sink; answers the rows written. */
export function writeReport(
  format: ReportFormat,
  output: ReportOutput,
  sink: Writable,
  options: WriteOptions,
): Promise<{ rowCount: number }> {
  return WRITERS[format](output, sink, options);
}
