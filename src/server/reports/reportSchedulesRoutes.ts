import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  REPORT_SCHEDULE_SORT_FIELDS,
  reportScheduleInputSchema,
  reportScheduleSchema,
  type ReportScheduleInput,
} from '../../../schemas/reports.js';
import { errorSchema, INT4_MAX, validationErrorSchema } from '../../../schemas/shared.js';
import { pickLanguage } from '../../common/i18n.js';
import { compileCached } from '../../common/validation.js';
import { HttpError } from '../http/errors.js';
import { contentRange, listQuerystringSchema, parseListQuery } from '../http/simpleRest.js';
import { reportParameterChecker } from './reportParameters.js';
import { reportSchedulesRepository, toReportSchedule, type ScheduleValues } from './reportSchedulesRepository.js';

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: INT4_MAX } } } as const;
const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema };
const NOT_FOUND = 'reports.errors.scheduleNotFound';

/**
 * /api/reportSchedules: the user's scheduled reports in
 * ra-data-simple-rest conventions. A schedule's parameters are checked as a
 * run's are (reportParameters.ts) in the account group selected when it is
 * made; it runs in that group. Another user's schedule answers 404, as a
 * missing one. Every write is audited with what it was and what it became.
 */
export async function reportSchedulesRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const schedules = reportSchedulesRepository(app.db);
  const checker = reportParameterChecker(app.db);
  const tags = ['reports'];
  // Schedules take no filter: an empty object only.
  const noFilter = compileCached({ type: 'object', additionalProperties: false, properties: {} });

  async function values(request: FastifyRequest, body: ReportScheduleInput, siteGroupNum: number): Promise<ScheduleValues> {
    const parameters = await checker.check(body.reportId, body.parameters, body.timeZone, siteGroupNum);
    return {
      ...body,
      parameters,
      weekday: body.weekday ?? null,
      monthDay: body.monthDay ?? null,
      language: pickLanguage(request.headers['accept-language']),
    };
  }

  app.get(
    '/reportSchedules',
    {
      config: { access: { resource: 'reportSchedules', action: 'list' } },
      schema: {
        tags,
        summary: 'My scheduled reports (simple-rest: sort name/nextRunAt/createdAt, range; total in Content-Range)',
        querystring: listQuerystringSchema,
        response: { 200: { type: 'array', items: reportScheduleSchema }, 400: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const query = parseListQuery<Record<string, never>, (typeof REPORT_SCHEDULE_SORT_FIELDS)[number]>(request.query, {
        sortFields: REPORT_SCHEDULE_SORT_FIELDS,
        validateFilter: noFilter,
      });
      const { items, total } = await schedules.list(request.auth!.user.user_id, query);
      reply.header('Content-Range', contentRange('reportSchedules', query.offset, items.length, total));
      return items;
    },
  );

  app.get(
    '/reportSchedules/:id',
    {
      config: { access: { resource: 'reportSchedules', action: 'show' } },
      schema: { tags, summary: 'One of my scheduled reports', params: idParams, response: { 200: reportScheduleSchema, ...errors } },
    },
    async (request) => {
      const row = await schedules.get(request.auth!.user.user_id, request.params.id);
      if (!row) throw new HttpError(404, NOT_FOUND);
      return toReportSchedule(row);
    },
  );

  app.post(
    '/reportSchedules',
    {
      config: { access: { resource: 'reportSchedules', action: 'create' } },
      schema: {
        tags,
        summary: 'Schedule a report: daily, weekly or monthly at a local time; each run emails its recipients a download link',
        body: reportScheduleInputSchema,
        response: { 201: reportScheduleSchema, 400: validationErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = request.auth!.user;
      if (user.current_site_group_num === null) throw new HttpError(400, 'reports.errors.noGroup');
      const row = await schedules.create(
        user.user_id,
        user.current_site_group_num,
        await values(request, request.body, user.current_site_group_num),
      );
      const after = toReportSchedule(row);
      await app.audit(request, {
        action: 'reportSchedule.created',
        targetType: 'report_schedule',
        targetId: row.schedule_id,
        details: { after },
      });
      reply.code(201);
      return after;
    },
  );

  app.put(
    '/reportSchedules/:id',
    {
      config: { access: { resource: 'reportSchedules', action: 'edit' } },
      schema: {
        tags,
        summary: 'Change a scheduled report (its next run is worked out again)',
        params: idParams,
        body: reportScheduleInputSchema,
        response: { 200: reportScheduleSchema, 400: validationErrorSchema, ...errors },
      },
    },
    async (request) => {
      const userId = request.auth!.user.user_id;
      const current = await schedules.get(userId, request.params.id);
      if (!current || current.site_group_num === null) throw new HttpError(404, NOT_FOUND);
      const row = await schedules.update(userId, current.schedule_id, await values(request, request.body, current.site_group_num));
      if (!row) throw new HttpError(404, NOT_FOUND);
      const after = toReportSchedule(row);
      await app.audit(request, {
        action: 'reportSchedule.updated',
        targetType: 'report_schedule',
        targetId: row.schedule_id,
        details: { before: toReportSchedule(current), after },
      });
      return after;
    },
  );

  app.delete(
    '/reportSchedules/:id',
    {
      config: { access: { resource: 'reportSchedules', action: 'delete' } },
      schema: {
        tags,
        summary: 'Delete a scheduled report (reports it already made stay in the inbox)',
        params: idParams,
        response: { 200: reportScheduleSchema, ...errors },
      },
    },
    async (request) => {
      const removed = await schedules.remove(request.auth!.user.user_id, request.params.id);
      if (!removed) throw new HttpError(404, NOT_FOUND);
      const before = toReportSchedule(removed);
      await app.audit(request, {
        action: 'reportSchedule.deleted',
        targetType: 'report_schedule',
        targetId: removed.schedule_id,
        details: { before },
      });
      return before;
    },
  );
}
