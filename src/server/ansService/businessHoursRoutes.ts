import type { FastifyInstance } from 'fastify';
import {
  businessHoursInputSchema,
  businessHoursSchema,
  hoursExceptionFilterSchema,
  hoursExceptionInputSchema,
  hoursExceptionSchema,
  type HoursExceptionInput,
} from '../../../schemas/ansService.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { exceptionProblem } from '../../common/ansService.js';
import { isTimeZone } from '../../common/timeZone.js';
import { compileCached } from '../../common/validation.js';
import { contentRange, listQuerystringSchema, parseListQuery } from '../http/simpleRest.js';
import { businessHoursRepository } from './businessHoursRepository.js';
import { ansContext, errors, fixedOrder, idParams, invalid, notFound, tags } from './ansShared.js';

/** The week's business hours and dated exceptions (/ans-service/business-hours and temp-business-hours), in the group's zone. */
export async function businessHoursRoutes(parent: FastifyInstance) {
  const { app, groupOf, audit } = ansContext(parent);
  const hours = businessHoursRepository(app.db);
  const validateExceptionFilter = compileCached(hoursExceptionFilterSchema);

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
    async (request) => hours.week(await groupOf(request)),
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
      const before = await hours.week(group);
      await hours.saveWeek(group, timeZone, days);
      const after = await hours.week(group);
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
      const all = await hours.listExceptions(group, query.filter);
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
      const exception = await hours.getException(await groupOf(request), request.params.id);
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
      const after = await hours.createException(group, request.body);
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
      const before = await hours.getException(group, request.params.id);
      if (!before) throw notFound();
      checkException(request.body);
      const after = (await hours.updateException(group, before.id, request.body))!;
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
      const before = await hours.removeException(await groupOf(request), request.params.id);
      if (!before) throw notFound();
      await audit(request, 'hoursException.deleted', 'ans_hours_exception', before.id, { before });
      return before;
    },
  );
}
