import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadPdfDocument } from '../platform/lazyModules.js';
import SVGtoPDF from 'svg-to-pdfkit';
import type { InvoiceStatus } from '../../../schemas/invoices.js';

/**
 * The invoice PDFs' layout (US Letter, pdfkit), shared by the customer's invoice (invoicePdf.ts)
 * and the station's invoice to a dealer (dealerInvoicePdf.ts): the page, a party block (logo,
 * name, lines), the heading with its facts and status tag, a labelled block ('Bill to'), a table
 * that continues on new pages with its header, the totals and the closing note.
 */

export const MARGIN = 48;
const LOGO_HEIGHT = 36;
export const INK = '#1f2430';
const MUTED = '#5b6270';
const RULE = '#d5d9e0';
const BAND = '#eef1f6';
const STATUS_COLORS: Record<InvoiceStatus, string> = { open: '#1f5fbf', overdue: '#b3261e', paid: '#1e7b34', void: '#5b6270' };

type Doc = PDFKit.PDFDocument;

const WEB_PUBLIC = path.resolve(import.meta.dirname, '../../web/public');

/** A logo the portal serves itself (/branding/...svg|png|jpg); none for another site's URL. */
function readLogo(url: string | null): { svg: string } | { image: Buffer } | undefined {
  if (!url || !/^\/branding\/[\w-]+\.(svg|png|jpe?g)$/i.test(url)) return undefined;
  const file = path.join(WEB_PUBLIC, url);
  if (!existsSync(file)) return undefined;
  return url.toLowerCase().endsWith('.svg') ? { svg: readFileSync(file, 'utf8') } : { image: readFileSync(file) };
}

/** The standard PDF fonts know WinAnsi only: the narrow and thin spaces Intl writes become no-break spaces. */
export const pdfText = (text: string) => text.replace(/[\u202f\u2009]/g, '\u00a0');

/** A new document and the bytes it will have once ended; the width between the margins. */
export async function startPdf(info: { Title: string; Author: string; Subject: string }) {
  const PDFDocument = await loadPdfDocument();
  const doc = new PDFDocument({ size: 'LETTER', margin: MARGIN, info });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  return { doc, done, width, right: MARGIN + width, bottom: doc.page.height - MARGIN - 40 };
}

/** A thin grey line across the page's text at `y`: between a table's rows, above the closing note. */
function drawRule(doc: Doc, y: number, width: number): void {
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
}

/** Top left: the logo (when the portal serves it), the name in bold and the muted lines under it; answers the bottom. */
export function drawParty(doc: Doc, party: { logoUrl: string | null; name: string; lines: string[] }, width: number): number {
  let y = MARGIN;
  const logo = readLogo(party.logoUrl);
  if (logo) {
    try {
      if ('svg' in logo) SVGtoPDF(doc, logo.svg, MARGIN, y, { height: LOGO_HEIGHT, width: 180, preserveAspectRatio: 'xMinYMin meet' });
      else doc.image(logo.image, MARGIN, y, { fit: [180, LOGO_HEIGHT] });
      y += LOGO_HEIGHT + 10;
    } catch {
      // A logo that cannot be drawn leaves the header without it.
    }
  }
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(13).text(pdfText(party.name), MARGIN, y, { width });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  for (const line of party.lines) doc.text(pdfText(line), { width });
  return doc.y;
}

/** Top right: the heading, the number, the facts (label, value) and the status as a coloured tag; answers the bottom. */
export function drawHeading(
  doc: Doc,
  heading: { title: string; number: string; facts: [string, string][]; status: InvoiceStatus; statusText: string },
  x: number,
  width: number,
): number {
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(22).text(heading.title, x, MARGIN, { width, align: 'right' });
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(heading.number, { width, align: 'right' });
  let fy = doc.y + 8;
  for (const [label, value] of heading.facts) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(pdfText(label), x, fy, { width: width * 0.42, align: 'right' });
    doc
      .font('Helvetica-Bold')
      .fillColor(INK)
      .text(pdfText(value), x + width * 0.45, fy, { width: width * 0.55, align: 'right' });
    fy += 14;
  }
  const statusText = heading.statusText.toUpperCase();
  doc.font('Helvetica-Bold').fontSize(9);
  const tagWidth = doc.widthOfString(statusText) + 16;
  const right = x + width;
  doc.roundedRect(right - tagWidth, fy + 2, tagWidth, 16, 3).fill(STATUS_COLORS[heading.status]);
  doc.fillColor('#ffffff').text(statusText, right - tagWidth, fy + 6.5, { width: tagWidth, align: 'center', lineBreak: false });
  return fy + 18;
}

