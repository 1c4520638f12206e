import { describe, expect, it } from 'vitest';
import {
  balanceCents,
  currencyOf,
  daysUntil,
  formatDay,
  formatDayRange,
  formatMoney,
  invoiceFileName,
  invoiceStatus,
  utcDay,
} from './billing.js';

describe('invoiceStatus', () => {
  it('shows an open invoice past its due day as overdue', () => {
    expect(invoiceStatus('open', '2026-03-04', '2026-03-05')).toBe('overdue');
  });
  it('keeps an invoice due today open', () => {
    expect(invoiceStatus('open', '2026-03-05', '2026-03-05')).toBe('open');
  });
  it('never makes a paid or void invoice overdue', () => {
    expect(invoiceStatus('paid', '2020-01-01', '2026-03-05')).toBe('paid');
    expect(invoiceStatus('void', '2020-01-01', '2026-03-05')).toBe('void');
  });
});

describe('balanceCents', () => {
  it('is total less paid while open or overdue', () => {
    expect(balanceCents({ status: 'open', totalCents: 4999, paidCents: 1000 })).toBe(3999);
    expect(balanceCents({ status: 'overdue', totalCents: 4999, paidCents: 0 })).toBe(4999);
  });
  it('is nothing once paid or void', () => {
    expect(balanceCents({ status: 'paid', totalCents: 4999, paidCents: 4999 })).toBe(0);
    expect(balanceCents({ status: 'void', totalCents: 4999, paidCents: 0 })).toBe(0);
  });
  it('never goes below zero', () => {
    expect(balanceCents({ status: 'open', totalCents: 100, paidCents: 200 })).toBe(0);
  });
});

describe('currencyOf', () => {
  it('bills by the account country', () => {
    expect([currencyOf('US'), currencyOf('CA'), currencyOf('MX'), currencyOf('??')]).toEqual(['USD', 'CAD', 'MXN', 'USD']);
  });
});

describe('formatMoney and formatDay', () => {
  it('writes money as the reader does', () => {
    expect(formatMoney(123450, 'USD', 'en')).toBe('$1,234.50');
    expect(formatMoney(123450, 'USD', 'es')).toMatch(/^1234,50\sUS\$$|^1\s?234,50\sUS\$$/);
    expect(formatMoney(4999, 'CAD', 'fr')).toMatch(/^49,99\s\$\s?CA$/);
  });
  it('writes a day without shifting it by a time zone', () => {
    expect(formatDay('2026-03-01', 'en')).toBe('Mar 1, 2026');
    expect(formatDay('2026-03-01', 'fr', 'long')).toBe('1 mars 2026');
  });
  it('writes a service period as one range', () => {
    expect(formatDayRange('2026-11-21', '2026-12-20', 'en').replace(/\s/g, ' ')).toBe('Nov 21 – Dec 20, 2026');
    expect(formatDayRange('2025-12-21', '2026-01-20', 'en').replace(/\s/g, ' ')).toBe('Dec 21, 2025 – Jan 20, 2026');
  });
});

describe('days', () => {
  it('counts days to a due day, negative when past', () => {
    expect(daysUntil('2026-03-10', '2026-03-05')).toBe(5);
    expect(daysUntil('2026-03-01', '2026-03-05')).toBe(-4);
    expect(daysUntil('2026-03-29', '2026-03-28')).toBe(1);
  });
  it('takes today in UTC', () => {
    expect(utcDay(new Date('2026-03-05T23:30:00-05:00'))).toBe('2026-03-06');
  });
});

describe('invoiceFileName', () => {
  it('is invoice-<number>.pdf with only safe characters', () => {
    expect(invoiceFileName('INV-2026-100011-07')).toBe('invoice-INV-2026-100011-07.pdf');
    expect(invoiceFileName('../a b"c')).toBe('invoice-abc.pdf');
    expect(invoiceFileName('')).toBe('invoice-document.pdf');
  });
});
