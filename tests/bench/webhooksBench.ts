import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { onWebhookDeliveriesQueued } from '../../src/server/jobs/webhookEvents.js';
import { signedInClient } from '../integration/client.js';
import { ask, startHubWorker } from './hubClients.js';
import type { HubWorkerReport } from './hubClientsWorker.js';
import { hubUrlOf } from './realtime.js';

/**
 * `npm run bench -- --webhooks`: outbound webhooks under load, beside a bare loop in the same run.
 *
 * - Fan-out: RATE alarms a second (default 1,000) for SECONDS (default 60) through
 *   POST /api/integrations/alarms, over RECEIVERS accounts of group 9993 (default 100). Each of
 *   those accounts has one subscription of its own (siteNums: that account) to a receiver of its
 *   own on 127.0.0.1, so each alarm is one delivery to one receiver: RATE deliveries a second in
 *   all. The receivers (a worker thread) count deliveries and drop duplicates by webhook-id. Each
 *   delivery's time three ways: (1) the ingest call's own (sent to answered, per call), (2) from
 *   the portal's commit of the delivery (when the emit's statement returned, as the portal tells
 *   its listeners; same clock) to the receipt: the senders' part, and (3) from the ingest call's
 *   start to the receipt: the goal's figure. Per phase, the portal thread's event-loop delay, GC
 *   pauses and the process's CPU.
 * - Bare loop: bodies of the same shape POSTed straight to the same receivers at the same rate
 *   (keep-alive, no database, no signing): the floor of this machine. Goal: (3)'s p99 ≤ 2 × the
 *   bare p99; (2)'s ratio is printed beside it.
 * - The load's client (the alarms' platform, and the bare loop's sender) runs in a worker thread of
 *   its own, so that both loops start from the same thread and neither shares the portal's: it
 *   sends on time whatever the portal's event loop is doing (an open loop), as a platform does.
 * - Receiver down: one receiver stops for DOWN_SECONDS (default 10 here; 300 is the 5 minutes of
 *   the goal) while its account's alarms go on (DOWN_RATE a second, one call at a time), then comes
 *   back: every event must arrive once, in order; the bench prints how long the backlog took.
 *
 * - Live hub beside webhooks: HUB_CLIENTS hub clients (default 100, a worker thread) of dealer.classic
 *   (group 4120, so the load's alarms of group 9993 are not theirs) get a probe alarm of group 4120
 *   every PROBE_MS, one at a time, while the load runs: first the same load with no subscription
 *   (no webhooks), then with the webhooks. Goal: the hub's p99 with webhooks ≤ 1.5 × without.
 *
 * Environment: WEBHOOKS_BENCH_RATE, WEBHOOKS_BENCH_SECONDS, WEBHOOKS_BENCH_RECEIVERS,
 * WEBHOOKS_BENCH_DOWN_SECONDS, WEBHOOKS_BENCH_DOWN_RATE, WEBHOOKS_BENCH_HUB_CLIENTS; WEBHOOKS_BENCH_DATABASE_URL: an empty PostgreSQL database (seeded
 * with the demo) instead of embedded PGlite, whose queries run on the portal's own thread;
 * WEBHOOKS_BENCH_PORT and WEBHOOKS_BENCH_RECEIVER_PORT (the first receiver's; the others follow),
 * else ports the system picks; WEBHOOKS_BENCH_PROFILE: a file for a CPU profile of the portal's
 * thread during the webhooks phase (tests/bench/cpuprofile.ts sums it). One portal process;
 * receivers, the load's client and the hub clients in worker threads; all on this machine's cores.
 */
const RATE = Number(process.env.WEBHOOKS_BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.WEBHOOKS_BENCH_SECONDS ?? 60);
const RECEIVERS = Number(process.env.WEBHOOKS_BENCH_RECEIVERS ?? 100);
const DOWN_SECONDS = Number(process.env.WEBHOOKS_BENCH_DOWN_SECONDS ?? 10);
const DOWN_RATE = Number(process.env.WEBHOOKS_BENCH_DOWN_RATE ?? 20);
const HUB_CLIENTS = Number(process.env.WEBHOOKS_BENCH_HUB_CLIENTS ?? 100);
const PROBE_MS = 200;
/** The portal's port and the first receiver's (the others follow it); 0: the system picks. */
const PORTAL_PORT = Number(process.env.WEBHOOKS_BENCH_PORT ?? 0);
const RECEIVER_PORT = Number(process.env.WEBHOOKS_BENCH_RECEIVER_PORT ?? 0);
/** Alarms go in batches every TICK_MS (one call each), as a monitoring platform sends them. */
const TICK_MS = 20;

