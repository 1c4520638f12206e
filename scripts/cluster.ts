/**
 * `npm run cluster`: the portal as production runs it, on this machine. Three portal processes
 * (ports 8371-8373) on one PostgreSQL and one Redis, and nginx in front (port 8370) with
 * WebSocket upgrade for the hubs and passive health checks (src/server/ops/nginxConfig.ts, the
 * README's production recipe). Ctrl-C stops everything.
 *
 *   npm run cluster
 *   npm run cluster -- --port 8370 --process-ports 8371,8372,8373
 *   npm run cluster -- --fresh        drop and create the database first (demo data seeded again)
 *
 * Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/portal_cluster, created
 * when missing), REDIS_URL (default redis://127.0.0.1:6379), REDIS_CHANNEL (default
 * portal:<database name>), DEMO (default true), CLUSTER_DIR (default ./.data-cluster: the session
 * secret the processes share, and run/ with nginx's configuration, pid and logs), CLUSTER_PORT and
 * CLUSTER_PROCESS_PORTS (as the flags), and anything else the portal reads (LOG_LEVEL, …).
 * nginx is Debian's package: installed with apt-get when missing and running as root.
 *
 * The first process starts alone (it migrates and seeds the demo data), the others once it
 * answers /api/health; then nginx. run/cluster.json names every process's port and pid.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { nginxMainConfig, nginxSite } from '../src/server/ops/nginxConfig.js';
import { SERVER_PROCESS_ARGS } from '../src/server/ops/nodeFlags.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/portal_cluster';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
const FIRST_START_TIMEOUT_MS = 300_000;
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 12_000;

class ClusterError extends Error {}

const say = (line: string) => console.log(`[cluster] ${line}`);

function usage(): never {
  console.log(
    readFileSync(import.meta.filename, 'utf8')
      .split('*/')[0]
      .replace(/^\/\*\*\n/, '')
      .replace(/^ \* ?/gm, ''),
  );
  process.exit(0);
}

function portList(text: string, name: string): number[] {
  const ports = text.split(',').map((p) => Number(p.trim()));
  if (!ports.length || ports.some((p) => !Number.isInteger(p) || p < 1 || p > 65535)) {
    throw new ClusterError(`${name} must be ports separated by commas (got "${text}")`);
  }
  return ports;
}

function options() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'process-ports': { type: 'string' },
      fresh: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) usage();
  const [port] = portList(values.port ?? process.env.CLUSTER_PORT ?? '8370', '--port');
  const processPorts = portList(values['process-ports'] ?? process.env.CLUSTER_PROCESS_PORTS ?? '8371,8372,8373', '--process-ports');
  if (new Set([port, ...processPorts]).size !== processPorts.length + 1) throw new ClusterError('Every port must be different.');
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const databaseName = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  if (!databaseName) throw new ClusterError(`DATABASE_URL names no database (${databaseUrl})`);
  const clusterDir = path.resolve(ROOT, process.env.CLUSTER_DIR || '.data-cluster');
  return {
    port,
    processPorts,
    fresh: values.fresh,
    databaseUrl,
    databaseName,
    redisUrl: process.env.REDIS_URL || DEFAULT_REDIS_URL,
    redisChannel: process.env.REDIS_CHANNEL || `portal:${databaseName}`,
    clusterDir,
    runDir: path.join(clusterDir, 'run'),
  };
}
type Options = ReturnType<typeof options>;

// ---------------------------------------------------------------------------------------------
// What the cluster needs: nginx, PostgreSQL (the database, created when missing), Redis, free ports.

function commandPath(name: string): string | undefined {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin', '/sbin']) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  return undefined;
}

/** Debian's nginx, installed with apt-get when missing (as scripts/ensure-chromium.mjs does for Chromium). */
function ensureNginx(): string {
  const found = commandPath('nginx');
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !commandPath('apt-get')) {
    throw new ClusterError('nginx is missing: install it (Debian: sudo apt-get install nginx) and run again.');
  }
  say("nginx is missing: installing Debian's nginx package...");
  const apt = (args: string[]) =>
    execFileSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  try {
    apt(['install', '-y', '-qq', 'nginx']);
  } catch {
    // The package lists are missing or stale.
    apt(['update', '-qq']);
    apt(['install', '-y', '-qq', 'nginx']);
  }
  const installed = commandPath('nginx');
  if (!installed) throw new ClusterError('nginx was installed but is not found on PATH or in /usr/sbin.');
  return installed;
}

