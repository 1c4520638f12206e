import { describe, expect, it } from 'vitest';
import type { DealerInvoice } from '../../../schemas/dealerInvoices.js';
import { dealerSummary, monthTitle, openInvoiceOf } from './dealerBillingRules.js';

const invoice = (month: string, status: DealerInvoice['status'], totalCents: number, balanceCents = 0): DealerInvoice => ({
  id: Number(month.replace('-', '')),
  invoiceId: Number(month.replace('-', '')),
  siteGroupNum: 9993,
  number: `ST-9993-${month}`,
  month,
  issuedOn: `${month}-01`,
  dueOn: `${month}-28`,
  periodStart: `${month}-01`,
  periodEnd: `${month}-28`,
  accountCount: 10,
  totalCents,
  paidCents: totalCents - balanceCents,
  balanceCents,
  paidOn: null,
  status,
  currency: 'USD',
  services: [],
});

describe('dealerSummary', () => {
  it('adds up the balance and what is past due, takes the newest month and the average of the billed months', () => {
    const summary = dealerSummary([
      invoice('2026-11', 'open', 3000, 3000),
      invoice('2026-10', 'overdue', 2000, 1500),
      invoice('2026-09', 'void', 9999),
      invoice('2026-08', 'paid', 1000),
    ]);
    expect(summary.balanceCents).toBe(4500);
    expect(summary.overdueCents).toBe(1500);
    expect(summary.latest?.month).toBe('2026-11');
    expect(summary.months).toBe(3);
    expect(summary.averageCents).toBe(2000);
    expect(summary.currency).toBe('USD');
  });

  it('answers zeros and no latest month without invoices', () => {
    expect(dealerSummary([])).toEqual({ currency: 'USD', balanceCents: 0, overdueCents: 0, latest: undefined, months: 0, averageCents: 0 });
  });
});

describe('openInvoiceOf', () => {
  it('reads a positive whole number only', () => {
    expect(openInvoiceOf('12')).toBe(12);
    for (const bad of [null, '', '0', '-3', '1.5', 'abc']) expect(openInvoiceOf(bad)).toBeUndefined();
  });
});

describe('monthTitle', () => {
  it('writes the month in the language, its first letter capitalised', () => {
    expect(monthTitle('2026-11', 'en')).toBe('November 2026');
    expect(monthTitle('2026-11', 'es')).toBe('Noviembre de 2026');
    expect(monthTitle('2026-02', 'fr')).toBe('Février 2026');
  });
});
