/**
 * The report figures of npm run bench, through the real runner (POST /api/reportRuns, a
 * pg-boss job, the engine, the file stored in report_file_chunks), on PostgreSQL and on PGlite:
 *
 *   - Alarm activity of every account of dealer.beta's group over the year that holds
 *     BENCH_REPORT_EVENTS events (default 1,000,000, seeded on one site as `npm run seed -- --events`
 *     does): CSV (goal <= 3 s) and Excel (goal <= 20 s), from the request to the run's 'done'.
 *   - Alarm activity of about 10,000 rows (the last four days) as PDF (goal <= 10 s).
 *   - For each: the growth of this process's RSS while it runs (server and runner share the
 *     process; goal <= 128 MB).
 *   - 20 runs requested at once (two servers on PostgreSQL, sharing the queue): every one ends
 *     'done', none lost or run twice.
 *
 * Baseline, in the same run on the same database handle: the same year of rows read by one plain
 * query (held in memory at once), and a primary-key select.
 *
 * BENCH_DATABASE_URL names the PostgreSQL database (a fresh schema is made in it and dropped);
 * BENCH_REPORTS_POSTGRES_ONLY=true leaves PGlite out (for quick before/after figures).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database.js';
import { seedEvents } from '../../src/server/db/seed/eventsSeed.js';
import { onBenchSchema } from './childPortal.js';
import { injectSignIn } from './injectSession.js';

const EVENTS = Number(process.env.BENCH_REPORT_EVENTS ?? 1_000_000);
const CONCURRENT = 20;
const GOALS = { csv: 3_000, xlsx: 20_000, pdf: 10_000 } as const;
const RSS_GOAL_MB = 128;
const TIME_ZONE = 'America/New_York';

type App = Awaited<ReturnType<typeof buildApp>>;
/** What the benchmark reads of a run (GET /api/reportRuns/{id}). */
interface RunBody {
  id: number;
  status: string;
  error: string | null;
  rowCount: number | null;
  sizeBytes: number | null;
}
type Client = (method: string, url: string, body?: unknown) => Promise<{ status: number; body: RunBody }>;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const day = (date: Date) => date.toISOString().slice(0, 10);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** dealer.beta, signed in as a browser is (pre-session, then the session cookies), over inject. */
async function signIn(app: App): Promise<Client> {
  const { presession, xsrf, login } = await injectSignIn(app, { username: 'dealer.beta' });
  const cookies = [...presession.filter((c) => !login.cookies.some((l) => l.name === c.name)), ...login.cookies.filter((c) => c.value)];
  const token = cookies.find((c) => c.name === 'XSRF-Token')?.value ?? xsrf;
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return async (method, url, body) => {
    const response = await app.inject({
      method: method as 'GET',
      url,
      headers: { cookie, 'x-xsrf-token': token },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: response.statusCode, body: response.body ? JSON.parse(response.body) : null };
  };
}

/** Runs one report and waits for its end, sampling this process's RSS: time from the request to 'done'. */
async function timedRun(client: Client, format: 'csv' | 'xlsx' | 'pdf', parameters: Record<string, unknown>) {
  (globalThis as { gc?: () => void }).gc?.();
  await sleep(300);
  const rssBefore = process.memoryUsage.rss();
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  const started = performance.now();
  const queued = await client('POST', '/api/reportRuns', { reportId: 'alarmActivity', format, parameters, timeZone: TIME_ZONE });
  if (queued.status !== 201 && queued.status !== 200) throw new Error(`POST /api/reportRuns answered ${queued.status}`);
  let run = queued.body;
  while (run.status === 'queued' || run.status === 'running') {
    await sleep(25);
    run = (await client('GET', `/api/reportRuns/${queued.body.id}`)).body;
  }
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  if (run.status !== 'done') throw new Error(`the ${format} run ended ${run.status}: ${run.error ?? ''}`);
  return { ms: elapsed, rows: run.rowCount ?? 0, mb: Number(run.sizeBytes) / 1024 / 1024, rssMb: (peak - rssBefore) / 1024 / 1024 };
}

async function benchOn(label: string, open: () => Promise<DatabaseHandle>, second: (() => Promise<DatabaseHandle>) | null) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-reports-'));
  // The baseline's plain query holds the event loop for seconds (a million rows parsed at once), and
  // the overload guard would then answer the next calls 503 'The service is busy': it is off here.
  const env = {
    DATA_DIR: dataDir,
    DEMO: 'true',
    LOG_LEVEL: 'silent',
    ALARM_SIMULATOR: 'false',
    JOB_POLL_SECONDS: '0.5',
    MAX_EVENT_LOOP_DELAY_MS: '0',
  };
  const handle = await open();
  const app = await buildApp(loadConfig(env), { database: handle, logger: false });
  let other: { app: App; handle: DatabaseHandle } | null = null;
  try {
    await app.ready();
    const seeded = performance.now();
    const siteNum = await seedEvents(app.db, { events: EVENTS });
    await sql`analyze alarm_events`.execute(app.db);
    const site = await app.db.selectFrom('sites').select('site_group_num').where('site_num', '=', siteNum).executeTakeFirstOrThrow();
    console.log(
      `\nReports on ${label}: site ${siteNum} (group ${site.site_group_num}) with ${EVENTS.toLocaleString('en')} events ` +
        `(seeded in ${seconds(performance.now() - seeded)}); times from POST /api/reportRuns to 'done', through the runner`,
    );
    const client = await signIn(app);
    const now = new Date();
    const year = { period: 'custom', from: day(new Date(now.getTime() - 365 * 86_400_000)), to: day(now), siteNums: [] };
    const fourDays = {
      period: 'custom',
      from: day(new Date(now.getTime() - 4 * 86_400_000)),
      to: day(new Date(now.getTime() - 86_400_000)),
      siteNums: [],
    };

    const figures = [
      { format: 'csv' as const, what: 'all accounts, the year', parameters: year },
      { format: 'xlsx' as const, what: 'all accounts, the year', parameters: year },
      { format: 'pdf' as const, what: 'all accounts, the last four days', parameters: fourDays },
    ];
    let met = true;
    const results: { figure: (typeof figures)[number]; r: Awaited<ReturnType<typeof timedRun>> }[] = [];
    for (const figure of figures) results.push({ figure, r: await timedRun(client, figure.format, figure.parameters) });

    // Baselines, measured after the runs (the plain query holds every row at once, which would swell the RSS figures):
    // a primary-key select, and the year's rows of the group by one plain query, all in memory.
    const pkStarted = performance.now();
    await app.db.selectFrom('sites').selectAll().where('site_num', '=', siteNum).executeTakeFirst();
    const pkMs = performance.now() - pkStarted;
    const plainStarted = performance.now();
    const plain = await app.db
      .selectFrom('alarm_events as e')
      .innerJoin('sites as s', 's.site_num', 'e.site_num')
      .select([
        'e.alarm_num',
        's.site_num',
        's.site_name',
        'e.zone_num',
        'e.event_code',
        'e.event_code_description',
        'e.event_kind',
        'e.alarm_date',
      ])
      .where('s.site_group_num', '=', site.site_group_num)
      .where('e.alarm_date', '>=', new Date(`${year.from}T00:00:00Z`))
      .orderBy('e.alarm_date')
      .execute();
    const plainMs = performance.now() - plainStarted;
    console.log(
      `baseline: one site by primary key ${seconds(pkMs)}; the year's ${plain.length.toLocaleString('en')} rows by one plain query (no file, all in memory) ${seconds(plainMs)}`,
    );
    plain.length = 0;
    for (const { figure, r } of results) {
      const ok = r.ms <= GOALS[figure.format] && r.rssMb <= RSS_GOAL_MB;
      met &&= ok;
      console.log(
        `alarm activity ${figure.format.toUpperCase().padEnd(4)} (${figure.what}): ${r.rows.toLocaleString('en')} rows, ${r.mb.toFixed(1)} MB in ${seconds(r.ms)} ` +
          `(goal <= ${seconds(GOALS[figure.format])}; ${(r.ms / plainMs).toFixed(1)}x the plain query), RSS growth ${r.rssMb.toFixed(1)} MB (goal <= ${RSS_GOAL_MB} MB): ${ok ? 'goal met' : 'goal NOT met'}`,
      );
    }

    // 20 at once: last 30 days as CSV, requested together; on PostgreSQL a second server shares the queue.
    if (second) {
      const otherHandle = await second();
      const otherApp = await buildApp(loadConfig(env), { database: otherHandle, logger: false });
      await otherApp.ready();
      other = { app: otherApp, handle: otherHandle };
    }
    const started = performance.now();
    const ids = await Promise.all(
      Array.from({ length: CONCURRENT }, async () => {
        const queued = await client('POST', '/api/reportRuns', {
          reportId: 'alarmActivity',
          format: 'csv',
          parameters: { period: 'last30Days', siteNums: [] },
          timeZone: TIME_ZONE,
        });
        if (!queued.body?.id) throw new Error(`POST /api/reportRuns answered ${queued.status}: ${JSON.stringify(queued.body)}`);
        return queued.body.id;
      }),
    );
    let rows: { status: string; attempts: number }[] = [];
    for (const deadline = Date.now() + 600_000; Date.now() < deadline; await sleep(200)) {
      rows = await app.db.selectFrom('report_runs').select(['status', 'attempts']).where('report_run_id', 'in', ids).execute();
      if (rows.every((r) => r.status !== 'queued' && r.status !== 'running')) break;
    }
    const done = rows.filter((r) => r.status === 'done').length;
    const once = rows.every((r) => r.attempts === 1);
    const concurrentOk = done === CONCURRENT && once;
    met &&= concurrentOk;
    console.log(
      `${CONCURRENT} runs at once (alarm activity CSV, last 30 days${second ? ', two servers sharing the queue' : ''}): ${done} of ${CONCURRENT} done in ` +
        `${seconds(performance.now() - started)}, ${once ? 'each started once' : 'some started more than once'}: ${concurrentOk ? 'goal met' : 'goal NOT met'}`,
    );
    console.log(`reports on ${label}: ${met ? 'all goals met' : 'some goals NOT met'}`);
  } finally {
    await other?.app.close();
    await other?.handle.close();
    await app.close();
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function reportsBench(): Promise<void> {
  await onBenchSchema('Reports', async (url, schema) => {
    const open = () => openDatabase({ databaseUrl: url, schema });
    await benchOn('PostgreSQL', open, open);
  });
  if (process.env.BENCH_REPORTS_POSTGRES_ONLY === 'true') return;
  const pgliteDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-reports-pglite-'));
  try {
    await benchOn('PGlite', () => openDatabase({ dataDir: pgliteDir }), null);
  } finally {
    rmSync(pgliteDir, { recursive: true, force: true });
  }
}