/** A small capitalised label, a name in bold and lines under it (e.g. 'Bill to'); answers the bottom. */
export function drawBlock(doc: Doc, y: number, block: { label: string; name: string; lines: string[] }): number {
  doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(8).text(block.label.toUpperCase(), MARGIN, y, { characterSpacing: 0.6 });
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(pdfText(block.name), MARGIN, doc.y + 3);
  doc.font('Helvetica').fontSize(9.5).fillColor(INK);
  for (const line of block.lines) doc.text(pdfText(line));
  return doc.y;
}

/** A column: its header, its share of the width (0-1) and alignment. */
export interface PdfColumn {
  header: string;
  share: number;
  align: 'left' | 'right';
}

/** A row: its cells; `heading` draws it in bold on a band (a group's first row, e.g. an account). */
export interface PdfRow {
  cells: string[];
  heading?: boolean;
  /** Indents the first cell (a line under a heading row). */
  indent?: boolean;
}

/** The table from `y`: a header band, the rows with rules, a new page (and header) when one does not fit; answers the bottom. */
export function drawTable(doc: Doc, y: number, table: { columns: PdfColumn[]; rows: PdfRow[]; width: number; bottom: number }): number {
  const { width, bottom } = table;
  let x = MARGIN;
  const cols = table.columns.map((c, i) => {
    const first = i === 0;
    const last = i === table.columns.length - 1;
    const col = { ...c, x: x + (first ? 8 : 0), w: width * c.share - (first || last ? 8 : 0) };
    x += width * c.share;
    return col;
  });
  const header = () => {
    doc.rect(MARGIN, y, width, 22).fill(BAND);
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(9);
    for (const c of cols) doc.text(c.header, c.x, y + 7, { width: c.w, align: c.align, lineBreak: false });
    y += 22;
  };
  header();
  for (const row of table.rows) {
    doc.font(row.heading ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5);
    const indent = row.indent ? 12 : 0;
    const height = Math.max(20, doc.heightOfString(pdfText(row.cells[0]), { width: cols[0].w - indent }) + 10);
    if (y + height > bottom) {
      doc.addPage();
      y = MARGIN;
      header();
      doc.font(row.heading ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5);
    }
    if (row.heading) {
      doc.rect(MARGIN, y, width, height).fill('#f7f8fa');
      doc.font('Helvetica-Bold').fontSize(9.5);
    }
    doc.fillColor(row.indent ? MUTED : INK);
    cols.forEach((c, i) =>
      doc.text(pdfText(row.cells[i] ?? ''), c.x + (i === 0 ? indent : 0), y + 6, { width: c.w - (i === 0 ? indent : 0), align: c.align }),
    );
    y += height;
    drawRule(doc, y, width);
  }
  return y;
}

/** The totals on the right half from `y` (label, value, strong: on a band, larger); a new page when they do not fit; answers the bottom. */
export function drawTotals(doc: Doc, y: number, totals: [string, string, boolean][], page: { width: number; bottom: number }): number {
  const { width } = page;
  if (y + 80 > page.bottom) {
    doc.addPage();
    y = MARGIN;
  }
  const labelX = MARGIN + width * 0.5;
  for (const [label, value, strong] of totals) {
    if (strong) {
      doc.rect(labelX, y - 4, width * 0.5, 24).fill(BAND);
      y += 2;
    }
    doc
      .fillColor(strong ? INK : MUTED)
      .font(strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(strong ? 11 : 9.5);
    doc.text(pdfText(label), labelX + 8, y, { width: width * 0.3 - 8 });
    doc.fillColor(INK).text(pdfText(value), MARGIN + width * 0.8, y, { width: width * 0.2 - 8, align: 'right' });
    y += strong ? 24 : 16;
  }
  return y;
}

/** A muted line of text on the right half, under the totals (e.g. the day it was paid); answers the bottom. */
export function drawTotalsNote(doc: Doc, y: number, text: string, width: number): number {
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  doc.text(pdfText(text), MARGIN + width * 0.5 + 8, y + 2, { width: width * 0.5 - 16, align: 'right' });
  return doc.y;
}

/** The closing note under a rule (whom to pay). */
export function drawNote(doc: Doc, y: number, text: string, width: number): void {
  drawRule(doc, y, width);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(pdfText(text), MARGIN, y + 10, { width });
}
