import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/database.js';

/**
 * app.jobs: durable jobs (ARCHITECTURE 'Jobs, exports and time') on pg-boss,
 * kept in the database, so a job due while the server was down runs when it
 * is back. Features register a handler per queue and send jobs, now or for a
 * later time; no timer a restart loses.
 */
export interface Jobs {
  /**
   * Runs `handler` for each job of `queue` (created when missing), polling every JOB_POLL_SECONDS,
   * up to `concurrency` jobs at once in this process (default 1). A handler that throws is retried.
   */
  work<T extends object>(queue: string, handler: (data: T) => Promise<void>, options?: { concurrency?: number }): Promise<void>;
  /**
   * Queues a job, to run at `startAfter` (or as soon as a worker polls). With `singletonKey` and
   * `singletonSeconds`, one job per key and time slot of that many seconds: a second send in the
   * slot, from any process, is dropped (a periodic pass is queued once however many servers run).
   */
  send(queue: string, data: object, options?: SendOptions): Promise<void>;
  /**
   * Runs `handler` on `cron` (five fields, UTC) with pg-boss's scheduler: each tick queues one job,
   * however many processes run, and one of them works it.
   */
  schedule(queue: string, cron: string, handler: () => Promise<void>): Promise<void>;
  /** Jobs waiting (created or retrying) and running, per queue, across all processes (GET /metrics). */
  queueSizes(): Promise<{ queue: string; waiting: number; active: number }[]>;
}

export interface SendOptions {
  startAfter?: Date;
  singletonKey?: string;
  singletonSeconds?: number;
  /**
   * A handler that throws is run again up to `limit` more times, after pg-boss's exponential
   * back-off with jitter: the n-th retry waits between delaySeconds × 2^(n-1) and twice that.
   */
  retry?: { limit: number; delaySeconds: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/** The pg-boss schema of a database handle: its own, beside the app's (each test suite's schema gets its own). */
export function jobsSchema(handle: Pick<DatabaseHandle, 'schema'>): string {
  return handle.schema ? `${handle.schema}_jobs` : 'pgboss';
}

/**
 * pg-boss over the embedded database: its statements go through the app's
 * Kysely instance, so they take the single PGlite connection in turn with
 * every other query (pgliteDialect.ts) and never run inside another holder's
 * transaction. Without values a text may hold several statements (pg-boss's
 * migrations): the last result is the answer, as with pg.
 */
function pgliteAdapter(handle: DatabaseHandle) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      const result = await handle.db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[] };
    },
  };
}

export const jobsPlugin = fp(
  async (app: FastifyInstance, options: { database: DatabaseHandle }) => {
    const { database } = options;
    const schema = jobsSchema(database);
    // schedule: pg-boss's cron scheduler (jobs.schedule) runs in every process; its ticks are deduplicated in the database.
    const common = { schema, schedule: true, supervise: true, migrate: true } as const;
    const boss =
      database.kind === 'postgres'
        ? new PgBoss({ ...common, connectionString: database.url, max: 3, application_name: 'security-portal-jobs' })
        : new PgBoss({ ...common, db: pgliteAdapter(database) });
    boss.on('error', (err) => app.log.warn({ err }, 'jobs'));
    await boss.start();

    const queues = new Set<string>();
    const ensureQueue = async (queue: string) => {
      if (queues.has(queue)) return;
      await boss.createQueue(queue);
      queues.add(queue);
    };
    const pollingIntervalSeconds = app.config.jobPollSeconds;
    let stopping = false;
    /** The ids of this process's workers, by queue (to wake them when a job is sent). */
    const workers = new Map<string, string[]>();

    const jobs: Jobs = {
      async work<T extends object>(queue: string, handler: (data: T) => Promise<void>, { concurrency = 1 } = {}) {
        await ensureQueue(queue);
        // pg-boss 10 runs one batch at a time per worker: `concurrency` workers, one job each.
        for (let i = 0; i < concurrency; i++) {
          const id = await boss.work<T>(queue, { pollingIntervalSeconds, batchSize: 1 }, async (jobs) => {
            for (const job of jobs) {
              if (stopping) throw new Error('stopping');
              try {
                await handler(job.data);
              } catch (error) {
                app.metrics.jobFailures.inc({ queue });
                throw error;
              }
            }
          });
          workers.set(queue, [...(workers.get(queue) ?? []), id]);
        }
      },
      async send(queue: string, data: object, { startAfter, singletonKey, singletonSeconds, retry }: SendOptions = {}) {
        await ensureQueue(queue);
        await boss.send(queue, data, {
          ...(startAfter && { startAfter }),
          ...(singletonKey && { singletonKey }),
          ...(singletonSeconds && { singletonSeconds }),
          ...(retry && { retryLimit: retry.limit, retryDelay: retry.delaySeconds, retryBackoff: true }),
        });
        // A job due now: this process's workers of the queue look at once instead of at their next poll
        // (a worker that is busy finishes first; other processes find it at their poll).
        if (!startAfter && !stopping) for (const id of workers.get(queue) ?? []) boss.notifyWorker(id);
      },
      async schedule(queue: string, cron: string, handler: () => Promise<void>) {
        await jobs.work(queue, handler);
        await boss.schedule(queue, cron, {}, { tz: 'UTC' });
      },
      async queueSizes() {
        const names = (await boss.getQueues()).map((q) => q.name);
        return Promise.all(
          names.map(async (queue) => {
            // pg-boss states in order: created, retry, active, completed...: before 'active' is waiting.
            const [waiting, notDone] = await Promise.all([boss.getQueueSize(queue), boss.getQueueSize(queue, { before: 'completed' })]);
            return { queue, waiting, active: notDone - waiting };
          }),
        );
      },
    };
    app.decorate('jobs', jobs);

    // Before the database closes (onClose): no worker polls a closed database, no timer outlives the app.
    app.addHook('preClose', async () => {
      stopping = true;
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    });
  },
  { name: 'jobs', dependencies: ['platform'] },
);
