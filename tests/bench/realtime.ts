/**
 * Live hub figures (part of npm run bench): alarm delivery latency, ingest
 * call to the `alarm` frame at each client, with 1,000 and 5,000 connected
 * clients; and the hub's broadcast rate beside a bare `ws` server
 * broadcasting the same frame to as many clients, measured in the same run.
 * Clients are raw WebSockets speaking the JSON hub protocol, in this process
 * (so the figures include the clients' own work on the same two cores).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocket, WebSocketServer } from 'ws';
import { DEMO_PASSWORD } from '../../src/common/constants.js';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { invocationFrame } from '../../src/server/realtime/protocol.js';

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

async function until(check: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`bench: timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function closeAll(clients: Client[]) {
  for (const client of clients) client.ws.terminate();
}

export async function realtimeBench(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-live-'));
  const config = loadConfig({ DATA_DIR: dataDir, DEMO: 'true', LOG_LEVEL: 'silent', ALARM_SIMULATOR: 'false' });
  const app = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const xsrf = 'bench-xsrf-token';
  const login = await app.inject({
    method: 'POST',
    url: '/api/account/login',
    headers: { cookie: `XSRF-Token=${xsrf}`, 'x-xsrf-token': xsrf },
    payload: { username: 'dealer.beta', password: DEMO_PASSWORD },
  });
  const token = login.json().token?.token;
  if (!token) throw new Error(`could not sign in for the live benchmark: ${login.statusCode}`);
  const device = await app.db
    .selectFrom('devices')
    .innerJoin('sites', 'sites.site_num', 'devices.site_num')
    .select('devices.transmitter_code')
    .where('sites.site_group_num', '=', 9993)
    .executeTakeFirstOrThrow();
  const hubUrl = `ws://${origin}/hubs/alarms?access_token=${encodeURIComponent(token)}`;
  const ingestBody = JSON.stringify({
    alarms: [
      {
        transmitterCode: device.transmitter_code,
        eventCode: 'E130',
        eventCodeDescription: 'Burglary Alarm',
        alarmDate: new Date().toISOString(),
      },
    ],
  });

  console.log('\nLive alarms: POST /api/integrations/alarms to the `alarm` frame at each client (in-process backplane, embedded PGlite)');
  let received = 0;
  let sentAt = 0;
  let samples: number[] = [];
  const onAlarm = () => {
    received++;
    samples.push(performance.now() - sentAt);
  };
  // 1,000 clients, then 4,000 more (each connection is authorised at the upgrade, as in production).
  const connected: Client[] = [];
  for (const [count, alarms] of [
    [1000, 20],
    [5000, 6],
  ] as const) {
    const started = performance.now();
    const added = count - connected.length;
    connected.push(...(await connectMany(added, hubUrl, true, onAlarm)));
    const connectS = (performance.now() - started) / 1000;
    samples = [];
    for (let i = 0; i < alarms; i++) {
      received = 0;
      sentAt = performance.now();
      const response = await fetch(`http://${origin}/api/integrations/alarms`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${config.integrationApiKey}` },
        body: ingestBody,
      });
      if (response.status !== 202) throw new Error(`bench: ingest answered ${response.status}`);
      await until(() => received >= count, 30_000, `alarm ${i} at ${count} clients`);
    }
    samples.sort((a, b) => a - b);
    console.log(
      `${String(count).padStart(5)} clients: ${alarms} alarms, latency p50 ${percentile(samples, 50).toFixed(1)} ms  p99 ${percentile(samples, 99).toFixed(1)} ms  ` +
        `(connecting ${added} took ${connectS.toFixed(1)} s)`,
    );
  }
  closeAll(connected.splice(1000));
  await until(() => app.realtime.connectionCount() === 1000, 10_000, 'the clients to leave');

  // Broadcast rate: the same frame to 1,000 clients, many times, through the hub and through bare ws.
  const broadcastClients = 1000;
  const messages = 200;
  const frame = invocationFrame('alarm', [
    {
      alarmNum: 1,
      siteNum: 1,
      devNum: 1,
      siteName: 'Bench',
      transmitterCode: device.transmitter_code,
      alarmDate: new Date().toISOString(),
      eventCodeDescription: 'Burglary Alarm',
    },
  ]);
  const event = JSON.parse(frame.slice(0, -1)).arguments[0];

  // The hub's 1,000 clients are those still connected; they count frames as the bare clients do.
  received = 0;
  sentAt = performance.now();
  const hubClients = connected;
  let started = performance.now();
  for (let i = 0; i < messages; i++) await app.realtime.publishAlarm(9993, event);
  await until(() => received >= broadcastClients * messages, 60_000, 'the hub broadcast');
  const hubRate = (broadcastClients * messages) / ((performance.now() - started) / 1000);
  closeAll(hubClients);

  const bare = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise((resolve) => bare.on('listening', () => resolve(null)));
  received = 0;
  const bareClients = await connectMany(
    broadcastClients,
    `ws://127.0.0.1:${(bare.address() as { port: number }).port}`,
    false,
    () => received++,
  );
  await until(() => bare.clients.size === broadcastClients, 10_000, 'bare clients');
  started = performance.now();
  for (let i = 0; i < messages; i++) for (const ws of bare.clients) ws.send(frame);
  await until(() => received >= broadcastClients * messages, 60_000, 'the bare broadcast');
  const bareRate = (broadcastClients * messages) / ((performance.now() - started) / 1000);
  closeAll(bareClients);
  bare.close();

  console.log(
    `broadcast to ${broadcastClients} clients, ${messages} messages: hub ${hubRate.toFixed(0)} deliveries/s, bare ws ${bareRate.toFixed(0)} deliveries/s (hub ${(hubRate / bareRate).toFixed(2)}x bare)`,
  );
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
