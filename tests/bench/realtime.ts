/**
 * Live hub figures (part of npm run bench; alone with --live), and their goals:
 *
 * - One process: the latency from the ingest call (POST /api/integrations/alarms) to the `alarm`
 *   frame at each client, 1,000 then 5,000 clients connected; p99 of every delivery ≤ 50 ms.
 * - Broadcast rate: the same frame to 1,000 clients, 200 times, through the hub
 *   (realtime.publishAlarm) and through a bare `ws` server looping over its clients (ws.send of
 *   the frame's text), in the same run: hub ≥ 0.95 × bare.
 * - Cluster: three portal processes (child processes on a PostgreSQL database made for the run,
 *   Redis between them), 5,000 clients at each; an alarm ingested at the first reaches all 15,000;
 *   p99 ≤ 50 ms. All on this machine's cores, clients included.
 *
 * Clients are raw WebSockets speaking the JSON hub protocol, in worker threads
 * (tests/bench/hubClientsWorker.ts); the clocks compared are the wall clock of each thread
 * (performance.timeOrigin + now()).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { WebSocket, WebSocketServer } from 'ws';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { invocationFrame } from '../../src/server/realtime/protocol.js';
import { signedInClient } from '../integration/client.js';
import { ownDatabase, portalEnv, startServer, waitHealthy, type Server } from './childPortal.js';
import { ask, startHubWorker } from './hubClients.js';
import type { HubWorkerReport } from './hubClientsWorker.js';

const RS = '\u001e';
const CONNECT_BATCH = 250;

export interface Client {
  ws: WebSocket;
  /** Counts `alarm` invocations; calls `onAlarm` with each one's record as it arrives. */
  alarms: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export function connect(url: string, handshake: boolean, onAlarm: (record: string) => void): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const client: Client = { ws, alarms: 0 };
    ws.on('error', reject);
    ws.on('message', (data) => {
      const text = String(data);
      if (text === `{}${RS}`) return resolve(client);
      for (const record of text.split(RS)) {
        if (record.startsWith('{"type":1,')) {
          client.alarms++;
          onAlarm(record);
        }
      }
    });
    ws.on('open', () => {
      if (handshake) ws.send(`{"protocol":"json","version":1}${RS}`);
      else resolve(client);
    });
  });
}

export async function connectMany(count: number, url: string, handshake: boolean, onAlarm: (record: string) => void): Promise<Client[]> {
  const clients: Client[] = [];
  for (let i = 0; i < count; i += CONNECT_BATCH) {
    const batch = Math.min(CONNECT_BATCH, count - i);
    clients.push(...(await Promise.all(Array.from({ length: batch }, () => connect(url, handshake, onAlarm)))));
  }
  return clients;
}

const wallClock = () => performance.timeOrigin + performance.now();
const is =
  <K extends HubWorkerReport['type']>(type: K) =>
  (report: HubWorkerReport): report is Extract<HubWorkerReport, { type: K }> =>
    report.type === type;

/** Signs `username` in at `origin`; the hub URL with its bearer token. */
export async function hubUrlOf(origin: string, username = 'dealer.beta'): Promise<string> {
  const { bearer } = await signedInClient(`http://${origin}`, username);
  return `ws://${origin}/hubs/alarms?access_token=${encodeURIComponent(bearer!)}`;
}

/**
 * Sends `alarms` alarms one after the other (`send`, given the alarm's alarmDate, its key), each
 * announced to the workers first; answers every delivery's latency (ms), sorted.
 */
async function timedDeliveries(workers: Worker[], alarms: number, send: (alarmDate: string) => Promise<void>): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < alarms; i++) {
    const alarmDate = new Date(Date.now() - 60_000 + i).toISOString();
    const sentAt = wallClock();
    const delivered = workers.map((worker) =>
      ask(
        worker,
        { type: 'expect', key: alarmDate, sentAt, collect: true },
        (r): r is Extract<HubWorkerReport, { type: 'delivered' }> => r.type === 'delivered' && r.key === alarmDate,
        30_000,
      ),
    );
    await send(alarmDate);
    for (const report of await Promise.all(delivered)) latencies.push(...report.latencies);
    // A breath between alarms, as alarms come in production: each is measured on its own.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return latencies.sort((a, b) => a - b);
}

/** Ingests alarms of `transmitterCode` at `origin` (POST /api/integrations/alarms), timed. */
const deliveries = (origin: string, workers: Worker[], transmitterCode: string, alarms: number, apiKey: string) =>
  timedDeliveries(workers, alarms, async (alarmDate) => {
    const response = await fetch(`http://${origin}/api/integrations/alarms`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({ alarms: [{ transmitterCode, eventCode: 'E130', eventCodeDescription: 'Burglary Alarm', alarmDate }] }),
    });
    if (response.status !== 202) throw new Error(`bench: ingest answered ${response.status}`);
  });

