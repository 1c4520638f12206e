import { describe, expect, it } from 'vitest';
import { dealerBillingFileName, groupByAccount, matchAccounts, monthOf, serviceTotals, type DealerLine } from './dealerBilling.js';

const line = (siteNum: number | null, service: DealerLine['service'], amountCents: number, quantity = 1): DealerLine => ({
  siteNum,
  siteName: siteNum === null ? null : `Site ${siteNum}`,
  service,
  quantity,
  unitCents: amountCents / quantity,
  amountCents,
});

describe('groupByAccount', () => {
  it('groups the lines by account, accounts by number, the group lines last, services in their order, with totals', () => {
    const accounts = groupByAccount([
      line(null, 'answeringService', 14900),
      line(200, 'cellular', 500),
      line(100, 'video', 1600, 2),
      line(200, 'monitoringResidential', 1250),
      line(100, 'monitoringCommercial', 1875),
    ]);
    expect(accounts.map((a) => a.siteNum)).toEqual([100, 200, null]);
    expect(accounts[0].lines.map((l) => l.service)).toEqual(['monitoringCommercial', 'video']);
    expect(accounts[1].lines.map((l) => l.service)).toEqual(['monitoringResidential', 'cellular']);
    expect(accounts.map((a) => a.totalCents)).toEqual([3475, 1750, 14900]);
    expect(accounts[2].siteName).toBeNull();
  });

  it('answers no accounts for no lines', () => {
    expect(groupByAccount([])).toEqual([]);
  });
});

describe('serviceTotals', () => {
  it('adds up each service billed, in service order', () => {
    expect(serviceTotals([line(1, 'cellular', 500), line(2, 'monitoringResidential', 1250), line(3, 'cellular', 500)])).toEqual([
      { service: 'monitoringResidential', amountCents: 1250 },
      { service: 'cellular', amountCents: 1000 },
    ]);
  });
});

describe('matchAccounts', () => {
  const accounts = groupByAccount([
    { ...line(100001, 'monitoringResidential', 1250), siteName: 'Carter Résidence' },
    { ...line(100002, 'cellular', 500), siteName: 'Lake House' },
    line(null, 'answeringService', 14900),
  ]);
  const labels = (s: string) => ({ cellular: 'Cellular communicator', answeringService: 'Answering service' })[s] ?? s;

  it('keeps everything for a blank search', () => {
    expect(matchAccounts(accounts, '  ')).toHaveLength(3);
  });
  it('finds by name, ignoring case and accents, every word', () => {
    expect(matchAccounts(accounts, 'carter RESIDENCE').map((a) => a.siteNum)).toEqual([100001]);
    expect(matchAccounts(accounts, 'carter lake')).toEqual([]);
  });
  it('finds by number and by service label', () => {
    expect(matchAccounts(accounts, '100002').map((a) => a.siteNum)).toEqual([100002]);
    expect(matchAccounts(accounts, 'cellular', labels).map((a) => a.siteNum)).toEqual([100002]);
  });
  it("finds the group's own lines by their label", () => {
    expect(matchAccounts(accounts, 'group', labels, 'Group services').map((a) => a.siteNum)).toEqual([null]);
  });
});

describe('file names and months', () => {
  it('keeps letters, digits, - and _ only', () => {
    expect(dealerBillingFileName('invoice', 'ST-9993-202611', 'pdf')).toBe('station-invoice-ST-9993-202611.pdf');
    expect(dealerBillingFileName('export', '../"x y"', 'csv')).toBe('station-billing-xy.csv');
    expect(dealerBillingFileName('export', '', 'xlsx')).toBe('station-billing-document.xlsx');
  });
  it('takes the month of a day', () => {
    expect(monthOf('2026-11-01')).toBe('2026-11');
  });
});
