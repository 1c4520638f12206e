import { PassThrough, type Writable } from 'node:stream';
import { once } from 'node:events';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { TFunction } from 'i18next';
import { neutraliseCell } from '../../common/siteImport/cells.js';
import { COLUMN_GROUPS, columnLabelKey, parseGroupColumn, REQUIRED_COLUMNS, templateColumns } from '../../common/siteImport/columns.js';
import type { StoredRow } from './siteImportRepository.js';

/**
 * The files the import writes: the template (CSV, or XLSX with a second sheet that explains
 * every column in the user's language) and a batch's result (every row with its status, its
 * account and its errors). Cells are neutralised against formula injection; XLSX is written
 * with exceljs's streaming writer, every column as text so leading zeros stay.
 */
export type FileFormat = 'csv' | 'xlsx';

export const CONTENT_TYPES: Record<FileFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A column's name in the user's language ('Contact 2 phone'). */
export const columnLabel = (t: TFunction, column: string) => {
  const { key, n } = columnLabelKey(column);
  return t(key, n === undefined ? {} : { n });
};

const csvLine = (cells: string[]) => stringify([cells.map(neutraliseCell)]);

async function write(sink: Writable, text: string) {
  if (!sink.write(text)) await once(sink, 'drain');
}

/** Lines of a sheet of rows, into CSV (with a BOM so Excel reads accents) or a streamed workbook. */
async function writeSheets(
  format: FileFormat,
  sink: Writable,
  sheets: { name: string; rows: AsyncIterable<string[][]> | Iterable<string[][]> }[],
): Promise<void> {
  if (format === 'csv') {
    await write(sink, '\uFEFF');
    for await (const rows of sheets[0].rows) for (const row of rows) await write(sink, csvLine(row));
    sink.end();
    return;
  }
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
  for (const { name, rows } of sheets) {
    const sheet = workbook.addWorksheet(name.slice(0, 31));
    let first = true;
    for await (const chunk of rows) {
      for (const row of chunk) {
        if (first) {
          // Every column as text: a transmitter or ZIP code typed later keeps its leading zeros.
          sheet.columns = row.map(() => ({ width: 22, style: { numFmt: '@' } }));
          first = false;
        }
        sheet.addRow(row.map(neutraliseCell)).commit();
      }
    }
    sheet.commit();
  }
  await workbook.commit();
}

/** The template: the columns, and (XLSX) a sheet naming each with whether it is required and what to enter. */
export function writeTemplate(format: FileFormat, t: TFunction): PassThrough {
  const sink = new PassThrough();
  const columns = templateColumns();
  const required = new Set<string>(REQUIRED_COLUMNS);
  const help = columns.map((column) => {
    const group = parseGroupColumn(column);
    const helpKey = group ? `siteImport.help.${group.group}${group.field}` : `siteImport.help.${column}`;
    return [column, columnLabel(t, column), required.has(column) ? t('siteImport.template.yes') : t('siteImport.template.no'), t(helpKey)];
  });
  const repeats = Object.entries(COLUMN_GROUPS).map(([group, spec]) => [
    `${group}N…`,
    '',
    '',
    t('siteImport.template.repeat', { max: spec.max }),
  ]);
  void writeSheets(format, sink, [
    { name: t('siteImport.template.accountsSheet'), rows: [[columns]] },
    {
      name: t('siteImport.template.helpSheet'),
      rows: [
        [
          [t('siteImport.template.column'), '', t('siteImport.template.required'), t('siteImport.template.explanation')],
          ...help,
          ...repeats,
        ],
      ],
    },
  ]).catch((err: unknown) => sink.destroy(err as Error));
  return sink;
}

/** A batch's result: row, status, account, errors (column: message), then the row's values in the mapping's order. */
export function writeResult(format: FileFormat, t: TFunction, columns: string[], rows: AsyncIterable<StoredRow[]>): PassThrough {
  const sink = new PassThrough();
  const header = [
    t('siteImport.result.row'),
    t('siteImport.result.status'),
    t('siteImport.result.siteNum'),
    t('siteImport.result.errors'),
    ...columns,
  ];
  async function* lines(): AsyncIterable<string[][]> {
    yield [header];
    for await (const chunk of rows) {
      yield chunk.map((row) => [
        String(row.rowNum),
        t(`siteImport.rowStatus.${row.status}`),
        row.siteNum === null ? '' : String(row.siteNum),
        Object.entries(row.errors)
          .map(([column, error]) => `${columnLabel(t, column)}: ${t(error.key, error.args ?? {})}`)
          .join('; '),
        ...columns.map((column) => row.values[column] ?? ''),
      ]);
    }
  }
  void writeSheets(format, sink, [{ name: t('siteImport.title'), rows: lines() }]).catch((err: unknown) => sink.destroy(err as Error));
  return sink;
}
