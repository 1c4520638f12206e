import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { FIRST_LOAD_CATALOGUES } from '../../src/web/i18n/catalogues.js';

/** The budget: the /login route loads at most 70 KB of gzipped JavaScript. */
export const LOGIN_BUDGET_BYTES = 70 * 1024;

// ---------------------------------------------------------------- the browser's way (the figure)

export interface FirstLoad {
  /** Gzipped bytes of every JavaScript file the page requested. */
  bytes: number;
  files: { url: string; bytes: number }[];
}

/**
 * What a page really loads: every JavaScript response (the entry, its imports, the chunks
 * imported lazily while the page renders, such as the locale catalogues), recorded from
 * page.goto(url) until `ready` (a selector of what the page shows once drawn, when given) is
 * visible and then no request has been open or started for 500 ms, without any interaction;
 * the sum of their gzipped sizes. Waiting for the page itself matters: a large chunk can take
 * the browser longer than 500 ms to evaluate, a silence that is not the end of the load. Parts
 * loaded only after a click or a submit (steps, dialogs, ajv, altcha, react-markdown, MUI) are
 * not requested, so not counted. Used by tests/e2e/login.spec.ts and by `npm run bench`.
 */
export async function recordFirstLoad(page: Page, url: string, ready?: string): Promise<FirstLoad> {
  const reads: Promise<{ url: string; bytes: number } | undefined>[] = [];
  let open = 0;
  let lastActivity = Date.now();
  const settle = () => {
    open = Math.max(0, open - 1);
    lastActivity = Date.now();
  };
  page.on('request', () => {
    open += 1;
    lastActivity = Date.now();
  });
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  page.on('response', (response) => {
    const isScript = response.request().resourceType() === 'script' || /\.m?js$/.test(new URL(response.url()).pathname);
    if (!isScript) return;
    reads.push(
      response.body().then(
        (body) => ({ url: response.url(), bytes: gzipSync(body).length }),
        () => undefined,
      ),
    );
  });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  if (ready) await page.locator(ready).first().waitFor({ state: 'visible' });
  // Open long-lived connections (the live hub's WebSocket) are not requests here.
  const deadline = Date.now() + 30_000;
  while ((open > 0 || Date.now() - lastActivity < 500) && Date.now() < deadline) await page.waitForTimeout(100);
  const files = (await Promise.all(reads)).filter((f): f is { url: string; bytes: number } => !!f);
  // A chunk fetched twice (it never is, with caching) would count once.
  const unique = [...new Map(files.map((f) => [f.url, f])).values()].sort((a, b) => b.bytes - a.bytes);
  return { bytes: unique.reduce((sum, f) => sum + f.bytes, 0), files: unique };
}

/**
 * The /login first load of the build in dist/web, measured in Chromium against a demo server
 * of its own (an active status banner, as in the demo data), for the dealer host and the
 * customer host (msa.localhost); the larger of the two is the figure.
 */
export async function measureLoginFirstLoad(): Promise<{ dealer: FirstLoad; customer: FirstLoad }> {
  const [{ chromium }, { buildApp }, { loadConfig }] = await Promise.all([
    import('@playwright/test'),
    import('../../src/server/app.js'),
    import('../../src/server/config.js'),
  ]);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-login-bundle-'));
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, DEMO: 'true', LOG_LEVEL: 'silent', ALARM_SIMULATOR: 'false' }), {
    logger: false,
  });
  const browser = await chromium.launch({
    executablePath: [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p): p is string => !!p && existsSync(p)),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const measure = async (origin: string) => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      try {
        return await recordFirstLoad(await context.newPage(), `${origin}/login`, 'input[type="password"]');
      } finally {
        await context.close();
      }
    };
    return { dealer: await measure(`http://localhost:${port}`), customer: await measure(`http://msa.localhost:${port}`) };
  } finally {
    await browser.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- the manifest's way (no browser)

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The same files read from Vite's manifests, for when no browser is at hand: the HTML entry and
 * its static imports (manifest.json); the light sign-in app's entry, built on its own
 * (vite.config.ts, light-manifest.json), with its static imports; and the dynamic imports that
 * run at first paint, which are the first-load locale catalogues of i18n.ts
 * (FIRST_LOAD_CATALOGUES, one language: the largest of each, to be safe). Every other dynamic
 * import of the light app waits for an interaction. A new lazy import at first paint would be
 * missed here, not by {@link recordFirstLoad}.
 */
function loginFirstLoadFiles(portal: Manifest, light: Manifest, sizeOf: (file: string) => number): string[] {
  const files = new Set<string>();
  const visit = (manifest: Manifest, key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(manifest, imported);
  };
  visit(portal, 'index.html');
  const lightKey = Object.keys(light).find((k) => light[k].isEntry);
  if (!lightKey) throw new Error("no entry in the light app's Vite manifest");
  visit(light, lightKey);
  // Catalogue chunks are named after their file (login-XXXX.js); keep the largest per name.
  const catalogues = new Map<string, ManifestChunk>();
  const firstLoadChunks = Object.values(light).filter((chunk) => files.has(chunk.file));
  for (const key of firstLoadChunks.flatMap((chunk) => chunk.dynamicImports ?? [])) {
    const chunk = light[key];
    const name = chunk?.name ?? path.basename(chunk?.file ?? key).replace(/-[^-]+\.js$/, '');
    if (!chunk || key.endsWith('.tsx') || !FIRST_LOAD_CATALOGUES.includes(name)) continue;
    const previous = catalogues.get(name);
    if (!previous || sizeOf(chunk.file) > sizeOf(previous.file)) catalogues.set(name, chunk);
  }
  for (const chunk of catalogues.values()) files.add(chunk.file);
  return [...files].filter((f) => f.endsWith('.js'));
}

/** Gzipped bytes of the /login first load in a built dist/web, from its manifests. */
export function loginBundleBytes(webDist: string): { bytes: number; files: number } {
  const sizeOf = (file: string) => gzipSync(readFileSync(path.join(webDist, file))).length;
  const read = (name: string) => JSON.parse(readFileSync(path.join(webDist, '.vite', name), 'utf8')) as Manifest;
  const files = loginFirstLoadFiles(read('manifest.json'), read('light-manifest.json'), sizeOf);
  return { bytes: files.reduce((sum, f) => sum + sizeOf(f), 0), files: files.length };
}