/** The receivers: one http server per index, in a worker thread; each receipt is posted back. */
const RECEIVER_WORKER = `
const http = require('node:http');
const { parentPort } = require('node:worker_threads');
const servers = new Map();
function start(index, port) {
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const at = Date.now();
      response.writeHead(204).end();
      // The body read here, not on the portal's thread: the alarm's date (the load's send time) and a down-phase sequence number.
      let sentAt = null;
      let down = null;
      try {
        const data = JSON.parse(body).data || {};
        sentAt = data.alarmDate ? Date.parse(data.alarmDate) : null;
        const match = /^Bench down (\\d+)$/.exec(data.eventCodeDescription || '');
        down = match ? Number(match[1]) : null;
      } catch {}
      parentPort.postMessage({ type: 'receipt', index, id: request.headers['webhook-id'] || null, sentAt, down, at });
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(port, '127.0.0.1', () => parentPort.postMessage({ type: 'listening', index, port: server.address().port }));
  servers.set(index, server);
}
parentPort.on('message', (m) => {
  if (m.type === 'start') start(m.index, m.port ?? 0);
  if (m.type === 'stop') { const s = servers.get(m.index); s.closeAllConnections(); s.close(() => parentPort.postMessage({ type: 'stopped', index: m.index })); }
});`;

/**
 * The load's client, in a worker thread of its own (the platform that sends alarms, and the bare
 * loop's sender): the portal's thread then runs the portal alone, and both loops start from the
 * same thread. `load` {kind: 'ingest' | 'bare', seconds, rate, ...} answers {type: 'loaded', sent,
 * calls (each ingest call's time, ms), retried}.
 */
const DRIVER_WORKER = `
const http = require('node:http');
const { parentPort } = require('node:worker_threads');
const TICK_MS = ${TICK_MS};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
async function drive(seconds, targets, rate, send) {
  const started = Date.now();
  let seq = 0;
  const pending = [];
  for (let tick = 0; Date.now() - started < seconds * 1000; tick++) {
    const at = Date.now();
    // The rate exactly, below one alarm a tick too: this tick's share of it, rounded down.
    const count = Math.floor((rate * (tick + 1) * TICK_MS) / 1000) - Math.floor((rate * tick * TICK_MS) / 1000);
    const batch = Array.from({ length: count }, () => ({ index: targets[seq % targets.length], seq: seq++, at }));
    if (batch.length) pending.push(send(batch));
    await sleep(Math.max(0, started + (tick + 1) * TICK_MS - Date.now()));
  }
  await Promise.all(pending);
  return seq;
}
/** The fields of an alarm.received event's data, for the bare loop's body. */
const data = (m, b) => ({ alarmNum: b.seq, siteNum: m.siteNums[b.index], siteName: 'Bench site', deviceNum: b.index,
  transmitterCode: m.codes[b.index], zoneNum: null, eventCode: 'E130', eventCodeDescription: 'Bench burglary ' + b.seq,
  alarmDate: new Date(b.at).toISOString(), onTest: false });
parentPort.on('message', async (m) => {
  const calls = [];
  let retried = 0;
  const targets = m.codes.map((_, i) => i);
  const sent = await drive(m.seconds, targets, m.rate, m.kind === 'ingest'
    ? async (batch) => {
        const started = performance.now();
        const body = JSON.stringify({ alarms: batch.map((b) => ({ transmitterCode: m.codes[b.index], eventCode: 'E130',
          eventCodeDescription: 'Bench burglary ' + b.seq, alarmDate: new Date(b.at).toISOString() })) });
        for (let attempt = 1; ; attempt++) {
          // A 503 (overloaded, the database slow to lend a connection) is tried again after its Retry-After, as a platform does.
          const response = await fetch(m.url, { method: 'POST', headers: { authorization: 'Bearer ' + m.key, 'content-type': 'application/json' }, body });
          await response.arrayBuffer();
          if (response.status === 503 && attempt < 5) { retried++; await sleep(Number(response.headers.get('retry-after') ?? 1) * 1000); continue; }
          if (!response.ok) throw new Error('ingest ' + response.status);
          break;
        }
        calls.push(performance.now() - started);
      }
    : (batch) => Promise.all(batch.map((b) => new Promise((resolve) => {
        const body = JSON.stringify({ type: 'alarm.received', timestamp: new Date(b.at).toISOString(), data: data(m, b) });
        const request = http.request({ host: '127.0.0.1', port: m.ports[b.index], path: '/hook', method: 'POST', agent,
          headers: { 'content-type': 'application/json', 'webhook-id': 'bare_' + b.seq + '_' + b.at } },
          (response) => { response.resume(); response.on('end', resolve); });
        request.on('error', () => resolve());
        request.end(body);
      }))));
  parentPort.postMessage({ type: 'loaded', sent, calls, retried });
});`;

