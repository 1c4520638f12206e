import { Readable } from 'node:stream';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ANS_MESSAGE_SORT_FIELDS,
  ansMessageFilterSchema,
  ansMessageSchema,
  ansMessageUpdateSchema,
  autoNotifyFilterSchema,
  autoNotifyInputSchema,
  autoNotifySchema,
  autoNotifyTestResultSchema,
  businessHoursInputSchema,
  businessHoursSchema,
  hoursExceptionFilterSchema,
  hoursExceptionInputSchema,
  hoursExceptionSchema,
  onCallFilterSchema,
  onCallInputSchema,
  onCallSchema,
  type AnsMessage,
  type AnsMessageFilter,
  type AutoNotifyInput,
  type HoursExceptionInput,
  type OnCallInput,
} from '../../../schemas/ansService.js';
import { errorSchema, INT4_MAX, validationErrorSchema } from '../../../schemas/shared.js';
import { exceptionProblem, findGapsAndConflicts, mondayOf, onCallTimeProblem, weekRange } from '../../common/ansService.js';
import { isTimeZone } from '../../common/timeZone.js';
import { createAjv } from '../../common/validation.js';
import { HttpError } from '../http/errors.js';
import { contentRange, listQuerystringSchema, parseJson, parseListQuery } from '../http/simpleRest.js';
import { ansServiceRepository } from './ansServiceRepository.js';

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: INT4_MAX } } } as const;
const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['answering service'];
const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;
const PHONE = /^\+?[0-9 ().-]{7,20}$/;

const notFound = () => new HttpError(404, 'errors.notFound');
const invalid = (fields: Record<string, string>) => new HttpError(400, 'validation.invalidForm', {}, fields);
/** The rota, rules and exceptions keep one order (by start, name, date): react-admin's sort is not read. */
const fixedOrder = (query: { sort?: string; range?: string; filter?: string }) => ({ ...query, sort: undefined });
const exportQuerystring = { type: 'object', properties: { filter: { type: 'string', maxLength: 20000 } } } as const;
const findingsQuerystring = {
  type: 'object',
  properties: { week: { type: 'string', format: 'date' } },
} as const;
const findingsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['from', 'to', 'timeZone', 'gaps', 'conflicts'],
  properties: {
    from: { type: 'string', format: 'date-time' },
    to: { type: 'string', format: 'date-time' },
    timeZone: { type: 'string' },
    gaps: {
      type: 'array',
      items: {
        type: 'object',
        required: ['start', 'end'],
        properties: { start: { type: 'string', format: 'date-time' }, end: { type: 'string', format: 'date-time' } },
      },
    },
    conflicts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['start', 'end', 'entryIds'],
        properties: {
          start: { type: 'string', format: 'date-time' },
          end: { type: 'string', format: 'date-time' },
          entryIds: { type: 'array', items: { type: 'integer' } },
        },
      },
    },
  },
} as const;

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

/**
 * The answering service (issue 15, SPEC §2 /ans-service/*): /api/ansMessages, /api/onCall,
 * /api/autoNotify and /api/businessHours (with /api/businessHours/exceptions), in
 * ra-data-simple-rest conventions. Access: the table's ansMessages, onCall, autoNotify and
 * businessHours entries (§6 level8, ansServiceBlockFlag and a group that has the service), checked
 * by the guard; the scope (the user's selected account group, still theirs) by the repository, so
 * another group's record answers 404 as a missing one. Every write is audited.
 */
