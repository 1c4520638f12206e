import type { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportRun } from '../../schemas/reports.js';
import { buildApp } from '../../src/server/app.js';
import { jobsSchema } from '../../src/server/jobs/jobsPlugin.js';
import type { ReportEngine, ReportRunnerTuning } from '../../src/server/reports/reportJobs.js';
import type { ReportContext } from '../../src/server/reports/reportTypes.js';
import { json, signedInClient, type TestClient } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { sharedDatabase, sleep } from './realtimeHelpers.js';

/**
 * The report runner: runs as durable pg-boss jobs. The engine here
 * is a controllable one (rows on demand, a pause per row, failures on
 * request), so what is tested is the runner: queue, claim, progress, cancel,
 * retry with back-off, the per-group limit, two processes sharing the queue,
 * a run whose server died taken over after a restart, retention, and the
 * routes' scope and validation. The real reports and formats have their own
 * suites (reportDefinitions.test.ts, formats/*.test.ts).
 */

interface Plan {
  rows: number;
  /** Pause after each row. */
  rowDelayMs: number;
  /** Starts that throw before the first row (per run id). */
  failFirst: number;
  /** The run (by tag) that never finishes (its server is about to die); 0: none. */
  hangTag: number;
}

class FakeEngine implements ReportEngine {
  plan: Plan = { rows: 20, rowDelayMs: 0, failFirst: 0, hangTag: 0 };
  readonly builds = new Map<number, number>();
  /** Runs being built now, and the most at once. */
  readonly counts = { running: 0, maxRunning: 0 };

  async build(_reportId: string, parameters: Record<string, unknown>, context: ReportContext) {
    const runId = Number((parameters as { limit?: number }).limit ?? 0);
    const plan = this.plan;
    const starts = (this.builds.get(runId) ?? 0) + 1;
    this.builds.set(runId, starts);
    if (starts <= plan.failFirst) throw new Error('engine failure on request');
    const counts = this.counts;
    return {
      title: 'Fake',
      subtitle: '',
      columns: [{ key: 'n', header: 'n' }],
      rows: (async function* () {
        counts.running++;
        counts.maxRunning = Math.max(counts.maxRunning, counts.running);
        try {
          for (let i = 0; i < plan.rows; i++) {
            if (context.stopped()) return;
            if (plan.hangTag === runId) await new Promise(() => undefined);
            if (plan.rowDelayMs) await sleep(plan.rowDelayMs);
            context.progress((i + 1) / plan.rows);
            yield [i];
          }
        } finally {
          counts.running--;
        }
      })(),
    };
  }

  async write(_format: string, output: Awaited<ReturnType<FakeEngine['build']>>, sink: Writable) {
    let rowCount = 0;
    sink.write('n\n');
    for await (const row of output.rows) {
      sink.write(`${row[0]}\n`);
      rowCount++;
    }
    sink.end();
    return { rowCount };
  }
}

const FAST: Partial<ReportRunnerTuning> = { heartbeatMs: 100, staleMs: 1_000, retryDelaySeconds: 1, orphanSeconds: 1, busyDelayMs: 200 };

