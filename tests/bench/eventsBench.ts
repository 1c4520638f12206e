/**
 * The event-history figures of npm run bench, on PostgreSQL, each beside a baseline
 * measured in the same run on the same database handle:
 *
 *   - GET /api/events page 1 and page 1,000 (by cursor, 50 rows a page) of a site with
 *     BENCH_EVENTS events (default 1,000,000; `npm run seed -- --events N` makes the same rows),
 *     signed in as dealer.beta, sequential requests over loopback; goal: both <= 20 ms.
 *     Baseline: a bare Fastify route answering one event by primary key.
 *   - GET /api/events/export?format=csv of all of them, from a portal in a process of its own on
 *     the same database (childPortal.ts): time to the last byte, and the growth of that server's
 *     RSS (VmRSS) while it streams, sampled every 10 ms; goals: <= 3 s and <= 64 MB. Baseline:
 *     the same rows read by one plain query through this process's pool.
 *
 * BENCH_DATABASE_URL names the PostgreSQL server (a database is made on it for the run and dropped).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/database.js';
import { seedEvents } from '../../src/server/db/seed/eventsSeed.js';
import { encodeCursor } from '../../src/server/events/eventQuery.js';
import { signedInClient } from '../integration/client.js';
import { ownDatabase, portalEnv, procRss, startServer, waitHealthy } from './childPortal.js';
import { injectSignIn } from './injectSession.js';

const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_EVENTS_REQUESTS ?? 200);
const EXPORT_ROUNDS = Number(process.env.BENCH_EXPORT_ROUNDS ?? 3);
const PAGE = 50;
const PAGE_GOAL_MS = 20;
const EXPORT_GOAL_MS = 3000;
const RSS_GOAL_MB = 64;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

/** Sequential GETs of one URL: median and p95 in ms, after a few warm-up calls. */
async function latency(url: string, headers: Record<string, string> = {}) {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS + 10; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    if (i >= 10) times.push(performance.now() - started);
  }
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

const ms = (n: number) => `${n.toFixed(1).padStart(6)} ms`;

