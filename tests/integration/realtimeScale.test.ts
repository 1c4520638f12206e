import { randomBytes } from 'node:crypto';
import { HubConnectionState } from '@microsoft/signalr';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { ONCE, ONCE_TABLE } from './harness.js';
import {
  alarmFor,
  alarmListener,
  ingest,
  REDIS_URL,
  redisReachable,
  sharedDatabase,
  signIn,
  sleep,
  transmitterIn,
  waitFor,
} from './realtimeHelpers.js';

const redisUp = await redisReachable(REDIS_URL);
if (!redisUp) console.log(`Redis is not reachable at ${REDIS_URL}: the two-process test is skipped`);

async function start(app: FastifyInstance, port = 0): Promise<string> {
  await app.listen({ port, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

describe.skipIf(!ONCE).each(ONCE_TABLE)('live hubs across restarts and processes on $name', (database) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('reconnects the official client after a server restart (Close with allowReconnect)', async () => {
    const shared = await sharedDatabase(database);
    cleanups.push(() => shared.close());
    const first = await buildApp(shared.config, { database: shared.handle, logger: false });
    const origin = await start(first);
    const port = Number(new URL(origin).port);
    const xmit = await transmitterIn(shared.handle.db, 9993);
    const token = (await signIn(origin, 'dealer.beta')).bearer!;
    const beta = await alarmListener(origin, token, [0, 200, 500, 1000, 1000, 1000, 1000, 1000]);
    let reconnecting = 0;
    beta.connection.onreconnecting(() => {
      reconnecting++;
    });
    const reconnected = new Promise((resolve) => beta.connection.onreconnected(resolve));

    await first.close();
    expect(reconnecting).toBe(1);
    const second = await buildApp(shared.config, { database: shared.handle, logger: false });
    cleanups.push(() => second.close());
    await start(second, port);
    await reconnected;
    expect(beta.connection.state).toBe(HubConnectionState.Connected);
    expect((await ingest(origin, [alarmFor(xmit)])).status).toBe(202);
    await waitFor(() => beta.alarms.length === 1, 5000, 'the alarm after the restart');
    await beta.connection.stop();
  });

  it.skipIf(!redisUp)('delivers each alarm exactly once to clients of two server processes sharing Redis', async () => {
    const channel = `portal:test:${randomBytes(6).toString('hex')}`;
    const shared = await sharedDatabase(database, { REDIS_URL, REDIS_CHANNEL: channel });
    cleanups.push(() => shared.close());
    const a = await buildApp(shared.config, { database: shared.handle, logger: false });
    cleanups.push(() => a.close());
    const b = await buildApp(
      loadConfig({
        ...process.env,
        DATA_DIR: shared.config.dataDir,
        DEMO: 'true',
        LOG_LEVEL: 'silent',
        ALARM_SIMULATOR: 'false',
        REDIS_URL,
        REDIS_CHANNEL: channel,
      }),
      { database: shared.handle, logger: false },
    );
    cleanups.push(() => b.close());
    expect(a.realtime.backplane).toBe('redis');
    expect(b.realtime.backplane).toBe('redis');
    const originA = await start(a);
    const originB = await start(b);
    const xmit = await transmitterIn(shared.handle.db, 9993);

    const onA = await alarmListener(originA, (await signIn(originA, 'dealer.beta')).bearer!);
    const onB = await alarmListener(originB, (await signIn(originB, 'dealer.beta')).bearer!);
    const staffOnB = await alarmListener(originB, (await signIn(originB, 'support.admin', true)).bearer!);
    expect(a.realtime.connectionCount('alarms')).toBe(1);
    expect(b.realtime.connectionCount('alarms')).toBe(2);

    const batches = 6;
    for (let i = 0; i < batches; i++) {
      const origin = i % 2 ? originB : originA;
      expect((await ingest(origin, [alarmFor(xmit, `Alarm ${i}a`), alarmFor(xmit, `Alarm ${i}b`)])).status).toBe(202);
    }
    const expected = batches * 2;
    const listeners = [onA, onB, staffOnB];
    await waitFor(() => listeners.every((l) => l.alarms.length >= expected), 10_000, 'every alarm on every client');
    await sleep(300);
    for (const listener of listeners) {
      expect(listener.alarms).toHaveLength(expected);
      expect(new Set(listener.alarms.map((alarm) => alarm.alarmNum)).size).toBe(expected);
    }
    // The same alarms, in the same order, everywhere.
    expect(onB.alarms.map((x) => x.alarmNum)).toEqual(onA.alarms.map((x) => x.alarmNum));

    // An account-group switch made through one process moves the connection held by the other.
    const client = await signIn(originA, 'dealer.beta');
    const moved = await alarmListener(originB, client.bearer!);
    expect((await client.request('PUT', '/api/user/accountGroup', { siteGroupNum: 4120 })).status).toBe(200);
    await waitFor(() => true);
    await sleep(100);
    expect(await moved.connection.invoke('currentGroups')).toEqual([]);
    await Promise.all([...listeners, moved].map((l) => l.connection.stop()));
  });
});
