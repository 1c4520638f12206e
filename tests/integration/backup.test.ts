import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { json, signedInClient } from './client.js';
import { EMBEDDED } from './harness.js';

/**
 * Backups of the embedded database: `npm run backup` while the portal runs (the portal
 * dumps its own PGlite directory between queries), `npm run restore` into an empty directory, and
 * a portal started on the restored directory signs users in and has the data written before the
 * backup. Real processes, as an operator runs them.
 */
const env = (dataDir: string, extra: Record<string, string> = {}) => ({
  PATH: process.env.PATH,
  DATA_DIR: dataDir,
  DEMO: 'true',
  ALARM_SIMULATOR: 'false',
  LOG_LEVEL: 'warn',
  ...extra,
});

function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: env(dataDir, { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { child, exited };
}

const cli = (dataDir: string, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/server/ops/backupCli.ts', ...args], {
    env: env(dataDir),
    encoding: 'utf8',
    timeout: 180_000,
  });

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base: string, child: ChildProcess) {
  for (let i = 0; i < 1200 && child.exitCode === null; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not become healthy');
}

describe.skipIf(!EMBEDDED)('backup and restore of the embedded database', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'portal-backup-'));
  const running = path.join(root, 'running');
  const restored = path.join(root, 'restored');
  const file = path.join(root, 'backup.tar.gz');
  const servers: ReturnType<typeof startServer>[] = [];
  afterAll(async () => {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    rmSync(root, { recursive: true, force: true });
  });

  it('backs a running portal up, restores into an empty directory only, and the restored portal signs in', async () => {
    const port = await freePort();
    const first = startServer(running, port);
    servers.push(first);
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base, first.child);

    // Data written while the portal runs is in the backup.
    const beta = await signedInClient(base, 'dealer.beta');
    expect((await beta.request('PUT', '/api/user/profile', { name: 'Dana Backup' })).status).toBe(200);

    // The backup call wants the data directory's token.
    expect((await fetch(`${base}/api/ops/backup`, { method: 'POST', headers: { Authorization: 'Bearer nope' } })).status).toBe(401);
    const backup = cli(running, 'backup', '--out', file);
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`Asking the running portal (process ${first.child.pid}`);
    expect(existsSync(file)).toBe(true);
    // A running portal's directory is not restored over.
    const refusedRunning = cli(running, 'restore', file);
    expect(refusedRunning.status).toBe(1);
    expect(refusedRunning.stderr).toContain('A portal is running on');

    const restore = cli(root, 'restore', file, '--data-dir', restored);
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/Restored .* \(\d+ users\)/);
    const again = cli(root, 'restore', file, '--data-dir', restored);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already holds a database: restore into an empty data directory');

    const otherPort = await freePort();
    const second = startServer(restored, otherPort);
    servers.push(second);
    const otherBase = `http://127.0.0.1:${otherPort}`;
    await waitForHealth(otherBase, second.child);
    const client = await signedInClient(otherBase, 'dealer.beta');
    const me = await json(await client.request('GET', '/api/me'));
    expect(me.status).toBe(200);
    expect(me.body.name).toBe('Dana Backup');
  }, 600_000);
});
