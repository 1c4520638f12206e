import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  REPORT_FORMATS,
  REPORT_IDS,
  REPORT_PARAMETER_SCHEMAS,
  REPORT_PARAMETER_UI,
  REPORT_RUN_SORT_FIELDS,
  reportDefinitionSchema,
  reportRunFilterSchema,
  reportRunInputSchema,
  reportRunSchema,
  type ReportDefinition,
  type ReportRun,
  type ReportRunFilter,
  type ReportRunInput,
} from '../../../schemas/reports.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { pickLanguage } from '../../common/i18n.js';
import { HttpError } from '../http/errors.js';
import { idParams, simpleRestRoutes } from '../http/simpleRestRoutes.js';
import { ownRowsRoutes } from './ownRows.js';
import { reportFiles } from './reportFiles.js';
import { reportParameterChecker } from './reportParameters.js';
import { reportRunsRepository, toReportRun, type RunRow } from './reportRunsRepository.js';

type RunSortField = (typeof REPORT_RUN_SORT_FIELDS)[number];
const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema };
const NOT_FOUND = 'reports.errors.notFound';

/** The catalogue (GET /api/reports): every report, its formats, its parameter schema and form hints. */
const REPORT_CATALOGUE: ReportDefinition[] = REPORT_IDS.map((id) => ({
  id,
  formats: [...REPORT_FORMATS],
  parameters: REPORT_PARAMETER_SCHEMAS[id] as unknown as Record<string, unknown>,
  ui: REPORT_PARAMETER_UI[id] as unknown as Record<string, unknown>,
}));

/** Content-Disposition for a stored file name (ASCII, made by reportFileName). */
const attachment = (fileName: string) => `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`;

/**
 * /api/reports (the catalogue) and /api/reportRuns: the user's
 * runs in ra-data-simple-rest conventions. POST queues a run (app.reports,
 * reportJobs.ts) after checking its parameters; cancel, re-run, delete and
 * the file download act on the user's own runs only (another user's run
 * answers 404, as a missing one). Every write and download is audited.
 */
