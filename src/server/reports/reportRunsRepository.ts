import { sql, type Selectable } from 'kysely';
import type { REPORT_RUN_SORT_FIELDS, ReportFormat, ReportId, ReportRun, ReportRunFilter } from '../../../schemas/reports.js';
import type { Db } from '../db/database.js';
import { iso, listPage } from '../db/listing.js';
import type { ReportRunsTable } from '../db/schema.js';
import type { ListQuery } from '../http/simpleRest.js';
import { emitWebhookEvent } from '../jobs/webhookEvents.js';

/** Runs are kept this long after they were requested, then deleted with their files and links (retention job). */
export const REPORT_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;

export type RunRow = Selectable<ReportRunsTable>;
type RunSortField = (typeof REPORT_RUN_SORT_FIELDS)[number];

const SORT_COLUMNS = {
  createdAt: 'created_at',
  reportName: 'report_name',
  status: 'status',
  sizeBytes: 'size_bytes',
  id: 'report_run_id',
} as const satisfies Record<RunSortField, keyof ReportRunsTable>;

export function expiresAt(createdAt: Date | string): Date {
  return new Date(new Date(createdAt).getTime() + REPORT_RETENTION_DAYS * DAY_MS);
}

export function toReportRun(row: RunRow): ReportRun {
  return {
    id: row.report_run_id,
    reportId: row.report_id as ReportId,
    reportName: row.report_name,
    format: row.format,
    parameters: row.parameters,
    status: row.status,
    progress: row.progress,
    error: row.error,
    rowCount: row.row_count,
    sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
    fileName: row.file_name,
    attempts: row.attempts,
    scheduleId: row.schedule_id,
    createdAt: iso(row.created_at),
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    expiresAt: expiresAt(row.created_at).toISOString(),
  };
}

export interface NewRun {
  userId: number;
  siteGroupNum: number;
  scheduleId: number | null;
  reportId: ReportId;
  reportName: string;
  format: ReportFormat;
  parameters: Record<string, unknown>;
  timeZone: string;
  language: string;
}

/** What a worker needs to finish a run. */
export interface FinishedFile {
  rowCount: number;
  sizeBytes: number;
  fileName: string;
  contentType: string;
}

/**
 * report_runs (migration 0011): the inbox of each user and the state of the
 * durable job. A user reads and changes only their own runs (every query of
 * the routes names user_id); the worker's queries go by run id and worker id,
 * so a run taken over by another worker is never finished twice.
 */
