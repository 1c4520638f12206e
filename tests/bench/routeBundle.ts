import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEMO_PASSWORD, XSRF } from '../../src/common/constants.js';
import { recordFirstLoad, type FirstLoad } from './loginBundle.js';

/**
 * The bundle figure: the JavaScript the dashboard route loads (signed in as
 * dealer.beta, /home/dashboard recorded in Chromium from the built dist/web, charts
 * included) beside a bare react-admin skeleton (tests/bench/skeleton: an Admin, the
 * stock simple-rest dataProvider, one guessed list) built in the same run with the
 * portal's Vite settings. Goal: at most 1.25 times the skeleton.
 */
export const DASHBOARD_BUNDLE_RATIO_GOAL = 1.25;

/** The portal's signed-in shell (SHELL_PAGE) against the stock skeleton: at most 1.1 times. */
export const SHELL_BUNDLE_RATIO_GOAL = 1.1;

/**
 * Which copies of @mui/material the built chunks hold, read from their source maps: each copy's
 * folder (a nested one under @mui/x-* would show here) and version. One copy, one major, is the goal.
 */
export function muiMaterialCopies(webDist: string): { copies: { folder: string; version: string }[]; chunks: number } {
  const assets = path.join(webDist, 'assets');
  const folders = new Set<string>();
  let chunks = 0;
  for (const map of readdirSync(assets).filter((f) => f.endsWith('.js.map'))) {
    const { sources } = JSON.parse(readFileSync(path.join(assets, map), 'utf8')) as { sources: string[] };
    const found = sources.flatMap((source) => /^(.*node_modules\/@mui\/material)\//.exec(source)?.[1] ?? []);
    if (found.length) chunks += 1;
    for (const folder of found) folders.add(path.resolve(assets, folder));
  }
  const copies = [...folders].map((folder) => ({
    folder: path.relative(process.cwd(), folder),
    version: (JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version: string }).version,
  }));
  return { copies, chunks };
}

/** Gzipped bytes of every JavaScript file of the skeleton's build (it has no lazy chunk: all load first). */
export async function skeletonBytes(): Promise<{ bytes: number; files: number }> {
  const [{ build }, { default: react }] = await Promise.all([import('vite'), import('@vitejs/plugin-react')]);
  const outDir = mkdtempSync(path.join(tmpdir(), 'portal-skeleton-'));
  try {
    await build({
      configFile: false,
      root: path.resolve(import.meta.dirname, 'skeleton'),
      plugins: [react()],
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
    const assets = path.join(outDir, 'assets');
    const js = readdirSync(assets).filter((f) => f.endsWith('.js'));
    return { bytes: js.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(assets, f))).length, 0), files: js.length };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A page to record and a selector of what it shows once drawn (see recordFirstLoad). */
export interface SignedInPage {
  path: string;
  ready: string;
}

/** The signed-in shell alone (its not-found page's title) and the dashboard with a chart drawn. */
export const SHELL_PAGE: SignedInPage = { path: '/bench-shell-only', ready: 'h1' };
export const DASHBOARD_PAGE: SignedInPage = { path: '/home/dashboard', ready: 'section[aria-label] svg' };

/**
 * What each page loads first for a signed-in dealer (dealer.beta), from the build in
 * dist/web, each in a fresh browser context (nothing cached).
 */
export async function measureSignedInFirstLoads(pages: readonly SignedInPage[]): Promise<FirstLoad[]> {
  const [{ chromium }, { buildApp }, { loadConfig }] = await Promise.all([
    import('@playwright/test'),
    import('../../src/server/app.js'),
    import('../../src/server/config.js'),
  ]);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-route-bundle-'));
  // The SPA's requests must come from PUBLIC_URL (origin checks), so the port is chosen first.
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const app = await buildApp(
    loadConfig({ DATA_DIR: dataDir, DEMO: 'true', LOG_LEVEL: 'silent', ALARM_SIMULATOR: 'false', PUBLIC_URL: origin }),
    { logger: false },
  );
  const browser = await chromium.launch({
    executablePath: [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p): p is string => !!p && existsSync(p)),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    await app.listen({ port, host: '127.0.0.1' });
    const loads: FirstLoad[] = [];
    for (const { path: target, ready } of pages) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: origin });
      const page = await context.newPage();
      await page.request.get('/api/health');
      const xsrf = (await context.cookies()).find((c) => c.name === XSRF.cookie)?.value ?? '';
      const login = await page.request.post('/api/account/login', {
        data: { username: 'dealer.beta', password: DEMO_PASSWORD },
        headers: { [XSRF.header]: xsrf },
      });
      if (!login.ok()) throw new Error(`sign-in answered ${login.status()}`);
      loads.push(await recordFirstLoad(page, `${origin}${target}`, ready));
      if (new URL(page.url()).pathname !== target) throw new Error(`${target} was not shown (at ${page.url()})`);
      await context.close();
    }
    return loads;
  } finally {
    await browser.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
