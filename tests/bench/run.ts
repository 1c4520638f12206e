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
 *   page loads first on the dealer and customer hosts, recorded in Chromium (tests/bench/loginBundle.ts;
 *   from Vite's manifests when no browser starts) against its 70 KB budget; what the signed-in shell
 *   (/bench-shell-only) loads beside a stock react-admin skeleton built in the same run (goal 1.1x) and
 *   what /home/dashboard loads beside the shell (goal 1.25x), for dealer.beta (tests/bench/routeBundle.ts);
 *   and the copies of @mui/material the chunks hold (one, one major).
 * - Dashboard (tests/bench/dashboardBench.ts; alone with --dashboard): the dashboard answer for
 *   a group of 100,000 accounts with 10,000,000 events on PostgreSQL against a primary-key select.
 * - Reports (tests/bench/reportsBench.ts; alone with --reports): alarm activity over 1,000,000 events
 *   as CSV, Excel and PDF through the job runner, RSS growth, 20 runs at once, on PostgreSQL and PGlite.
 * - Account import (tests/bench/importBench.ts; alone with --import): 10,000 accounts from a CSV, preview and
 *   import through the job beside a bare batched INSERT of the same rows, RSS growth, and another user's
 *   list latency during the import, on PostgreSQL and PGlite.
 * - Live hub (tests/bench/realtime.ts; alone with --live): ingest-to-client latency at 1,000 and 5,000
 *   clients on one process and at 3 × 5,000 across three processes on PostgreSQL and Redis; the hub's
 *   broadcast rate beside a bare `ws` server.
 * - Webhooks (tests/bench/webhooksBench.ts; alone with --webhooks): alarms fanned out to local
 *   receivers, ingest to receipt beside a bare POST loop; a receiver down then back.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { WEB_DIST } from '../../src/server/config.js';
import { apiBench } from './api.js';
import { eventsBench } from './eventsBench.js';
import { importBench } from './importBench.js';
import { dashboardBench } from './dashboardBench.js';
import { LOGIN_BUDGET_BYTES, loginBundleBytes, measureLoginFirstLoad } from './loginBundle.js';
import { realtimeBench } from './realtime.js';
import { reportsBench } from './reportsBench.js';
import {
  DASHBOARD_BUNDLE_RATIO_GOAL,
  DASHBOARD_PAGE,
  SHELL_BUNDLE_RATIO_GOAL,
  SHELL_PAGE,
  measureSignedInFirstLoads,
  muiMaterialCopies,
  skeletonBytes,
} from './routeBundle.js';
import { searchBench } from './searchBench.js';
import { webhooksBench } from './webhooksBench.js';

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
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const verdict = (ratio: number, goal: number) => `${ratio.toFixed(2)}x (goal ≤ ${goal}x: ${ratio <= goal ? 'met' : 'not met'})`;
  const budget = LOGIN_BUDGET_BYTES / 1024;
  try {
    const { dealer, customer } = await measureLoginFirstLoad();
    const larger = Math.max(dealer.bytes, customer.bytes);
    console.log(
      `/login first load (recorded in Chromium): dealer host ${kb(dealer.bytes)} in ${dealer.files.length} files, ` +
        `customer host ${kb(customer.bytes)} in ${customer.files.length} files; the larger is ` +
        `${(larger / LOGIN_BUDGET_BYTES).toFixed(2)}x the ${budget} KB budget (goal ≤ ${budget} KB: ${larger <= LOGIN_BUDGET_BYTES ? 'met' : 'not met'})`,
    );
  } catch (error) {
    console.log(`/login first load in Chromium: not measured (${(error as Error).message.split('\n')[0]})`);
    try {
      const login = loginBundleBytes(WEB_DIST);
      console.log(
        `/login first load (Vite manifest walk): ${kb(login.bytes)} in ${login.files} files; ` +
          `${(login.bytes / LOGIN_BUDGET_BYTES).toFixed(2)}x the ${budget} KB budget (goal ≤ ${budget} KB: ${login.bytes <= LOGIN_BUDGET_BYTES ? 'met' : 'not met'})`,
      );
    } catch (manifestError) {
      console.log(`/login first load: not measured (${(manifestError as Error).message}; the build needs build.manifest)`);
    }
  }
  try {
    const [dashboard, shell] = await measureSignedInFirstLoads([DASHBOARD_PAGE, SHELL_PAGE]);
    const skeleton = await skeletonBytes();
    console.log(
      `signed-in shell first load (${SHELL_PAGE.path}, dealer.beta): ${kb(shell.bytes)} in ${shell.files.length} files; ` +
        `stock react-admin skeleton (Admin + simple-rest + one guessed list, built now): ${kb(skeleton.bytes)}; ` +
        `shell/skeleton ${verdict(shell.bytes / skeleton.bytes, SHELL_BUNDLE_RATIO_GOAL)}`,
    );
    console.log(
      `/home/dashboard first load (charts included): ${kb(dashboard.bytes)} in ${dashboard.files.length} files; ` +
        `dashboard/shell ${verdict(dashboard.bytes / shell.bytes, DASHBOARD_BUNDLE_RATIO_GOAL)}; ` +
        `dashboard/skeleton ${(dashboard.bytes / skeleton.bytes).toFixed(2)}x`,
    );
  } catch (error) {
    console.log(`/home/dashboard first load: not measured (${(error as Error).message.split('\n')[0]})`);
  }
  const mui = muiMaterialCopies(WEB_DIST);
  const majors = new Set(mui.copies.map((c) => c.version.split('.')[0]));
  console.log(
    `@mui/material in the chunks: ${mui.copies.map((c) => `${c.version} (${c.folder})`).join(', ') || 'none'} in ${mui.chunks} chunks; ` +
      (mui.copies.length <= 1 && majors.size <= 1
        ? 'one copy, one major (goal: met)'
        : `${mui.copies.length} copies, ${majors.size} majors (goal: one; not met)`),
  );
}

