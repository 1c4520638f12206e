import type { TFunction } from 'i18next';
import type { DealerInvoiceDetail } from '../../../schemas/dealerInvoices.js';
import { formatMonth } from '../../common/billing.js';
import { contactLines, drawClosing, drawTop, pdfFormats } from './invoicePdfParts.js';
import { drawBlock, drawTable, INK, MARGIN, pdfText, startPdf } from './pdfLayout.js';

/**
 * The station's invoice to a dealer as a PDF (pdfkit, US Letter; the layout is pdfLayout.ts's and
 * what it writes as the customer's invoice does invoicePdfParts.ts's): the station (name,
 * address, how to reach it), the invoice's number, month, days and status, 'Bill to' (the
 * dealer), the month's total per service, total, paid and balance, whom to pay, then what each
 * account was billed for (an account's row with its total, its services under it). Labels from
 * billing.dealer.pdf.* in the request's language.
 */
export async function dealerInvoicePdf(invoice: DealerInvoiceDetail, t: TFunction, locale: string): Promise<Buffer> {
  const { money, day, count } = pdfFormats(invoice.currency, locale);
  const month = formatMonth(invoice.month, locale);
  const service = (key: string) => t(`billing.dealer.services.${key}`);
  const { doc, done, width, bottom } = await startPdf({
    Title: t('billing.dealer.pdf.title', { number: invoice.number }),
    Author: invoice.issuer.name,
    Subject: t('billing.dealer.pdf.subject', { dealer: invoice.dealerName, month }),
  });

  let y = drawTop(
    doc,
    width,
    { logoUrl: null, name: invoice.issuer.name, lines: [...invoice.issuer.address, ...contactLines(invoice.issuer)] },
    {
      title: t('billing.dealer.pdf.heading'),
      number: invoice.number,
      facts: [
        [t('billing.dealer.pdf.month'), month],
        [t('billing.dealer.pdf.issuedOn'), day(invoice.issuedOn)],
        [t('billing.dealer.pdf.dueOn'), day(invoice.dueOn)],
        [t('billing.dealer.pdf.period'), `${day(invoice.periodStart)} – ${day(invoice.periodEnd)}`],
        [t('billing.dealer.pdf.accounts'), count(invoice.accountCount)],
      ],
      status: invoice.status,
      statusText: t(`billing.statuses.${invoice.status}`),
    },
  );
  y =
    drawBlock(doc, y, {
      label: t('billing.dealer.pdf.billTo'),
      name: invoice.dealerName,
      lines: [t('billing.dealer.pdf.dealerNumber', { number: invoice.dealerNumber })],
    }) + 20;

  // The month by service.
  y = drawTable(doc, y, {
    columns: [
      { header: t('billing.dealer.pdf.columns.service'), share: 0.8, align: 'left' },
      { header: t('billing.dealer.pdf.columns.amount'), share: 0.2, align: 'right' },
    ],
    rows: invoice.services.map((s) => ({ cells: [service(s.service), money(s.amountCents)] })),
    width,
    bottom,
  });
  drawClosing(
    doc,
    y,
    { invoice, payee: invoice.issuer, locale, width, bottom },
    {
      total: t('billing.dealer.pdf.total'),
      paid: t('billing.dealer.pdf.paid'),
      balance: t('billing.dealer.pdf.balance'),
      paidOn: (date) => t('billing.dealer.pdf.paidOn', { date }),
      voidNote: t('billing.dealer.pdf.voidNote'),
      payNote: (contact) =>
        t(contact ? 'billing.dealer.pdf.payNote' : 'billing.dealer.pdf.payNoteNoContact', { station: invoice.issuer.name, contact }),
    },
  );

  // What each account was billed for, from a new page.
  doc.addPage();
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(pdfText(t('billing.dealer.pdf.detail', { month })), MARGIN, MARGIN, { width });
  y = doc.y + 10;
  drawTable(doc, y, {
    columns: [
      { header: t('billing.dealer.pdf.columns.account'), share: 0.5, align: 'left' },
      { header: t('billing.dealer.pdf.columns.quantity'), share: 0.12, align: 'right' },
      { header: t('billing.dealer.pdf.columns.unit'), share: 0.18, align: 'right' },
      { header: t('billing.dealer.pdf.columns.amount'), share: 0.2, align: 'right' },
    ],
    rows: invoice.accounts.flatMap((account) => [
      {
        cells: [
          account.siteNum === null ? t('billing.dealer.groupLines') : `${account.siteNum} · ${account.siteName ?? ''}`,
          '',
          '',
          money(account.totalCents),
        ],
        heading: true,
      },
      ...account.lines.map((line) => ({
        cells: [service(line.service), count(line.quantity), money(line.unitCents), money(line.amountCents)],
        indent: true,
      })),
    ]),
    width,
    bottom,
  });

  doc.end();
  return done;
}
