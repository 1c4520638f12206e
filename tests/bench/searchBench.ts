/**
 * Account search figures (`npm run bench -- --search`): both searches with a mix of queries
 * (3-character substrings, phone fragments, contact names, exact site, device and transmitter
 * numbers) at 32 concurrent clients, signed in as a dealer of the largest account group, on
 * PostgreSQL with 1,000,000 generated sites and on PGlite with 100,000:
 *
 *   (a) the baseline: a bare Fastify route answering `select … from sites where site_num = $1` (primary key);
 *   (b) the header's quick search, GET /api/site/search (device number, transmitter prefix, account number, name prefix);
 *   (c) the substring search, GET /api/sites?filter={"q":…}&range=[0,9] (the '/' dialog and the accounts list).
 *
 * Goals, each against (a) measured in the same run on the same database handle: throughput of (b)
 * and (c) at least 0.25 × (a)'s, p95 at most 5 × (a)'s. Then the database's CPU time per search of (c)
 * and per select of (a), the mix run one query at a time (BENCH_SEARCH_CPU_ROUNDS passes, 3): the cost
 * that the loads' rates depend on, and a figure that hardly moves with the machine's other work. Then
 * each query of the mix alone, and the plans of the slowest (EXPLAIN (ANALYZE, BUFFERS) of every
 * statement they run; on PostgreSQL auto_explain's of the statements inside the search functions). The load generator
 * (autocannon, one response time per request, so that p95 is exact) runs in a process of its own.
 *
 * The data stay between runs (seeding a million sites takes minutes):
 *   BENCH_SEARCH_DATABASE_URL  PostgreSQL database (default postgres://postgres@127.0.0.1:5432/bench_search),
 *                              seeded up to BENCH_SEARCH_PG_SITES (1,000,000) generated sites when it has fewer;
 *   BENCH_SEARCH_DATA_DIR      PGlite data dir (default <tmp>/portal-bench-search), up to BENCH_SEARCH_PGLITE_SITES (100,000).
 * BENCH_SEARCH_DATABASES=postgres or =pglite measures one only; BENCH_SEARCH_PLANS (2) is how many
 * of the slowest queries of each search have their plans printed.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import {
  CompiledQuery,
  sql,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import pg from 'pg';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { APPLICATION_NAME, migrateToLatest, openDatabase, type DatabaseHandle, type Db } from '../../src/server/db/database.js';
import { isEmpty, seedDemo } from '../../src/server/db/seed/demoSeed.js';
import { seedLarge } from '../../src/server/db/seed/largeSeed.js';
import { searchPlan as shellSearchPlan, sitesRepository } from '../../src/server/shell/sitesRepository.js';
import { siteSearchRepository } from '../../src/server/sites/siteSearchRepository.js';
import { sessionCookie } from './injectSession.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_SEARCH_CONNECTIONS ?? 32);
const PG_URL = process.env.BENCH_SEARCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_search';
const PG_SITES = Number(process.env.BENCH_SEARCH_PG_SITES ?? 1_000_000);
const PGLITE_SITES = Number(process.env.BENCH_SEARCH_PGLITE_SITES ?? 100_000);
const PGLITE_DIR = process.env.BENCH_SEARCH_DATA_DIR ?? path.join(tmpdir(), 'portal-bench-search');
const PLANS = Number(process.env.BENCH_SEARCH_PLANS ?? 2);
/** Sequential passes over the mix for the database's CPU time per search. */
const CPU_ROUNDS = Number(process.env.BENCH_SEARCH_CPU_ROUNDS ?? 3);
/** Goals of (b) and (c) against the primary-key route (a) of the same run. */
const GOALS = { throughput: 0.25, p95: 5 } as const;

interface Figures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  errors: number;
}

const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon');

/** The load process: autocannon cycling through `paths`, every response time kept; prints the figures as JSON. */
const WORKER = `
const autocannon = require(process.env.AUTOCANNON);
const { origin, paths, headers, connections, duration } = JSON.parse(process.env.LOAD);
const times = [];
const instance = autocannon({ url: origin, connections, duration, headers, requests: paths.map((path) => ({ method: 'GET', path })) });
instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
instance.on('done', (result) => {
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0;
  console.log(JSON.stringify({ rps: result.requests.average, p50: at(50), p95: at(95), p99: at(99), requests: times.length,
    errors: result.errors + result.non2xx }));
});`;