export async function ansServiceRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const repo = ansServiceRepository(app.db);
  const ajv = createAjv();
  const validateMessageFilter = ajv.compile(ansMessageFilterSchema);
  const validateOnCallFilter = ajv.compile(onCallFilterSchema);
  const validateRuleFilter = ajv.compile(autoNotifyFilterSchema);
  const validateExceptionFilter = ajv.compile(hoursExceptionFilterSchema);

  /** The user's account group (403 when none is selected or it is no longer theirs). */
  async function groupOf(request: FastifyRequest): Promise<number> {
    const group = await repo.groupOf(request.auth!.user);
    if (group === null) throw new HttpError(403, 'errors.forbidden');
    return group;
  }

  const audit = (
    request: FastifyRequest,
    action: string,
    targetType: string,
    targetId: number | string,
    details: Record<string, unknown>,
  ) => app.audit(request, { action, targetType, targetId, details });

  // Messages

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
      const { rows, total } = await repo.listMessages(group, query.filter, query);
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
      const batches = repo.messageBatches(group, filter);
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
      const message = await repo.getMessage(await groupOf(request), request.params.id);
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
      const before = await repo.getMessage(group, request.params.id);
      if (!before) throw notFound();
      await repo.setMessageStatus(group, before.id, request.body.status, request.auth!.user.user_id);
      const after = (await repo.getMessage(group, before.id))!;
      await audit(request, request.body.status === 'handled' ? 'ansMessage.handled' : 'ansMessage.updated', 'ans_message', after.id, {
        before: { status: before.status },
        after: { status: after.status },
      });
      return after;
    },
  );

  // On call

  function checkOnCall(body: OnCallInput) {
    const problem = onCallTimeProblem(body);
    if (problem) throw invalid({ endsAt: `ansService.errors.${problem}` });
    const bad = body.contactMethods.findIndex((m) => (m.type === 'email' ? !EMAIL.test(m.value.trim()) : !PHONE.test(m.value.trim())));
    if (bad >= 0) throw invalid({ [`contactMethods.${bad}.value`]: 'ansService.errors.contactValue' });
  }

  app.get(
    '/onCall',
    {
      config: { access: { resource: 'onCall', action: 'list' } },
      schema: {
        tags,
        summary: 'The on-call rota, by start (filter: q, id)',
        querystring: listQuerystringSchema,
        response: { 200: { type: 'array', items: onCallSchema }, 400: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const group = await groupOf(request);
      const query = parseListQuery<{ q?: string; id?: number[] }, never>(fixedOrder(request.query), {
        sortFields: [],
        validateFilter: validateOnCallFilter,
      });
      const all = await repo.listOnCall(group, query.filter);
      const rows = all.slice(query.offset, query.offset + query.limit);
      reply.header('Content-Range', contentRange('onCall', query.offset, rows.length, all.length));
      return rows;
    },
  );

  app.get(
    '/onCall/findings',
    {
      config: { access: { resource: 'onCall', action: 'list' } },
      schema: {
        tags,
        summary: "Gaps and conflicts of the rota over a week (week: its Monday, 'yyyy-MM-dd'; default this week) in the group's zone",
        querystring: findingsQuerystring,
        response: { 200: findingsSchema, ...errors },
      },
    },
    async (request) => {
      const group = await groupOf(request);
      const timeZone = await repo.timeZone(group);
      const { from, to } = weekRange(request.query.week ?? mondayOf(new Date(), timeZone), timeZone);
      const entries = await repo.listOnCall(group, {});
      const { gaps, conflicts } = findGapsAndConflicts(entries, from, to, timeZone);
      const out = (d: Date) => d.toISOString();
      return {
        from: out(from),
        to: out(to),
        timeZone,
        gaps: gaps.map((g) => ({ start: out(g.start), end: out(g.end) })),
        conflicts: conflicts.map((c) => ({ start: out(c.start), end: out(c.end), entryIds: c.entryIds })),
      };
    },
  );

  app.get(
    '/onCall/:id',
    {
      config: { access: { resource: 'onCall', action: 'show' } },
      schema: { tags, summary: 'One on-call entry', params: idParams, response: { 200: onCallSchema, ...errors } },
    },
    async (request) => {
      const entry = await repo.getOnCall(await groupOf(request), request.params.id);
      if (!entry) throw notFound();
      return entry;
    },
  );

  app.post(
    '/onCall',
    {
      config: { access: { resource: 'onCall', action: 'create' } },
      schema: {
        tags,
        summary: 'Add an on-call entry; audited',
        body: onCallInputSchema,
        response: { 201: onCallSchema, 400: validationErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const group = await groupOf(request);
      checkOnCall(request.body);
      const after = await repo.createOnCall(group, request.body);
      await audit(request, 'onCall.created', 'ans_on_call', after.id, { after });
      reply.code(201);
      return after;
    },
  );

  app.put(
    '/onCall/:id',
    {
      config: { access: { resource: 'onCall', action: 'edit' } },
      schema: {
        tags,
        summary: 'Change an on-call entry; audited',
        params: idParams,
        body: onCallInputSchema,
        response: { 200: onCallSchema, 400: validationErrorSchema, ...errors },
      },
    },
    async (request) => {
      const group = await groupOf(request);
      const before = await repo.getOnCall(group, request.params.id);
      if (!before) throw notFound();
      checkOnCall(request.body);
      const after = (await repo.updateOnCall(group, before.id, request.body))!;
      await audit(request, 'onCall.updated', 'ans_on_call', after.id, { before, after });
      return after;
    },
  );

  app.delete(
    '/onCall/:id',
    {
      config: { access: { resource: 'onCall', action: 'delete' } },
      schema: { tags, summary: 'Remove an on-call entry; audited', params: idParams, response: { 200: onCallSchema, ...errors } },
    },
    async (request) => {
      const before = await repo.removeOnCall(await groupOf(request), request.params.id);
      if (!before) throw notFound();
      await audit(request, 'onCall.deleted', 'ans_on_call', before.id, { before });
      return before;
    },
  );

  // Auto-notify

  async function checkRule(group: number, body: AutoNotifyInput) {
    const destination = body.destination.trim();
    if (body.channel === 'email' ? !EMAIL.test(destination) : !PHONE.test(destination)) {
      throw invalid({ destination: `ansService.errors.${body.channel === 'email' ? 'email' : 'phone'}` });
    }
    if ((await repo.foreignSites(group, body.siteNums)).length) throw invalid({ siteNums: 'ansService.errors.foreignSite' });
  }

  app.get(
    '/autoNotify',
    {
      config: { access: { resource: 'autoNotify', action: 'list' } },
      schema: {
        tags,
        summary: 'Auto-notify rules, by name (filter: kind, id)',
        querystring: listQuerystringSchema,
        response: { 200: { type: 'array', items: autoNotifySchema }, 400: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const group = await groupOf(request);
      const query = parseListQuery<{ kind?: string; id?: number[] }, never>(fixedOrder(request.query), {
        sortFields: [],
        validateFilter: validateRuleFilter,
      });
      const all = await repo.listRules(group, query.filter);
      const rows = all.slice(query.offset, query.offset + query.limit);
      reply.header('Content-Range', contentRange('autoNotify', query.offset, rows.length, all.length));
      return rows;
    },
  );

  app.get(
    '/autoNotify/:id',
    {
      config: { access: { resource: 'autoNotify', action: 'show' } },
      schema: { tags, summary: 'One auto-notify rule', params: idParams, response: { 200: autoNotifySchema, ...errors } },
    },
    async (request) => {
      const rule = await repo.getRule(await groupOf(request), request.params.id);
      if (!rule) throw notFound();
      return rule;
    },
  );

  app.post(
    '/autoNotify',
    {
      config: { access: { resource: 'autoNotify', action: 'create' } },
      schema: {
        tags,
        summary: 'Add an auto-notify rule (accounts of the group only); audited',
        body: autoNotifyInputSchema,
        response: { 201: autoNotifySchema, 400: validationErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const group = await groupOf(request);
      await checkRule(group, request.body);
      const after = await repo.createRule(group, request.body);
      await audit(request, 'autoNotify.created', 'ans_auto_notify', after.id, { after });
      reply.code(201);
      return after;
    },
  );

  app.put(
    '/autoNotify/:id',
    {
      config: { access: { resource: 'autoNotify', action: 'edit' } },
      schema: {
        tags,
        summary: 'Change an auto-notify rule; audited',
        params: idParams,
        body: autoNotifyInputSchema,
        response: { 200: autoNotifySchema, 400: validationErrorSchema, ...errors },
      },
    },
    async (request) => {
      const group = await groupOf(request);
      const before = await repo.getRule(group, request.params.id);
      if (!before) throw notFound();
      await checkRule(group, request.body);
      const after = (await repo.updateRule(group, before.id, request.body))!;
      await audit(request, 'autoNotify.updated', 'ans_auto_notify', after.id, { before, after });
      return after;
    },
  );

  app.delete(
    '/autoNotify/:id',
    {
      config: { access: { resource: 'autoNotify', action: 'delete' } },
      schema: { tags, summary: 'Remove an auto-notify rule; audited', params: idParams, response: { 200: autoNotifySchema, ...errors } },
    },
    async (request) => {
      const before = await repo.removeRule(await groupOf(request), request.params.id);
      if (!before) throw notFound();
      await audit(request, 'autoNotify.deleted', 'ans_auto_notify', before.id, { before });
      return before;
    },
  );

  app.post(
    '/autoNotify/:id/test',
    {
      config: { access: { resource: 'autoNotify', action: 'edit' } },
      schema: {
        tags,
        summary: "Send a test notification through the real mail or text path (app.outbox) to the rule's person; audited",
        params: idParams,
        response: { 200: autoNotifyTestResultSchema, ...errors },
      },
    },
    async (request) => {
      const group = await groupOf(request);
      const rule = await repo.getRule(group, request.params.id);
      if (!rule) throw notFound();
      const t = request.t;
      const text = t('ansService.autoNotify.testText', {
        rule: rule.name,
        person: rule.personName,
        kind: t(`ansService.kinds.${rule.kind}`),
      });
      const result =
        rule.channel === 'email'
          ? await app.outbox.sendEmail({ to: rule.destination, subject: t('ansService.autoNotify.testSubject', { rule: rule.name }), text })
          : await app.outbox.sendText({ to: rule.destination, text });
      await repo.markRuleTested(group, rule.id);
      await audit(request, 'autoNotify.tested', 'ans_auto_notify', rule.id, {
        channel: rule.channel,
        messageId: result.messageId,
        status: result.status,
      });
      return { messageId: result.messageId, status: result.status };
    },
  );

  // Business hours

  app.get(
    '/businessHours',
    {
      config: { access: { resource: 'businessHours', action: 'show' } },
      schema: {
        tags,
        summary: "The week's hours in the group's time zone, and whether the office is open now",
        response: { 200: businessHoursSchema, ...errors },
      },
    },
    async (request) => repo.businessHours(await groupOf(request)),
  );

  app.put(
    '/businessHours',
    {
      config: { access: { resource: 'businessHours', action: 'edit' } },
      schema: {
        tags,
        summary: "Set the week's hours and the time zone; audited",
        body: businessHoursInputSchema,
        response: { 200: businessHoursSchema, 400: validationErrorSchema, ...errors },
      },
    },
    async (request) => {
      const group = await groupOf(request);
      const { timeZone, days } = request.body;
      if (!isTimeZone(timeZone)) throw invalid({ timeZone: 'ansService.errors.timeZone' });
      if (new Set(days.map((d) => d.dayOfWeek)).size !== 7) throw invalid({ days: 'ansService.errors.days' });
      const before = await repo.businessHours(group);
      await repo.saveBusinessHours(group, timeZone, days);
      const after = await repo.businessHours(group);
      await audit(request, 'businessHours.updated', 'account_group', group, {
        before: { timeZone: before.timeZone, days: before.days },
        after: { timeZone: after.timeZone, days: after.days },
      });
      return after;
    },
  );

  function checkException(body: HoursExceptionInput) {
    const problem = exceptionProblem(body);
    if (problem === 'endBeforeStart') throw invalid({ endDate: 'ansService.errors.endBeforeStart' });
    if (problem) throw invalid({ [body.opensAt ? 'closesAt' : 'opensAt']: 'ansService.errors.hoursRequired' });
  }

  app.get(
    '/businessHours/exceptions',
    {
      config: { access: { resource: 'businessHours', action: 'list' } },
      schema: {
        tags,
        summary: 'Dated exceptions (holidays, closures, special hours), by date (filter: from = ending on or after, id)',
        querystring: listQuerystringSchema,
        response: { 200: { type: 'array', items: hoursExceptionSchema }, 400: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const group = await groupOf(request);
      const query = parseListQuery<{ from?: string; id?: number[] }, never>(fixedOrder(request.query), {
        sortFields: [],
        validateFilter: validateExceptionFilter,
      });
      const all = await repo.listExceptions(group, query.filter);
      const rows = all.slice(query.offset, query.offset + query.limit);
      reply.header('Content-Range', contentRange('businessHours/exceptions', query.offset, rows.length, all.length));
      return rows;
    },
  );

  app.get(
    '/businessHours/exceptions/:id',
    {
      config: { access: { resource: 'businessHours', action: 'show' } },
      schema: { tags, summary: 'One dated exception', params: idParams, response: { 200: hoursExceptionSchema, ...errors } },
    },
    async (request) => {
      const exception = await repo.getException(await groupOf(request), request.params.id);
      if (!exception) throw notFound();
      return exception;
    },
  );

  app.post(
    '/businessHours/exceptions',
    {
      config: { access: { resource: 'businessHours', action: 'create' } },
      schema: {
        tags,
        summary: 'Add a dated exception; audited',
        body: hoursExceptionInputSchema,
        response: { 201: hoursExceptionSchema, 400: validationErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const group = await groupOf(request);
      checkException(request.body);
      const after = await repo.createException(group, request.body);
      await audit(request, 'hoursException.created', 'ans_hours_exception', after.id, { after });
      reply.code(201);
      return after;
    },
  );

  app.put(
    '/businessHours/exceptions/:id',
    {
      config: { access: { resource: 'businessHours', action: 'edit' } },
      schema: {
        tags,
        summary: 'Change a dated exception; audited',
        params: idParams,
        body: hoursExceptionInputSchema,
        response: { 200: hoursExceptionSchema, 400: validationErrorSchema, ...errors },
      },
    },
    async (request) => {
      const group = await groupOf(request);
      const before = await repo.getException(group, request.params.id);
      if (!before) throw notFound();
      checkException(request.body);
      const after = (await repo.updateException(group, before.id, request.body))!;
      await audit(request, 'hoursException.updated', 'ans_hours_exception', after.id, { before, after });
      return after;
    },
  );

  app.delete(
    '/businessHours/exceptions/:id',
    {
      config: { access: { resource: 'businessHours', action: 'delete' } },
      schema: { tags, summary: 'Remove a dated exception; audited', params: idParams, response: { 200: hoursExceptionSchema, ...errors } },
    },
    async (request) => {
      const before = await repo.removeException(await groupOf(request), request.params.id);
      if (!before) throw notFound();
      await audit(request, 'hoursException.deleted', 'ans_hours_exception', before.id, { before });
      return before;
    },
  );
}
