import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BillingSummary, Invoice, InvoiceStatus } from '../../../schemas/invoices.js';
import type { AccountLink } from '../../../schemas/user.js';
import { api, httpClient } from '../providers/http.js';
import { transportStream } from '../providers/transport.js';
import { fileNameOf, totalOf } from './billingRules.js';

/**
 * The billing screen's calls (issue 14), all through the one transport (SPEC §7): the customer's
 * linked accounts, an account's invoices (simple-rest) and summary, and an invoice's PDF, fetched
 * with the session like any call and saved from the answer (never a bare link).
 */
export const billingApi = {
  accounts: () => api<AccountLink[]>('msa/accountLinks'),
  async invoices(siteNum: number, status: InvoiceStatus | undefined, limit: number): Promise<{ rows: Invoice[]; total: number }> {
    const params = new URLSearchParams({
      filter: JSON.stringify({ siteNum, ...(status && { status }) }),
      range: JSON.stringify([0, limit - 1]),
      sort: JSON.stringify(['issuedOn', 'DESC']),
    });
    const { json, headers } = await httpClient(`/api/msa/invoices?${params.toString()}`);
    const rows = Array.isArray(json) ? (json as Invoice[]) : [];
    return { rows, total: totalOf(headers.get('Content-Range'), rows.length) };
  },
  summary: (siteNum: number) => api<BillingSummary>(`msa/billing/summary?siteNum=${siteNum}`),
  /** Fetches the invoice's PDF (in the user's language: the transport sends Accept-Language) and saves it. */
  async downloadPdf(invoice: Pick<Invoice, 'id' | 'number'>): Promise<void> {
    const response = await transportStream(`/api/msa/invoices/${invoice.id}/pdf`, {
      skipError: true,
      headers: { Accept: 'application/pdf, application/json' },
    });
    const blob = await response.blob();
    saveBlob(blob, fileNameOf(response.headers.get('Content-Disposition'), `invoice-${invoice.id}.pdf`));
  },
};

/** Saves a blob as a file (an object URL and a download link). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useBillingAccounts() {
  return useQuery({ queryKey: ['billing', 'accounts'], queryFn: billingApi.accounts });
}

export function useInvoices(siteNum: number | undefined, status: InvoiceStatus | undefined, limit: number) {
  return useQuery({
    queryKey: ['billing', 'invoices', siteNum, status ?? 'all', limit],
    queryFn: () => billingApi.invoices(siteNum!, status, limit),
    enabled: siteNum !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useBillingSummary(siteNum: number | undefined) {
  return useQuery({
    queryKey: ['billing', 'summary', siteNum],
    queryFn: () => billingApi.summary(siteNum!),
    enabled: siteNum !== undefined,
  });
}
