import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { loadPdfDocument } from '../../platform/lazyModules.js';
import SVGtoPDF from 'svg-to-pdfkit';
import type { ReportOutput, WriteOptions } from '../reportTypes.js';
import { cellText, dateFormatter, drained } from './cells.js';

const MARGIN = 36;
const ROW_HEIGHT = 14;
const FONT_SIZE = 8;
const HEADER_HEIGHT = 18;
const LOGO_HEIGHT = 32;

/**
 * PDF by pdfkit: A4 landscape; on the first page the dealer's logo, the title
 * and the parameters; on every page a table header that repeats and a footer
 * (the generated-at line and the page number). Each cell is one line,
 * shortened with an ellipsis to its column's share of the width (set by the
 * columns' relative widths). Pages are written as they fill and never kept
 * (no bufferPages), and the writer waits for the file store when it lags, so
 * memory does not grow with the rows.
 */
export async function writePdf(output: ReportOutput, sink: Writable, options: WriteOptions): Promise<{ rowCount: number }> {
  const text = cellText(dateFormatter(options.timeZone));
  const PDFDocument = await loadPdfDocument();
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: MARGIN, info: { Title: output.title } });
  doc.pipe(sink);
  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN - 14;
  const columns = output.columns;
  const total = columns.reduce((sum, c) => sum + (c.width ?? 16), 0);
  const widths = columns.map((c) => ((c.width ?? 16) / total) * width);
  const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));
  let page = 1;
  let y = MARGIN;

  const footer = () => {
    // Below the bottom margin: without lifting it for the line, pdfkit would start a page for it.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(7).fillColor('#555555');
    doc.text(`${options.footer} · ${page}`, MARGIN, doc.page.height - MARGIN - 8, { width, align: 'right', lineBreak: false });
    doc.fillColor('black');
    doc.page.margins.bottom = margin;
  };
  const tableHeader = () => {
    doc.rect(MARGIN, y, width, HEADER_HEIGHT).fill('#e8eaf0');
    doc.fillColor('black').font('Helvetica-Bold').fontSize(FONT_SIZE);
    columns.forEach((c, i) =>
      doc.text(c.header, xs[i] + 3, y + 5, {
        width: widths[i] - 6,
        height: HEADER_HEIGHT,
        lineBreak: false,
        ellipsis: true,
        align: c.type === 'number' ? 'right' : 'left',
      }),
    );
    y += HEADER_HEIGHT;
    doc.font('Helvetica').fontSize(FONT_SIZE);
  };

  // First page: logo, title, parameters.
  if (options.logo) {
    try {
      if ('svg' in options.logo)
        SVGtoPDF(doc, options.logo.svg, MARGIN, y, { height: LOGO_HEIGHT, width: 160, preserveAspectRatio: 'xMinYMin meet' });
      else doc.image(options.logo.image, MARGIN, y, { fit: [160, LOGO_HEIGHT] });
      y += LOGO_HEIGHT + 8;
    } catch {
      // A logo that cannot be drawn leaves the header without it rather than failing the report.
    }
  }
  doc.font('Helvetica-Bold').fontSize(16).text(output.title, MARGIN, y, { width });
  y = doc.y + 2;
  doc.font('Helvetica').fontSize(9).fillColor('#333333').text(output.subtitle, MARGIN, y, { width });
  doc.fillColor('black');
  y = doc.y + 10;
  tableHeader();

  let rowCount = 0;
  for await (const row of output.rows) {
    if (y + ROW_HEIGHT > bottom) {
      footer();
      doc.addPage();
      page++;
      y = MARGIN;
      tableHeader();
      await drained(sink);
    }
    if (rowCount % 2 === 1) doc.rect(MARGIN, y, width, ROW_HEIGHT).fill('#f6f7fa').fillColor('black');
    for (let i = 0; i < columns.length; i++) {
      const value = text(row[i] ?? null, columns[i]);
      if (!value) continue;
      doc.text(value, xs[i] + 3, y + 3, {
        width: widths[i] - 6,
        height: ROW_HEIGHT,
        lineBreak: false,
        ellipsis: true,
        align: columns[i].type === 'number' ? 'right' : 'left',
      });
    }
    y += ROW_HEIGHT;
    rowCount++;
  }
  footer();
  // Done when the document has given its last bytes to the sink (the pipe then ends the sink).
  const ended = once(doc, 'end');
  doc.end();
  await ended;
  return { rowCount };
}
