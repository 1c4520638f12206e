import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import type { ReportFormat } from '../../../../schemas/reports.js';
import type { ReportCell, ReportOutput } from '../reportTypes.js';
import { writeReport } from './writeReport.js';

const SVG_LOGO = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="30"><rect width="120" height="30" fill="#1a4d8f"/></svg>';

function output(rows: ReportCell[][]): ReportOutput {
  return {
    title: 'Alarm activity',
    subtitle: 'Period: 2026-03-01 to 2026-03-07',
    columns: [
      { key: 'at', header: 'Date', type: 'dateTime' },
      { key: 'siteNum', header: 'Account', type: 'number' },
      { key: 'name', header: 'Account name' },
      { key: 'note', header: 'Note' },
    ],
    rows: (async function* () {
      yield* rows;
    })(),
  };
}

const sample = (n: number): ReportCell[][] =>
  Array.from({ length: n }, (_, i) => [new Date(Date.UTC(2026, 2, 1, 15, i % 60)), 100000 + i, `Site ${i}`, i % 3 === 0 ? null : `n${i}`]);

/** Writes into memory; answers the bytes and the rows the writer counted (the sink must have ended). */
async function write(format: ReportFormat, rows: ReportCell[][]) {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => sink.on('end', resolve));
  const { rowCount } = await writeReport(format, output(rows), sink, {
    timeZone: 'America/New_York',
    footer: 'Generated Mar 8, 2026',
    logo: { svg: SVG_LOGO },
  });
  await ended;
  return { bytes: Buffer.concat(chunks), rowCount };
}

describe('report writers', () => {
  it('CSV: a byte order mark, the header, every row, quoting, formulas guarded, dates in the zone', async () => {
    const rows: ReportCell[][] = [
      [new Date('2026-03-01T15:04:00Z'), 100001, 'Peña, "Casa" Grande', '=SUM(A1)'],
      [new Date('2026-07-01T15:04:00Z'), 100002, 'Line\nbreak', null],
    ];
    const { bytes, rowCount } = await write('csv', rows);
    expect(rowCount).toBe(2);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(bytes.toString('utf8').slice(1)).toBe(
      'Date,Account,Account name,Note\n' +
        '2026-03-01 10:04,100001,"Peña, ""Casa"" Grande",\'=SUM(A1)\n' +
        '2026-07-01 11:04,100002,"Line\nbreak",\n',
    );
  });

  it('Excel: read back with exceljs, title, header and rows, numbers as numbers', async () => {
    const { bytes, rowCount } = await write('xlsx', sample(1500));
    expect(rowCount).toBe(1500);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getCell('A1').value).toBe('Alarm activity');
    expect(sheet.getRow(4).values).toEqual([undefined, 'Date', 'Account', 'Account name', 'Note']);
    expect(sheet.getRow(5).values).toEqual([undefined, '2026-03-01 10:00', 100000, 'Site 0']);
    expect(sheet.getCell('B1504').value).toBe(101499);
    expect(sheet.rowCount).toBe(1504);
  });

  it('PDF: parsed back, the title, the header on every page, the first row, more than one page', async () => {
    const { bytes, rowCount } = await write('pdf', sample(200));
    expect(rowCount).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(bytes) });
    try {
      const text = await parser.getText();
      expect(text.total).toBeGreaterThanOrEqual(6);
      expect(text.pages[0].text).toContain('Alarm activity');
      expect(text.pages[0].text).toMatch(/2026-03-01 10:00\s+100000\s+Site 0/);
      for (const page of text.pages) expect(page.text).toMatch(/Date\s+Account\s+Account name\s+Note/);
      expect(text.pages.at(-1)!.text).toContain('100199');
      expect(text.pages.at(-1)!.text).toContain(`Generated Mar 8, 2026 · ${text.total}`);
    } finally {
      await parser.destroy();
    }
  });

  it('an empty report is a header and no rows in every format', async () => {
    expect((await write('csv', [])).rowCount).toBe(0);
    expect((await write('xlsx', [])).rowCount).toBe(0);
    const pdf = await write('pdf', []);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
