import type { TFunction } from 'i18next';
import type { BillingPayee, Invoice } from '../../../schemas/invoices.js';
import { contactLines, drawClosing, drawTop, pdfFormats } from './invoicePdfParts.js';
import { drawBlock, drawTable, startPdf } from './pdfLayout.js';

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
 * An invoice as a one- or two-page PDF (pdfkit, US Letter; the layout is pdfLayout.ts's, what it
 * writes as the dealer's invoice does invoicePdfParts.ts's): the dealer (logo, name, how to reach
 * them: payment is theirs), the invoice's number, days and status, 'Bill to', the lines, the
 * total, paid and balance, and a footer saying whom to pay.
 * Every label comes from billing.pdf.* in the request's language; money and days are written as
 * that language writes them.
 */
export async function invoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const { invoice, billTo, payee, t, locale } = input;
  const { money, day, count } = pdfFormats(invoice.currency, locale);
  const { doc, done, width, bottom } = await startPdf({
    Title: t('billing.pdf.title', { number: invoice.number }),
    Author: payee.name,
    Subject: t('billing.pdf.subject', { site: billTo.name }),
  });

  // Header: the dealer on the left (logo, name, contact), the invoice on the right.
  let y = drawTop(
    doc,
    width,
    {
      logoUrl: input.logoUrl,
      name: payee.name,
      lines: [t('billing.pdf.dealerNumber', { number: payee.dealerNumber }), ...contactLines(payee)],
    },
    {
      title: t('billing.pdf.heading'),
      number: invoice.number,
      facts: [
        [t('billing.pdf.issuedOn'), day(invoice.issuedOn)],
        [t('billing.pdf.dueOn'), day(invoice.dueOn)],
        [t('billing.pdf.period'), `${day(invoice.periodStart)} – ${day(invoice.periodEnd)}`],
        [t('billing.pdf.account'), String(invoice.siteNum)],
      ],
      status: invoice.status,
      statusText: t(`billing.statuses.${invoice.status}`),
    },
  );

  y = drawBlock(doc, y, { label: t('billing.pdf.billTo'), name: billTo.name, lines: billTo.address }) + 20;

  y = drawTable(doc, y, {
    columns: [
      { header: t('billing.pdf.columns.description'), share: 0.5, align: 'left' },
      { header: t('billing.pdf.columns.quantity'), share: 0.12, align: 'right' },
      { header: t('billing.pdf.columns.unit'), share: 0.18, align: 'right' },
      { header: t('billing.pdf.columns.amount'), share: 0.2, align: 'right' },
    ],
    rows: invoice.lines.map((line) => ({
      cells: [line.description, count(line.quantity), money(line.unitCents), money(line.amountCents)],
    })),
    width,
    bottom,
  });

  // The totals, then whom to pay: the dealer (the portal takes no payments).
  drawClosing(
    doc,
    y,
    { invoice, payee, locale, width, bottom },
    {
      total: t('billing.pdf.total'),
      paid: t('billing.pdf.paid'),
      balance: t('billing.pdf.balance'),
      paidOn: (date) => t('billing.pdf.paidOn', { date }),
      voidNote: t('billing.pdf.voidNote'),
      payNote: (contact) => t(contact ? 'billing.pdf.payNote' : 'billing.pdf.payNoteNoContact', { dealer: payee.name, contact }),
    },
  );

  doc.end();
  return done;
}
