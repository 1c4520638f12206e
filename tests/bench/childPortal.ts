/**
 * A portal in a child process of its own for the benchmarks (npm run soak, the live cluster part of
 * npm run bench): Node with the server's flags and tsx's loader running src/server/main.ts
 * (SERVER_PROCESS_ARGS), so /proc/<pid> is the server's; its log lines kept (the last hundred,
 * and the error and warning lines); and a PostgreSQL database made for the run and dropped after it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { SERVER_PROCESS_ARGS } from '../../src/server/ops/nodeFlags.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 300_000;

export interface Server {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** The last lines it wrote, for a failed start. */
  tail: string[];
  /** Error (level ≥ 50) and warning (40) lines since the last take. */
  take(): { errors: string[]; warnings: string[] };
}

/**
 * The environment of a benchmark's portal on `port` with its data in `dataDir`: demo data, no
 * simulated alarms, JSON log lines of warnings and errors, and no mail or text leaving the
 * machine; `extra` adds or overrides (DATABASE_URL, REDIS_URL, ...).
 */
export function portalEnv(port: number, dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    DEMO: 'true',
    ALARM_SIMULATOR: 'false',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    SMTP_URL: '',
    SMS_URL: '',
    ...extra,
  };
}

export function startServer(env: Record<string, string>): Server {
  const child = spawn(process.execPath, SERVER_PROCESS_ARGS, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  let errors: string[] = [];
  let warnings: string[] = [];
  let partial = '';
  const onData = (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > 100) tail.shift();
      let level = 50;
      try {
        level = (JSON.parse(line) as { level?: number }).level ?? 50;
      } catch {
        // Not a log line (a crash's stack trace): an error.
      }
      if (level >= 50) errors.push(line);
      else if (level >= 40) warnings.push(line);
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    tail,
    take() {
      const taken = { errors, warnings };
      errors = [];
      warnings = [];
      return taken;
    },
  };
}

/** Waits for GET /api/health to answer 200, or fails with the server's last output once it exited or the time is up. */
export async function waitHealthy(
  origin: string,
  server: { exited: Promise<unknown> },
  lastOutput: () => string,
  pollMs = 500,
): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let gone = false;
  void server.exited.then(() => (gone = true));
  while (Date.now() < deadline && !gone) {
    try {
      if ((await fetch(`${origin}/api/health`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`the server did not become healthy${gone ? ' (it exited)' : ''}:\n${lastOutput().slice(-4000)}`);
}

/** A PostgreSQL database of the run's own on the server of `adminUrl`; drop() removes it. */
export async function ownDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `portal_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Runs `bench` on a fresh schema of the PostgreSQL database BENCH_DATABASE_URL (else the machine's
 * `test` database), dropped after it; prints "<what> on PostgreSQL: not measured" when it cannot connect.
 */
export async function onBenchSchema(what: string, bench: (url: string, schema: string) => Promise<void>): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await probe.connect();
  } catch (error) {
    console.log(`\n${what} on PostgreSQL: not measured (${(error as Error).message})`);
    return;
  } finally {
    await probe.end().catch(() => undefined);
  }
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  try {
    await bench(url, schema);
  } finally {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists ${pg.escapeIdentifier(schema)} cascade`);
    await client.end();
  }
}

/** VmRSS of a process, bytes (Linux); undefined elsewhere. */
export function procRss(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : undefined;
  } catch {
    return undefined;
  }
}
