import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetList, useGetOne } from 'react-admin';
import type { DealerInvoice, DealerInvoiceDetail } from '../../../schemas/dealerInvoices.js';
import type { Invoice, InvoiceStatus } from '../../../schemas/invoices.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import type { DownloadedFile } from '../providers/methods/billingMethods.js';
import { saveBlob } from '../resources/saveBlob.js';
import { fileNameOf } from './billingRules.js';

/** The customer's linked accounts (the account picker). */
export function useBillingAccounts() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({ queryKey: ['billing', 'accounts'], queryFn: () => dataProvider.accountLinks() });
}

/** The first `limit` invoices of an account, newest first (`total` says how many there are). */
export function useInvoices(siteNum: number | undefined, status: InvoiceStatus | undefined, limit: number) {
  return useGetList<Invoice>(
    'msa/invoices',
    { filter: { siteNum, ...(status && { status }) }, pagination: { page: 1, perPage: limit }, sort: { field: 'issuedOn', order: 'DESC' } },
    { enabled: siteNum !== undefined, placeholderData: keepPreviousData },
  );
}

export function useBillingSummary(siteNum: number | undefined) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({
    queryKey: ['billing', 'summary', siteNum],
    queryFn: () => dataProvider.billingSummary(siteNum!),
    enabled: siteNum !== undefined,
  });
}

/**
 * The selected group's station invoices, newest month first. The server reads the group from
 * the call (the transport's siteGroupNum), so it is in the cache key (meta) too: another
 * group's invoices are never shown from the cache.
 */
export function useDealerInvoices(siteGroupNum: number | undefined, limit: number) {
  return useGetList<DealerInvoice>(
    'invoices',
    { pagination: { page: 1, perPage: limit }, sort: { field: 'month', order: 'DESC' }, meta: { siteGroupNum } },
    { enabled: siteGroupNum !== undefined, placeholderData: keepPreviousData },
  );
}

/**
 * One invoice with its accounts. The list puts each of its rows (without accounts) in the
 * getOne cache under the list's meta; the detail's own meta keeps it from showing such a row.
 */
export function useDealerInvoice(siteGroupNum: number | undefined, id: number | undefined) {
  return useGetOne<DealerInvoiceDetail>(
    'invoices',
    { id: id!, meta: { siteGroupNum, detail: true } },
    { enabled: siteGroupNum !== undefined && id !== undefined },
  );
}

/** Saves a fetched file under the name the server gives, else `fallback`. */
async function saveDownload(file: Promise<DownloadedFile>, fallback: string): Promise<void> {
  const { blob, contentDisposition } = await file;
  saveBlob(blob, fileNameOf(contentDisposition, fallback));
}

/** The billing screens' files, fetched with the session and saved; each rejects when the file could not be had. */
export function useBillingFiles() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return {
    invoicePdf: (invoice: Pick<Invoice, 'id'>) => saveDownload(dataProvider.invoicePdf(invoice.id), `invoice-${invoice.id}.pdf`),
    dealerInvoicePdf: (invoice: Pick<DealerInvoice, 'id'>) =>
      saveDownload(dataProvider.dealerInvoicePdf(invoice.id), `station-invoice-${invoice.id}.pdf`),
    dealerExport: (format: 'csv' | 'xlsx', id?: number) =>
      saveDownload(dataProvider.dealerInvoicesExport(format, id), `station-billing.${format}`),
  };
}
