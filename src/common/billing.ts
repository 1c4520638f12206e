import type { InvoiceStatus } from '../../schemas/invoices.js';

/**
 * Billing rules (SPEC §2 /billing): an invoice's status as shown, what it still owes,
 * the currency of an account, money and days in the reader's language. The server (list, summary,
 * PDF) and the billing screen use the same functions.
 */

/** A calendar day, YYYY-MM-DD, of an instant in UTC: 'today' for due dates. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The status as shown: an open invoice whose due day has passed is overdue (due today is not yet). */
export function invoiceStatus(stored: 'open' | 'paid' | 'void', dueOn: string, today: string): InvoiceStatus {
  return stored === 'open' && dueOn < today ? 'overdue' : stored;
}

/** What an invoice still owes: nothing once paid or void, else total less paid (never below 0). */
export function balanceCents(invoice: { status: 'open' | 'paid' | 'void' | InvoiceStatus; totalCents: number; paidCents: number }): number {
  if (invoice.status === 'paid' || invoice.status === 'void') return 0;
  return Math.max(0, invoice.totalCents - invoice.paidCents);
}

/** The currency an account is billed in, by its country (SITE_COUNTRIES). */
export function currencyOf(country: string): 'USD' | 'CAD' | 'MXN' {
  if (country === 'CA') return 'CAD';
  if (country === 'MX') return 'MXN';
  return 'USD';
}

/** An amount in cents as the reader writes money ('$1,234.50', '1 234,50 $'). */
export function formatMoney(cents: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}

/** A calendar day (YYYY-MM-DD) in the reader's words ('Mar 5, 2026', '5 mars 2026'), never shifted by a time zone. */
export function formatDay(day: string, locale: string, style: 'medium' | 'long' = 'medium'): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** Two calendar days as one range in the reader's words ('Nov 21 – Dec 20, 2026'): the year and month written once when shared. */
export function formatDayRange(start: string, end: string, locale: string): string {
  const [a, b] = [start, end].map((day) => {
    const [y, m, d] = day.split('-').map(Number);
    return new Date(Date.UTC(y, m - 1, d));
  });
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(a, b);
}

/** Days from `today` to `day` (negative when past), both YYYY-MM-DD. */
export function daysUntil(day: string, today: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** The file name of an invoice's PDF: invoice-<number>.pdf, with anything but letters, digits, '-' and '_' left out. */
export function invoiceFileName(number: string): string {
  const safe = number.replace(/[^A-Za-z0-9_-]+/g, '');
  return `invoice-${safe || 'document'}.pdf`;
}

/** A month (YYYY-MM) in the reader's words ('November 2026', 'noviembre de 2026'). */
export function formatMonth(month: string, locale: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, 1)));
}
