import type { TFunction } from 'i18next';
import type { DealerInvoiceDetail } from '../../../schemas/dealerInvoices.js';
import { formatDay, formatMoney, formatMonth } from '../../common/billing.js';
import { formatPhone } from '../../common/phone.js';
import {
  drawBlock,
  drawHeading,
  drawNote,
  drawParty,
  drawTable,
  drawTotals,
  drawTotalsNote,
  INK,
  MARGIN,
  pdfText,
  startPdf,
} from './pdfLayout.js';

/**
 * The station's invoice to a dealer as a PDF (pdfkit, US Letter; the layout is pdfLayout.ts's, as
 * the customer's invoice): the station (name, address, how to reach it), the invoice's number,
 * month, days and status, 'Bill to' (the dealer), the month's total per service, total, paid and
 * balance, whom to pay, then what each account was billed for (an account's row with its total,
 * its services under it). Labels from billing.dealer.pdf.* in the request's language.
 */
export async function dealerInvoicePdf(invoice: DealerInvoiceDetail, t: TFunction, locale: string): Promise<Buffer> {
  const money = (cents: number) => pdfText(formatMoney(cents, invoice.currency, locale));
  const dayText = (day: string) => pdfText(formatDay(day, locale));
  const count = (n: number) => new Intl.NumberFormat(locale).format(n);
  const month = formatMonth(invoice.month, locale);
  const service = (key: string) => t(`billing.dealer.services.${key}`);
  const { doc, done, width, bottom } = await startPdf({
    Title: t('billing.dealer.pdf.title', { number: invoice.number }),
    Author: invoice.issuer.name,
    Subject: t('billing.dealer.pdf.subject', { dealer: invoice.dealerName, month }),
  });

  const issuerLines = [
    ...invoice.issuer.address,
    ...(invoice.issuer.phone ? [formatPhone(invoice.issuer.phone)] : []),
    ...(invoice.issuer.email ? [invoice.issuer.email] : []),
  ];
  const leftBottom = drawParty(doc, { logoUrl: null, name: invoice.issuer.name, lines: issuerLines }, width / 2);
  const headingBottom = drawHeading(
    doc,
    {
      title: t('billing.dealer.pdf.heading'),
      number: invoice.number,
      facts: [
        [t('billing.dealer.pdf.month'), month],
        [t('billing.dealer.pdf.issuedOn'), dayText(invoice.issuedOn)],
        [t('billing.dealer.pdf.dueOn'), dayText(invoice.dueOn)],
        [t('billing.dealer.pdf.period'), `${dayText(invoice.periodStart)} – ${dayText(invoice.periodEnd)}`],
        [t('billing.dealer.pdf.accounts'), count(invoice.accountCount)],
      ],
      status: invoice.status,
      statusText: t(`billing.statuses.${invoice.status}`),
    },
    MARGIN + width / 2,
    width / 2,
  );
  let y = Math.max(leftBottom, headingBottom) + 22;
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
  y = drawTotals(
    doc,
    y + 12,
    [
      [t('billing.dealer.pdf.total'), money(invoice.totalCents), false],
      [t('billing.dealer.pdf.paid'), money(invoice.paidCents), false],
      [t('billing.dealer.pdf.balance'), money(invoice.balanceCents), true],
    ],
    { width, bottom },
  );
  if (invoice.paidOn) y = drawTotalsNote(doc, y, t('billing.dealer.pdf.paidOn', { date: dayText(invoice.paidOn) }), width);
  const contact = [invoice.issuer.phone && formatPhone(invoice.issuer.phone), invoice.issuer.email].filter(Boolean).join(' · ');
  const note =
    invoice.status === 'void'
      ? t('billing.dealer.pdf.voidNote')
      : t(contact ? 'billing.dealer.pdf.payNote' : 'billing.dealer.pdf.payNoteNoContact', { station: invoice.issuer.name, contact });
  drawNote(doc, y + 28, note, width);

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
