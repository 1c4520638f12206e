import type { BillingSummary } from '../../../../schemas/invoices.js';
import type { httpClient } from '../http.js';
import { transportStream } from '../transport.js';

/** A fetched file: its bytes and the Content-Disposition that names it (the screen saves it). */
export interface DownloadedFile {
  blob: Blob;
  contentDisposition: string | null;
}

/**
 * The billing screens' calls beyond their simple-rest lists (the customer's linked accounts are
 * msaMethods'): an account's summary, and the files (an invoice's PDF, the dealer's CSV or Excel export) fetched
 * with the session like any call, never a bare link.
 */
export interface BillingMethods {
  billingSummary(siteNum: number): Promise<BillingSummary>;
  invoicePdf(id: number): Promise<DownloadedFile>;
  dealerInvoicePdf(id: number): Promise<DownloadedFile>;
  /** Every month's lines, or one invoice's. */
  dealerInvoicesExport(format: 'csv' | 'xlsx', id?: number): Promise<DownloadedFile>;
}

const PDF = 'application/pdf';
const EXPORT_TYPES = { csv: 'text/csv', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/**
 * A file in the user's language (the transport sends Accept-Language), read as a stream: the
 * screen tells the user of a failure itself (skipError), so the error stays the transport's.
 */
export async function download(url: string, accept: string): Promise<DownloadedFile> {
  const response = await transportStream(url, { skipError: true, headers: { Accept: `${accept}, application/json` } });
  return { blob: await response.blob(), contentDisposition: response.headers.get('Content-Disposition') };
}

export function billingMethods(http: typeof httpClient): BillingMethods {
  return {
    async billingSummary(siteNum) {
      const { json } = await http(`/api/msa/billing/summary?siteNum=${siteNum}`);
      return json as BillingSummary;
    },
    invoicePdf: (id) => download(`/api/msa/invoices/${id}/pdf`, PDF),
    dealerInvoicePdf: (id) => download(`/api/invoices/${id}/pdf`, PDF),
    dealerInvoicesExport: (format, id) =>
      download(`/api/invoices/export?format=${format}${id === undefined ? '' : `&id=${id}`}`, EXPORT_TYPES[format]),
  };
}