export async function reportRunsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const runs = reportRunsRepository(app.db);
  const files = reportFiles(app.db);
  const checker = reportParameterChecker(app.db);
  const tags = ['reports'];

  const ownRun = async (userId: number, runId: number): Promise<RunRow> => {
    const run = await runs.get(userId, runId);
    if (!run) throw new HttpError(404, NOT_FOUND);
    return run;
  };

  app.get(
    '/reports',
    {
      config: { access: { resource: 'reports', action: 'list' } },
      schema: {
        tags,
        summary: 'The report catalogue: each report with the JSON Schema of its parameters (the run form is generated from it)',
        response: { 200: { type: 'array', items: reportDefinitionSchema }, ...errors },
      },
    },
    async () => REPORT_CATALOGUE,
  );

  await simpleRestRoutes<ReportRun, ReportRunFilter, RunSortField, ReportRunInput>(app, {
    path: 'reportRuns',
    resource: 'reportRuns',
    tags,
    record: reportRunSchema,
    filter: reportRunFilterSchema,
    sortFields: REPORT_RUN_SORT_FIELDS,
    notFound: NOT_FOUND,
    summaries: {
      list: 'My report runs (simple-rest: sort, range, filter status/reportId/id; total in Content-Range)',
      one: 'One of my report runs',
    },
    ...ownRowsRoutes(runs, toReportRun),
    create: {
      summary:
        "Run a report now: queued as a durable job; progress and the end come over /hubs/reports ('reportProgress', 'reportComplete')",
      body: reportRunInputSchema,
      handler: async (input, request) => {
        const user = request.auth!.user;
        const siteGroupNum = user.current_site_group_num;
        if (siteGroupNum === null) throw new HttpError(400, 'reports.errors.noGroup');
        const { reportId, format } = input;
        const timeZone = input.timeZone ?? 'UTC';
        const parameters = await checker.check(reportId, input.parameters, timeZone, siteGroupNum);
        const runId = await app.reports.enqueue({
          userId: user.user_id,
          siteGroupNum,
          reportId,
          format,
          parameters,
          timeZone,
          language: pickLanguage(request.headers['accept-language']),
        });
        await app.audit(request, {
          action: 'reportRun.requested',
          targetType: 'report_run',
          targetId: runId,
          details: { reportId, format, parameters, timeZone },
        });
        return toReportRun(await ownRun(user.user_id, runId));
      },
    },
    delete: {
      summary: 'Delete a run with its file and emailed links (a running one is cancelled first)',
      handler: async (id, request) => {
        const userId = request.auth!.user.user_id;
        const before = await runs.get(userId, Number(id));
        if (!before) return undefined;
        if (before.status === 'running') await runs.cancel(userId, before.report_run_id, app.reportRunner.staleBefore());
        const removed = await runs.remove(userId, before.report_run_id);
        if (!removed) return undefined;
        await app.audit(request, {
          action: 'reportRun.deleted',
          targetType: 'report_run',
          targetId: removed.report_run_id,
          details: { reportId: removed.report_id, status: removed.status },
        });
        return toReportRun(removed);
      },
    },
  });

  app.post(
    '/reportRuns/:id/rerun',
    {
      config: { access: { resource: 'reportRuns', action: 'create' } },
      schema: {
        tags,
        summary: 'Run the same report with the same parameters again (a new run; relative periods are read anew)',
        params: idParams,
        response: { 201: reportRunSchema, 400: validationErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = request.auth!.user;
      const previous = await ownRun(user.user_id, request.params.id);
      const siteGroupNum = previous.site_group_num;
      if (siteGroupNum === null || !(await runs.inGroup(user.user_id, siteGroupNum)))
        throw new HttpError(400, 'reports.errors.groupRemoved');
      const reportId = previous.report_id as (typeof REPORT_IDS)[number];
      const parameters = await checker.check(reportId, previous.parameters, previous.time_zone, siteGroupNum);
      const runId = await app.reports.enqueue({
        userId: user.user_id,
        siteGroupNum,
        reportId,
        format: previous.format,
        parameters,
        timeZone: previous.time_zone,
        language: pickLanguage(request.headers['accept-language']),
      });
      await app.audit(request, {
        action: 'reportRun.requested',
        targetType: 'report_run',
        targetId: runId,
        details: { reportId, format: previous.format, parameters, rerunOf: previous.report_run_id },
      });
      reply.code(201);
      return toReportRun(await ownRun(user.user_id, runId));
    },
  );

  app.post(
    '/reportRuns/:id/cancel',
    {
      config: { access: { resource: 'reportRuns', action: 'edit' } },
      schema: {
        tags,
        summary: 'Cancel a queued or running run (a running one stops within seconds)',
        params: idParams,
        response: { 200: reportRunSchema, 409: errorSchema, ...errors },
      },
    },
    async (request) => {
      const userId = request.auth!.user.user_id;
      const before = await ownRun(userId, request.params.id);
      if (before.status !== 'queued' && before.status !== 'running') throw new HttpError(409, 'reports.errors.cannotCancel');
      const run = await runs.cancel(userId, before.report_run_id, app.reportRunner.staleBefore());
      if (!run) throw new HttpError(404, NOT_FOUND);
      if (run.status === 'cancelled') await files.remove(run.report_run_id);
      await app.audit(request, {
        action: 'reportRun.cancelled',
        targetType: 'report_run',
        targetId: run.report_run_id,
        details: { was: before.status },
      });
      return toReportRun(run);
    },
  );

  app.get(
    '/reportRuns/:id/file',
    {
      config: { access: { resource: 'reportRuns', action: 'export' } },
      schema: {
        tags,
        summary: "Download a done run's file (streamed)",
        params: idParams,
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/pdf'],
        response: { 200: { description: 'The file', type: 'string' }, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const run = await ownRun(request.auth!.user.user_id, request.params.id);
      if (run.status !== 'done' || !run.file_name || !run.content_type) throw new HttpError(409, 'reports.errors.notReady');
      await app.audit(request, {
        action: 'reportRun.downloaded',
        targetType: 'report_run',
        targetId: run.report_run_id,
        details: { via: 'inbox' },
      });
      reply
        .header('Content-Type', run.content_type)
        .header('Content-Disposition', attachment(run.file_name))
        .header('Cache-Control', 'no-store');
      if (run.size_bytes !== null) reply.header('Content-Length', String(run.size_bytes));
      return reply.send(files.reader(run.report_run_id) as unknown as string);
    },
  );
}
