import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DealerInvoice, DealerInvoiceDetail } from '../../../schemas/dealerInvoices.js';
import { httpClient, api } from '../providers/http.js';
import { transportStream } from '../providers/transport.js';
import { saveBlob } from './billingApi.js';
import { fileNameOf, totalOf } from './billingRules.js';

/**
 * The dealer billing screen's calls (issue 15), through the one transport (SPEC §7): the selected
 * group's station invoices (simple-rest, newest month first), one with its accounts, its PDF and
 * the CSV or Excel export, fetched with the session and saved from the answer.
 */
export const dealerBillingApi = {
  async invoices(limit: number): Promise<{ rows: DealerInvoice[]; total: number }> {
    const params = new URLSearchParams({ range: JSON.stringify([0, limit - 1]), sort: JSON.stringify(['month', 'DESC']) });
    const { json, headers } = await httpClient(`/api/invoices?${params.toString()}`);
    const rows = Array.isArray(json) ? (json as DealerInvoice[]) : [];
    return { rows, total: totalOf(headers.get('Content-Range'), rows.length) };
  },
  invoice: (id: number) => api<DealerInvoiceDetail>(`invoices/${id}`),
  /** Fetches a file (in the user's language: the transport sends Accept-Language) and saves it. */
  async download(path: string, accept: string, fallback: string): Promise<void> {
    const response = await transportStream(`/api/${path}`, { skipError: true, headers: { Accept: `${accept}, application/json` } });
    saveBlob(await response.blob(), fileNameOf(response.headers.get('Content-Disposition'), fallback));
  },
  pdf: (invoice: Pick<DealerInvoice, 'id'>) =>
    dealerBillingApi.download(`invoices/${invoice.id}/pdf`, 'application/pdf', `station-invoice-${invoice.id}.pdf`),
  /** Every month's lines, or one invoice's. */
  export: (format: 'csv' | 'xlsx', id?: number) =>
    dealerBillingApi.download(
      `invoices/export?format=${format}${id === undefined ? '' : `&id=${id}`}`,
      format === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      `station-billing.${format}`,
    ),
};

export function useDealerInvoices(siteGroupNum: number | undefined, limit: number) {
  return useQuery({
    queryKey: ['billing', 'dealer', siteGroupNum, 'invoices', limit],
    queryFn: () => dealerBillingApi.invoices(limit),
    enabled: siteGroupNum !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useDealerInvoice(siteGroupNum: number | undefined, id: number | undefined) {
  return useQuery({
    queryKey: ['billing', 'dealer', siteGroupNum, 'invoice', id],
    queryFn: () => dealerBillingApi.invoice(id!),
    enabled: siteGroupNum !== undefined && id !== undefined,
  });
}