const latencyLine = (latencies: number[]) =>
  `p50 ${percentile(latencies, 50).toFixed(1)} ms  p99 ${percentile(latencies, 99).toFixed(1)} ms  max ${latencies[latencies.length - 1].toFixed(1)} ms`;

/** A transmitter of account group 9993 whose alarms are pushed live (its site is not on test). */
async function liveTransmitter(app: { db: Awaited<ReturnType<typeof buildApp>>['db'] }): Promise<string> {
  const device = await app.db
    .selectFrom('devices')
    .innerJoin('sites', 'sites.site_num', 'devices.site_num')
    .select('devices.transmitter_code')
    .where('sites.site_group_num', '=', 9993)
    .executeTakeFirstOrThrow();
  return device.transmitter_code;
}

/**
 * The floor of this machine: a bare `ws` server in a process of its own (no hub, no database, no
 * Redis) that, on POST /send, writes the posted frame to each of its clients (ws.send) and answers
 * 202. Its latency from the trigger to each client is what the writes alone cost here.
 */
const BARE_SERVER = `
const http = require('node:http');
const { WebSocketServer } = require(process.env.WS_MODULE);
const server = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    for (const ws of wss.clients) ws.send(body);
    response.writeHead(202).end();
  });
});
const wss = new WebSocketServer({ server, perMessageDeflate: false });
server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;

interface BareServer {
  origin: string;
  stop(): void;
}

async function startBareServer(): Promise<BareServer> {
  const child = spawn(process.execPath, ['-e', BARE_SERVER], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, WS_MODULE: createRequire(import.meta.url).resolve('ws') },
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(String(chunk).trim()));
    child.once('exit', (code) => reject(new Error(`the bare ws server exited (${code})`)));
  });
  return { origin: `127.0.0.1:${port}`, stop: () => child.kill('SIGKILL') };
}

/** As deliveries(), through bare servers: the frame posted to each of them at once. */
const bareDeliveries = (bares: BareServer[], workers: Worker[], alarms: number) =>
  timedDeliveries(workers, alarms, async (alarmDate) => {
    const frame = invocationFrame('alarm', [
      { alarmNum: 1, siteNum: 1, siteName: 'Bench', alarmDate, eventCodeDescription: 'Burglary Alarm' },
    ]);
    await Promise.all(
      bares.map((bare) => fetch(`http://${bare.origin}/send`, { method: 'POST', body: frame }).then((r) => r.arrayBuffer())),
    );
  });

/** The bare floor for `perServer` clients at each of `servers` bare servers (a worker thread each). */
async function bareFloor(servers: number, perServer: number, alarms: number): Promise<number[]> {
  const bares: BareServer[] = [];
  const workers: Worker[] = [];
  try {
    for (let i = 0; i < servers; i++) {
      const bare = await startBareServer();
      bares.push(bare);
      const worker = startHubWorker();
      workers.push(worker);
      await ask(worker, { type: 'connect', urls: [`ws://${bare.origin}`], count: perServer, handshake: false }, is('connected'));
    }
    return await bareDeliveries(bares, workers, alarms);
  } finally {
    for (const worker of workers) await worker.terminate();
    for (const bare of bares) bare.stop();
  }
}

const versus = (hub: number[], bare: number[]) =>
  `bare ws, same clients: p99 ${percentile(bare, 99).toFixed(1)} ms (hub ${(percentile(hub, 99) / percentile(bare, 99)).toFixed(2)}x the bare p99)`;