describe.each(TEST_DATABASES)('report runs on $name', (database) => {
  let base: Awaited<ReturnType<typeof sharedDatabase>>;
  let app: FastifyInstance;
  let origin: string;
  let beta: TestClient;
  let admin: TestClient;
  const engine = new FakeEngine();
  const db = () => base.handle.db;

  async function start(options: { engine?: ReportEngine; tuning?: Partial<ReportRunnerTuning>; workers?: number } = {}) {
    const config = options.workers ? { ...base.config, reportWorkers: options.workers } : base.config;
    const instance = await buildApp(config, {
      database: base.handle,
      logger: false,
      reports: { engine: options.engine ?? engine, tuning: options.tuning ?? FAST },
    });
    await instance.listen({ port: 0, host: '127.0.0.1' });
    return { instance, origin: `http://127.0.0.1:${(instance.server.address() as { port: number }).port}` };
  }

  /** A run of the fake engine: `limit` carries a tag the engine counts builds by. */
  const run = async (client: TestClient, tag: number, extra: Record<string, unknown> = {}) =>
    json(
      await client.request('POST', '/api/reportRuns', {
        reportId: 'topAlarmAccounts',
        format: 'csv',
        parameters: { period: 'last7Days', kinds: ['alarm'], limit: tag },
        timeZone: 'America/Chicago',
        ...extra,
      }),
    );
  const runRow = (id: number) => db().selectFrom('report_runs').selectAll().where('report_run_id', '=', id).executeTakeFirstOrThrow();
  async function waitFor(id: number, statuses: string[], timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const row = await runRow(id);
      if (statuses.includes(row.status)) return row;
      if (Date.now() > deadline) throw new Error(`run ${id} is ${row.status}, not ${statuses.join('/')}`);
      await sleep(100);
    }
  }

  beforeAll(async () => {
    base = await sharedDatabase(database, { JOB_POLL_SECONDS: '0.5', REPORT_GROUP_CONCURRENCY: '2', REPORT_WORKERS: '4' });
    ({ instance: app, origin } = await start());
    beta = await signedInClient(origin, 'dealer.beta');
    admin = await signedInClient(origin, 'support.admin', { internal: true });
  });
  afterAll(async () => {
    await app?.close();
    await base?.close();
  });
  beforeEach(() => {
    engine.plan = { rows: 20, rowDelayMs: 0, failFirst: 0, hangTag: 0 };
    engine.counts.maxRunning = 0;
  });

  it('lists the catalogue with each report parameter schema', async () => {
    const { status, body } = await json(await beta.request('GET', '/api/reports'));
    expect(status).toBe(200);
    expect(body.map((r: { id: string }) => r.id)).toEqual([
      'alarmActivity',
      'accountsOnTest',
      'openCloseExceptions',
      'dataCompleteness',
      'callList',
      'zoneList',
      'topAlarmAccounts',
    ]);
    expect(body[0].parameters.properties.period.enum).toContain('custom');
    expect(body[0].formats).toEqual(['csv', 'xlsx', 'pdf']);
  });

  it('queues a run, reports progress to its owner, finishes it and serves the file', async () => {
    const progress: { runId: number; status: string; progress: number }[] = [];
    const completes: unknown[] = [];
    const realtime = app.realtime as unknown as Record<string, (...args: unknown[]) => Promise<void>>;
    const [sendProgress, sendComplete] = [realtime.reportProgress, realtime.reportComplete];
    realtime.reportProgress = async (userId, p) => {
      progress.push(p as (typeof progress)[number]);
      return sendProgress(userId, p);
    };
    realtime.reportComplete = async (target, event) => {
      completes.push({ target, event });
      return sendComplete(target, event);
    };
    engine.plan = { ...engine.plan, rows: 30, rowDelayMs: 20 };
    try {
      const { status, body } = await run(beta, 101);
      expect(status).toBe(201);
      expect(body).toMatchObject({ reportId: 'topAlarmAccounts', reportName: 'Top alarm accounts', status: 'queued', format: 'csv' });
      expect(body.parameters).toEqual({ period: 'last7Days', kinds: ['alarm'], limit: 101 });
      const done = await waitFor(body.id, ['done', 'failed']);
      expect(done).toMatchObject({ status: 'done', progress: 100, row_count: 30, attempts: 1, time_zone: 'America/Chicago' });
      expect(done.file_name).toMatch(new RegExp(`^topAlarmAccounts-${body.id}-\\d{8}\\.csv$`));

      const file = await beta.request('GET', `/api/reportRuns/${body.id}/file`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toContain(done.file_name!);
      const text = await file.text();
      expect(text.split('\n').slice(0, 3)).toEqual(['n', '0', '1']);
      expect(Number(file.headers.get('content-length'))).toBe(Buffer.byteLength(text));

      const ofRun = progress.filter((p) => p.runId === body.id);
      expect(ofRun[0]).toMatchObject({ status: 'running', progress: 0 });
      expect(ofRun.at(-1)).toMatchObject({ status: 'done', progress: 100 });
      expect(ofRun.some((p) => p.status === 'running' && p.progress > 0 && p.progress < 100)).toBe(true);
      expect(completes).toContainEqual({
        target: { userId: done.user_id },
        event: { reportName: 'Top alarm accounts', success: true, runId: body.id },
      });

      const audit = await db()
        .selectFrom('audit_log')
        .select('action')
        .where('target_type', '=', 'report_run')
        .where('target_id', '=', String(body.id))
        .execute();
      expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['reportRun.requested', 'reportRun.downloaded']));
    } finally {
      realtime.reportProgress = sendProgress;
      realtime.reportComplete = sendComplete;
    }
  });

  it('refuses bad parameters field by field, and runs in the requester language', async () => {
    const bad = await json(
      await beta.request('POST', '/api/reportRuns', {
        reportId: 'alarmActivity',
        format: 'pdf',
        parameters: { period: 'custom', from: '2026-03-10', to: '2026-03-01', kinds: ['alarm'], siteNums: [] },
        timeZone: 'America/Chicago',
      }),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['parameters.to']);
    const missing = await json(
      await beta.request('POST', '/api/reportRuns', {
        reportId: 'alarmActivity',
        format: 'csv',
        parameters: { period: 'custom', kinds: [] },
      }),
    );
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toEqual(expect.arrayContaining(['parameters.kinds', 'parameters.from', 'parameters.to']));
    const zone = await run(beta, 10, { timeZone: 'Mars/Olympus' });
    expect(zone.status).toBe(400);
    expect(Object.keys(zone.body.errors)).toEqual(['timeZone']);
    // An account of another group is refused by name.
    const other = await db().selectFrom('sites').select('site_num').where('site_group_num', '<>', 9993).executeTakeFirstOrThrow();
    const foreign = await json(
      await beta.request('POST', '/api/reportRuns', {
        reportId: 'callList',
        format: 'csv',
        parameters: { siteNums: [other.site_num] },
      }),
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors['parameters.siteNums']).toBeTruthy();

    const spanish = await json(
      await beta.request('POST', '/api/reportRuns', { reportId: 'zoneList', format: 'xlsx', parameters: {} }, { 'Accept-Language': 'es' }),
    );
    expect(spanish.status).toBe(201);
    expect(spanish.body).toMatchObject({ reportName: 'Lista de zonas', parameters: { siteNums: [] } });
  });

  it("keeps each user's runs to themselves", async () => {
    const { body } = await run(beta, 102);
    for (const [method, path] of [
      ['GET', `/api/reportRuns/${body.id}`],
      ['GET', `/api/reportRuns/${body.id}/file`],
      ['POST', `/api/reportRuns/${body.id}/cancel`],
      ['POST', `/api/reportRuns/${body.id}/rerun`],
      ['DELETE', `/api/reportRuns/${body.id}`],
    ] as const) {
      expect((await admin.request(method, path)).status, `${method} ${path}`).toBe(404);
    }
    const list = await json(await admin.request('GET', '/api/reportRuns'));
    expect(list.body.map((r: ReportRun) => r.id)).not.toContain(body.id);
    const customer = await signedInClient(origin, 'customer@example.com');
    expect((await customer.request('GET', '/api/reportRuns')).status).toBe(403);
    expect((await customer.request('GET', '/api/reports')).status).toBe(403);
  });

  it('lists with filters and a total, re-runs and deletes', async () => {
    const { body: first } = await run(beta, 103);
    await waitFor(first.id, ['done']);
    const listed = await beta.request(
      'GET',
      `/api/reportRuns?filter=${encodeURIComponent(JSON.stringify({ status: 'done', reportId: 'topAlarmAccounts' }))}&range=[0,1]`,
    );
    expect(listed.status).toBe(200);
    expect(listed.headers.get('content-range')).toMatch(/^reportRuns 0-1\/\d+$/);
    const items = (await listed.json()) as ReportRun[];
    expect(items.every((r) => r.status === 'done' && r.reportId === 'topAlarmAccounts')).toBe(true);
    expect(items[0].id).toBeGreaterThanOrEqual(first.id);

    const again = await json(await beta.request('POST', `/api/reportRuns/${first.id}/rerun`));
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(first.id);
    expect(again.body.parameters).toEqual(first.parameters);
    await waitFor(again.body.id, ['done']);

    const removed = await beta.request('DELETE', `/api/reportRuns/${first.id}`);
    expect(removed.status).toBe(200);
    expect((await beta.request('GET', `/api/reportRuns/${first.id}`)).status).toBe(404);
    const chunks = await db().selectFrom('report_file_chunks').select('seq').where('report_run_id', '=', first.id).execute();
    expect(chunks).toEqual([]);
  });

  it('cancels a running run within a heartbeat and keeps no file', async () => {
    engine.plan = { ...engine.plan, rows: 10_000, rowDelayMs: 5 };
    const { body } = await run(beta, 104);
    await waitFor(body.id, ['running']);
    const cancel = await json(await beta.request('POST', `/api/reportRuns/${body.id}/cancel`));
    expect(cancel.status).toBe(200);
    const row = await waitFor(body.id, ['cancelled'], 5_000);
    expect(row.finished_at).not.toBeNull();
    const chunks = await db().selectFrom('report_file_chunks').select('seq').where('report_run_id', '=', body.id).execute();
    expect(chunks).toEqual([]);
    expect((await beta.request('POST', `/api/reportRuns/${body.id}/cancel`)).status).toBe(409);
  });

  it('retries a failed run with back-off, and fails it for good after three starts', async () => {
    engine.plan = { ...engine.plan, failFirst: 1 };
    const { body: once } = await run(beta, 105);
    const recovered = await waitFor(once.id, ['done', 'failed']);
    expect(recovered).toMatchObject({ status: 'done', attempts: 2 });
    expect(engine.builds.get(105)).toBe(2);

    engine.plan = { ...engine.plan, failFirst: 99 };
    const { body: always } = await run(beta, 106);
    const failed = await waitFor(always.id, ['failed']);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, error: 'reports.errors.failed' });
    expect(engine.builds.get(106)).toBe(3);
    // pg-boss's back-off: 1 to 2 s, then 2 to 4 s between the starts.
    expect(new Date(failed.finished_at!).getTime() - new Date(failed.started_at!).getTime()).toBeGreaterThanOrEqual(3_000);
  });

  it('keeps an account group to its limit of runs at once, and runs them all', async () => {
    engine.plan = { ...engine.plan, rows: 15, rowDelayMs: 20 };
    const ids: number[] = [];
    for (let tag = 200; tag < 206; tag++) ids.push((await run(beta, tag)).body.id);
    for (const id of ids) await waitFor(id, ['done'], 30_000);
    expect(engine.counts.maxRunning).toBe(2);
  });

  it('shares the queue between two server processes without running a run twice', async () => {
    const second = await start();
    try {
      engine.plan = { ...engine.plan, rows: 5, rowDelayMs: 5 };
      const ids: number[] = [];
      for (let tag = 300; tag < 320; tag++) ids.push((await run(beta, tag)).body.id);
      for (const id of ids) await waitFor(id, ['done'], 60_000);
      for (let tag = 300; tag < 320; tag++) expect(engine.builds.get(tag), `run tagged ${tag}`).toBe(1);
      const rows = await db().selectFrom('report_runs').select(['attempts']).where('report_run_id', 'in', ids).execute();
      expect(rows.every((r) => r.attempts === 1)).toBe(true);
    } finally {
      await second.instance.close();
    }
  });

  it('finishes a run whose server died mid-run once a server starts again', async () => {
    // The "dying" server: its engine hangs mid-run and it never beats (as a killed process).
    const hanging = new FakeEngine();
    hanging.plan = { ...hanging.plan, hangTag: 400 };
    // One worker, held by the hung run once it has it: like a dead process, it takes nothing more.
    const dying = await start({ engine: hanging, tuning: { ...FAST, heartbeatMs: 3_600_000, orphanSeconds: 3_600 }, workers: 1 });
    // Only the dying server works the queue while the run is taken.
    await app.close();
    const dyingClient = await signedInClient(dying.origin, 'dealer.beta');
    const { body } = await run(dyingClient, 400);
    await waitFor(body.id, ['running']);
    // The claim marks the run running a moment before the engine is asked to build it (a busy machine widens the gap).
    await vi.waitFor(() => expect(hanging.builds.get(400)).toBe(1), { timeout: 10_000 });

    // A server starts again (the first one's process is gone: it is closed for the queue) and takes the run over,
    // its heartbeat stale by then (staleMs) as a dead process's is.
    await sleep(1_200);
    ({ instance: app, origin } = await start());
    const row = await waitFor(body.id, ['done'], 30_000);
    expect(row.attempts).toBe(2);
    expect(engine.builds.get(400)).toBe(1);
    await dying.instance.close();
    beta = await signedInClient(origin, 'dealer.beta');
    admin = await signedInClient(origin, 'support.admin', { internal: true });
  });

  it('runs the periodic passes on pg-boss schedules, in UTC', async () => {
    const schema = jobsSchema(base.handle);
    const { rows } = await sql<{
      name: string;
      cron: string;
      timezone: string;
    }>`select name, cron, timezone from ${sql.id(schema, 'schedule')} order by name`.execute(db());
    expect(rows).toEqual([
      { name: 'report-retention', cron: '17 3 * * *', timezone: 'UTC' },
      { name: 'report-schedules-due', cron: '* * * * *', timezone: 'UTC' },
      { name: 'report-sweep', cron: '* * * * *', timezone: 'UTC' },
      { name: 'retention', cron: '7 3 * * *', timezone: 'UTC' },
      { name: 'site-import-sweep', cron: '* * * * *', timezone: 'UTC' },
      { name: 'webhooks.sweep', cron: '* * * * *', timezone: 'UTC' },
    ]);
  });

  it('deletes runs, their files and links 30 days after they were requested', async () => {
    const { body: old } = await run(beta, 498);
    const { body: recent } = await run(beta, 499);
    await waitFor(old.id, ['done']);
    await waitFor(recent.id, ['done']);
    await db()
      .insertInto('report_links')
      .values({
        link_id: `retention-${old.id}`,
        report_run_id: old.id,
        email: 'x@example.com',
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .execute();
    await db()
      .updateTable('report_runs')
      .set({ created_at: sql`now() - interval '31 days'` })
      .where('report_run_id', '=', old.id)
      .execute();
    await db()
      .updateTable('report_runs')
      .set({ created_at: sql`now() - interval '29 days'` })
      .where('report_run_id', '=', recent.id)
      .execute();
    await (app.reports as unknown as { retention(): Promise<void> }).retention();
    expect(
      await db().selectFrom('report_runs').select('report_run_id').where('report_run_id', 'in', [old.id, recent.id]).execute(),
    ).toEqual([{ report_run_id: recent.id }]);
    expect(await db().selectFrom('report_links').select('link_id').where('report_run_id', '=', old.id).execute()).toEqual([]);
    expect(await db().selectFrom('report_file_chunks').select('seq').where('report_run_id', '=', old.id).execute()).toEqual([]);
    const listed = await json(await beta.request('GET', `/api/reportRuns/${recent.id}`));
    expect(new Date(listed.body.expiresAt).getTime() - Date.now()).toBeLessThan(2 * 86_400_000);
  });
});
