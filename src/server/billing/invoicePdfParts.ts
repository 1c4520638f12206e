import type { InvoiceStatus } from '../../../schemas/invoices.js';
import { formatDay, formatMoney } from '../../common/billing.js';
import { formatPhone } from '../../common/phone.js';
import { drawHeading, drawNote, drawParty, drawTotals, drawTotalsNote, MARGIN, pdfText } from './pdfLayout.js';

/**
 * What the customer's invoice PDF (invoicePdf.ts) and the station's invoice to a dealer
 * (dealerInvoicePdf.ts) write alike, on pdfLayout.ts's layout: money, days and counts in the
 * request's language, how to reach whom is paid, the top of the first page, and its close (the
 * totals, the day paid, whom to pay). Each PDF passes its own labels (billing.pdf.*,
 * billing.dealer.pdf.*), so the locale test sees every key.
 */

type Doc = PDFKit.PDFDocument;

/** Money, days and counts as the request's language writes them, in characters the PDF fonts have. */
export function pdfFormats(currency: string, locale: string) {
  return {
    money: (cents: number) => pdfText(formatMoney(cents, currency, locale)),
    day: (day: string) => pdfText(formatDay(day, locale)),
    count: (n: number) => new Intl.NumberFormat(locale).format(n),
  };
}

/** How to reach whom is paid: the phone (written as its region writes it) and the email, those given. */
export function contactLines(party: { phone: string | null; email: string | null }): string[] {
  return [...(party.phone ? [formatPhone(party.phone)] : []), ...(party.email ? [party.email] : [])];
}

/** The first page's top: whom the invoice is from on the left, its heading on the right; answers where the page goes on. */
export function drawTop(
  doc: Doc,
  width: number,
  party: Parameters<typeof drawParty>[1],
  heading: Parameters<typeof drawHeading>[1],
): number {
  const leftBottom = drawParty(doc, party, width / 2);
  const headingBottom = drawHeading(doc, heading, MARGIN + width / 2, width / 2);
  return Math.max(leftBottom, headingBottom) + 22;
}

/** The labels of the close, in the request's language. */
export interface ClosingTexts {
  total: string;
  paid: string;
  balance: string;
  /** 'Paid in full on …' with the day. */
  paidOn: (day: string) => string;
  /** A void invoice's note: nothing is owed. */
  voidNote: string;
  /** Whom to pay, with how to reach them ('' when they gave no way). */
  payNote: (contact: string) => string;
}

/**
 * The close of the first page, under the lines: total, paid and balance (the balance strong), the
 * day it was paid when it was, then the note: whom to pay and how to reach them (the portal takes
 * no payments), or that a void invoice owes nothing.
 */
export function drawClosing(
  doc: Doc,
  y: number,
  close: {
    invoice: {
      status: InvoiceStatus;
      totalCents: number;
      paidCents: number;
      balanceCents: number;
      paidOn: string | null;
      currency: string;
    };
    payee: { phone: string | null; email: string | null };
    locale: string;
    width: number;
    bottom: number;
  },
  texts: ClosingTexts,
): void {
  const { invoice, width } = close;
  const { money, day } = pdfFormats(invoice.currency, close.locale);
  y = drawTotals(
    doc,
    y + 12,
    [
      [texts.total, money(invoice.totalCents), false],
      [texts.paid, money(invoice.paidCents), false],
      [texts.balance, money(invoice.balanceCents), true],
    ],
    close,
  );
  if (invoice.paidOn) y = drawTotalsNote(doc, y, texts.paidOn(day(invoice.paidOn)), width);
  const note = invoice.status === 'void' ? texts.voidNote : texts.payNote(contactLines(close.payee).join(' · '));
  drawNote(doc, y + 28, note, width);
}
