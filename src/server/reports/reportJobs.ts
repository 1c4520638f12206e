import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { finished as streamFinished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ReportFormat, ReportId } from '../../../schemas/reports.js';
import { dayInZone } from '../../common/reportRules.js';
import { REPORT_CONTENT_TYPES, reportFileName, reportFiles } from './reportFiles.js';
import { expiresAt, reportRunsRepository, REPORT_RETENTION_DAYS, type RunRow } from './reportRunsRepository.js';
import type { EnqueueRequest, FinishedRun, ReportContext, ReportOutput, ReportsService, WriteOptions } from './reportTypes.js';

/** The pg-boss queues of reports. */
const REPORT_QUEUES = { run: 'report-run', sweep: 'report-sweep', retention: 'report-retention' } as const;

/** How the runner produces a report: the engine (reportDefinitions.ts, formats/writeReport.ts). */
export interface ReportEngine {
  build(reportId: ReportId, parameters: Record<string, unknown>, context: ReportContext): Promise<ReportOutput>;
  write(format: ReportFormat, output: ReportOutput, sink: Writable, options: WriteOptions): Promise<{ rowCount: number }>;
}

export interface ReportRunnerTuning {
  /** A running run's worker refreshes heartbeat_at this often (and reads cancel_requested). */
  heartbeatMs: number;
  /** A run whose heartbeat is older is taken to have lost its worker (a killed process) and is run again. */
  staleMs: number;
  /** Runs that fail are retried up to this many starts in all. */
  maxAttempts: number;
  /** The first retry waits this long (1 to 2 times, pg-boss's jitter); each further one twice as long. */
  retryDelaySeconds: number;
  /** A queued run older than this is taken to have lost its job: the sweep sends it again. */
  orphanSeconds: number;
  /** A group at its limit: the run is looked at again after this long. */
  busyDelayMs: number;
}

const DEFAULT_TUNING: ReportRunnerTuning = {
  heartbeatMs: 5_000,
  staleMs: 30_000,
  maxAttempts: 3,
  retryDelaySeconds: 10,
  orphanSeconds: 30,
  busyDelayMs: 3_000,
};

/** The pass over orphaned runs: each minute (pg-boss's cron), on whichever process takes the tick. */
const SWEEP_CRON = '* * * * *';
/** The retention pass: daily at 03:17 UTC (off the hour, when the database is quiet), and once at start-up. */
const RETENTION_CRON = '17 3 * * *';

const WEB_PUBLIC = path.resolve(import.meta.dirname, '../../web/public');

/** The group's logo for the PDF header: a logo the portal serves itself (/branding/...svg|png|jpg); none for another site's URL. */
function readLogo(url: string | null): WriteOptions['logo'] {
  if (!url || !/^\/branding\/[\w-]+\.(svg|png|jpe?g)$/i.test(url)) return undefined;
  const file = path.join(WEB_PUBLIC, url);
  if (!existsSync(file)) return undefined;
  return url.toLowerCase().endsWith('.svg') ? { svg: readFileSync(file, 'utf8') } : { image: readFileSync(file) };
}

/**
 * app.reports: report runs as durable jobs. A run is a row in
 * report_runs and a job on the pg-boss queue 'report-run' (in PostgreSQL, or
 * PGlite through the adapter: one code path), shared by every server process.
 *
 * - A worker claims the run (reportRunsRepository.claim: queued, or running
 *   with a stale heartbeat; the group under its concurrency limit), builds it
 *   with the engine and streams the file into report_file_chunks, beating
 *   every heartbeatMs: progress and liveness, and the moment it notices a
 *   cancel. The owner's /hubs/reports connections get 'reportProgress' and,
 *   at the end, 'reportComplete' (SPEC §3 report event).
 * - A run whose group is at its limit waits (the job is sent again a few
 *   seconds later), so one dealer's many runs do not starve the others.
 * - A failed run is queued again and its job retried by pg-boss, with
 *   exponential back-off and jitter, until maxAttempts starts.
 * - A run whose process died keeps status 'running' with a heartbeat that
 *   stops: the sweep (on start-up, then each minute on pg-boss's cron, on
 *   whichever process takes the tick) sends its job again and the claim takes it over.
 *   Two workers never run one run at once: the claim is one transaction, and
 *   every later write names the worker.
 * - The retention job deletes runs (files and links with them) 30 days after
 *   they were requested.
 */
