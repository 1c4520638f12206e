import { DEALER_INVOICE_SERVICES, type DealerInvoiceAccount, type DealerInvoiceService } from '../../schemas/dealerInvoices.js';

/**
 * Billing for dealers: the rules the server (detail, PDF, export) and the billing screen
 * share. An invoice's lines come from the database one per account and service; these group them
 * by account, total them by service, find an account by name or number, and name the files.
 */

/** A stored line, as the repository reads it. */
export interface DealerLine {
  siteNum: number | null;
  siteName: string | null;
  service: DealerInvoiceService;
  quantity: number;
  unitCents: number;
  amountCents: number;
}

const serviceOrder = (service: DealerInvoiceService) => DEALER_INVOICE_SERVICES.indexOf(service);

/** The lines by account: accounts by number, the group's own lines (no account) last; each account's lines in service order, with its total. */
export function groupByAccount(lines: readonly DealerLine[]): DealerInvoiceAccount[] {
  const accounts = new Map<number | null, DealerInvoiceAccount>();
  for (const line of lines) {
    let account = accounts.get(line.siteNum);
    if (!account) {
      account = { siteNum: line.siteNum, siteName: line.siteName, totalCents: 0, lines: [] };
      accounts.set(line.siteNum, account);
    }
    account.lines.push({ service: line.service, quantity: line.quantity, unitCents: line.unitCents, amountCents: line.amountCents });
    account.totalCents += line.amountCents;
  }
  for (const account of accounts.values()) account.lines.sort((a, b) => serviceOrder(a.service) - serviceOrder(b.service));
  return [...accounts.values()].sort((a, b) => (a.siteNum ?? Number.MAX_SAFE_INTEGER) - (b.siteNum ?? Number.MAX_SAFE_INTEGER));
}

/** What a month cost per service, in service order, services billed only. */
export function serviceTotals(
  lines: readonly { service: DealerInvoiceService; amountCents: number }[],
): { service: DealerInvoiceService; amountCents: number }[] {
  const totals = new Map<DealerInvoiceService, number>();
  for (const line of lines) totals.set(line.service, (totals.get(line.service) ?? 0) + line.amountCents);
  return DEALER_INVOICE_SERVICES.filter((s) => totals.has(s)).map((service) => ({ service, amountCents: totals.get(service)! }));
}

/**
 * The accounts a search keeps: every word of it (case and accents ignored) in the account's name
 * or number, or the name of one of its services (`serviceLabel`); everything for a blank search.
 */
export function matchAccounts<T extends DealerInvoiceAccount>(
  accounts: readonly T[],
  search: string,
  serviceLabel: (service: DealerInvoiceService) => string = (s) => s,
  groupLabel = '',
): T[] {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (!words.length) return [...accounts];
  return accounts.filter((account) => {
    const text = fold(
      [account.siteNum ?? '', account.siteName ?? groupLabel, ...account.lines.map((l) => serviceLabel(l.service))].join(' '),
    );
    return words.every((word) => text.includes(word));
  });
}

/** The file name of a dealer invoice's PDF or of an export: letters, digits, '-' and '_' only. */
export function dealerBillingFileName(kind: 'invoice' | 'export', name: string, extension: 'pdf' | 'csv' | 'xlsx'): string {
  const safe = name.replace(/[^A-Za-z0-9_-]+/g, '');
  return `${kind === 'invoice' ? 'station-invoice' : 'station-billing'}-${safe || 'document'}.${extension}`;
}

/** A month's number (YYYY-MM) from its first day (YYYY-MM-DD). */
export const monthOf = (day: string) => day.slice(0, 7);
