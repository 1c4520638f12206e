import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import type { TFunction } from 'i18next';
import type { BillingPayee, Invoice } from '../../../schemas/invoices.js';
import { formatDay, formatMoney } from '../../common/billing.js';
import { formatPhone } from '../../common/phone.js';

const MARGIN = 48;
const LOGO_HEIGHT = 36;
const INK = '#1f2430';
const MUTED = '#5b6270';
const RULE = '#d5d9e0';
const BAND = '#eef1f6';
const STATUS_COLORS: Record<Invoice['status'], string> = { open: '#1f5fbf', overdue: '#b3261e', paid: '#1e7b34', void: '#5b6270' };

export interface InvoicePdfInput {
  invoice: Invoice;
  /** 'Bill to': the account's name and address lines. */
  billTo: { name: string; address: string[] };
  payee: BillingPayee;
  /** The dealer's logo, when the portal serves it (/branding/…). */
  logoUrl: string | null;
  /** The request's language: labels (billing.pdf.*), money and days. */
  t: TFunction;
  locale: string;
}

const WEB_PUBLIC = path.resolve(import.meta.dirname, '../../web/public');

/** A logo the portal serves itself (/branding/...svg|png|jpg); none for another site's URL. */
function readLogo(url: string | null): { svg: string } | { image: Buffer } | undefined {
  if (!url || !/^\/branding\/[\w-]+\.(svg|png|jpe?g)$/i.test(url)) return undefined;
  const file = path.join(WEB_PUBLIC, url);
  if (!existsSync(file)) return undefined;
  return url.toLowerCase().endsWith('.svg') ? { svg: readFileSync(file, 'utf8') } : { image: readFileSync(file) };
}

/** The standard PDF fonts know WinAnsi only: the narrow and thin spaces Intl writes become no-break spaces. */
const pdfText = (text: string) => text.replace(/[\u202f\u2009]/g, '\u00a0');

/**
 * An invoice as a one- or two-page PDF (pdfkit, US Letter): the dealer (logo, name, how to reach
 * them: payment is theirs), the invoice's number, days and status, 'Bill to', the lines, the total,
 * paid and balance, and a footer saying whom to pay. Every label comes from billing.pdf.* in the
 * request's language; money and days are written as that language writes them.
 */