export const reportJobsPlugin = fp(
  async (app: FastifyInstance, options: { engine: ReportEngine; tuning?: Partial<ReportRunnerTuning>; readAhead?: boolean }) => {
    const tuning = { ...DEFAULT_TUNING, ...options.tuning };
    const runs = reportRunsRepository(app.db);
    const files = reportFiles(app.db);
    const { i18n } = app;
    const workerId = randomUUID();
    const listeners: ((run: FinishedRun) => Promise<void>)[] = [];
    let stopping = false;
    app.addHook('preClose', async () => {
      stopping = true;
    });

    const staleBefore = () => new Date(Date.now() - tuning.staleMs);
    // A run's job: a build that fails is run again by pg-boss, with its back-off, until maxAttempts starts.
    const retry = { limit: tuning.maxAttempts - 1, delaySeconds: tuning.retryDelaySeconds };
    const sendRun = (runId: number, delayMs = 0) =>
      app.jobs.send(REPORT_QUEUES.run, { runId }, { retry, ...(delayMs > 0 && { startAfter: new Date(Date.now() + delayMs) }) });

    const publishProgress = (run: RunRow, status: RunRow['status'], progress: number) =>
      app.realtime.reportProgress(run.user_id, { runId: run.report_run_id, status, progress }).catch((err: unknown) => {
        app.log.warn({ err, runId: run.report_run_id }, 'report progress not sent');
      });

    const finished = async (run: RunRow) => {
      const status = run.status as FinishedRun['status'];
      await publishProgress(run, status, run.progress);
      if (status !== 'cancelled') {
        await app.realtime
          .reportComplete({ userId: run.user_id }, { reportName: run.report_name, success: status === 'done', runId: run.report_run_id })
          .catch((err: unknown) => app.log.warn({ err, runId: run.report_run_id }, 'report notice not sent'));
      }
      const event: FinishedRun = {
        id: run.report_run_id,
        userId: run.user_id,
        scheduleId: run.schedule_id,
        reportId: run.report_id as ReportId,
        reportName: run.report_name,
        status,
        language: run.language,
      };
      for (const listener of listeners) {
        await listener(event).catch((err: unknown) => app.log.error({ err, runId: run.report_run_id }, 'report listener failed'));
      }
    };

    /**
     * Runs one claimed run to its end. A failed build with starts left goes back to 'queued' and
     * throws, so pg-boss runs the job again after its back-off; the last failure is final.
     */
    async function execute(run: RunRow): Promise<void> {
      const runId = run.report_run_id;
      let goOn = true;
      let lastProgress = 0;
      let reported = 0;
      const heartbeat = setInterval(() => {
        runs
          .beat(runId, workerId, lastProgress)
          .then((ok) => {
            goOn = goOn && ok;
            if (ok && lastProgress !== reported) {
              reported = lastProgress;
              void publishProgress(run, 'running', lastProgress);
            }
          })
          .catch((err: unknown) => app.log.warn({ err, runId }, 'report heartbeat failed'));
      }, tuning.heartbeatMs);
      heartbeat.unref();
      const stopped = () => stopping || !goOn;
      try {
        if (run.site_group_num === null || !(await runs.inGroup(run.user_id, run.site_group_num))) {
          const failed = await runs.release(runId, workerId, 'failed', 'reports.errors.groupRemoved');
          if (failed) await finished(failed);
          return;
        }
        await publishProgress(run, 'running', 0);
        const t = i18n.forRequest(run.language);
        const now = new Date();
        const context: ReportContext = {
          db: app.db,
          siteGroupNum: run.site_group_num,
          timeZone: run.time_zone,
          t,
          now,
          readAhead: options.readAhead,
          progress(fraction) {
            lastProgress = Math.max(lastProgress, Math.min(99, Math.floor(fraction * 100)));
          },
          stopped,
        };
        const output = await options.engine.build(run.report_id as ReportId, run.parameters, context);
        const sink = await files.writer(runId);
        const written = options.engine.write(run.format, output, sink, {
          timeZone: run.time_zone,
          logo: readLogo(await runs.logoUrl(run.site_group_num)),
          footer: t('reports.generatedAt', {
            date: new Intl.DateTimeFormat(run.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: run.time_zone }).format(now),
          }),
        });
        const { rowCount } = await written;
        // The writer ends the sink; the last chunk is stored once it has finished.
        if (!sink.writableEnded) sink.end();
        await streamFinished(sink);
        if (stopped()) {
          await files.remove(runId);
          if (stopping) {
            // The server is stopping: the run goes back to the queue for another process or the next start.
            await runs.release(runId, workerId, 'queued');
            await sendRun(runId).catch(() => undefined);
          } else {
            const cancelled = await runs.release(runId, workerId, 'cancelled');
            if (cancelled) await finished(cancelled);
          }
          return;
        }
        const done = await runs.finish(runId, workerId, {
          rowCount,
          sizeBytes: sink.bytesWritten(),
          fileName: reportFileName(run.report_id, runId, run.format, dayInZone(now, run.time_zone).replaceAll('-', '')),
          contentType: REPORT_CONTENT_TYPES[run.format],
        });
        if (done) await finished(done);
        else await files.remove(runId);
      } catch (err) {
        app.log.error({ err, runId, attempt: run.attempts }, 'report run failed');
        await files.remove(runId).catch(() => undefined);
        if (run.attempts < tuning.maxAttempts && !stopping) {
          await runs.release(runId, workerId, 'queued', 'reports.errors.failed');
          throw err;
        } else {
          const failed = await runs.release(runId, workerId, 'failed', 'reports.errors.failed');
          if (failed) await finished(failed);
        }
      } finally {
        clearInterval(heartbeat);
      }
    }

    await app.jobs.work<{ runId: number }>(
      REPORT_QUEUES.run,
      async ({ runId }) => {
        const claimed = await runs.claim(runId, workerId, staleBefore(), app.config.reportGroupConcurrency);
        if (claimed === 'busy') return sendRun(runId, tuning.busyDelayMs);
        if (claimed) await execute(claimed);
      },
      { concurrency: app.config.reportWorkers },
    );

    // Orphans: runs whose process died (or whose job was lost) are sent again; the claim decides who runs them.
    const sweep = async () => {
      for (const runId of await runs.orphans(new Date(Date.now() - tuning.orphanSeconds * 1000), staleBefore())) await sendRun(runId);
    };
    await app.jobs.schedule(REPORT_QUEUES.sweep, SWEEP_CRON, sweep);

    // Retention: once a day on whichever process takes the pass (and once at start-up).
    const retention = async () => {
      const removed = await runs.deleteOlderThan(new Date(Date.now() - REPORT_RETENTION_DAYS * 86_400_000));
      if (removed > 0)
        await app.audit.system({ action: 'reportRuns.expired', targetType: 'report_run', details: { removed, by: 'system' } });
    };
    await app.jobs.schedule(REPORT_QUEUES.retention, RETENTION_CRON, retention);

    app.addHook('onReady', async () => {
      await sweep();
      await app.jobs.send(REPORT_QUEUES.retention, {}, { singletonKey: 'retention-start', singletonSeconds: 3_600 });
    });

    const service: ReportsService & { retention(): Promise<void>; sweep(): Promise<void> } = {
      async enqueue(request: EnqueueRequest) {
        const t = i18n.forRequest(request.language);
        const run = await runs.create({
          userId: request.userId,
          siteGroupNum: request.siteGroupNum,
          scheduleId: request.scheduleId ?? null,
          reportId: request.reportId,
          reportName: t(`reports.catalogue.${request.reportId}.name`),
          format: request.format,
          parameters: request.parameters,
          timeZone: request.timeZone,
          language: request.language,
        });
        await sendRun(run.report_run_id);
        return run.report_run_id;
      },
      onFinished(listener) {
        listeners.push(listener);
      },
      retention,
      sweep,
    };
    app.decorate('reports', service);
    app.decorate('reportRunner', { staleBefore, expiresAt });
  },
  { name: 'reports', dependencies: ['jobs'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** What the report routes need of the runner. */
    reportRunner: { staleBefore(): Date; expiresAt(createdAt: Date | string): Date };
  }
}