export async function eventsBench(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? DEFAULT_PG_URL;
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await probe.connect();
  } catch (error) {
    console.log(`\nEvent history on PostgreSQL: not measured (${(error as Error).message})`);
    return;
  } finally {
    await probe.end().catch(() => undefined);
  }

  const database = await ownDatabase(url);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const handle = await openDatabase({ databaseUrl: database.url });
  const config = loadConfig({ DATA_DIR: dataDir, DEMO: 'true', LOG_LEVEL: 'silent', ALARM_SIMULATOR: 'false' });
  const app = await buildApp(config, { database: handle, logger: false });
  const bare = Fastify({ logger: false });
  try {
    await app.ready();
    const seeded = performance.now();
    const siteNum = await seedEvents(app.db, { events: EVENTS });
    console.log(
      `\nEvent history on PostgreSQL: site ${siteNum} with ${EVENTS.toLocaleString('en')} events (seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s)`,
    );
    await sql`vacuum analyze alarm_events`.execute(app.db);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

    // Signed in as dealer.beta (group 9993, the site's), as a browser: pre-session, then the session cookies.
    const { session } = await injectSignIn(app, { username: 'dealer.beta' });
    const headers = { cookie: `portal_session=${session.value}` };

    // Baseline: one event by primary key, on a bare Fastify route over the same pool.
    const some = await app.db
      .selectFrom('alarm_events')
      .select('alarm_num')
      .where('site_num', '=', siteNum)
      .limit(1)
      .executeTakeFirstOrThrow();
    bare.get('/event', async () =>
      app.db.selectFrom('alarm_events').selectAll().where('alarm_num', '=', some.alarm_num).executeTakeFirst(),
    );
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareOrigin = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

    // Page 1,000's cursor: the last event of page 999, as X-Next-Cursor of page 999 names it.
    const before = await sql<{ date: string; alarm_num: number }>`
      select to_char(alarm_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as date, alarm_num from alarm_events
      where site_num = ${siteNum} order by alarm_date desc, alarm_num desc offset ${999 * PAGE - 1} limit 1`.execute(app.db);
    const filter = encodeURIComponent(JSON.stringify({ siteNum }));
    const list = `${origin}/api/events?filter=${filter}&range=${encodeURIComponent(`[0,${PAGE - 1}]`)}`;
    const cursor = encodeCursor({ date: before.rows[0].date, alarmNum: before.rows[0].alarm_num });
    const page1000 = `${origin}/api/events?filter=${filter}&range=${encodeURIComponent(`[${999 * PAGE},${1000 * PAGE - 1}]`)}&cursor=${cursor}`;
    const check = await fetch(page1000, { headers });
    if (check.headers.get('content-range') !== `events ${999 * PAGE}-${1000 * PAGE - 1}/*`)
      throw new Error('page 1,000 is not a full page');

    const baseline = await latency(`${bareOrigin}/event`);
    const p1 = await latency(list, headers);
    const p1000 = await latency(page1000, headers);
    console.log(`${REQUESTS} sequential requests each, loopback, p50 and p95:`);
    console.log(`baseline: bare Fastify, one event by primary key  p50 ${ms(baseline.p50)}  p95 ${ms(baseline.p95)}`);
    console.log(`GET /api/events page 1 (50 rows)                  p50 ${ms(p1.p50)}  p95 ${ms(p1.p95)}`);
    console.log(`GET /api/events page 1,000 (by cursor)            p50 ${ms(p1000.p50)}  p95 ${ms(p1000.p95)}`);
    const pagesMet = p1.p95 <= PAGE_GOAL_MS && p1000.p95 <= PAGE_GOAL_MS;
    console.log(
      `history pages: p95 ${p1.p95.toFixed(1)} and ${p1000.p95.toFixed(1)} ms (goal <= ${PAGE_GOAL_MS} ms): ${pagesMet ? 'goal met' : 'goal NOT met'}`,
    );

    // The export from a portal of its own on the same database: its RSS is the server's alone.
    const portal = await exportPortal(database.url);
    const exportUrl = `${portal.origin}/api/events/export?format=csv&filter=${filter}&tz=America%2FNew_York`;
    const rounds: { ms: number; bytes: number; rows: number; rssMb: number }[] = [];
    for (let round = 0; round < EXPORT_ROUNDS; round++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const rss = () => procRss(portal.pid) ?? 0;
      const rssBefore = rss();
      let peak = rssBefore;
      const sampler = setInterval(() => (peak = Math.max(peak, rss())), 10);
      const started = performance.now();
      const response = await fetch(exportUrl, { headers: portal.headers(exportUrl) });
      if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}`);
      let bytes = 0;
      let lines = 0;
      const reader = response.body.getReader();
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        const chunk = next.value;
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      }
      const elapsed = performance.now() - started;
      clearInterval(sampler);
      const total = Number(response.headers.get('x-total-count'));
      if (lines - 1 !== total || total < EVENTS)
        throw new Error(`export wrote ${lines - 1} rows, X-Total-Count ${total}, expected at least ${EVENTS}`);
      rounds.push({ ms: elapsed, bytes, rows: lines - 1, rssMb: (peak - rssBefore) / 1024 / 1024 });
    }
    await portal.stop();
    // Baseline of the export, measured after it (it holds every row in memory at once): the same rows by one plain query through the same pool (held in memory at once).
    const plainStarted = performance.now();
    const plain = await app.db
      .selectFrom('alarm_events')
      .select(['alarm_num', 'dev_num', 'transmitter_code', 'zone_num', 'event_code', 'event_code_description', 'event_kind', 'alarm_date'])
      .where('site_num', '=', siteNum)
      .orderBy('alarm_date', 'desc')
      .orderBy('alarm_num', 'desc')
      .execute();
    const plainMs = performance.now() - plainStarted;
    const plainRows = plain.length;
    plain.length = 0;

    console.log(
      `baseline: the same ${plainRows.toLocaleString('en')} rows by one plain query (no HTTP, no CSV, all in memory): ${ms(plainMs)}`,
    );
    for (const [i, r] of rounds.entries()) {
      console.log(
        `GET /api/events/export, round ${i + 1}: ${r.rows.toLocaleString('en')} rows, ${(r.bytes / 1024 / 1024).toFixed(1)} MB to the last byte in ${ms(r.ms)}, ` +
          `RSS growth ${r.rssMb.toFixed(1)} MB`,
      );
    }
    const worstRss = Math.max(...rounds.map((r) => r.rssMb));
    const medianMs = quantile(
      rounds.map((r) => r.ms),
      0.5,
    );
    const exportMet = medianMs <= EXPORT_GOAL_MS && worstRss <= RSS_GOAL_MB;
    console.log(
      `export: median ${(medianMs / 1000).toFixed(2)} s (goal <= ${EXPORT_GOAL_MS / 1000} s), largest RSS growth ${worstRss.toFixed(1)} MB ` +
        `(goal <= ${RSS_GOAL_MB} MB): ${exportMet ? 'goal met' : 'goal NOT met'}`,
    );
  } finally {
    await bare.close();
    await app.close();
    await handle.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A portal in a child process on `databaseUrl` (already seeded), dealer.beta signed in to it; stop() ends it. */
async function exportPortal(databaseUrl: string) {
  const port = 8300 + Math.floor(Math.random() * 60);
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-export-'));
  const server = startServer(portalEnv(port, dataDir, { DATABASE_URL: databaseUrl, REDIS_URL: '', MAX_EVENT_LOOP_DELAY_MS: '0' }));
  await waitHealthy(origin, server, () => server.tail.join('\n'));
  const client = await signedInClient(origin, 'dealer.beta');
  return {
    origin,
    pid: server.child.pid!,
    headers: (url: string) => client.headersFor(url, 'GET'),
    async stop() {
      server.child.kill('SIGTERM');
      await server.exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
