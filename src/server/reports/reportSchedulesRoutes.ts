import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  REPORT_SCHEDULE_SORT_FIELDS,
  reportScheduleFilterSchema,
  reportScheduleInputSchema,
  reportScheduleSchema,
  type ReportSchedule,
  type ReportScheduleFilter,
  type ReportScheduleInput,
} from '../../../schemas/reports.js';
import { pickLanguage } from '../../common/i18n.js';
import { HttpError } from '../http/errors.js';
import { simpleRestRoutes } from '../http/simpleRestRoutes.js';
import { ownRowsRoutes } from './ownRows.js';
import { reportParameterChecker } from './reportParameters.js';
import { reportSchedulesRepository, toReportSchedule, type ScheduleValues } from './reportSchedulesRepository.js';

type ScheduleSortField = (typeof REPORT_SCHEDULE_SORT_FIELDS)[number];
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

  const audited = (request: FastifyRequest, verb: 'created' | 'updated' | 'deleted', id: number, details: Record<string, unknown>) =>
    app.audit(request, { action: `reportSchedule.${verb}`, targetType: 'report_schedule', targetId: id, details });

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

  await simpleRestRoutes<ReportSchedule, ReportScheduleFilter, ScheduleSortField, ReportScheduleInput>(app, {
    path: 'reportSchedules',
    resource: 'reportSchedules',
    tags,
    record: reportScheduleSchema,
    filter: reportScheduleFilterSchema,
    sortFields: REPORT_SCHEDULE_SORT_FIELDS,
    notFound: NOT_FOUND,
    summaries: {
      list: 'My scheduled reports (simple-rest: sort name/nextRunAt/createdAt/id, range, filter id; total in Content-Range)',
      one: 'One of my scheduled reports',
    },
    ...ownRowsRoutes(schedules, toReportSchedule),
    create: {
      summary: 'Schedule a report: daily, weekly or monthly at a local time; each run emails its recipients a download link',
      body: reportScheduleInputSchema,
      handler: async (input, request) => {
        const user = request.auth!.user;
        if (user.current_site_group_num === null) throw new HttpError(400, 'reports.errors.noGroup');
        const row = await schedules.create(
          user.user_id,
          user.current_site_group_num,
          await values(request, input, user.current_site_group_num),
        );
        const after = toReportSchedule(row);
        await audited(request, 'created', row.schedule_id, { after });
        return after;
      },
    },
    update: {
      summary: 'Change a scheduled report (its next run is worked out again)',
      body: reportScheduleInputSchema,
      handler: async (id, input, request) => {
        const userId = request.auth!.user.user_id;
        const current = await schedules.get(userId, Number(id));
        if (!current || current.site_group_num === null) return undefined;
        const row = await schedules.update(userId, current.schedule_id, await values(request, input, current.site_group_num));
        if (!row) return undefined;
        const after = toReportSchedule(row);
        await audited(request, 'updated', row.schedule_id, { before: toReportSchedule(current), after });
        return after;
      },
    },
    delete: {
      summary: 'Delete a scheduled report (reports it already made stay in the inbox)',
      handler: async (id, request) => {
        const removed = await schedules.remove(request.auth!.user.user_id, Number(id));
        if (!removed) return undefined;
        const before = toReportSchedule(removed);
        await audited(request, 'deleted', removed.schedule_id, { before });
        return before;
      },
    },
  });
}
