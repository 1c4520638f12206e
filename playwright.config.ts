import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** Debian's Chromium when present (ARCHITECTURE.md), else Playwright's own. */
const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p): p is string => !!p && existsSync(p));
const PORT = Number(process.env.E2E_PORT ?? 8181);
const dataRoot = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));

/**
 * Two portals side by side, each on a fresh demo database of its own, and the specs shared out
 * between them: each half runs in file order on one worker against its own portal, so a journey
 * never meets another's changes half-way. A single worker left the machine idle most of the time
 * (a browser waiting on a page). Measured (CI=true npx playwright test): 13.3 min on one worker,
 * 9.7 min on two, every test passing. The halves should hold about the same test time (the run's
 * list prints each journey's): with the Integrations journeys the first held 471 s against 375 s,
 * so resources moved to the second. login, recovery and registration stay on the first portal
 * (they build the customer host from E2E_PORT).
 */
const SECOND_HALF = [
  'accounts',
  'ansService',
  'auditLog',
  'banner',
  'branding',
  'callList',
  'dealerAdmin',
  'history',
  'loginCaptcha',
  'msa',
  'msaBilling',
  'news',
  'passkeys',
  'placeOnTest',
  'pseudoLocale',
  'reportDownload',
  'resources',
  'siteCreate',
  'siteInfo',
];
const secondHalf = new RegExp(`/(${SECOND_HALF.join('|')})\\.spec\\.ts$`);

const portals = [
  { name: 'first', port: PORT },
  { name: 'second', port: PORT + 1 },
].map((portal) => {
  const dataDir = path.join(dataRoot, portal.name);
  mkdirSync(dataDir, { recursive: true });
  return { ...portal, dataDir, baseURL: `http://localhost:${portal.port}` };
});

export default defineConfig({
  testDir: 'tests/e2e',
  // Three processes behind nginx: its own config and server (playwright.cluster.config.ts, npm run test:cluster).
  testIgnore: 'cluster.spec.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: portals.length,
  // CI (a shared 2-core machine) runs a failed test once more; the list reporter still counts it as
  // flaky, so a journey that fails twice fails the run and one that fails once is seen, not hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // Two portals and two browsers share two cores: on a busy day a first page (the shell and its chunk)
  // or an axe pass takes longer than Playwright's defaults allow; a passing run is no slower for it.
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    // The portal honours the system's 'reduce motion' (theme.ts, motion.css): no fades or ripples to
    // render and wait out on two shared cores. The journeys assert states, never animations.
    reducedMotion: 'reduce',
    // A trace of a journey's retry (CI retries once), not of every journey: recording one for each
    // (retain-on-failure) cost a quarter of the journeys' time (shell and msa specs: 134 s to 100 s).
    // For a trace of a first run: npx playwright test --trace on.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
  projects: portals.map((portal, index) => ({
    name: portal.name,
    workers: 1,
    use: { baseURL: portal.baseURL },
    ...(index === 0 ? { testIgnore: [/cluster\.spec\.ts$/, secondHalf] } : { testMatch: secondHalf }),
  })),
  // The built app on the embedded database with demo data, as `npm start` runs it.
  webServer: portals.map((portal) => ({
    command: 'tsx src/server/main.ts',
    url: `${portal.baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // Every journey comes from 127.0.0.1: the anonymous forms' per-address limit is out of their way (rateLimit.test.ts tests it).
    env: {
      PORT: String(portal.port),
      DATA_DIR: portal.dataDir,
      DEMO: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: portal.baseURL,
      RATE_LIMITS_FORMS_PER_MINUTE: '1000000',
    },
  })),
});