/** What the receivers' worker posts back: 'listening' (with port), 'stopped', 'receipt' (id, the alarm's date, a down-phase number, at). */
interface Message {
  type: string;
  index: number;
  port?: number;
  id?: string | null;
  sentAt?: number | null;
  down?: number | null;
  at?: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
const line = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms  p99 ${percentile(sorted, 99).toFixed(1)} ms  max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms`;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The machine's load average (1 minute): the figures of a shared machine mean little without it. */
const load1 = () => loadavg()[0].toFixed(1);

/**
 * The portal's thread while a phase runs (the portal, the load's client and the bare loop share it):
 * its event-loop delay and its garbage collector's pauses; `end()` answers them as a line.
 */
function threadWatch() {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  const pauses: number[] = [];
  const gc = new PerformanceObserver((list) => pauses.push(...list.getEntries().map((entry) => entry.duration)));
  const cpu = process.cpuUsage();
  const started = performance.now();
  delay.enable();
  gc.observe({ entryTypes: ['gc'] });
  return {
    end() {
      delay.disable();
      gc.disconnect();
      const used = process.cpuUsage(cpu);
      const ms = (ns: number) => (ns / 1e6).toFixed(1);
      const sorted = pauses.sort((a, b) => a - b);
      return (
        `event-loop delay p50 ${ms(delay.percentile(50))} / p99 ${ms(delay.percentile(99))} / max ${ms(delay.max)} ms; ` +
        `GC ${pauses.length} pauses, ${sorted.reduce((a, b) => a + b, 0).toFixed(0)} ms in all, p99 ${percentile(sorted, 99).toFixed(1)} / max ${(sorted.at(-1) ?? 0).toFixed(1)} ms; ` +
        `process CPU ${(((used.user + used.system) / 1000 / (performance.now() - started)) * 100).toFixed(0)} % of one core`
      );
    },
  };
}

export async function webhooksBench(): Promise<void> {
  const loadAtStart = load1();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-webhooks-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO: 'true',
    LOG_LEVEL: 'silent',
    ALARM_SIMULATOR: 'false',
    WEBHOOKS_ALLOW_LOOPBACK: 'true',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    RATE_LIMITS_INGEST_PER_MINUTE: '1000000',
    // The load's group and the hub probe's.
    LIVE_ALARM_GROUPS: '9993,4120',
    ...(process.env.WEBHOOKS_BENCH_DATABASE_URL && { DATABASE_URL: process.env.WEBHOOKS_BENCH_DATABASE_URL }),
  });
  const app = await buildApp(config, { logger: false });
  await app.listen({ port: PORTAL_PORT, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const worker = new Worker(RECEIVER_WORKER, { eval: true });
  const driver = new Worker(DRIVER_WORKER, { eval: true });
  const hubWorker = startHubWorker();
  const listeners = new Set<(m: Message) => void>();
  worker.on('message', (m: Message) => {
    for (const listener of listeners) listener(m);
  });
  const until = <T>(test: (m: Message) => T | undefined) =>
    new Promise<T>((resolve) => {
      const listener = (m: Message) => {
        const value = test(m);
        if (value !== undefined) {
          listeners.delete(listener);
          resolve(value);
        }
      };
      listeners.add(listener);
    });
  const startReceiver = async (index: number, port?: number) => {
    const listening = until((m) => (m.type === 'listening' && m.index === index ? m.port! : undefined));
    worker.postMessage({ type: 'start', index, port });
    return listening;
  };

  try {
    // One account, device and subscription per receiver.
    const devices = await app.db
      .selectFrom('devices')
      .innerJoin('sites', 'sites.site_num', 'devices.site_num')
      .select(['devices.transmitter_code', 'sites.site_num'])
      .distinctOn('sites.site_num')
      .where('sites.site_group_num', '=', 9993)
      .orderBy('sites.site_num')
      .limit(RECEIVERS)
      .execute();
    const ports: number[] = [];
    for (let i = 0; i < devices.length; i++) ports.push(await startReceiver(i, RECEIVER_PORT && RECEIVER_PORT + i));
    let retried = 0;
    /** One ingest call; a 503 (overloaded, the database slow to lend a connection) is tried again after its Retry-After, as a platform does. */
    const ingest = async (items: object[]) => {
      for (let attempt = 1; ; attempt++) {
        const response = await fetch(`${origin}/api/integrations/alarms`, {
          method: 'POST',
          headers: { authorization: `Bearer ${config.integrationApiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ alarms: items }),
        });
        if (response.status !== 503 || attempt === 5) return response;
        retried++;
        await sleep(Number(response.headers.get('retry-after') ?? 1) * 1000);
      }
    };
    /** Sends RATE alarms a second for `seconds` over `targets` (indexes); answers how many were sent. */
    const drive = async (
      seconds: number,
      targets: number[],
      rate: number,
      send: (batch: { index: number; seq: number; at: number }[]) => Promise<void>,
    ) => {
      const started = Date.now();
      let seq = 0;
      const pending: Promise<void>[] = [];
      for (let tick = 0; Date.now() - started < seconds * 1000; tick++) {
        const at = Date.now();
        // The rate exactly, below one alarm a tick too: this tick's share of it, rounded down.
        const count = Math.floor((rate * (tick + 1) * TICK_MS) / 1000) - Math.floor((rate * tick * TICK_MS) / 1000);
        const batch = Array.from({ length: count }, () => ({ index: targets[seq % targets.length], seq: seq++, at }));
        if (batch.length) pending.push(send(batch));
        const next = started + (tick + 1) * TICK_MS;
        await sleep(Math.max(0, next - Date.now()));
      }
      await Promise.all(pending);
      return seq;
    };
    /**
     * RATE a second for SECONDS from the driver's thread over the accounts: alarms through the ingest
     * call (each call's time, ms, into `calls`), or the bare loop's POSTs to the receivers.
     */
    const driven = (kind: 'ingest' | 'bare', calls: number[] = []) =>
      new Promise<number>((resolve, reject) => {
        const onMessage = (m: { type: string; sent: number; calls: number[]; retried: number }) => {
          if (m.type !== 'loaded') return;
          driver.off('message', onMessage);
          driver.off('error', reject);
          calls.push(...m.calls);
          retried += m.retried;
          resolve(m.sent);
        };
        driver.on('message', onMessage);
        driver.on('error', reject);
        driver.postMessage({
          kind,
          seconds: SECONDS,
          rate: RATE,
          url: `${origin}/api/integrations/alarms`,
          key: config.integrationApiKey,
          codes: devices.map((d) => d.transmitter_code),
          siteNums: devices.map((d) => d.site_num),
          ports,
        });
      });
    const load = (calls: number[] = []) => driven('ingest', calls);

    // The live hub's probe: clients of group 4120, an account of it that is not on test.
    const probe = await app.db
      .selectFrom('devices')
      .innerJoin('sites', 'sites.site_num', 'devices.site_num')
      .select('devices.transmitter_code')
      .where('sites.site_group_num', '=', 4120)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('site_tests').select('site_tests.site_num').whereRef('site_tests.site_num', '=', 'sites.site_num'))),
      )
      .executeTakeFirstOrThrow();
    await ask(
      hubWorker,
      { type: 'connect', urls: [await hubUrlOf(origin.slice('http://'.length), 'dealer.classic')], count: HUB_CLIENTS },
      (r): r is Extract<HubWorkerReport, { type: 'connected' }> => r.type === 'connected',
    );
    let probes = 0;
    /** Probe alarms, one at a time every PROBE_MS while `during` runs; answers every client's latency of each. */
    const probeHub = async <T>(during: Promise<T>) => {
      let running = true;
      const ended = during.finally(() => (running = false));
      const latencies: number[] = [];
      while (running) {
        const alarmDate = new Date(Date.now() - 60_000 + probes++).toISOString();
        const delivered = ask(
          hubWorker,
          { type: 'expect', key: alarmDate, sentAt: performance.timeOrigin + performance.now(), collect: true },
          (r): r is Extract<HubWorkerReport, { type: 'delivered' }> => r.type === 'delivered' && r.key === alarmDate,
          30_000,
        );
        const response = await ingest([
          { transmitterCode: probe.transmitter_code, eventCode: 'E130', eventCodeDescription: 'Bench hub probe', alarmDate },
        ]);
        if (!response.ok) throw new Error(`probe ingest ${response.status}`);
        latencies.push(...(await delivered).latencies);
        await sleep(PROBE_MS);
      }
      return { result: await ended, latencies };
    };
    const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(0.99 * values.length)] ?? NaN;

    console.log(
      `\nWebhooks: ${RATE} alarms/s for ${SECONDS} s over ${devices.length} accounts of group 9993, each account's alarms to its own ` +
        `subscription and receiver (${devices.length} receivers): one delivery per alarm (${process.env.WEBHOOKS_BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}, one process); ` +
        `${HUB_CLIENTS} live hub clients of another group probed every ${PROBE_MS} ms`,
    );
    // The same load without webhooks first (no subscription yet): the hub's own figure.
    const quietCalls: number[] = [];
    const quietWatch = threadWatch();
    const quiet = await probeHub(load(quietCalls));
    console.log(
      `  live hub, same load without webhooks: ${quiet.result} alarms; probes to ${HUB_CLIENTS} clients ${line(quiet.latencies)}\n` +
        `    ingest calls (${quietCalls.length}, about ${Math.round(quiet.result / Math.max(1, quietCalls.length))} alarms each), sent to answered: ${line(quietCalls)}\n` +
        `    portal's thread: ${quietWatch.end()}`,
    );

    const beta = await signedInClient(origin, 'dealer.beta');
    for (const [i, device] of devices.entries()) {
      const created = await beta.request('POST', '/api/webhookSubscriptions', {
        url: `http://127.0.0.1:${ports[i]}/hook`,
        eventTypes: ['alarm.received'],
        siteNums: [device.site_num],
        status: 'active',
      });
      if (created.status !== 201) throw new Error(`subscription ${i}: ${created.status} ${await created.text()}`);
    }

    // Webhooks through the portal. Each delivery's time three ways: from the ingest call's start
    // (its alarmDate) to the receipt, the figure of the goal; from the moment the portal's statement
    // that wrote the delivery returned (committed; the portal's record, same clock) to the receipt;
    // and the ingest calls' own time, sent to answered.
    const received = new Map<string, number>();
    let duplicates = 0;
    const latencies: number[] = [];
    const fromCommit: number[] = [];
    const committedAt = new Map<string, number>();
    const stopWatching = onWebhookDeliveriesQueued((queued, writtenAt) => {
      for (const list of queued.values()) for (const delivery of list ?? []) committedAt.set(delivery.event_id, writtenAt);
    });
    const collector = (m: Message) => {
      if (m.type !== 'receipt' || !m.id) return undefined;
      if (received.has(m.id)) duplicates++;
      else {
        received.set(m.id, m.index!);
        latencies.push(m.at! - m.sentAt!);
        const committed = committedAt.get(m.id);
        if (committed !== undefined) fromCommit.push(m.at! - committed);
      }
      return undefined;
    };
    listeners.add(collector);
    const busyCalls: number[] = [];
    const busyWatch = threadWatch();
    const profiler = process.env.WEBHOOKS_BENCH_PROFILE ? new Session() : undefined;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    const busy = await probeHub(load(busyCalls));
    const busyThread = busyWatch.end();
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(process.env.WEBHOOKS_BENCH_PROFILE!, JSON.stringify(profile));
      profiler.disconnect();
    }
    const sent = busy.result;
    if (retried) console.log(`  (${retried} ingest calls answered 503 and sent again after their Retry-After)`);
    const deadline = Date.now() + 120_000;
    while (received.size < sent && Date.now() < deadline) await sleep(100);
    listeners.delete(collector);
    stopWatching();
    const webhookP99 = p99(latencies);
    console.log(
      `  webhooks: ${sent} alarms, ${received.size} delivered once, ${duplicates} duplicates, ${sent - received.size} missing\n` +
        `    (1) ingest calls (${busyCalls.length}), sent to answered: ${line(busyCalls)}\n` +
        `    (2) commit (the portal's record) to receipt (${fromCommit.length}): ${line(fromCommit)}\n` +
        `    (3) ingest call start to receipt: ${line(latencies)}\n` +
        `    portal's thread: ${busyThread}`,
    );
    console.log(
      `  live hub, same load with webhooks: probes to ${HUB_CLIENTS} clients ${line(busy.latencies)}; ` +
        `p99 ${(p99(busy.latencies) / p99(quiet.latencies)).toFixed(2)}x its p99 without webhooks; goal ≤ 1.5x`,
    );

    // The bare loop: the same bodies to the same receivers.
    const bare: number[] = [];
    const bareCollector = (m: Message) => {
      if (m.type === 'receipt' && m.id?.startsWith('bare_')) bare.push(m.at! - Number(m.id.split('_')[2]));
      return undefined;
    };
    listeners.add(bareCollector);
    const bareWatch = threadWatch();
    const bareSent = await driven('bare');
    while (bare.length < bareSent && Date.now() < deadline + 60_000) await sleep(50);
    listeners.delete(bareCollector);
    const bareP99 = p99(bare);
    console.log(`  bare loop: ${bareSent} POSTs, ${bare.length} received; ${line(bare)}\n    portal's thread: ${bareWatch.end()}`);
    const ratio = webhookP99 / bareP99;
    console.log(
      `  (3) ingest call start to receipt p99 ${webhookP99.toFixed(1)} ms, bare loop p99 ${bareP99.toFixed(1)} ms: ${ratio.toFixed(2)}x; ` +
        `goal ≤ 2x: ${ratio <= 2 ? 'met' : 'NOT met'}\n` +
        `  (2) commit to receipt p99 ${p99(fromCommit).toFixed(1)} ms ÷ bare loop p99: ${(p99(fromCommit) / bareP99).toFixed(2)}x (the sender's part alone, not the goal's figure)`,
    );

    // A receiver down for DOWN_SECONDS, then back: every event, in order.
    const order: number[] = [];
    let downDuplicates = 0;
    let firstBack: number | null = null;
    let lastBack: number | null = null;
    const downCollector = (m: Message) => {
      const seq = m.down;
      if (m.type !== 'receipt' || m.index !== 0 || !m.id || seq === undefined || seq === null) return undefined;
      if (received.has(m.id)) downDuplicates++;
      else {
        firstBack ??= m.at!;
        lastBack = m.at!;
        received.set(m.id, 0);
        order.push(seq);
      }
      return undefined;
    };
    listeners.add(downCollector);
    const stopped = until((m) => (m.type === 'stopped' && m.index === 0 ? true : undefined));
    worker.postMessage({ type: 'stop', index: 0 });
    await stopped;
    // One call at a time here, so that the order of ingest is the order of the sequence numbers.
    let previous = Promise.resolve();
    const downSent = await drive(DOWN_SECONDS, [0], DOWN_RATE, async (batch) => {
      const mine = previous.then(() => undefined);
      previous = mine.then(() => sendDown(batch));
      await previous;
    });
    async function sendDown(batch: { index: number; seq: number; at: number }[]) {
      const response = await ingest(
        batch.map((b) => ({
          transmitterCode: devices[0].transmitter_code,
          eventCode: 'E130',
          eventCodeDescription: `Bench down ${b.seq}`,
          alarmDate: new Date(b.at).toISOString(),
        })),
      );
      if (!response.ok) throw new Error(`ingest while down ${response.status}`);
    }
    const back = Date.now();
    await startReceiver(0, ports[0]);
    const downDeadline = Date.now() + Math.max(120_000, DOWN_SECONDS * 1000 * 2);
    while (order.length < downSent && Date.now() < downDeadline) await sleep(200);
    // A straggler would show as a duplicate: wait a little longer before counting.
    await sleep(2_000);
    listeners.delete(downCollector);
    const inOrder = order.every((seq, i) => i === 0 || seq > order[i - 1]);
    const seconds = (at: number | null) => (at === null ? '-' : `${((at - back) / 1000).toFixed(1)} s`);
    console.log(
      `  receiver down ${DOWN_SECONDS} s (WEBHOOKS_BENCH_DOWN_SECONDS; 300 for the goal's 5 minutes), ${DOWN_RATE} alarms/s meanwhile: ` +
        `${downSent} events sent while down; ${order.length} received once after it came back, ${downSent - order.length} missing, ` +
        `${downDuplicates} duplicates, ${inOrder ? 'in order' : 'OUT OF ORDER'}; first ${seconds(firstBack)}, last ${seconds(lastBack)} after it came back`,
    );
    console.log(`  load average (1 min) at start ${loadAtStart}, at end ${load1()}`);
  } finally {
    await worker.terminate();
    await driver.terminate();
    await hubWorker.terminate();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
