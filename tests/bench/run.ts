/**
 * npm run bench: figures for the performance goals, each beside a baseline
 * measured in the same run on the same machine, never a timed assertion.
 *
 * - API (tests/bench/api.ts): the signed-in GET /api/news against three bare Fastify
 *   baselines (a constant; the news list query; the query plus session and user lookups),
 *   on PostgreSQL and on PGlite, 64 connections, autocannon on loopback; and GET /api/health.
 * - Start-up: time from buildApp to ready on an existing database.
 * - Account search (tests/bench/searchBench.ts, `npm run bench -- --search` only: it seeds up to a
 *   million sites once): GET /api/sites with filter.q at 32 clients beside a primary-key lookup.
 * - Event history (tests/bench/eventsBench.ts): GET /api/events page 1 and page 1,000 and the CSV
 *   export of a site with 1,000,000 events on PostgreSQL, beside a primary-key select and a plain
 *   query of the same rows.
 * - Web: gzipped JavaScript of the entry chunk, of everything built, and of what the /login
 *   page loads first, recorded in Chromium (tests/bench/loginBundle.ts; from Vite's manifest
 *   when no browser starts) against its 70 KB budget; what /home/dashboard loads for a signed-in
 *   dealer against the portal's bare skeleton (the signed-in shell alone) and a stock react-admin
 *   skeleton built in the same run (tests/bench/routeBundle.ts).
 * - Dashboard (tests/bench/dashboardBench.ts; alone with --dashboard): the dashboard answer for
 *   a group of 100,000 accounts with 10,000,000 events on PostgreSQL against a primary-key select.
 * - Reports (tests/bench/reportsBench.ts; alone with --reports): alarm activity over 1,000,000 events
 *   as CSV, Excel and PDF through the job runner, RSS growth, 20 runs at once, on PostgreSQL and PGlite.
 * - Live hub (tests/bench/realtime.ts; alone with --live): ingest-to-client latency at 1,000 and 5,000
 *   clients on one process and at 3 × 5,000 across three processes on PostgreSQL and Redis; the hub's
 *   broadcast rate beside a bare `ws` server.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { WEB_DIST } from '../../src/server/config.js';
import { apiBench } from './api.js';
import { eventsBench } from './eventsBench.js';
import { dashboardBench } from './dashboardBench.js';
import { LOGIN_BUDGET_BYTES, loginBundleBytes, measureLoginFirstLoad } from './loginBundle.js';
import { realtimeBench } from './realtime.js';
import { reportsBench } from './reportsBench.js';
import { DASHBOARD_BUNDLE_RATIO_GOAL, DASHBOARD_PAGE, SHELL_PAGE, measureSignedInFirstLoads, skeletonBytes } from './routeBundle.js';
import { searchBench } from './searchBench.js';

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
  try {
    const [dashboard, shell] = await measureSignedInFirstLoads([DASHBOARD_PAGE, SHELL_PAGE]);
    const skeleton = await skeletonBytes();
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(
      `/home/dashboard first load (dealer.beta, charts included): ${kb(dashboard.bytes)} in ${dashboard.files.length} files; ` +
        `the portal's bare skeleton (the signed-in shell with its not-found page, same build): ${kb(shell.bytes)}; ` +
        `${(dashboard.bytes / shell.bytes).toFixed(2)}x (goal ${DASHBOARD_BUNDLE_RATIO_GOAL}x)`,
    );
    console.log(
      `stock react-admin skeleton (Admin + simple-rest + one guessed list, built now): ${kb(skeleton.bytes)}; ` +
        `the dashboard is ${(dashboard.bytes / skeleton.bytes).toFixed(2)}x, the portal's shell ${(shell.bytes / skeleton.bytes).toFixed(2)}x`,
    );
  } catch (error) {
    console.log(`/home/dashboard first load: not measured (${(error as Error).message.split('\n')[0]})`);
  }
}

// `npm run bench -- --api` (or BENCH_ONLY=api) runs the API part only; `-- --search` (BENCH_ONLY=search) the account search only
// (it seeds up to a million sites once); `-- --events` (BENCH_ONLY=events) the event history only; `-- --dashboard` the dashboard only; `-- --reports` the reports only; `-- --live` the live hub only; `-- --web` the bundles only.
const apiOnly = process.argv.includes('--api') || process.env.BENCH_ONLY === 'api';
const searchOnly = process.argv.includes('--search') || process.env.BENCH_ONLY === 'search';
const eventsOnly = process.argv.includes('--events') || process.env.BENCH_ONLY === 'events';
const dashboardOnly = process.argv.includes('--dashboard') || process.env.BENCH_ONLY === 'dashboard';
const reportsOnly = process.argv.includes('--reports') || process.env.BENCH_ONLY === 'reports';
const webOnly = process.argv.includes('--web') || process.env.BENCH_ONLY === 'web';
const liveOnly = process.argv.includes('--live') || process.env.BENCH_ONLY === 'live';
if (searchOnly) {
  await searchBench();
} else if (eventsOnly) {
  await eventsBench();
} else if (dashboardOnly) {
  await dashboardBench();
} else if (reportsOnly) {
  await reportsBench();
} else if (webOnly) {
  await webBench();
} else if (liveOnly) {
  await realtimeBench();
} else {
  await apiBench();
  if (!apiOnly) {
    await eventsBench();
    await dashboardBench();
    await reportsBench();
    await realtimeBench();
    await webBench();
  }
}