// `npm run bench -- --api` (or BENCH_ONLY=api) runs the API part only; `-- --search` (BENCH_ONLY=search) the account search only
// (it seeds up to a million sites once); `-- --events` (BENCH_ONLY=events) the event history only; `-- --dashboard` the dashboard only; `-- --reports` the reports only; `-- --import` the account import only; `-- --live` the live hub only; `-- --web` the bundles only.
const apiOnly = process.argv.includes('--api') || process.env.BENCH_ONLY === 'api';
const searchOnly = process.argv.includes('--search') || process.env.BENCH_ONLY === 'search';
const eventsOnly = process.argv.includes('--events') || process.env.BENCH_ONLY === 'events';
const dashboardOnly = process.argv.includes('--dashboard') || process.env.BENCH_ONLY === 'dashboard';
const reportsOnly = process.argv.includes('--reports') || process.env.BENCH_ONLY === 'reports';
const importOnly = process.argv.includes('--import') || process.env.BENCH_ONLY === 'import';
const webOnly = process.argv.includes('--web') || process.env.BENCH_ONLY === 'web';
const liveOnly = process.argv.includes('--live') || process.env.BENCH_ONLY === 'live';
// `-- --webhooks` (BENCH_ONLY=webhooks): outbound webhooks only (tests/bench/webhooksBench.ts).
const webhooksOnly = process.argv.includes('--webhooks') || process.env.BENCH_ONLY === 'webhooks';
if (webhooksOnly) {
  await webhooksBench();
} else if (searchOnly) {
  await searchBench();
} else if (eventsOnly) {
  await eventsBench();
} else if (dashboardOnly) {
  await dashboardBench();
} else if (reportsOnly) {
  await reportsBench();
} else if (importOnly) {
  await importBench();
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
    await importBench();
    await realtimeBench();
    await webBench();
  }
}