async function ensureDatabase(o: Options): Promise<void> {
  const maintenance = new URL(o.databaseUrl);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString(), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new ClusterError(`PostgreSQL does not answer at ${maintenance.host} (${(error as Error).message}). Set DATABASE_URL.`);
  }
  try {
    const name = pg.escapeIdentifier(o.databaseName);
    if (o.fresh) {
      say(`--fresh: dropping database ${o.databaseName}`);
      await client.query(`drop database if exists ${name} with (force)`);
    }
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [o.databaseName]);
    if (!rowCount) {
      say(`creating database ${o.databaseName}`);
      await client.query(`create database ${name}`);
    }
  } finally {
    await client.end();
  }
}

async function checkRedis(url: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 3000 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new ClusterError(`Redis does not answer at ${url} (${(error as Error).message}). Set REDIS_URL.`);
  } finally {
    redis.disconnect();
  }
}

function checkPortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new ClusterError(error.code === 'EADDRINUSE' ? `Port ${port} is in use.` : `Port ${port}: ${error.message}`)),
    );
    server.listen(port, host, () => server.close(() => resolve()));
  });
}

/** The processes a previous run left behind (its script was killed): stopped, if they are still ours. */
function stopLeftovers(runDir: string): void {
  const stateFile = path.join(runDir, 'cluster.json');
  if (!existsSync(stateFile)) return;
  let state: ClusterState;
  try {
    state = JSON.parse(readFileSync(stateFile, 'utf8')) as ClusterState;
  } catch {
    return;
  }
  for (const { pid, name } of [...state.processes, state.nginx].filter(Boolean)) {
    let commandLine = '';
    try {
      commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (commandLine.includes('src/server/main.ts') || commandLine.includes('nginx')) {
      say(`a previous run left ${name} (pid ${pid}) running: stopping it`);
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // Gone meanwhile.
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The processes.

interface Managed {
  name: string;
  port: number;
  child: ChildProcess;
  exited: Promise<void>;
  exitedAt?: number;
  /** The last lines it wrote, shown when it fails to start. */
  tail: string[];
}

interface ClusterState {
  url: string;
  nginx: { name: string; pid: number; port: number; config: string };
  processes: { name: string; pid: number; port: number }[];
  databaseUrl: string;
  redisUrl: string;
  redisChannel: string;
}

const managed: Managed[] = [];
let stopping = false;

function run(name: string, port: number, command: string, args: string[], env: NodeJS.ProcessEnv): Managed {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const entry: Managed = { name, port, child, tail: [], exited: Promise.resolve() };
  const prefix = `[${name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        process.stdout.write(`${prefix}${line}\n`);
        entry.tail = [...entry.tail.slice(-19), line];
      }
    });
  }
  entry.exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      entry.exitedAt = Date.now();
      if (!stopping) {
        say(`${name} (pid ${child.pid}, port ${port}) exited (${signal ?? `code ${code}`})`);
        onUnexpectedExit(entry);
      }
      resolve();
    });
  });
  managed.push(entry);
  return entry;
}

let onUnexpectedExit: (entry: Managed) => void = () => undefined;

async function waitHealthy(entry: Managed, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (entry.exitedAt) throw new ClusterError(`${entry.name} stopped while starting:\n${entry.tail.join('\n')}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new ClusterError(`${entry.name} did not answer ${url} within ${timeoutMs / 1000} s`);
}

function sessionSecret(clusterDir: string): string {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  const file = path.join(clusterDir, 'session-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

async function stopAll(code: number): Promise<never> {
  if (stopping) return new Promise<never>(() => undefined);
  stopping = true;
  const running = managed.filter((m) => !m.exitedAt);
  if (running.length) say(`stopping ${running.map((m) => m.name).join(', ')}`);
  // The portals finish their requests and tell hub clients to reconnect; nginx stops at once.
  for (const m of running) m.child.kill('SIGTERM');
  const all = Promise.all(managed.map((m) => m.exited));
  const timedOut = await Promise.race([all.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), STOP_TIMEOUT_MS))]);
  if (timedOut) {
    for (const m of managed.filter((m) => !m.exitedAt)) {
      say(`${m.name} did not stop within ${STOP_TIMEOUT_MS / 1000} s: killing it`);
      m.child.kill('SIGKILL');
    }
    await all;
  }
  for (const file of ['cluster.json', 'nginx.pid']) rmSync(path.join(options_.runDir, file), { force: true });
  say('stopped');
  process.exit(code);
}

let options_: Options;

async function main() {
  const started = Date.now();
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const o = (options_ = options());
  mkdirSync(o.clusterDir, { recursive: true, mode: 0o755 });
  stopLeftovers(o.runDir);
  const nginx = ensureNginx();
  await ensureDatabase(o);
  await checkRedis(o.redisUrl);
  await checkPortFree(o.port, '0.0.0.0');
  for (const port of o.processPorts) await checkPortFree(port, '127.0.0.1');

  rmSync(o.runDir, { recursive: true, force: true });
  for (const dir of ['tmp', 'logs']) mkdirSync(path.join(o.runDir, dir), { recursive: true, mode: 0o755 });

  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));
  onUnexpectedExit = (entry) => {
    if (entry.name === 'nginx') {
      say('nginx stopped: stopping the cluster');
      void stopAll(1);
    } else if (managed.filter((m) => m.name !== 'nginx' && !m.exitedAt).length > 0) {
      say(`nginx sends ${entry.name}'s requests to the other processes`);
    }
  };

  const publicUrl = `http://localhost:${o.port}`;
  const secret = sessionSecret(o.clusterDir);
  const portalEnv = (index: number, port: number): NodeJS.ProcessEnv => ({
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: process.env.PUBLIC_URL || publicUrl,
    DATABASE_URL: o.databaseUrl,
    REDIS_URL: o.redisUrl,
    REDIS_CHANNEL: o.redisChannel,
    DEMO: process.env.DEMO ?? 'true',
    TRUST_PROXY: 'true',
    SESSION_SECRET: secret,
    DATA_DIR: path.join(o.clusterDir, 'data'),
    // One simulator is plenty (demo mode): on the first process only, unless set.
    ALARM_SIMULATOR: process.env.ALARM_SIMULATOR ?? (index === 0 ? '' : 'false'),
    // Readable lines on a terminal; each process's lines are prefixed with its name.
    LOG_FORMAT: process.env.LOG_FORMAT || (process.stdout.isTTY ? 'pretty' : 'json'),
  });
  const startPortal = (index: number) => {
    const port = o.processPorts[index];
    return run(`portal-${index + 1}`, port, process.execPath, SERVER_PROCESS_ARGS, portalEnv(index, port));
  };

  say(`PostgreSQL ${o.databaseName}, Redis ${o.redisUrl} (channel ${o.redisChannel})`);
  // The first process migrates and seeds the demo data alone; then the others, which find both done.
  const first = startPortal(0);
  say(`${first.name}: port ${first.port}, pid ${first.child.pid} (migrations and demo data first)`);
  await waitHealthy(first, `http://127.0.0.1:${first.port}/api/health`, FIRST_START_TIMEOUT_MS);
  say(`${first.name} is up (${seconds()})`);
  const others = o.processPorts.slice(1).map((_, i) => startPortal(i + 1));
  for (const m of others) say(`${m.name}: port ${m.port}, pid ${m.child.pid}`);
  await Promise.all(others.map((m) => waitHealthy(m, `http://127.0.0.1:${m.port}/api/health`, START_TIMEOUT_MS)));

  const site = nginxSite({
    listen: String(o.port),
    upstreams: o.processPorts.map((p) => `127.0.0.1:${p}`),
    accessLog: path.join(o.runDir, 'logs', 'access.log'),
  });
  const config = path.join(o.runDir, 'nginx.conf');
  writeFileSync(config, nginxMainConfig({ runDir: o.runDir, site }));
  const nginxArgs = ['-p', o.runDir, '-e', 'stderr', '-c', config];
  try {
    execFileSync(nginx, ['-t', '-q', ...nginxArgs], { stdio: 'pipe' });
  } catch (error) {
    throw new ClusterError(`nginx refuses ${config}:\n${(error as { stderr?: Buffer }).stderr?.toString() ?? error}`);
  }
  const proxy = run('nginx', o.port, nginx, nginxArgs, process.env);
  await waitHealthy(proxy, `http://127.0.0.1:${o.port}/api/health`, START_TIMEOUT_MS);

  const portals = managed.filter((m) => m.name !== 'nginx');
  const state: ClusterState = {
    url: publicUrl,
    nginx: { name: 'nginx', pid: proxy.child.pid!, port: o.port, config },
    processes: portals.map((m) => ({ name: m.name, pid: m.child.pid!, port: m.port })),
    databaseUrl: o.databaseUrl,
    redisUrl: o.redisUrl,
    redisChannel: o.redisChannel,
  };
  writeFileSync(path.join(o.runDir, 'cluster.json'), `${JSON.stringify(state, null, 2)}\n`);
  say(`nginx: port ${o.port}, pid ${proxy.child.pid}, configuration ${config}`);
  say(`ready at ${publicUrl} in ${seconds()} (${portals.length} processes behind nginx); Ctrl-C stops everything`);
}

main().catch((error) => {
  console.error(`[cluster] ${error instanceof ClusterError ? error.message : (error?.stack ?? error)}`);
  if (options_) void stopAll(1);
  else process.exit(1);
});