async function load(origin: string, paths: string[], headers: Record<string, string> = {}): Promise<Figures> {
  // Each connection starts at another place in the mix, so the clients do not move in step.
  const child = spawn(process.execPath, ['-e', WORKER], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      AUTOCANNON,
      LOAD: JSON.stringify({ origin, paths, headers, connections: CONNECTIONS, duration: DURATION_S }),
    },
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`load process exited with ${code}`);
  return JSON.parse(out) as Figures;
}

function row(name: string, f: Figures) {
  console.log(
    `${name.padEnd(52)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${f.p50.toFixed(1).padStart(5)} ms  p95 ${f.p95
      .toFixed(1)
      .padStart(5)} ms  p99 ${f.p99.toFixed(1).padStart(5)} ms` + (f.errors ? `  ${f.errors} ERRORS` : ''),
  );
}

/** The ratios of a search to the primary-key route, each beside its goal. */
function ratios(f: Figures, base: Figures) {
  const throughput = f.rps / base.rps;
  const p95 = f.p95 / base.p95;
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  console.log(
    `${''.padEnd(4)}throughput ${throughput.toFixed(2)} × the primary key's (goal >= ${GOALS.throughput}: ${verdict(throughput >= GOALS.throughput)}); ` +
      `p95 ${p95.toFixed(2)} × its p95 (goal <= ${GOALS.p95}: ${verdict(p95 <= GOALS.p95)})`,
  );
}

/**
 * Keeps every statement a repository runs through it, for EXPLAIN: the nodes of the queries whose
 * results came back (the plugin also sees the subqueries a statement is built of, which never run alone).
 */
class StatementRecorder implements KyselyPlugin {
  readonly #nodes = new Map<QueryId, RootOperationNode>();
  readonly statements: { node: RootOperationNode; queryId: QueryId }[] = [];
  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    this.#nodes.set(queryId, node);
    return node;
  }
  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const node = this.#nodes.get(queryId);
    if (node) this.statements.push({ node, queryId });
    return result;
  }
}

/** Brings a database to `sites` generated sites (migrations, demo users, then the large seed for the rest). */
async function prepare(handle: DatabaseHandle, sites: number) {
  await migrateToLatest(handle.db);
  if (await isEmpty(handle.db)) await seedDemo(handle.db, { log: () => undefined });
  const { count } = await handle.db
    .selectFrom('sites')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const missing = sites - Number(count);
  if (missing > 1000) {
    console.log(`seeding ${missing} sites on ${handle.kind} (once; the data stay for the next run)`);
    await seedLarge(handle.db, { sites: missing, log: (msg) => console.log(`  ${msg}`) });
  }
}

/** The mix: from the largest group's own data, so that every query finds something; the same in every run. */
async function queries(db: Db, groupNum: number): Promise<string[]> {
  const sample = await sql<{ site_num: number; dev_num: number; transmitter_code: string; contact: string; phone: string }>`
    select s.site_num, d.dev_num, d.transmitter_code, c.name as contact, c.phone_number as phone
    from sites s join devices d on d.site_num = s.site_num join contacts c on c.site_num = s.site_num and c.position = 1
    where s.site_group_num = ${groupNum} and s.site_num % 997 = 0
    order by s.site_num limit 12`.execute(db);
  const substrings = ['son', 'ill', 'ake', 'ber', 'ros', 'jos', 'mar', 'ood', 'caf', 'ent', 'ley', 'ton'];
  const mix: string[] = [];
  sample.rows.forEach((r, i) => {
    const digits = r.phone.replace(/\D/g, '');
    mix.push(
      substrings[i % substrings.length],
      `${digits.slice(-7, -4)}-${digits.slice(-4)}`, // '555-0142'
      r.phone.slice(0, 9), // '(701) 555' or '701-555-0'
      r.contact.split(' ')[i % 2], // a first or a last name
      r.contact, // the whole name
      String(r.site_num),
      String(r.dev_num),
      i % 2 ? r.transmitter_code : r.transmitter_code.toLowerCase(),
    );
  });
  return mix;
}

/**
 * The database's CPU time per call of `run`, over CPU_ROUNDS sequential passes of `texts`: on PostgreSQL the
 * CPU time of the portal's backends (/proc/<pid>/schedstat, so the server must be on this host; undefined
 * otherwise), on PGlite this process's (the database runs in it, with the repository's own work around it).
 * A CPU time, unlike the loads' rates, hardly moves with what else the machine runs.
 */
