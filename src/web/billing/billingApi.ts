import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BillingSummary, Invoice, InvoiceStatus } from '../../../schemas/invoices.js';
import type { AccountLink } from '../../../schemas/user.js';
import { api, httpClient } from '../providers/http.js';
import { transportStream } from '../providers/transport.js';
import { saveBlob } from '../resources/saveBlob.js';
import { fileNameOf, totalOf } from './billingRules.js';

/**
 * The billing screen's calls, all through the one transport (SPEC §7): the customer's
 * linked accounts, an account's invoices (simple-rest) and summary, and an invoice's PDF, fetched
 * with the session like any call and saved from the answer (never a bare link).
 */
export const billingApi = {
  accounts: () => api<AccountLink[]>('msa/accountLinks'),
  invoices: (siteNum: number, status: InvoiceStatus | undefined, limit: number) =>
    listPage<Invoice>('msa/invoices', {
      filter: JSON.stringify({ siteNum, ...(status && { status }) }),
      range: JSON.stringify([0, limit - 1]),
      sort: JSON.stringify(['issuedOn', 'DESC']),
    }),
  summary: (siteNum: number) => api<BillingSummary>(`msa/billing/summary?siteNum=${siteNum}`),
  /** The invoice's PDF, saved. */
  downloadPdf: (invoice: Pick<Invoice, 'id' | 'number'>) =>
    downloadFile(`msa/invoices/${invoice.id}/pdf`, 'application/pdf', `invoice-${invoice.id}.pdf`),
};

/** One page of a simple-rest list (`/api/<path>`) and the total its Content-Range gives. */
export async function listPage<T>(path: string, params: Record<string, string>): Promise<{ rows: T[]; total: number }> {
  const { json, headers } = await httpClient(`/api/${path}?${new URLSearchParams(params).toString()}`);
  const rows = Array.isArray(json) ? (json as T[]) : [];
  return { rows, total: totalOf(headers.get('Content-Range'), rows.length) };
}

/**
 * Fetches a file (in the user's language: the transport sends Accept-Language) and saves it under
 * the name the server gives, else `fallback`. The caller tells the user of a failure (skipError).
 */
export async function downloadFile(path: string, accept: string, fallback: string): Promise<void> {
  const response = await transportStream(`/api/${path}`, { skipError: true, headers: { Accept: `${accept}, application/json` } });
  saveBlob(await response.blob(), fileNameOf(response.headers.get('Content-Disposition'), fallback));
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
