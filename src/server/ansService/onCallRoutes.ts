import type { FastifyInstance } from 'fastify';
import { onCallFilterSchema, onCallInputSchema, onCallSchema, type OnCallInput } from '../../../schemas/ansService.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { findGapsAndConflicts, mondayOf, onCallTimeProblem, weekRange } from '../../common/ansService.js';
import { compileCached } from '../../common/validation.js';
import { contentRange, listQuerystringSchema, parseListQuery } from '../http/simpleRest.js';
import { businessHoursRepository } from './businessHoursRepository.js';
import { onCallRepository } from './onCallRepository.js';
import { ansContext, EMAIL, errors, fixedOrder, idParams, invalid, notFound, PHONE, tags } from './ansShared.js';

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

/** The on-call rota (/ans-service/on-call): entries, recurring weekly or once, and the week's gaps and conflicts. */
export async function onCallRoutes(parent: FastifyInstance) {
  const { app, groupOf, audit } = ansContext(parent);
  const onCall = onCallRepository(app.db);
  const hours = businessHoursRepository(app.db);
  const validateOnCallFilter = compileCached(onCallFilterSchema);

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
      const all = await onCall.list(group, query.filter);
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
      const timeZone = await hours.timeZone(group);
      const { from, to } = weekRange(request.query.week ?? mondayOf(new Date(), timeZone), timeZone);
      const entries = await onCall.list(group, {});
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
      const entry = await onCall.get(await groupOf(request), request.params.id);
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
      const after = await onCall.create(group, request.body);
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
      const before = await onCall.get(group, request.params.id);
      if (!before) throw notFound();
      checkOnCall(request.body);
      const after = (await onCall.update(group, before.id, request.body))!;
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
      const before = await onCall.remove(await groupOf(request), request.params.id);
      if (!before) throw notFound();
      await audit(request, 'onCall.deleted', 'ans_on_call', before.id, { before });
      return before;
    },
  );
}
