/**
 * The API figures of npm run bench (speed of every authenticated call), on
 * PostgreSQL and on embedded PGlite, each beside its baselines measured in the same run:
 *
 *   (a) a bare Fastify route answering a constant;
 *   (b) a bare Fastify route running the news list query with its total (newsRepository.list,
 *       the very SQL of GET /api/news) on the portal's own database handle, so the same pool;
 *   (c) (b) plus the session lookup and the user lookup every signed-in call made before the
 *       session cache (sessions.byCookie, then the user row);
 *   (d) the portal's signed-in GET /api/news, with the portal's own logger (level info, to a
 *       sink) so that logging is part of the figure.
 *
 * Goals: (d) >= 0.8 x (b) in req/s on PostgreSQL and >= 0.9 x (b) on PGlite (the embedded
 * database's own work is in this process, so the portal's share of it is smaller); p99 of (d)
 * <= 20 ms. Each is printed beside its figure, met or not. The load generator runs in a process
 * of its own; CPU ms/req is the bench process's (the servers') CPU time per request, a figure
 * less at the mercy of neighbours on a shared machine than req/s, and (d)/(b) of it is printed too.
 * BENCH_DATABASE_URL names the PostgreSQL database (a fresh schema is made in it and dropped).
 * BENCH_API_LOADS=list,portal measures only those of constant, list, listSession, portal, health,
 * inPortal, inApi (the last two, (e) and (f), only when named: where (d) spends what (b) does not).
 * Every load runs once unmeasured first (BENCH_WARMUP_SECONDS, 2); the rounds then rotate the order.
 * DATABASE_PREPARED_STATEMENTS=false runs PostgreSQL's queries unprepared, as the portal does with it.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { PerformanceObserver } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase, preparedStatementsSetting, type DatabaseHandle } from '../../src/server/db/database.js';
import { sessionStore } from '../../src/server/auth/sessions.js';
import { newsRepository } from '../../src/server/news/newsRepository.js';
import { contentRange } from '../../src/server/http/simpleRest.js';
import { sessionCookie } from './injectSession.js';

const API_DURATION_S = Number(process.env.BENCH_SECONDS ?? 3);
const API_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Seconds of each load before the rounds, not measured (BENCH_WARMUP_SECONDS=0 for none). */
const API_WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const API_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
/**
 * BENCH_API_REQUESTS=N: each measured load sends N requests instead of running for BENCH_SECONDS,
 * so every load's CPU figure covers the same work (req/s is then that many over however long it took).
 */
const API_REQUESTS = Number(process.env.BENCH_API_REQUESTS ?? 0);
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';
/** (d)/(b) in req/s, by database. */
const RATIO_GOALS = { postgres: 0.8, pglite: 0.9 } as const;
const P99_GOAL_MS = 20;

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time of the bench process (the servers) per request. */
  cpuMsPerRequest: number;
  /** Of that, the garbage collector's pauses per request. */
  gcMsPerRequest: number;
}

/** Garbage-collection pauses of this process so far, in ms. */
let gcMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMs += entry.duration;
}).observe({ entryTypes: ['gc'] });

const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/**
 * One load: autocannon in a process of its own (its work stays off the servers' event loop and
 * out of their CPU figure); `cpuMsPerRequest` is this process's CPU time (the servers, the pg
 * driver, PGlite; not PostgreSQL's) per request answered.
 */
