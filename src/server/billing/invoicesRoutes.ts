import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  billingSummaryQuerySchema,
  billingSummarySchema,
  INVOICE_SORT_FIELDS,
  invoiceFilterSchema,
  invoiceSchema,
  type Invoice,
  type InvoiceFilter,
} from '../../../schemas/invoices.js';
import { invoiceFileName } from '../../common/billing.js';
import { pickLanguage } from '../../common/i18n.js';
import type { Audience } from '../http/audience.js';
import { simpleRestRoutes } from '../http/simpleRestRoutes.js';
import { errors, found, pageOf, pdfSchema, sendPdf, tags, today } from './invoiceRouteParts.js';
import { invoicePdf } from './invoicePdf.js';
import { invoicesRepository, type InvoiceSortField } from './invoicesRepository.js';

/**
 * Billing for customers (SPEC §2 /billing, §6 billingRead): a customer's invoices of
 * their linked accounts, read only, in ra-data-simple-rest conventions; each invoice's PDF (audited);
 * and an account's summary (balance, next due, whom to pay: the dealer). Access: the table's
 * msaInvoices (customers with billingRead); the scope (linked accounts only) is the repository's,
 * so another account's invoice or site answers 404 as a missing one does.
 */
export async function invoicesRoutes(parent: FastifyInstance, { audience }: { audience: Audience }) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const repo = invoicesRepository(app.db);

  /** The account asked for, within scope (404 otherwise), or the customer's active account; undefined without any. */
  async function accountOf(request: FastifyRequest, siteNum: number | undefined) {
    const user = request.auth!.user;
    const num = siteNum ?? (await audience.defaultSiteNum?.(user));
    if (num === undefined) return undefined;
    return found(await repo.site(user, num));
  }

  await simpleRestRoutes<Invoice, InvoiceFilter, InvoiceSortField>(parent, {
    path: 'msa/invoices',
    // The name react-admin's customer billing has always read in Content-Range.
    rangeName: 'invoices',
    resource: 'msaInvoices',
    tags,
    record: invoiceSchema,
    filter: invoiceFilterSchema,
    sortFields: INVOICE_SORT_FIELDS,
    errors,
    summaries: {
      list: 'A linked account\'s invoices, newest first (filter={"siteNum":N,"status":"overdue"}; default: the active account)',
      one: 'One invoice with its lines',
    },
    list: async (query, request) => {
      const { filter } = query;
      // react-admin's getMany names ids only: within every reachable account.
      const site = filter.id && filter.siteNum === undefined ? undefined : await accountOf(request, filter.siteNum);
      if (!site && !filter.id) return { items: [], total: 0 };
      return repo.list(request.auth!.user, { siteNum: site?.siteNum, status: filter.status, ids: filter.id, ...pageOf(query) });
    },
    one: (id, request) => repo.get(request.auth!.user, Number(id), today()),
  });

  app.get(
    '/msa/invoices/:id/pdf',
    {
      config: { access: { resource: 'msaInvoices', action: 'export' } },
      schema: pdfSchema('The invoice as a PDF, in the language of Accept-Language (audited)'),
    },
    async (request, reply) => {
      const user = request.auth!.user;
      const invoice = found(await repo.get(user, request.params.id, today()));
      const site = found(await repo.site(user, invoice.siteNum));
      const [payee, logoUrl] = await Promise.all([repo.payee(invoice.siteGroupNum), repo.logoUrl(invoice.siteGroupNum)]);
      const pdf = await invoicePdf({
        invoice,
        billTo: { name: site.siteName, address: site.address },
        payee,
        logoUrl,
        t: request.t,
        locale: pickLanguage(request.headers['accept-language']),
      });
      await app.audit(request, {
        action: 'invoice.downloaded',
        targetType: 'invoice',
        targetId: invoice.invoiceId,
        details: { siteNum: invoice.siteNum, number: invoice.number },
      });
      return sendPdf(reply, pdf, invoiceFileName(invoice.number));
    },
  );

  app.get(
    '/msa/billing/summary',
    {
      config: { access: { resource: 'msaInvoices', action: 'show' } },
      schema: {
        tags,
        summary: "A linked account's balance, next invoice due and whom to pay (default: the active account)",
        querystring: billingSummaryQuerySchema,
        response: { 200: billingSummarySchema, ...errors },
      },
    },
    async (request) => repo.summary(found(await accountOf(request, request.query.siteNum)), today()),
  );
}
