import type { FastifyReply } from 'fastify';
import { errorSchema } from '../../../schemas/shared.js';
import { utcDay } from '../../common/billing.js';
import { HttpError } from '../http/errors.js';
import { idParams } from '../http/simpleRestRoutes.js';

/**
 * What the customer's invoice routes (invoicesRoutes.ts) and the dealer's (dealerInvoicesRoutes.ts)
 * share: the errors and tag of their schemas, a 404 for what is missing or out of scope (the same
 * answer, so scope is not revealed), today's day, a list page's query and a PDF's answer.
 */

export const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema };
export const tags = ['billing'];

/** The day (UTC) the invoices are read on: an open invoice due before it is overdue. */
export const today = () => utcDay(new Date());

/** The value, or a 404 when there is none (missing, or out of the user's scope). */
export function found<T>(value: T | undefined): T {
  if (value === undefined) throw new HttpError(404, 'errors.notFound');
  return value;
}

/** The page a simple-rest list asks for, read on today's day: what a repository's list takes beside the filter. */
export function pageOf<S>(query: { sort: S; offset: number; limit: number }) {
  return { sort: query.sort, offset: query.offset, limit: query.limit, today: today() };
}

/** A PDF route's schema: the invoice by id, answered as a PDF. */
export function pdfSchema(summary: string) {
  return {
    tags,
    summary,
    params: idParams,
    produces: ['application/pdf'],
    response: { 200: { description: 'The PDF', type: 'string' }, ...errors },
  };
}

/** A PDF as a download named `fileName`; never stored by a cache (it is someone's invoice). */
export function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Content-Length', String(pdf.length))
    .header('Cache-Control', 'no-store')
    .send(pdf);
}