async function cpuPerCall(handle: DatabaseHandle, texts: string[], run: (q: string) => Promise<void>): Promise<number | undefined> {
  for (const q of texts) await run(q);
  let clock: () => Promise<number | undefined>;
  if (handle.kind === 'postgres') {
    const backends = await sql<{ pid: number }>`
      select pid from pg_stat_activity where datname = current_database() and application_name = ${APPLICATION_NAME}`.execute(handle.db);
    clock = async () => {
      let ns = 0;
      for (const { pid } of backends.rows) {
        const stat = await readFile(`/proc/${pid}/schedstat`, 'utf8').catch(() => undefined);
        if (stat === undefined) return undefined;
        ns += Number(stat.split(' ')[0]);
      }
      return ns / 1e6;
    };
  } else {
    clock = async () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
  }
  const before = await clock();
  for (let round = 0; round < CPU_ROUNDS; round++) for (const q of texts) await run(q);
  const after = await clock();
  return before === undefined || after === undefined ? undefined : (after - before) / (CPU_ROUNDS * texts.length);
}

async function benchOn(kind: 'postgres' | 'pglite', sites: number) {
  const handle =
    kind === 'postgres' ? await openDatabase({ databaseUrl: PG_URL }) : await openDatabase({ dataDir: PGLITE_DIR, databaseUrl: undefined });
  try {
    await prepare(handle, sites);
    const config = loadConfig({ DATA_DIR: PGLITE_DIR, DEMO: 'false', LOG_LEVEL: 'silent', ALARM_SIMULATOR: 'false' });
    const app = await buildApp(config, { database: handle, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const bare = Fastify({ logger: false });
    try {
      const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      // dealer.beta's group 9993, the largest of the demo groups.
      const username = 'dealer.beta';
      const user = await handle.db
        .selectFrom('users')
        .select('current_site_group_num')
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      const groupNum = user.current_site_group_num!;
      const stats = await sql<{ total: number; in_group: number }>`
        select count(*)::int as total, count(*) filter (where site_group_num = ${groupNum})::int as in_group from sites`.execute(handle.db);
      const mix = await queries(handle.db, groupNum);
      const headers = await sessionCookie(app, { username });

      const siteNums = (
        await handle.db.selectFrom('sites').select('site_num').where('site_group_num', '=', groupNum).limit(200).execute()
      ).map((r) => r.site_num);
      bare.get<{ Params: { n: string } }>('/site/:n', async (request) =>
        handle.db
          .selectFrom('sites')
          .select(['site_num', 'site_name', 'city', 'state', 'status'])
          .where('site_num', '=', Number(request.params.n))
          .executeTakeFirst(),
      );
      await bare.listen({ port: 0, host: '127.0.0.1' });
      const bareOrigin = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

      const searchPaths = mix.map(
        (q) => `/api/sites?filter=${encodeURIComponent(JSON.stringify({ q }))}&range=${encodeURIComponent('[0,9]')}`,
      );
      const shellPaths = mix.map((q) => `/api/site/search?q=${encodeURIComponent(q)}`);
      // Every query once before measuring: the first plan and a cold cache are not what a dealer meets all day.
      for (const p of [...searchPaths, ...shellPaths]) await fetch(`${origin}${p}`, { headers });

      console.log(
        `\nAccount search on ${kind === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}: ${stats.rows[0].total} sites, ` +
          `${stats.rows[0].in_group} in the dealer's group ${groupNum}; ${CONNECTIONS} clients, ${DURATION_S} s each; ` +
          `${mix.length} queries in the mix`,
      );
      const base = await load(
        bareOrigin,
        siteNums.map((n) => `/site/${n}`),
      );
      row('(a) bare Fastify, site by primary key', base);
      const quick = await load(origin, shellPaths, headers);
      row('(b) GET /api/site/search (header quick search)', quick);
      ratios(quick, base);
      const search = await load(origin, searchPaths, headers);
      row('(c) GET /api/sites?filter={"q":…} (substring search)', search);
      ratios(search, base);

      const scopeUser = await handle.db
        .selectFrom('users')
        .select(['user_id', 'application_num', 'current_site_group_num'])
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      // The database's CPU per search, each search on its own: the primary-key select beside it.
      const who = handle.kind === 'postgres' ? 'PostgreSQL backends' : 'this process, PGlite in it';
      const cpu = {
        a: await cpuPerCall(handle, siteNums.slice(0, mix.length).map(String), async (n) => {
          await handle.db
            .selectFrom('sites')
            .select(['site_num', 'site_name', 'city', 'state', 'status'])
            .where('site_num', '=', Number(n))
            .executeTakeFirst();
        }),
        c: await cpuPerCall(handle, mix, async (q) => {
          await siteSearchRepository(handle.db).list(scopeUser, { filter: { q }, offset: 0, limit: 10 });
        }),
      };
      if (cpu.a !== undefined && cpu.c !== undefined) {
        console.log(
          `CPU per call (${who}, ${CPU_ROUNDS} passes of the mix one at a time): (a)'s select ${cpu.a.toFixed(3)} ms, ` +
            `(c)'s search ${cpu.c.toFixed(3)} ms`,
        );
      }
      await slowest(handle.db, '(b) quick search', mix, shellPaths, async (db, q) => {
        await sitesRepository(db).search(scopeUser, shellSearchPlan({ q }));
      });
      await slowest(handle.db, '(c) substring search', mix, searchPaths, async (db, q) => {
        await siteSearchRepository(db).list(scopeUser, { filter: { q }, offset: 0, limit: 10 });
      });

      /**
       * The plans of the statements a search function runs (its EXPLAIN shows one Function Scan):
       * auto_explain's, nested statements included, as notices of a connection of their own; the call
       * made twice, the second one's plans printed (the first plans the function's statements).
       */
      async function insidePlans(text: string, parameters: unknown[]) {
        const client = new pg.Client({ connectionString: PG_URL });
        await client.connect();
        try {
          let notices: string[] = [];
          client.on('notice', (notice) => notices.push(notice.message ?? ''));
          await client.query(`load 'auto_explain'`);
          await client.query(`set auto_explain.log_min_duration = 0; set auto_explain.log_analyze = on;
            set auto_explain.log_buffers = on; set auto_explain.log_nested_statements = on; set auto_explain.log_level = notice`);
          await client.query(text, parameters);
          notices = [];
          await client.query(text, parameters);
          console.log(`  inside the function (auto_explain, ${notices.length} statements):`);
          console.log(notices.map((notice) => notice.replace(/^/gm, '    ')).join('\n'));
        } catch (error) {
          console.log(`  inside the function: no plans (${(error as Error).message})`);
        } finally {
          await client.end();
        }
      }

      /** Each query of the mix alone (the better of two), the slowest named, and the plans of the PLANS slowest. */
      async function slowest(db: Db, label: string, texts: string[], paths: string[], run: (db: Db, q: string) => Promise<void>) {
        const times: { q: string; ms: number }[] = [];
        for (const [i, p] of paths.entries()) {
          let ms = Infinity;
          for (let round = 0; round < 2; round++) {
            const started = performance.now();
            await fetch(`${origin}${p}`, { headers });
            ms = Math.min(ms, performance.now() - started);
          }
          times.push({ q: texts[i], ms });
        }
        times.sort((x, y) => y.ms - x.ms);
        console.log(
          `${label}, slowest queries alone: ${times
            .slice(0, 4)
            .map((t) => `"${t.q}" ${t.ms.toFixed(1)} ms`)
            .join(', ')}`,
        );
        for (const { q } of times.slice(0, PLANS)) {
          const recorder = new StatementRecorder();
          await run(db.withPlugin(recorder), q);
          for (const [n, statement] of recorder.statements.entries()) {
            const compiled = db.getExecutor().compileQuery(statement.node, statement.queryId);
            const plan = await db.executeQuery<Record<string, string>>(
              CompiledQuery.raw(`explain (analyze, buffers) ${compiled.sql}`, [...compiled.parameters]),
            );
            console.log(`\n${label} "${q}", statement ${n + 1} of ${recorder.statements.length}:`);
            console.log(plan.rows.map((r) => `  ${Object.values(r)[0]}`).join('\n'));
            if (handle.kind === 'postgres' && /\b(site_relevance_search|quick_site_search)\(/.test(compiled.sql)) {
              await insidePlans(compiled.sql, [...compiled.parameters]);
            }
          }
        }
      }
    } finally {
      await bare.close();
      await app.close();
    }
  } finally {
    await handle.close();
  }
}

async function postgresReachable(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function searchBench(): Promise<void> {
  const only = process.env.BENCH_SEARCH_DATABASES;
  if (only !== 'pglite') {
    const problem = await postgresReachable(PG_URL);
    if (problem) console.log(`\nAccount search on PostgreSQL: not measured (${problem}; createdb bench_search?)`);
    else await benchOn('postgres', PG_SITES);
  }
  if (only !== 'postgres') await benchOn('pglite', PGLITE_SITES);
}