export function invoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const { invoice, billTo, payee, t, locale } = input;
  const money = (cents: number) => pdfText(formatMoney(cents, invoice.currency, locale));
  const dayText = (day: string) => pdfText(formatDay(day, locale));
  const title = t('billing.pdf.title', { number: invoice.number });
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: title, Author: payee.name, Subject: t('billing.pdf.subject', { site: billTo.name }) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const right = MARGIN + width;
  let y = MARGIN;

  // Header: the dealer on the left (logo, name, contact), the invoice on the right.
  const logo = readLogo(input.logoUrl);
  if (logo) {
    try {
      if ('svg' in logo) SVGtoPDF(doc, logo.svg, MARGIN, y, { height: LOGO_HEIGHT, width: 180, preserveAspectRatio: 'xMinYMin meet' });
      else doc.image(logo.image, MARGIN, y, { fit: [180, LOGO_HEIGHT] });
      y += LOGO_HEIGHT + 10;
    } catch {
      // A logo that cannot be drawn leaves the header without it.
    }
  }
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(pdfText(payee.name), MARGIN, y, { width: width / 2 });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  doc.text(t('billing.pdf.dealerNumber', { number: payee.dealerNumber }), { width: width / 2 });
  if (payee.phone) doc.text(formatPhone(payee.phone), { width: width / 2 });
  if (payee.email) doc.text(payee.email, { width: width / 2 });
  const leftBottom = doc.y;

  const boxX = MARGIN + width / 2;
  const boxWidth = width / 2;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(22).text(t('billing.pdf.heading'), boxX, MARGIN, { width: boxWidth, align: 'right' });
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(invoice.number, { width: boxWidth, align: 'right' });
  const facts: [string, string][] = [
    [t('billing.pdf.issuedOn'), dayText(invoice.issuedOn)],
    [t('billing.pdf.dueOn'), dayText(invoice.dueOn)],
    [t('billing.pdf.period'), `${dayText(invoice.periodStart)} – ${dayText(invoice.periodEnd)}`],
    [t('billing.pdf.account'), String(invoice.siteNum)],
  ];
  let fy = doc.y + 8;
  for (const [label, value] of facts) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, boxX, fy, { width: boxWidth * 0.42, align: 'right' });
    doc
      .font('Helvetica-Bold')
      .fillColor(INK)
      .text(value, boxX + boxWidth * 0.45, fy, { width: boxWidth * 0.55, align: 'right' });
    fy += 14;
  }
  // The status, as a coloured tag under the facts.
  const statusText = t(`billing.statuses.${invoice.status}`).toUpperCase();
  doc.font('Helvetica-Bold').fontSize(9);
  const tagWidth = doc.widthOfString(statusText) + 16;
  doc.roundedRect(right - tagWidth, fy + 2, tagWidth, 16, 3).fill(STATUS_COLORS[invoice.status]);
  doc.fillColor('#ffffff').text(statusText, right - tagWidth, fy + 6.5, { width: tagWidth, align: 'center', lineBreak: false });
  y = Math.max(leftBottom, fy + 18) + 22;

  // Bill to.
  doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(8).text(t('billing.pdf.billTo').toUpperCase(), MARGIN, y, { characterSpacing: 0.6 });
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(pdfText(billTo.name), MARGIN, doc.y + 3);
  doc.font('Helvetica').fontSize(9.5).fillColor(INK);
  for (const line of billTo.address) doc.text(pdfText(line));
  y = doc.y + 20;

  // The lines.
  const cols = [
    { key: 'description', x: MARGIN + 8, w: width * 0.5 - 8, align: 'left' as const },
    { key: 'quantity', x: MARGIN + width * 0.5, w: width * 0.12, align: 'right' as const },
    { key: 'unit', x: MARGIN + width * 0.62, w: width * 0.18, align: 'right' as const },
    { key: 'amount', x: MARGIN + width * 0.8, w: width * 0.2 - 8, align: 'right' as const },
  ];
  const header = () => {
    doc.rect(MARGIN, y, width, 22).fill(BAND);
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(9);
    for (const c of cols) doc.text(t(`billing.pdf.columns.${c.key}`), c.x, y + 7, { width: c.w, align: c.align, lineBreak: false });
    y += 22;
  };
  header();
  const bottom = doc.page.height - MARGIN - 40;
  doc.font('Helvetica').fontSize(9.5);
  for (const line of invoice.lines) {
    const height = Math.max(20, doc.heightOfString(pdfText(line.description), { width: cols[0].w }) + 10);
    if (y + height > bottom) {
      doc.addPage();
      y = MARGIN;
      header();
      doc.font('Helvetica').fontSize(9.5);
    }
    const values = [
      pdfText(line.description),
      pdfText(new Intl.NumberFormat(locale).format(line.quantity)),
      money(line.unitCents),
      money(line.amountCents),
    ];
    doc.fillColor(INK);
    cols.forEach((c, i) => doc.text(values[i], c.x, y + 6, { width: c.w, align: c.align }));
    y += height;
    doc.moveTo(MARGIN, y).lineTo(right, y).lineWidth(0.5).strokeColor(RULE).stroke();
  }

  // Totals.
  y += 12;
  if (y + 80 > bottom) {
    doc.addPage();
    y = MARGIN;
  }
  const totals: [string, string, boolean][] = [
    [t('billing.pdf.total'), money(invoice.totalCents), false],
    [t('billing.pdf.paid'), money(invoice.paidCents), false],
    [t('billing.pdf.balance'), money(invoice.balanceCents), true],
  ];
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
    doc.text(label, labelX + 8, y, { width: width * 0.3 - 8 });
    doc.fillColor(INK).text(value, MARGIN + width * 0.8, y, { width: width * 0.2 - 8, align: 'right' });
    y += strong ? 24 : 16;
  }
  if (invoice.paidOn) {
    doc.font('Helvetica').fontSize(9).fillColor(MUTED);
    doc.text(t('billing.pdf.paidOn', { date: dayText(invoice.paidOn) }), labelX + 8, y + 2, { width: width * 0.5 - 16, align: 'right' });
    y = doc.y;
  }

  // Whom to pay: the dealer (the portal takes no payments).
  y += 28;
  const contact = [payee.phone && formatPhone(payee.phone), payee.email].filter(Boolean).join(' · ');
  const note =
    invoice.status === 'void'
      ? t('billing.pdf.voidNote')
      : t(contact ? 'billing.pdf.payNote' : 'billing.pdf.payNoteNoContact', { dealer: payee.name, contact });
  doc.moveTo(MARGIN, y).lineTo(right, y).lineWidth(0.5).strokeColor(RULE).stroke();
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(pdfText(note), MARGIN, y + 10, { width });

  doc.end();
  return done;
}
