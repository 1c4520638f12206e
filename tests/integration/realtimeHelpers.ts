import { createConnection } from 'node:net';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import type { AlarmEvent } from '../../schemas/dealer.js';
import type { Db } from '../../src/server/db/database.js';
import { TestClient } from './client.js';
import { openTestDatabase, type TestDatabase } from './harness.js';

const DEMO_KEY = 'demo-integration-key';

/** The official client, WebSockets only, negotiating first (as the web app does). */
export function hubClient(origin: string, hub: 'alarms' | 'reports', token: () => string, reconnectDelays?: number[]): HubConnection {
  const builder = new HubConnectionBuilder()
    .withUrl(`${origin}/hubs/${hub}`, { accessTokenFactory: token, transport: HttpTransportType.WebSockets, skipNegotiation: false })
    .configureLogging(LogLevel.None);
  return (reconnectDelays ? builder.withAutomaticReconnect(reconnectDelays) : builder).build();
}

/** A connected alarm-hub client and the alarms it received. */
export async function alarmListener(origin: string, token: string, reconnectDelays?: number[]) {
  const connection = hubClient(origin, 'alarms', () => token, reconnectDelays);
  const alarms: AlarmEvent[] = [];
  connection.on('alarm', (event: AlarmEvent) => {
    alarms.push(event);
  });
  await connection.start();
  return { connection, alarms };
}

export async function signIn(origin: string, username: string, internal = false): Promise<TestClient> {
  const client = await new TestClient(origin).init();
  const result = await client.login(username, undefined, internal ? { internal: true } : {});
  if (result.status !== 200 || !client.bearer) throw new Error(`${username} could not sign in: ${result.status}`);
  return client;
}

export async function ingest(origin: string, alarms: unknown[], key = DEMO_KEY): Promise<Response> {
  return fetch(`${origin}/api/integrations/alarms`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
    body: JSON.stringify({ alarms }),
  });
}

export const alarmFor = (transmitterCode: string, eventCodeDescription = 'Burglary Alarm') => ({
  transmitterCode,
  eventCode: 'E130',
  eventCodeDescription,
  alarmDate: new Date().toISOString(),
});

/** A transmitter code of a device in an account group. */
export async function transmitterIn(db: Db, siteGroupNum: number): Promise<string> {
  const row = await db
    .selectFrom('devices')
    .innerJoin('sites', 'sites.site_num', 'devices.site_num')
    .select('devices.transmitter_code')
    .where('sites.site_group_num', '=', siteGroupNum)
    .orderBy('devices.dev_num')
    .executeTakeFirstOrThrow();
  return row.transmitter_code;
}

export async function waitFor(check: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One database several app instances share (a server restart, two server
 * processes), seeded with the demo data by the first app; the same data dir,
 * so the same session secret.
 */
export function sharedDatabase(database: TestDatabase, env: Record<string, string> = {}) {
  return openTestDatabase(database, { DEMO: 'true', ...env });
}

/** The machine's Redis, unless REDIS_URL names another. */
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers at `url` (a TCP connect within 1 s): tests that need one skip, saying why, when none does. */
export async function redisReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
