import type { TFunction } from 'i18next';
import type { BillingPayee, Invoice } from '../../../schemas/invoices.js';
import { formatDay, formatMoney } from '../../common/billing.js';
import { formatPhone } from '../../common/phone.js';
import {
  drawBlock,
  drawHeading,
  drawNote,
  drawParty,
  drawTable,
  drawTotals,
  drawTotalsNote,
  MARGIN,
  pdfText,
  startPdf,
} from './pdfLayout.js';

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

/**
 * An invoice as a one- or two-page PDF (pdfkit, US Letter; the layout is pdfLayout.ts's): the
 * dealer (logo, name, how to reach them: payment is theirs), the invoice's number, days and
 * status, 'Bill to', the lines, the total, paid and balance, and a footer saying whom to pay.
 * Every label comes from billing.pdf.* in the request's language; money and days are written as
 * that language writes them.
 */
export async function invoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const { invoice, billTo, payee, t, locale } = input;
  const money = (cents: number) => pdfText(formatMoney(cents, invoice.currency, locale));
  const dayText = (day: string) => pdfText(formatDay(day, locale));
  const { doc, done, width, bottom } = await startPdf({
    Title: t('billing.pdf.title', { number: invoice.number }),
    Author: payee.name,
    Subject: t('billing.pdf.subject', { site: billTo.name }),
  });

  // Header: the dealer on the left (logo, name, contact), the invoice on the right.
  const contactLines = [
    t('billing.pdf.dealerNumber', { number: payee.dealerNumber }),
    ...(payee.phone ? [formatPhone(payee.phone)] : []),
    ...(payee.email ? [payee.email] : []),
  ];
  const leftBottom = drawParty(doc, { logoUrl: input.logoUrl, name: payee.name, lines: contactLines }, width / 2);
  const headingBottom = drawHeading(
    doc,
    {
      title: t('billing.pdf.heading'),
      number: invoice.number,
      facts: [
        [t('billing.pdf.issuedOn'), dayText(invoice.issuedOn)],
        [t('billing.pdf.dueOn'), dayText(invoice.dueOn)],
        [t('billing.pdf.period'), `${dayText(invoice.periodStart)} – ${dayText(invoice.periodEnd)}`],
        [t('billing.pdf.account'), String(invoice.siteNum)],
      ],
      status: invoice.status,
      statusText: t(`billing.statuses.${invoice.status}`),
    },
    MARGIN + width / 2,
    width / 2,
  );
  let y = Math.max(leftBottom, headingBottom) + 22;

  y = drawBlock(doc, y, { label: t('billing.pdf.billTo'), name: billTo.name, lines: billTo.address }) + 20;

  y = drawTable(doc, y, {
    columns: [
      { header: t('billing.pdf.columns.description'), share: 0.5, align: 'left' },
      { header: t('billing.pdf.columns.quantity'), share: 0.12, align: 'right' },
      { header: t('billing.pdf.columns.unit'), share: 0.18, align: 'right' },
      { header: t('billing.pdf.columns.amount'), share: 0.2, align: 'right' },
    ],
    rows: invoice.lines.map((line) => ({
      cells: [line.description, new Intl.NumberFormat(locale).format(line.quantity), money(line.unitCents), money(line.amountCents)],
    })),
    width,
    bottom,
  });

  y = drawTotals(
    doc,
    y + 12,
    [
      [t('billing.pdf.total'), money(invoice.totalCents), false],
      [t('billing.pdf.paid'), money(invoice.paidCents), false],
      [t('billing.pdf.balance'), money(invoice.balanceCents), true],
    ],
    { width, bottom },
  );
  if (invoice.paidOn) y = drawTotalsNote(doc, y, t('billing.pdf.paidOn', { date: dayText(invoice.paidOn) }), width);

  // Whom to pay: the dealer (the portal takes no payments).
  const contact = [payee.phone && formatPhone(payee.phone), payee.email].filter(Boolean).join(' · ');
  const note =
    invoice.status === 'void'
      ? t('billing.pdf.voidNote')
      : t(contact ? 'billing.pdf.payNote' : 'billing.pdf.payNoteNoContact', { dealer: payee.name, contact });
  drawNote(doc, y + 28, note, width);

  doc.end();
  return done;
}
