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
  type AnsMessageUpdate,
} from '../../../schemas/ansService.js';
import { errorSchema } from '../../../schemas/shared.js';
import { compileCached } from '../../common/validation.js';
import { HttpError } from '../http/errors.js';
import { parseJson } from '../http/simpleRest.js';
import { simpleRestRoutes } from '../http/simpleRestRoutes.js';
import { ansMessagesRepository } from './ansMessagesRepository.js';
import { ansContext, errors, tags } from './ansShared.js';

type AnsMessageSortField = (typeof ANS_MESSAGE_SORT_FIELDS)[number];

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
      const group = groupOf(request);
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

  await simpleRestRoutes<AnsMessage, AnsMessageFilter, AnsMessageSortField, never, AnsMessageUpdate>(app, {
    path: 'ansMessages',
    resource: 'ansMessages',
    tags,
    record: ansMessageSchema,
    filter: ansMessageFilterSchema,
    sortFields: ANS_MESSAGE_SORT_FIELDS,
    summaries: {
      list: 'Messages taken for the group, newest first (filter: status, kind, q, from, to, id; sort takenAt/callerName/kind/status/id)',
      one: 'One message',
    },
    list: (query, request) => messages.list(groupOf(request), query),
    one: (id, request) => messages.get(groupOf(request), Number(id)),
    update: {
      summary: 'Mark a message handled (or open it again); audited',
      body: ansMessageUpdateSchema,
      handler: async (id, { status }, request) => {
        const group = groupOf(request);
        const before = await messages.get(group, Number(id));
        if (!before) return undefined;
        await messages.setStatus(group, before.id, status, request.auth!.user.user_id);
        const after = (await messages.get(group, before.id))!;
        await audit(request, status === 'handled' ? 'ansMessage.handled' : 'ansMessage.updated', 'ans_message', after.id, {
          before: { status: before.status },
          after: { status: after.status },
        });
        return after;
      },
    },
  });
}
