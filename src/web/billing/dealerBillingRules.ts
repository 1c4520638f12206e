import type { DealerInvoice } from '../../../schemas/dealerInvoices.js';
import { formatMonth } from '../../common/billing.js';

/** The dealer billing screen's rules: pure, so they are tested one by one. */

/** Months per page (a year); 'Show more months' adds as many. */
export const DEALER_PAGE_SIZE = 12;

export interface DealerBillingSummary {
  currency: DealerInvoice['currency'];
  /** Owed on the months shown (open and overdue). */
  balanceCents: number;
  /** Of which past due. */
  overdueCents: number;
  /** The newest month. */
  latest: DealerInvoice | undefined;
  /** Months counted in the average (void ones left out). */
  months: number;
  /** The average total of a month. */
  averageCents: number;
}

/** The cards above the list, from the months loaded (newest first): balance, past due, latest month, average month. */
export function dealerSummary(invoices: readonly DealerInvoice[]): DealerBillingSummary {
  const billed = invoices.filter((i) => i.status !== 'void');
  const sum = (list: readonly DealerInvoice[], cents: (i: DealerInvoice) => number) => list.reduce((total, i) => total + cents(i), 0);
  return {
    currency: invoices[0]?.currency ?? 'USD',
    balanceCents: sum(invoices, (i) => i.balanceCents),
    overdueCents: sum(
      invoices.filter((i) => i.status === 'overdue'),
      (i) => i.balanceCents,
    ),
    latest: invoices[0],
    months: billed.length,
    averageCents: billed.length ? Math.round(sum(billed, (i) => i.totalCents) / billed.length) : 0,
  };
}

/** The invoice id open in the drawer, from the URL (`?invoice=`): a positive whole number, else none. */
export function openInvoiceOf(value: string | null): number | undefined {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : undefined;
}

/** A month as a heading: 'November 2026', 'Noviembre de 2026' (the first letter capitalised; the rest as the language writes it). */
export function monthTitle(month: string, locale: string): string {
  const text = formatMonth(month, locale);
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}
