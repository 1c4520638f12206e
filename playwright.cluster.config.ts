import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * The cluster test (tests/e2e/cluster.spec.ts, `npm run test:cluster`): the spec starts
 * `scripts/cluster.ts` itself (three portal processes on PostgreSQL and Redis, nginx in front on
 * CLUSTER_E2E_PORT, the processes on the three ports after it) and skips, saying why, when
 * PostgreSQL, Redis or nginx is not available.
 */
const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p): p is string => !!p && existsSync(p));
const PORT = Number(process.env.CLUSTER_E2E_PORT ?? 8370);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: 'cluster.spec.ts',
  outputDir: 'test-results/cluster',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 60_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
});
