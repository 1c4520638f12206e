import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EMBEDDED } from './harness.js';

/** The server as `npm start` runs it: a real process, real port, real signals. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess) {
  for (let i = 0; i < 600 && child.exitCode === null; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not become healthy');
}

describe.skipIf(!EMBEDDED)('server process', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-process-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a bad configuration, naming the variable', async () => {
    const server = startServer({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT must be a whole number from 1 to 65535 (got "eighty")');
  });

  it('logs structured lines without secrets and stops gracefully on SIGTERM', async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port), DATA_DIR: dataDir, DEMO: 'false', LOG_LEVEL: 'info' });
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(`${base}/api/health`, server.child);

    await fetch(`${base}/api/news`, {
      headers: { Authorization: 'Bearer secret-bearer-token', Cookie: 'session=secret-session-cookie', 'X-XSRF-Token': 'secret-xsrf' },
    });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const lines = server
      .output()
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('{'));
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(server.output()).not.toMatch(/secret-bearer-token|secret-session-cookie|secret-xsrf/);
    expect(server.output()).toContain('SIGTERM received');
  });
});
