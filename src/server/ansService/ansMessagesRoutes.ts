import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import {
  ANS_MESSAGE_SORT_FIELDS,
  ansMessageFilterSchema,
  ansMessageSchema,
  ansMessageUpdateSchema,
  type AnsMessage,
  type AnsMessageFilter,
} from '../../../schemas/ansService.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { compileCached } from '../../common/validation.js';
import { HttpError } from '../http/errors.js';
import { contentRange, listQuerystringSchema, parseJson, parseListQuery } from '../http/simpleRest.js';
import { ansMessagesRepository } from './ansMessagesRepository.js';
import { ansContext, errors, idParams, notFound, tags } from './ansShared.js';

const exportQuerystring = { type: 'object', properties: { filter: { type: 'string', maxLength: 20000 } } } as const;

/** The columns of the messages CSV, in order. */
const CSV_COLUMNS = [
  'takenAt',
  'callerName',
  'callerNumber',
  'siteNum',
  'siteName',
  'kind',
  'text',
  'deliveredTo',
  'status',
  'handledAt',
  'handledBy',
] as const;

/** Messages taken for the group (/ans-service/messages): list with filters and search, one, mark handled, CSV export. */
export async function ansMessagesRoutes(parent: FastifyInstance) {
  const { app, groupOf, audit } = ansContext(parent);
  const messages = ansMessagesRepository(app.db);
  const validateMessageFilter = compileCached(ansMessageFilterSchema);

  app.get(
    '/ansMessages',
    {
      config: { access: { resource: 'ansMessages', action: 'list' } },
      schema: {
        tags,
        summary: 'Messages taken for the group, newest first (filter: status, kind, q, from, to; sort takenAt/callerName/kind/status)',
        querystring: listQuerystringSchema,
        response: { 200: { type: 'array', items: ansMessageSchema }, 400: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const group = await groupOf(request);
      const query = parseListQuery<AnsMessageFilter, (typeof ANS_MESSAGE_SORT_FIELDS)[number]>(request.query, {
        sortFields: ANS_MESSAGE_SORT_FIELDS,
        validateFilter: validateMessageFilter,
      });
      const { rows, total } = await messages.list(group, query.filter, query);
      reply.header('Content-Range', contentRange('ansMessages', query.offset, rows.length, total));
      return rows;
    },
  );

  app.get(
    '/ansMessages/export',
    {
      config: { access: { resource: 'ansMessages', action: 'export' } },
      schema: {
        tags,
        summary: 'The messages the filter keeps, as CSV (columns in the language of Accept-Language; audited)',
        querystring: exportQuerystring,
        produces: ['text/csv'],
        response: { 200: { description: 'The CSV', type: 'string' }, 400: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const group = await groupOf(request);
      const filter = (parseJson('filter', request.query.filter) ?? {}) as AnsMessageFilter;
      if (!validateMessageFilter(filter)) throw new HttpError(400, 'errors.badQuery', { parameter: 'filter' });
      const t = request.t;
      await audit(request, 'ansMessages.exported', 'account_group', group, { filter });
      const cells = (message: AnsMessage) => [
        message.takenAt,
        message.callerName,
        message.callerNumber,
        message.siteNum ?? '',
        message.siteName ?? '',
        t(`ansService.kinds.${message.kind}`),
        message.text,
        message.deliveredTo ?? '',
        t(`ansService.statuses.${message.status}`),
        message.handledAt ?? '',
        message.handledBy ?? '',
      ];
      const batches = messages.batches(group, filter);
      async function* csv() {
        yield `\uFEFF${stringify([CSV_COLUMNS.map((c) => t(`ansService.messages.columns.${c}`))], { escape_formulas: true })}`;
        for await (const batch of batches) yield stringify(batch.map(cells), { escape_formulas: true });
      }
      const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="ans-messages-${group}-${day}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(Readable.from(csv(), { objectMode: true, highWaterMark: 1 }) as unknown as string);
    },
  );

  app.get(
    '/ansMessages/:id',
    {
      config: { access: { resource: 'ansMessages', action: 'show' } },
      schema: { tags, summary: 'One message', params: idParams, response: { 200: ansMessageSchema, ...errors } },
    },
    async (request) => {
      const message = await messages.get(await groupOf(request), request.params.id);
      if (!message) throw notFound();
      return message;
    },
  );

  app.put(
    '/ansMessages/:id',
    {
      config: { access: { resource: 'ansMessages', action: 'edit' } },
      schema: {
        tags,
        summary: 'Mark a message handled (or open it again); audited',
        params: idParams,
        body: ansMessageUpdateSchema,
        response: { 200: ansMessageSchema, 400: validationErrorSchema, ...errors },
      },
    },
    async (request) => {
      const group = await groupOf(request);
      const before = await messages.get(group, request.params.id);
      if (!before) throw notFound();
      await messages.setStatus(group, before.id, request.body.status, request.auth!.user.user_id);
      const after = (await messages.get(group, before.id))!;
      await audit(request, request.body.status === 'handled' ? 'ansMessage.handled' : 'ansMessage.updated', 'ans_message', after.id, {
        before: { status: before.status },
        after: { status: after.status },
      });
      return after;
    },
  );
}
