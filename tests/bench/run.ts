/**
 * npm run bench: figures for the performance goals, each beside a baseline
 * measured in the same run on the same machine, never a timed assertion.
 *
 * - API: GET /api/news (validation, database, serialisation) against a bare
 *   Fastify route answering a constant, both on loopback with autocannon.
 * - Start-up: time from buildApp to ready on an existing embedded database.
 * - Web: gzipped JavaScript of the entry chunk, of everything built, and of what the /login
 *   page loads first, recorded in Chromium (tests/bench/loginBundle.ts; from Vite's manifest
 *   when no browser starts) against its 120 KB budget.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { DEMO_PASSWORD } from '../../src/common/constants.js';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { WEB_DIST } from '../../src/server/config.js';
import { LOGIN_BUDGET_BYTES, loginBundleBytes, measureLoginFirstLoad } from './loginBundle.js';
import { realtimeBench } from './realtime.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

function row(name: string, r: Awaited<ReturnType<typeof load>>, base?: Awaited<ReturnType<typeof load>>) {
  if (r.errors) throw new Error(`${name}: ${r.errors} failed requests; the figures would not mean anything`);
  const ratio = base ? `  ${(r.rps / base.rps).toFixed(2)}x baseline req/s` : '';
  console.log(`${name.padEnd(40)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}${ratio}`);
}

async function apiBench() {
  const bare = Fastify();
  bare.get('/constant', async () => [{ id: 1, title: 'constant' }]);
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const barePort = (bare.server.address() as { port: number }).port;

  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, DEMO: 'true', LOG_LEVEL: 'silent' });
  const first = await buildApp(config, { logger: false });
  await first.close();
  const started = performance.now();
  const app = await buildApp(config, { logger: false });
  await app.ready();
  const startupMs = performance.now() - started;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  // Signed in as the news editor: the list is what news setup loads.
  const xsrf = 'bench-xsrf-token';
  const login = await app.inject({
    method: 'POST',
    url: '/api/account/login',
    headers: { cookie: `XSRF-Token=${xsrf}`, 'x-xsrf-token': xsrf },
    payload: { username: 'support.admin', password: DEMO_PASSWORD, internal: true },
  });
  const session = login.cookies.find((c) => c.name === 'portal_session');
  if (!session) throw new Error(`could not sign in for the benchmark: ${login.statusCode}`);
  const signedIn = { cookie: `portal_session=${session.value}` };

  console.log(`\nAPI on loopback, ${CONNECTIONS} connections, ${DURATION_S} s each (embedded PGlite, demo data)`);
  const baseline = await load(`http://127.0.0.1:${barePort}/constant`);
  row('baseline: bare Fastify constant', baseline);
  row('GET /api/health', await load(`http://127.0.0.1:${port}/api/health`), baseline);
  const newsUrl = `http://127.0.0.1:${port}/api/news?sort=${encodeURIComponent('["order","DESC"]')}&range=${encodeURIComponent('[0,24]')}`;
  row('GET /api/news (first page, signed in)', await load(newsUrl, signedIn), baseline);
  console.log(`start-up on an existing database: ${startupMs.toFixed(0)} ms`);

  await app.close();
  await bare.close();
  rmSync(dataDir, { recursive: true, force: true });
}

async function webBench() {
  let index: string;
  try {
    index = readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
  } catch {
    console.log('\nWeb: no build in dist/web (run npm run build first)');
    return;
  }
  const gz = (file: string) => gzipSync(readFileSync(file)).length / 1024;
  const entry = [...index.matchAll(/src="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const assets = path.join(WEB_DIST, 'assets');
  const all = readdirSync(assets).filter((f) => f.endsWith('.js') && statSync(path.join(assets, f)).isFile());
  const entryKb = entry.reduce((sum, f) => sum + gz(path.join(WEB_DIST, f)), 0);
  const totalKb = all.reduce((sum, f) => sum + gz(path.join(assets, f)), 0);
  console.log('\nWeb JavaScript, gzipped');
  console.log(`entry chunk (loaded by every page): ${entryKb.toFixed(1)} KB`);
  console.log(
    `all chunks: ${totalKb.toFixed(1)} KB in ${all.length} files; entry is ${((entryKb / totalKb) * 100).toFixed(0)}% of the whole`,
  );
  const report = (how: string, bytes: number, files: number) =>
    console.log(
      `/login first load (${how}): ${(bytes / 1024).toFixed(1)} KB in ${files} files; budget ${(LOGIN_BUDGET_BYTES / 1024).toFixed(0)} KB, ` +
        `${(bytes / LOGIN_BUDGET_BYTES).toFixed(2)}x the budget; ${((bytes / 1024 / totalKb) * 100).toFixed(0)}% of all chunks`,
    );
  try {
    const { dealer, customer } = await measureLoginFirstLoad();
    const larger = dealer.bytes >= customer.bytes ? dealer : customer;
    report('recorded in Chromium, dealer and customer hosts, the larger', larger.bytes, larger.files.length);
  } catch (error) {
    console.log(`/login first load in Chromium: not measured (${(error as Error).message.split('\n')[0]})`);
    try {
      const login = loginBundleBytes(WEB_DIST);
      report('Vite manifest walk', login.bytes, login.files);
    } catch (manifestError) {
      console.log(`/login first load: not measured (${(manifestError as Error).message}; the build needs build.manifest)`);
    }
  }
}

await apiBench();
await realtimeBench();
await webBench();
