import { PassThrough, Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { loadExcel } from '../platform/lazyModules.js';
import type { TFunction } from 'i18next';
import type { DealerInvoice } from '../../../schemas/dealerInvoices.js';
import type { DealerExportLine } from './dealerInvoicesRepository.js';

/**
 * The export of a dealer's station invoices: CSV (csv-stringify: a byte order mark so
 * spreadsheets read accents, formulas guarded) with one row per account and service, or Excel
 * (exceljs's streaming writer) with two sheets, the invoices by month with their totals and the
 * same lines. Headers and service names in the request's language; amounts as numbers in the
 * currency's units (34.99), so a spreadsheet adds them up.
 */

const LINE_COLUMNS = ['number', 'month', 'siteNum', 'siteName', 'service', 'quantity', 'unit', 'amount', 'currency'] as const;
const INVOICE_COLUMNS = ['number', 'month', 'issuedOn', 'dueOn', 'accounts', 'total', 'paid', 'balance', 'status', 'currency'] as const;

const units = (cents: number) => cents / 100;

/** One line's cells, in LINE_COLUMNS order (the group's own lines: no account number, the group label as its name). */
function lineCells(line: DealerExportLine, t: TFunction): (string | number)[] {
  return [
    line.number,
    line.month,
    line.siteNum ?? '',
    line.siteName ?? t('billing.dealer.groupLines'),
    t(`billing.dealer.services.${line.service}`),
    line.quantity,
    units(line.unitCents),
    units(line.amountCents),
    line.currency,
  ];
}

function invoiceCells(invoice: DealerInvoice, t: TFunction): (string | number)[] {
  return [
    invoice.number,
    invoice.month,
    invoice.issuedOn,
    invoice.dueOn,
    invoice.accountCount,
    units(invoice.totalCents),
    units(invoice.paidCents),
    units(invoice.balanceCents),
    t(`billing.statuses.${invoice.status}`),
    invoice.currency,
  ];
}

/** Rows per csv-stringify call. */
const BATCH = 500;

/** The CSV as a stream of text. */
export function dealerCsv(lines: readonly DealerExportLine[], t: TFunction): Readable {
  const header = LINE_COLUMNS.map((c) => t(`billing.dealer.export.columns.${c}`));
  function* chunks() {
    yield `\uFEFF${stringify([header], { escape_formulas: true })}`;
    for (let i = 0; i < lines.length; i += BATCH)
      yield stringify(
        lines.slice(i, i + BATCH).map((line) => lineCells(line, t)),
        { escape_formulas: true },
      );
  }
  return Readable.from(chunks(), { objectMode: true, highWaterMark: 1 });
}

/** The Excel workbook as a stream: sheet 'Invoices' (by month, totals) and sheet 'Lines' (by account and service). */
export async function dealerXlsx(invoices: readonly DealerInvoice[], lines: readonly DealerExportLine[], t: TFunction): Promise<Readable> {
  const ExcelJS = await loadExcel();
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Security portal';
  const money = '#,##0.00';
  const sheetName = (key: string) =>
    t(key)
      .replace(/[[\]:*?/\\]/g, ' ')
      .slice(0, 31);

  const write = async () => {
    const summary = workbook.addWorksheet(sheetName('billing.dealer.export.invoicesSheet'), { views: [{ state: 'frozen', ySplit: 1 }] });
    summary.columns = INVOICE_COLUMNS.map((c) => ({
      header: t(`billing.dealer.export.columns.${c}`),
      key: c,
      width: c === 'number' ? 20 : 14,
      style: ['total', 'paid', 'balance'].includes(c) ? { numFmt: money } : {},
    }));
    summary.getRow(1).font = { bold: true };
    for (const invoice of invoices) summary.addRow(invoiceCells(invoice, t)).commit();
    summary.commit();

    const detail = workbook.addWorksheet(sheetName('billing.dealer.export.linesSheet'), { views: [{ state: 'frozen', ySplit: 1 }] });
    detail.columns = LINE_COLUMNS.map((c) => ({
      header: t(`billing.dealer.export.columns.${c}`),
      key: c,
      width: c === 'siteName' || c === 'service' ? 32 : c === 'number' ? 20 : 12,
      style: c === 'unit' || c === 'amount' ? { numFmt: money } : {},
    }));
    detail.getRow(1).font = { bold: true };
    detail.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: LINE_COLUMNS.length } };
    for (const line of lines) detail.addRow(lineCells(line, t)).commit();
    detail.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
