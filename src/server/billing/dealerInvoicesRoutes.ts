import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  DEALER_INVOICE_SORT_FIELDS,
  dealerInvoiceDetailSchema,
  dealerInvoiceExportQuerySchema,
  dealerInvoiceFilterSchema,
  dealerInvoiceSchema,
  type DealerInvoice,
  type DealerInvoiceFilter,
} from '../../../schemas/dealerInvoices.js';
import { errorSchema } from '../../../schemas/shared.js';
import { dealerBillingFileName } from '../../common/dealerBilling.js';
import { pickLanguage } from '../../common/i18n.js';
import { simpleRestRoutes } from '../http/simpleRestRoutes.js';
import { dealerCsv, dealerXlsx } from './dealerInvoiceExport.js';
import { dealerInvoicePdf } from './dealerInvoicePdf.js';
import { dealerInvoicesRepository, type DealerInvoiceSortField } from './dealerInvoicesRepository.js';
import { errors, found, pageOf, pdfSchema, sendPdf, tags, today } from './invoiceRouteParts.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Billing for dealers (SPEC §2 /billing, §6 billingRead): the monitoring station's
 * monthly invoices of the selected account group, read only, in ra-data-simple-rest conventions;
 * one invoice with what each account was billed for; its PDF; and an export of the lines (CSV or
 * Excel). Access: the table's dealerInvoices (dealers with billingRead); the scope (the selected
 * group) is the repository's, so another group's invoice answers 404 as a missing one does.
 * Downloads are audited.
 */
export async function dealerInvoicesRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const repo = dealerInvoicesRepository(app.db);

  await simpleRestRoutes<DealerInvoice, DealerInvoiceFilter, DealerInvoiceSortField>(parent, {
    path: 'invoices',
    resource: 'dealerInvoices',
    tags,
    record: dealerInvoiceSchema,
    detail: dealerInvoiceDetailSchema,
    filter: dealerInvoiceFilterSchema,
    sortFields: DEALER_INVOICE_SORT_FIELDS,
    errors,
    summaries: {
      list: 'The station\'s invoices of the selected account group, newest month first (filter={"status":"overdue","year":2026})',
      one: 'One station invoice with what each account was billed for',
    },
    list: (query, request) =>
      repo.list(request.auth!.user, { status: query.filter.status, year: query.filter.year, ids: query.filter.id, ...pageOf(query) }),
    one: (id, request) => repo.get(request.auth!.user, Number(id), today()),
  });

  app.get(
    '/invoices/export',
    {
      config: { access: { resource: 'dealerInvoices', action: 'export' } },
      schema: {
        tags,
        summary: "Every line of the group's invoices (or of one, id=N) as CSV or Excel, in the language of Accept-Language (audited)",
        querystring: dealerInvoiceExportQuerySchema,
        produces: ['text/csv', XLSX_TYPE],
        response: { 200: { description: 'The file', type: 'string' }, 400: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = request.auth!.user;
      const { format, id: invoiceId } = request.query;
      const data = await repo.exportData(user, invoiceId, today());
      const one = invoiceId === undefined ? undefined : found(data.invoices[0]);
      await app.audit(request, {
        action: 'dealerInvoices.exported',
        targetType: invoiceId === undefined ? 'account_group' : 'dealerInvoice',
        targetId: invoiceId ?? user.current_site_group_num ?? undefined,
        details: { format, invoices: data.invoices.length, lines: data.lines.length },
      });
      const name = one ? one.number : String(user.current_site_group_num ?? '');
      reply
        .header('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
        .header('Content-Disposition', `attachment; filename="${dealerBillingFileName('export', name, format)}"`)
        .header('Cache-Control', 'no-store');
      const stream = format === 'csv' ? dealerCsv(data.lines, request.t) : await dealerXlsx(data.invoices, data.lines, request.t);
      return reply.send(stream as unknown as string);
    },
  );

  app.get(
    '/invoices/:id/pdf',
    {
      config: { access: { resource: 'dealerInvoices', action: 'export' } },
      schema: pdfSchema('The station invoice as a PDF, in the language of Accept-Language (audited)'),
    },
    async (request, reply) => {
      const invoice = found(await repo.get(request.auth!.user, request.params.id, today()));
      const pdf = await dealerInvoicePdf(invoice, request.t, pickLanguage(request.headers['accept-language']));
      await app.audit(request, {
        action: 'dealerInvoice.downloaded',
        targetType: 'dealerInvoice',
        targetId: invoice.invoiceId,
        details: { siteGroupNum: invoice.siteGroupNum, number: invoice.number, month: invoice.month },
      });
      return sendPdf(reply, pdf, dealerBillingFileName('invoice', invoice.number, 'pdf'));
    },
  );
}
