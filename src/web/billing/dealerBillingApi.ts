import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DealerInvoice, DealerInvoiceDetail } from '../../../schemas/dealerInvoices.js';
import { api } from '../providers/http.js';
import { downloadFile, listPage } from './billingApi.js';

/**
 * The dealer billing screen's calls, through the one transport (SPEC §7): the selected
 * group's station invoices (simple-rest, newest month first), one with its accounts, its PDF and
 * the CSV or Excel export, fetched with the session and saved from the answer.
 */
export const dealerBillingApi = {
  invoices: (limit: number) =>
    listPage<DealerInvoice>('invoices', { range: JSON.stringify([0, limit - 1]), sort: JSON.stringify(['month', 'DESC']) }),
  invoice: (id: number) => api<DealerInvoiceDetail>(`invoices/${id}`),
  pdf: (invoice: Pick<DealerInvoice, 'id'>) =>
    downloadFile(`invoices/${invoice.id}/pdf`, 'application/pdf', `station-invoice-${invoice.id}.pdf`),
  /** Every month's lines, or one invoice's. */
  export: (format: 'csv' | 'xlsx', id?: number) =>
    downloadFile(
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