async function load(
  url: string,
  headers: Record<string, string> = {},
  connections = API_CONNECTIONS,
  seconds = API_DURATION_S,
  requests = API_REQUESTS,
): Promise<LoadResult> {
  const args = [AUTOCANNON, '-j', '-c', String(connections), ...(requests ? ['-a', String(requests)] : ['-d', String(seconds)])];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  const cpu = process.cpuUsage();
  const gcBefore = gcMs;
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const used = process.cpuUsage(cpu);
  if (code !== 0) throw new Error(`autocannon exited with ${code}`);
  const result = JSON.parse(out);
  return {
    // A fixed number of requests ends within a second: its rate is the total over the time taken.
    rps: requests ? result.requests.total / result.duration : result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuMsPerRequest: (used.user + used.system) / 1000 / Math.max(1, result.requests.total),
    gcMsPerRequest: (gcMs - gcBefore) / Math.max(1, result.requests.total),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Rounds of one load as one figure: mean req/s, median p50 and p99, every error. */
function combine(rounds: LoadResult[]): LoadResult {
  return {
    rps: rounds.reduce((sum, r) => sum + r.rps, 0) / rounds.length,
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    cpuMsPerRequest: median(rounds.map((r) => r.cpuMsPerRequest)),
    gcMsPerRequest: median(rounds.map((r) => r.gcMsPerRequest)),
  };
}

function row(name: string, r: LoadResult, base?: LoadResult, baseName = 'baseline') {
  if (r.errors) throw new Error(`${name}: ${r.errors} failed requests; the figures would not mean anything`);
  const ratio = base ? `  ${(r.rps / base.rps).toFixed(2)}x ${baseName}` : '';
  console.log(
    `${name.padEnd(44)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(3)} ms  ` +
      `CPU ${r.cpuMsPerRequest.toFixed(3)} ms/req (GC ${r.gcMsPerRequest.toFixed(3)})${ratio}`,
  );
}

const sink = () => new Writable({ write: (_chunk, _encoding, done) => done() });

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

const listOptions = () => ({ filter: {}, sort: { field: 'order' as const, order: 'desc' as const }, offset: 0, limit: 25 });

/** The handler of the bare list route (b): the list query and its total, answered as they come. */
function bareList(app: FastifyInstance) {
  const news = newsRepository(app.db);
  return async (_request: FastifyRequest, reply: FastifyReply) => {
    const { items, total } = await news.list(listOptions());
    reply.header('Content-Range', contentRange('news', 0, items.length, total));
    return items;
  };
}

/**
 * (b)'s handler inside the portal, to tell where (d) spends what (b) does not: (e) outside /api
 * (the portal's hooks on every request: request id, security headers, metrics, overload check,
 * request log), (f) under /api and signed in (the XSRF check, the session from its cache, the
 * access guard). (d) minus (f) is then the simple-rest route itself (query validation, the
 * response schema's serializer). Added before the portal is ready; the bench's portal only.
 */
function addDecompositionRoutes(app: FastifyInstance) {
  const handler = bareList(app);
  app.get('/bench/list', handler);
  app.get('/api/bench/list', { config: { access: 'signedIn' } }, handler);
}

/** The baselines (a), (b), (c) on the portal's own database handle. */
async function bareServer(app: FastifyInstance): Promise<{ server: FastifyInstance; origin: string }> {
  const news = newsRepository(app.db);
  const sessions = sessionStore(app.db, app.secrets.sessionSecret);
  const server = Fastify({ logger: false });
  server.get('/constant', async () => [{ id: 1, title: 'constant' }]);
  server.get('/list', bareList(app));
  server.get('/list-session', async (request, reply) => {
    const token = cookieValue(request.headers.cookie, 'portal_session');
    const session = token ? await sessions.byCookie(token) : undefined;
    const user = session && (await app.db.selectFrom('users').selectAll().where('user_id', '=', session.user_id).executeTakeFirst());
    if (!user || user.disabled_at) return reply.status(401).send({ message: 'signed out' });
    const { items, total } = await news.list(listOptions());
    reply.header('Content-Range', contentRange('news', 0, items.length, total));
    return items;
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  return { server, origin: `http://127.0.0.1:${(server.server.address() as { port: number }).port}` };
}

interface ApiFigures {
  database: string;
  list: LoadResult;
  portal: LoadResult;
  ratio: number;
  met: boolean;
}

interface Target {
  app: FastifyInstance;
  origin: string;
  bare: { server: FastifyInstance; origin: string };
  signedIn: Record<string, string>;
  newsUrl: string;
  startupMs: number;
  close(): Promise<void>;
}

/** The portal on a fresh database (demo data), the bare server on the same handle, signed in. */
async function setUp(url?: string): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const schema = url ? `bench_${randomBytes(5).toString('hex')}` : undefined;
  // DATABASE_PREPARED_STATEMENTS=false measures PostgreSQL without prepared statements, (b) and (d) alike.
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO: 'true',
    LOG_LEVEL: 'info',
    ALARM_SIMULATOR: 'false',
    DATABASE_PREPARED_STATEMENTS: process.env.DATABASE_PREPARED_STATEMENTS,
  });
  let handle: DatabaseHandle | undefined;
  if (url) handle = await openDatabase({ databaseUrl: url, schema, preparedStatements: preparedStatementsSetting(config) });
  // First start seeds the demo data; the second, timed, starts on an existing database, with the
  // portal's own logger options (level info, redaction, serializers) written to a sink.
  const first = await buildApp(config, { database: handle, logger: false });
  await first.close();
  const started = performance.now();
  const app = await buildApp(config, { database: handle, logStream: sink() });
  addDecompositionRoutes(app);
  await app.ready();
  const startupMs = performance.now() - started;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const bare = await bareServer(app);
  // Signed in as the news editor: the list is what news setup loads.
  const signedIn = await sessionCookie(app, { username: 'support.admin', internal: true });
  const newsUrl = `${origin}/api/news?sort=${encodeURIComponent('["order","DESC"]')}&range=${encodeURIComponent('[0,24]')}`;
  return {
    app,
    origin,
    bare,
    signedIn,
    newsUrl,
    startupMs,
    async close() {
      await bare.server.close();
      await app.close();
      if (handle) await handle.close();
      if (url && schema) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        // The portal's tables, and the job queue's beside them (jobsPlugin: <schema>_jobs).
        for (const name of [schema, `${schema}_jobs`]) await client.query(`drop schema if exists ${pg.escapeIdentifier(name)} cascade`);
        await client.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const LOADS = ['constant', 'list', 'listSession', 'portal', 'health', 'inPortal', 'inApi'] as const;
/** Measured only when BENCH_API_LOADS names them. */
const ON_REQUEST: readonly Load[] = ['inPortal', 'inApi'];
type Load = (typeof LOADS)[number];
const LABELS: Record<Load, string> = {
  constant: '(a) bare Fastify, constant',
  list: '(b) bare Fastify, news list query + total',
  listSession: '(c) (b) + session and user lookups',
  portal: '(d) portal GET /api/news, signed in',
  health: 'GET /api/health',
  inPortal: "(e) (b)'s handler in the portal, not /api",
  inApi: "(f) (b)'s handler in the portal, /api, signed in",
};
const BASES: Partial<Record<Load, Load>> = {
  list: 'constant',
  listSession: 'list',
  portal: 'list',
  health: 'constant',
  inPortal: 'list',
  inApi: 'list',
};

const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

/** One database: the figures (and /api/health), the ratios beside their goals. */
async function benchOn(database: 'pglite' | 'postgres', url?: string): Promise<ApiFigures> {
  const target = await setUp(url);
  try {
    console.log(
      `\nAPI on ${database === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}, loopback, ${API_CONNECTIONS} connections, ` +
        `${API_ROUNDS} rounds of ${API_REQUESTS ? `${API_REQUESTS} requests` : `${API_DURATION_S} s`} each (demo data; req/s the mean of the rounds, p50 and p99 their median)`,
    );
    const urls: Record<Load, [string, Record<string, string>]> = {
      constant: [`${target.bare.origin}/constant`, {}],
      list: [`${target.bare.origin}/list`, {}],
      listSession: [`${target.bare.origin}/list-session`, target.signedIn],
      portal: [target.newsUrl, target.signedIn],
      health: [`${target.origin}/api/health`, {}],
      inPortal: [`${target.origin}/bench/list`, {}],
      inApi: [`${target.origin}/api/bench/list`, target.signedIn],
    };
    const only = process.env.BENCH_API_LOADS?.split(',');
    const loads = LOADS.filter((name) => (only ? only.includes(name) || name === 'list' || name === 'portal' : !ON_REQUEST.includes(name)));
    // Every load once, unmeasured: the first seconds under load compile (V8 optimizing the
    // request path, PGlite's WebAssembly tiered up on background threads, whose CPU the figure
    // counts) and fill caches, and would otherwise weigh on whichever load ran first.
    for (const name of loads) await load(...urls[name], API_CONNECTIONS, API_WARMUP_S, 0);
    // Rounds, the loads taking turns in each, each round starting one load further on: a
    // neighbour's burst on the shared machine then weighs on every figure alike rather than on one.
    const runs = new Map<Load, LoadResult[]>(loads.map((name) => [name, []]));
    for (let round = 0; round < API_ROUNDS; round++) {
      for (let turn = 0; turn < loads.length; turn++) {
        const name = loads[(round + turn) % loads.length];
        runs.get(name)!.push(await load(...urls[name]));
      }
    }
    const results = new Map([...runs].map(([name, rounds]) => [name, combine(rounds)]));
    for (const [name, result] of results) {
      const base = BASES[name];
      row(LABELS[name], result, base && results.get(base), base && LABELS[base].slice(0, 3));
    }
    const list = results.get('list')!;
    const portal = results.get('portal')!;
    const goal = RATIO_GOALS[database];
    const ratio = portal.rps / list.rps;
    const met = ratio >= goal;
    console.log(`(d)/(b) = ${ratio.toFixed(2)} in req/s (goal >= ${goal}): ${verdict(met)}`);
    const byRound = runs.get('portal')!.map((r, round) => (r.rps / runs.get('list')![round].rps).toFixed(2));
    console.log(`(d)/(b) in req/s by round: ${byRound.join(', ')}`);
    console.log(
      `(d)/(b) = ${(portal.cpuMsPerRequest / list.cpuMsPerRequest).toFixed(2)} in CPU ms/req ` +
        `(${portal.cpuMsPerRequest.toFixed(3)} against ${list.cpuMsPerRequest.toFixed(3)})`,
    );
    console.log(
      `p99 of (d) ${portal.p99} ms (goal <= ${P99_GOAL_MS} ms; p99 of (b) ${list.p99} ms): ${verdict(portal.p99 <= P99_GOAL_MS)}`,
    );
    console.log(`start-up on an existing database: ${target.startupMs.toFixed(0)} ms`);
    return { database, list, portal, ratio, met };
  } finally {
    await target.close();
  }
}

/** tests/bench/profile.ts: the signed-in list only, profiled while under load (not during start-up). */
export async function profileTarget(outFile: string): Promise<void> {
  const url = process.env.BENCH_API_DATABASES === 'pglite' ? undefined : (process.env.BENCH_DATABASE_URL ?? DEFAULT_PG_URL);
  const target = await setUp(url);
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    // BENCH_PROFILE=list profiles the bare list-query route (b) instead, to compare.
    const bareList = process.env.BENCH_PROFILE === 'list';
    const result = bareList ? await load(`${target.bare.origin}/list`) : await load(target.newsUrl, target.signedIn);
    row(bareList ? '(b) bare list query' : '(d) portal GET /api/news, signed in', result);
    console.log(`requests: ${Math.round(result.rps * API_DURATION_S)}`);
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(outFile, JSON.stringify(profile));
    console.log(`profile written to ${outFile}`);
  } finally {
    session.disconnect();
    await target.close();
  }
}

async function postgresReachable(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** PostgreSQL (when reachable) then PGlite; BENCH_API_DATABASES=postgres or =pglite for one only. */
export async function apiBench(): Promise<ApiFigures[]> {
  const only = process.env.BENCH_API_DATABASES;
  const figures: ApiFigures[] = [];
  if (only !== 'pglite') {
    const url = process.env.BENCH_DATABASE_URL ?? DEFAULT_PG_URL;
    const problem = await postgresReachable(url);
    if (problem) console.log(`\nAPI on PostgreSQL: not measured (${problem})`);
    else figures.push(await benchOn('postgres', url));
  }
  if (only !== 'postgres') figures.push(await benchOn('pglite'));
  return figures;
}
