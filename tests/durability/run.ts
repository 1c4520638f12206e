/**
 * Durability check (npm run test:durability): no acknowledged write is lost
 * when the server dies mid-load.
 *
 * Starts the portal as a child process (tsx src/server/main.ts) on a fresh
 * PGlite data dir with the demo data, signs in as support.admin (internal),
 * sends WRITES concurrent news creates, kills the server with SIGKILL once
 * half of them are acknowledged (2xx), restarts it on the same data dir and
 * reads every acknowledged item back through the API. Prints the counts;
 * exits 1 on any loss or when the data dir does not open again.
 *
 *   tsx tests/durability/run.ts [--writes 500]   (or DURABILITY_WRITES=500)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signedInClient } from '../integration/client.js';
import { waitHealthy } from '../bench/childPortal.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

function writesWanted(): number {
  const flag = process.argv.indexOf('--writes');
  const raw = flag >= 0 ? process.argv[flag + 1] : process.env.DURABILITY_WRITES || '500';
  const writes = Number(raw);
  if (!Number.isInteger(writes) || writes < 2) throw new Error(`--writes must be a whole number of at least 2 (got "${raw}")`);
  return writes;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Server {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: string[];
}

function startServer(dataDir: string, port: number): Server {
  const output: string[] = [];
  // Node itself with tsx's loader (the tsx command would run the server as a grandchild that SIGKILL misses).
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      DEMO: 'true',
      ALARM_SIMULATOR: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output };
}

async function main() {
  const writes = writesWanted();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-durability-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let server = startServer(dataDir, port);
  try {
    const started = Date.now();
    await waitHealthy(origin, server, () => server.output.join(''), 250);
    console.log(`durability: server up with demo data in ${Date.now() - started} ms (data dir ${dataDir})`);
    const client = await signedInClient(origin, 'support.admin', { internal: true });

    // All writes at once; SIGKILL as soon as half of them are acknowledged.
    const acknowledged = new Map<number, string>();
    let failed = 0;
    const killAt = Math.floor(writes / 2);
    const run = Date.now();
    await Promise.all(
      Array.from({ length: writes }, async (_, i) => {
        const title = `Durability ${i} ${run}`;
        try {
          const response = await client.request('POST', '/api/news', { title, body: `Write ${i} of the durability check.` });
          if (response.status >= 200 && response.status < 300) {
            const { id } = (await response.json()) as { id: number };
            acknowledged.set(id, title);
            if (acknowledged.size === killAt) server.child.kill('SIGKILL');
          } else failed++;
        } catch {
          failed++;
        }
      }),
    );
    const code = await server.exited;
    console.log(
      `durability: ${writes} writes sent, ${acknowledged.size} acknowledged, ${failed} not (server killed with SIGKILL after ${killAt}; exit ${code})`,
    );

    server = startServer(dataDir, port);
    const restarted = Date.now();
    await waitHealthy(origin, server, () => server.output.join(''), 250);
    console.log(`durability: restarted on the same data dir in ${Date.now() - restarted} ms`);
    const again = await signedInClient(origin, 'support.admin', { internal: true });
    const ids = [...acknowledged.keys()];
    const lost: number[] = [];
    for (let i = 0; i < ids.length; i += 25) {
      await Promise.all(
        ids.slice(i, i + 25).map(async (id) => {
          const response = await again.request('GET', `/api/news/${id}`);
          const item = response.status === 200 ? ((await response.json()) as { title?: string }) : undefined;
          if (item?.title !== acknowledged.get(id)) lost.push(id);
        }),
      );
    }
    console.log(
      `durability: ${ids.length - lost.length} of ${ids.length} acknowledged writes found after the restart, ${lost.length} lost`,
    );
    if (lost.length) {
      console.error(`durability: FAILED, lost news ids ${lost.slice(0, 20).join(', ')}${lost.length > 20 ? '…' : ''}`);
      process.exitCode = 1;
    } else if (acknowledged.size < killAt) {
      console.error(`durability: FAILED, only ${acknowledged.size} writes were acknowledged before the kill`);
      process.exitCode = 1;
    } else {
      console.log('durability: OK');
    }
  } finally {
    server.child.kill('SIGKILL');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(),
  (error) => {
    console.error('durability: FAILED,', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
