import { describe, expect, it } from 'vitest';
import { chosenAccount, dueHint, fileNameOf, statusChoiceOf, totalOf } from './billingRules.js';

describe('chosenAccount', () => {
  const links = [
    { siteNum: 1, isFavorite: false },
    { siteNum: 2, isFavorite: true },
  ];
  it('takes the account in the URL when it is linked', () => {
    expect(chosenAccount(links, '1')).toBe(1);
  });
  it('takes the default link otherwise, then the first', () => {
    expect(chosenAccount(links, '99')).toBe(2);
    expect(chosenAccount(links, null)).toBe(2);
    expect(chosenAccount([{ siteNum: 5, isFavorite: false }], null)).toBe(5);
  });
  it('takes the active account (the header switcher) before the default', () => {
    expect(
      chosenAccount(
        [
          { siteNum: 1, isFavorite: true },
          { siteNum: 3, isFavorite: false, isActive: true },
        ],
        null,
      ),
    ).toBe(3);
  });
  it('has none without links', () => {
    expect(chosenAccount([], '1')).toBeUndefined();
  });
});

describe('statusChoiceOf', () => {
  it('keeps a known status and reads anything else as all', () => {
    expect(statusChoiceOf('overdue')).toBe('overdue');
    expect(statusChoiceOf('late')).toBe('all');
    expect(statusChoiceOf(null)).toBe('all');
  });
});

describe('totalOf and fileNameOf', () => {
  it('reads the total of a Content-Range', () => {
    expect(totalOf('invoices 0-11/24', 0)).toBe(24);
    expect(totalOf(null, 3)).toBe(3);
  });
  it("reads a download's file name", () => {
    expect(fileNameOf('attachment; filename="invoice-INV-1.pdf"', 'x.pdf')).toBe('invoice-INV-1.pdf');
    expect(fileNameOf("attachment; filename*=UTF-8''factura%201.pdf", 'x.pdf')).toBe('factura 1.pdf');
    expect(fileNameOf(null, 'x.pdf')).toBe('x.pdf');
  });
});

describe('dueHint', () => {
  const today = '2026-03-10';
  it('counts the days late of an overdue invoice', () => {
    expect(dueHint({ status: 'overdue', dueOn: '2026-03-01', paidOn: null }, today)).toEqual({
      key: 'billing.invoice.late',
      args: { smart_count: 9 },
    });
  });
  it('counts the days left of an open one, or says today', () => {
    expect(dueHint({ status: 'open', dueOn: '2026-03-12', paidOn: null }, today)).toEqual({
      key: 'billing.invoice.dueIn',
      args: { smart_count: 2 },
    });
    expect(dueHint({ status: 'open', dueOn: today, paidOn: null }, today)).toEqual({ key: 'billing.invoice.dueToday' });
  });
  it('says nothing of a paid or void invoice', () => {
    expect(dueHint({ status: 'paid', dueOn: '2026-03-01', paidOn: '2026-02-20' }, today)).toBeUndefined();
    expect(dueHint({ status: 'void', dueOn: '2026-03-01', paidOn: null }, today)).toBeUndefined();
  });
});