export async function realtimeBench(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-live-'));
  const config = loadConfig({ DATA_DIR: dataDir, DEMO: 'true', LOG_LEVEL: 'silent', ALARM_SIMULATOR: 'false' });
  const app = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const transmitterCode = await liveTransmitter(app);
  const hubUrl = await hubUrlOf(origin);
  const worker = startHubWorker();

  console.log(
    '\nLive alarms, one process: POST /api/integrations/alarms to the `alarm` frame at each client (embedded PGlite; clients in a worker thread)',
  );
  let open = 0;
  const hubLatencies = new Map<number, number[]>();
  for (const [count, alarms] of [
    [1000, 20],
    [5000, 10],
  ] as const) {
    const connected = await ask(worker, { type: 'connect', urls: [hubUrl], count: count - open }, is('connected'));
    open = connected.open;
    const latencies = await deliveries(origin, [worker], transmitterCode, alarms, config.integrationApiKey!);
    console.log(
      `${String(count).padStart(5)} clients: ${alarms} alarms, ${latencies.length} deliveries, ${latencyLine(latencies)}  ` +
        `(connecting ${connected.seconds.toFixed(1)} s); goal p99 ≤ 50 ms`,
    );
    hubLatencies.set(count, latencies);
  }
  await ask(worker, { type: 'close', count: open - 1000 }, is('closed'));

  // Broadcast rate: the same frame to 1,000 clients, 200 times, through the hub and through bare ws.
  const clients = 1000;
  const messages = 200;
  const frame = invocationFrame('alarm', [
    {
      alarmNum: 1,
      siteNum: 1,
      devNum: 1,
      siteName: 'Bench',
      transmitterCode,
      alarmDate: new Date().toISOString(),
      eventCodeDescription: 'Burglary Alarm',
    },
  ]);
  const event = JSON.parse(frame.slice(0, -1)).arguments[0];
  const rate = async (broadcast: () => Promise<void>) => {
    await ask(worker, { type: 'frames', total: clients * messages }, is('counting'));
    const counted = ask(worker, { type: 'frames', total: clients * messages }, is('frames'));
    void counted.catch(() => undefined);
    const started = performance.now();
    await broadcast();
    await counted;
    return (clients * messages) / ((performance.now() - started) / 1000);
  };
  const hubRate = await rate(async () => {
    for (let i = 0; i < messages; i++) await app.realtime.publishAlarm(9993, event);
  });
  await ask(worker, { type: 'close', count: clients }, is('closed'));

  const bare = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise((resolve) => bare.on('listening', () => resolve(null)));
  await ask(
    worker,
    { type: 'connect', urls: [`ws://127.0.0.1:${(bare.address() as { port: number }).port}`], count: clients, handshake: false },
    is('connected'),
  );
  const bareRate = await rate(async () => {
    for (let i = 0; i < messages; i++) for (const ws of bare.clients) ws.send(frame);
  });
  await ask(worker, { type: 'stop' }, is('stopped'));
  await worker.terminate();
  bare.close();
  console.log(
    `broadcast to ${clients} clients, ${messages} messages: hub ${hubRate.toFixed(0)} deliveries/s, bare ws ${bareRate.toFixed(0)} deliveries/s ` +
      `(hub ${(hubRate / bareRate).toFixed(2)}x bare; goal ≥ 0.95x)`,
  );
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  for (const count of [1000, 5000])
    console.log(`${String(count).padStart(5)} clients: ${versus(hubLatencies.get(count)!, await bareFloor(1, count, 10))}`);
  await clusterBench(transmitterCode);
}

/**
 * Three portal processes on one PostgreSQL database (made for the run) with Redis between them,
 * each with 5,000 clients (a worker thread each); alarms ingested at the first process.
 */
async function clusterBench(transmitterCode: string, perProcess = 5000, alarms = 6): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  console.log(
    `\nLive alarms, cluster: 3 processes on PostgreSQL and Redis (${redisUrl}), ${perProcess} clients at each, alarms ingested at the first`,
  );
  let database: Awaited<ReturnType<typeof ownDatabase>>;
  try {
    database = await ownDatabase(adminUrl);
  } catch (error) {
    console.log(`not measured: no PostgreSQL at ${adminUrl} (${(error as Error).message})`);
    return;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-cluster-'));
  const servers: Server[] = [];
  const workers: Worker[] = [];
  const apiKey = 'bench-integration-key-of-the-cluster';
  /** Stops the clients and the portals (again at the end: whatever the run reached). */
  const stop = async () => {
    for (const worker of workers.splice(0)) await worker.terminate();
    const stopping = servers.splice(0);
    for (const server of stopping) server.child.kill('SIGKILL');
    await Promise.all(stopping.map((server) => server.exited));
  };
  try {
    const ports = [8381, 8382, 8383];
    const env = (port: number) =>
      portalEnv(port, dataDir, {
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl,
        REDIS_CHANNEL: `portal:bench:${path.basename(dataDir)}`,
        SESSION_SECRET: 'bench-cluster-session-secret-of-at-least-32-chars',
        INTEGRATION_API_KEY: apiKey,
      });
    // The first process makes the schema and the demo data; the others start on them.
    for (const port of ports) {
      const server = startServer(env(port));
      servers.push(server);
      await waitHealthy(`http://127.0.0.1:${port}`, server, () => server.tail.join('\n'));
    }
    let seconds = 0;
    for (const port of ports) {
      const worker = startHubWorker();
      workers.push(worker);
      const connected = await ask(
        worker,
        { type: 'connect', urls: [await hubUrlOf(`127.0.0.1:${port}`)], count: perProcess },
        is('connected'),
      );
      seconds += connected.seconds;
    }
    const latencies = await deliveries(`127.0.0.1:${ports[0]}`, workers, transmitterCode, alarms, apiKey);
    console.log(
      `3 x ${perProcess} clients: ${alarms} alarms, ${latencies.length} deliveries, ${latencyLine(latencies)}  ` +
        `(connecting ${seconds.toFixed(1)} s); goal p99 ≤ 50 ms`,
    );
    await stop();
    console.log(
      `3 x ${perProcess} clients: ${versus(latencies, await bareFloor(3, perProcess, alarms))}; three bare servers sent to at once`,
    );
  } catch (error) {
    console.log(`not measured: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    await stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
