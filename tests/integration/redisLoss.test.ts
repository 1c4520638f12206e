import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmEvent } from '../../schemas/dealer.js';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import {
  alarmFor,
  alarmListener,
  ingest,
  redisReachable,
  sharedDatabase,
  signIn,
  sleep,
  transmitterIn,
  waitFor,
} from './realtimeHelpers.js';
import { ONCE } from './harness.js';

/**
 * Redis stopped and started under two server processes: each process keeps
 * delivering to its own clients while Redis is away, logs one warning, resubscribes when Redis
 * returns and asks its clients to read the recent alarms again; no crash, no duplicate deliveries. The test runs a Redis of its own (never the
 * machine's): REDIS_LOSS_PORT, default 8352.
 */
const PORT = Number(process.env.REDIS_LOSS_PORT ?? 8352);
const URL_ = `redis://127.0.0.1:${PORT}`;
const hasRedisServer = (() => {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!hasRedisServer) console.log('redisLoss.test.ts skipped: redis-server is not installed');

const startRedis = () => execFileSync('redis-server', ['--port', String(PORT), '--save', '', '--appendonly', 'no', '--daemonize', 'yes']);
const stopRedis = () => execFileSync('redis-cli', ['-p', String(PORT), 'shutdown', 'nosave']);

interface LogLine {
  level: number;
  msg: string;
}

describe.skipIf(!hasRedisServer || !ONCE)('Redis stopped and started under two processes', () => {
  const unhandled: string[] = [];
  const record = (error: unknown) => unhandled.push(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  const cleanups: (() => Promise<unknown>)[] = [];
  const logs: Record<'a' | 'b', LogLine[]> = { a: [], b: [] };
  let a: FastifyInstance;
  let b: FastifyInstance;
  let originA: string;
  let originB: string;
  let xmit: string;

  const start = async (app: FastifyInstance) => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  };
  const logStream = (name: 'a' | 'b') => ({ write: (line: string) => void logs[name].push(JSON.parse(line) as LogLine) });

  beforeAll(async () => {
    process.on('uncaughtException', record);
    process.on('unhandledRejection', record);
    if (await redisReachable(URL_)) throw new Error(`something already listens on ${PORT}: not starting a Redis there`);
    startRedis();
    cleanups.push(async () => {
      if (await redisReachable(URL_)) stopRedis();
    });
    await waitFor(() => true);
    for (let i = 0; i < 50 && !(await redisReachable(URL_)); i++) await sleep(100);
    const env = {
      REDIS_URL: URL_,
      REDIS_CHANNEL: `portal:test:${randomBytes(6).toString('hex')}`,
      LOG_LEVEL: 'info',
      MAX_EVENT_LOOP_DELAY_MS: '0',
    };
    const shared = await sharedDatabase(ONCE!, env);
    cleanups.push(() => shared.close());
    a = await buildApp(shared.config, { database: shared.handle, logStream: logStream('a') });
    cleanups.push(() => a.close());
    const configB = loadConfig({ DATA_DIR: shared.config.dataDir, DEMO: 'true', ALARM_SIMULATOR: 'false', ...env });
    b = await buildApp(configB, { database: shared.handle, logStream: logStream('b') });
    cleanups.push(() => b.close());
    originA = await start(a);
    originB = await start(b);
    xmit = await transmitterIn(shared.handle.db, 9993);
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    process.off('uncaughtException', record);
    process.off('unhandledRejection', record);
  });

  const countOf = (alarms: AlarmEvent[], description: string) => alarms.filter((x) => x.eventCodeDescription === description).length;
  const redisWarnings = (name: 'a' | 'b') => logs[name].filter((l) => l.level === 40 && /redis/i.test(l.msg));

  it('delivers locally while Redis is down, resubscribes when it is back, never twice', async () => {
    expect(a.realtime.backplane).toBe('redis');
    const onA = await alarmListener(originA, (await signIn(originA, 'dealer.beta')).bearer!);
    const onB = await alarmListener(originB, (await signIn(originB, 'dealer.beta')).bearer!);
    const catchUps = { a: 0, b: 0 };
    onA.connection.on('catchUp', () => catchUps.a++);
    onB.connection.on('catchUp', () => catchUps.b++);

    // Redis up: an alarm at A reaches both, once each.
    expect((await ingest(originA, [alarmFor(xmit, 'Before')])).status).toBe(202);
    await waitFor(() => countOf(onA.alarms, 'Before') > 0 && countOf(onB.alarms, 'Before') > 0, 5000, 'the first alarm');

    stopRedis();
    await waitFor(() => !a.realtime.backplaneConnected() && !b.realtime.backplaneConnected(), 5000, 'both processes to notice');
    // Redis down: each process still delivers to its own clients, at once, exactly once.
    const down = Date.now();
    expect((await ingest(originA, [alarmFor(xmit, 'During A')])).status).toBe(202);
    expect((await ingest(originB, [alarmFor(xmit, 'During B')])).status).toBe(202);
    console.log(`redisLoss: ingest answered ${Date.now() - down} ms after Redis stopped`);
    await waitFor(() => countOf(onA.alarms, 'During A') > 0 && countOf(onB.alarms, 'During B') > 0, 5000, 'local delivery');
    await sleep(1500);

    expect(catchUps).toEqual({ a: 0, b: 0 });
    startRedis();
    const back = Date.now();
    await waitFor(() => a.realtime.backplaneConnected() && b.realtime.backplaneConnected(), 10_000, 'both processes to reconnect');
    // Each client is told to read the recent alarms again (what the other process ingested meanwhile).
    await waitFor(() => catchUps.a === 1 && catchUps.b === 1, 5000, 'the catch-up request at each client');
    expect((await ingest(originA, [alarmFor(xmit, 'After')])).status).toBe(202);
    await waitFor(() => countOf(onB.alarms, 'After') > 0, 10_000 - (Date.now() - back), "A's alarm at B's client");
    console.log(`redisLoss: an alarm at A reached B's client ${Date.now() - back} ms after Redis restarted`);
    await sleep(500);

    for (const description of ['Before', 'After']) {
      expect(countOf(onA.alarms, description)).toBe(1);
      expect(countOf(onB.alarms, description)).toBe(1);
    }
    expect(countOf(onA.alarms, 'During A')).toBe(1);
    expect(countOf(onB.alarms, 'During B')).toBe(1);
    // Published while Redis was away: never replayed late to the other process.
    expect(countOf(onB.alarms, 'During A')).toBe(0);
    expect(countOf(onA.alarms, 'During B')).toBe(0);

    // One warning per process for the outage, however long it lasted; one line when it is back.
    expect(redisWarnings('a')).toHaveLength(1);
    expect(redisWarnings('b')).toHaveLength(1);
    expect(logs.a.filter((l) => l.level === 30 && /^Redis is back/.test(l.msg))).toHaveLength(1);
    expect(catchUps).toEqual({ a: 1, b: 1 });
    expect(unhandled).toEqual([]);
    await Promise.all([onA, onB].map((l) => l.connection.stop()));
  });
});