export function reportRunsRepository(db: Db) {
  return {
    /** A page of the user's runs: newest first unless the list asks for another order. */
    async list(
      userId: number,
      { filter, sort = { field: 'createdAt', order: 'desc' }, offset, limit }: ListQuery<ReportRunFilter, RunSortField>,
    ) {
      let base = db.selectFrom('report_runs').where('user_id', '=', userId);
      if (filter.status) base = base.where('status', '=', filter.status);
      if (filter.reportId) base = base.where('report_id', '=', filter.reportId);
      if (filter.id) base = base.where('report_run_id', 'in', filter.id.length ? filter.id : [0]);
      const page = base.selectAll().orderBy(SORT_COLUMNS[sort.field], sort.order).orderBy('report_run_id', sort.order);
      const { rows, total } = await listPage(page, base, { offset, limit });
      return { items: rows.map(toReportRun), total };
    },

    /** The user's run; undefined for another user's and a missing one alike. */
    async get(userId: number, runId: number): Promise<RunRow | undefined> {
      return db.selectFrom('report_runs').selectAll().where('report_run_id', '=', runId).where('user_id', '=', userId).executeTakeFirst();
    },

    async byId(runId: number): Promise<RunRow | undefined> {
      return db.selectFrom('report_runs').selectAll().where('report_run_id', '=', runId).executeTakeFirst();
    },

    async create(run: NewRun): Promise<RunRow> {
      return db
        .insertInto('report_runs')
        .values({
          user_id: run.userId,
          site_group_num: run.siteGroupNum,
          schedule_id: run.scheduleId,
          report_id: run.reportId,
          report_name: run.reportName,
          format: run.format,
          parameters: JSON.stringify(run.parameters),
          time_zone: run.timeZone,
          language: run.language,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * Cancels the user's run: a queued one (or one whose worker died, `staleBefore`) at once;
     * a running one is asked to stop (cancel_requested), which its worker sees at its next
     * heartbeat. Undefined when it is not the user's; the row as it is now otherwise.
     */
    async cancel(userId: number, runId: number, staleBefore: Date): Promise<RunRow | undefined> {
      const now = new Date();
      const stopped = await db
        .updateTable('report_runs')
        .set({ status: 'cancelled', cancel_requested: true, finished_at: now, worker_id: null })
        .where('report_run_id', '=', runId)
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('heartbeat_at', '<', staleBefore)])]))
        .returningAll()
        .executeTakeFirst();
      if (stopped) return stopped;
      return db
        .updateTable('report_runs')
        .set({ cancel_requested: true })
        .where('report_run_id', '=', runId)
        .where('user_id', '=', userId)
        .where('status', '=', 'running')
        .returningAll()
        .executeTakeFirst()
        .then(async (row) => row ?? this.get(userId, runId));
    },

    async remove(userId: number, runId: number): Promise<RunRow | undefined> {
      return db
        .deleteFrom('report_runs')
        .where('report_run_id', '=', runId)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Takes a run for `workerId`: a queued one, or a running one whose worker stopped beating
     * before `staleBefore`, provided its account group has fewer than `groupLimit` runs going
     * (other than this one). The group row is locked for the check, so two workers never both
     * take the last free place. Answers the run, 'busy' when the group is at its limit, or
     * undefined when the run is not to be run (gone, done, cancelled, or another worker's).
     */
    async claim(runId: number, workerId: string, staleBefore: Date, groupLimit: number): Promise<RunRow | 'busy' | undefined> {
      return db.transaction().execute(async (tx) => {
        const run = await tx.selectFrom('report_runs').selectAll().where('report_run_id', '=', runId).executeTakeFirst();
        if (!run || run.cancel_requested) return undefined;
        const heartbeat = run.heartbeat_at ? new Date(run.heartbeat_at) : null;
        const takeable = run.status === 'queued' || (run.status === 'running' && (!heartbeat || heartbeat < staleBefore));
        if (!takeable) return undefined;
        if (run.site_group_num !== null) {
          await tx
            .selectFrom('account_groups')
            .select('site_group_num')
            .where('site_group_num', '=', run.site_group_num)
            .forUpdate()
            .execute();
          const going = await tx
            .selectFrom('report_runs')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('site_group_num', '=', run.site_group_num)
            .where('status', '=', 'running')
            .where('heartbeat_at', '>=', staleBefore)
            .where('report_run_id', '<>', runId)
            .executeTakeFirstOrThrow();
          if (Number(going.n) >= groupLimit) return 'busy';
        }
        const now = new Date();
        // The condition again in the update: PostgreSQL re-reads it on the row as the other
        // transactions left it, so of two workers that both saw the run queued only one takes it.
        return tx
          .updateTable('report_runs')
          .set({
            status: 'running',
            worker_id: workerId,
            heartbeat_at: now,
            started_at: run.started_at ?? now,
            attempts: sql<number>`attempts + 1`,
            progress: 0,
            error: null,
          })
          .where('report_run_id', '=', runId)
          .where('cancel_requested', '=', false)
          .where((eb) =>
            eb.or([
              eb('status', '=', 'queued'),
              eb.and([eb('status', '=', 'running'), eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', staleBefore)])]),
            ]),
          )
          .returningAll()
          .executeTakeFirst();
      });
    },

    /** The worker is alive (and how far it is): answers whether the run is to go on (still this worker's, not cancelled). */
    async beat(runId: number, workerId: string, progress?: number): Promise<boolean> {
      const row = await db
        .updateTable('report_runs')
        .set({ heartbeat_at: new Date(), ...(progress !== undefined && { progress }) })
        .where('report_run_id', '=', runId)
        .where('worker_id', '=', workerId)
        .where('status', '=', 'running')
        .returning('cancel_requested')
        .executeTakeFirst();
      return row !== undefined && !row.cancel_requested;
    },

    async finish(runId: number, workerId: string, file: FinishedFile): Promise<RunRow | undefined> {
      const run = await db
        .updateTable('report_runs')
        .set({
          status: 'done',
          progress: 100,
          row_count: file.rowCount,
          size_bytes: file.sizeBytes,
          file_name: file.fileName,
          content_type: file.contentType,
          finished_at: new Date(),
          worker_id: null,
        })
        .where('report_run_id', '=', runId)
        .where('worker_id', '=', workerId)
        .where('status', '=', 'running')
        .returningAll()
        .executeTakeFirst();
      if (run?.site_group_num) {
        await emitWebhookEvent(db, {
          siteGroupNum: run.site_group_num,
          siteNum: null,
          type: 'report.finished',
          data: {
            reportRunId: run.report_run_id,
            reportId: run.report_id,
            format: run.format,
            rowCount: run.row_count,
            sizeBytes: run.size_bytes,
            fileName: run.file_name,
            finishedAt: run.finished_at && new Date(run.finished_at).toISOString(),
          },
        });
      }
      return run;
    },

    /** Ends this worker's run as failed, cancelled, or back in the queue (to be retried). */
    async release(
      runId: number,
      workerId: string,
      status: 'failed' | 'cancelled' | 'queued',
      error: string | null = null,
    ): Promise<RunRow | undefined> {
      return db
        .updateTable('report_runs')
        .set({ status, error, worker_id: null, heartbeat_at: null, ...(status !== 'queued' && { finished_at: new Date() }) })
        .where('report_run_id', '=', runId)
        .where('worker_id', '=', workerId)
        .where('status', '=', 'running')
        .returningAll()
        .executeTakeFirst();
    },

    /** Runs no worker holds: queued ones older than `queuedBefore`, and running ones that stopped beating. */
    async orphans(queuedBefore: Date, staleBefore: Date): Promise<number[]> {
      const rows = await db
        .selectFrom('report_runs')
        .select('report_run_id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('created_at', '<', queuedBefore)]),
            eb.and([eb('status', '=', 'running'), eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', staleBefore)])]),
          ]),
        )
        .where('cancel_requested', '=', false)
        .orderBy('report_run_id')
        .limit(1000)
        .execute();
      return rows.map((r) => r.report_run_id);
    },

    /** Deletes runs requested before `before` (their chunks and links go with them); answers how many. */
    async deleteOlderThan(before: Date): Promise<number> {
      const rows = await db.deleteFrom('report_runs').where('created_at', '<', before).returning('report_run_id').execute();
      return rows.length;
    },

    /** The user still belongs to the account group the run was requested in. */
    async inGroup(userId: number, siteGroupNum: number): Promise<boolean> {
      const row = await db
        .selectFrom('user_account_groups')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('site_group_num', '=', siteGroupNum)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The account group's logo (a URL path such as /branding/northwind.svg), for the PDF header. */
    async logoUrl(siteGroupNum: number): Promise<string | null> {
      const row = await db
        .selectFrom('account_groups')
        .select('header_logo_url')
        .where('site_group_num', '=', siteGroupNum)
        .executeTakeFirst();
      return row?.header_logo_url ?? null;
    },
  };
}
