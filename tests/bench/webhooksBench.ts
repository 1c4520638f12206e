import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { signedInClient } from '../integration/client.js';

/**
 * `npm run bench -- --webhooks`: outbound webhooks under load, beside a bare loop in the same run.
 *
 * - Fan-out: RATE alarms a second (default 1,000) for SECONDS (default 60) through
 *   POST /api/integrations/alarms, over RECEIVERS accounts of group 9993 (default 100). Each of
 *   those accounts has one subscription of its own (siteNums: that account) to a receiver of its
 *   own on 127.0.0.1, so each alarm is one delivery to one receiver: RATE deliveries a second in
 *   all. The receivers (a worker thread) count deliveries and drop duplicates by webhook-id; the
 *   figure is the time from the ingest call to the receipt.
 * - Bare loop: the same bodies POSTed straight to the same receivers at the same rate (keep-alive,
 *   no database, no signing): the floor of this machine. Goal: the webhook p99 ≤ 2 × the bare p99.
 * - Receiver down: one receiver stops for DOWN_SECONDS (default 10 here; 300 is the 5 minutes of
 *   the goal) while its account's alarms go on, then comes back: every event must arrive, in order.
 *
 * Environment: WEBHOOKS_BENCH_RATE, WEBHOOKS_BENCH_SECONDS, WEBHOOKS_BENCH_RECEIVERS,
 * WEBHOOKS_BENCH_DOWN_SECONDS; WEBHOOKS_BENCH_DATABASE_URL: an empty PostgreSQL database (seeded
 * with the demo) instead of embedded PGlite, whose queries run on the portal's own thread. One
 * portal process; receivers in a worker thread; all on this machine's cores.
 * Not measured here: the live hub's latency beside webhooks (tests/bench/realtime.ts alone).
 */
const RATE = Number(process.env.WEBHOOKS_BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.WEBHOOKS_BENCH_SECONDS ?? 60);
const RECEIVERS = Number(process.env.WEBHOOKS_BENCH_RECEIVERS ?? 100);
const DOWN_SECONDS = Number(process.env.WEBHOOKS_BENCH_DOWN_SECONDS ?? 10);
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
      parentPort.postMessage({ type: 'receipt', index, id: request.headers['webhook-id'] || null, body, at });
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

/** What the receivers' worker posts back: 'listening' (with port), 'stopped', 'receipt' (id, body, at). */
interface Message {
  type: string;
  index: number;
  port?: number;
  id?: string | null;
  body?: string;
  at?: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
const line = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms  p99 ${percentile(sorted, 99).toFixed(1)} ms  max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms`;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function webhooksBench(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-webhooks-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO: 'true',
    LOG_LEVEL: 'silent',
    ALARM_SIMULATOR: 'false',
    WEBHOOKS_ALLOW_LOOPBACK: 'true',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    RATE_LIMITS_INGEST_PER_MINUTE: '1000000',
    ...(process.env.WEBHOOKS_BENCH_DATABASE_URL && { DATABASE_URL: process.env.WEBHOOKS_BENCH_DATABASE_URL }),
  });
  const app = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const worker = new Worker(RECEIVER_WORKER, { eval: true });
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
    for (let i = 0; i < devices.length; i++) ports.push(await startReceiver(i));
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
    console.log(
      `\nWebhooks: ${RATE} alarms/s for ${SECONDS} s over ${devices.length} accounts of group 9993, each account's alarms to its own ` +
        `subscription and receiver (${devices.length} receivers): one delivery per alarm (${process.env.WEBHOOKS_BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}, one process)`,
    );

    const ingest = (items: object[]) =>
      fetch(`${origin}/api/integrations/alarms`, {
        method: 'POST',
        headers: { authorization: `Bearer ${config.integrationApiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ alarms: items }),
      });
    /** Sends RATE alarms a second for `seconds` over `targets` (indexes); answers how many were sent. */
    const drive = async (
      seconds: number,
      targets: number[],
      rate: number,
      send: (batch: { index: number; seq: number; at: number }[]) => Promise<void>,
    ) => {
      const perTick = Math.max(1, Math.round((rate * TICK_MS) / 1000));
      const started = Date.now();
      let seq = 0;
      const pending: Promise<void>[] = [];
      for (let tick = 0; Date.now() - started < seconds * 1000; tick++) {
        const at = Date.now();
        const batch = Array.from({ length: perTick }, () => ({ index: targets[seq % targets.length], seq: seq++, at }));
        pending.push(send(batch));
        const next = started + (tick + 1) * TICK_MS;
        await sleep(Math.max(0, next - Date.now()));
      }
      await Promise.all(pending);
      return seq;
    };

    // Webhooks through the portal.
    const received = new Map<string, number>();
    let duplicates = 0;
    const latencies: number[] = [];
    const collector = (m: Message) => {
      if (m.type !== 'receipt' || !m.id) return undefined;
      if (received.has(m.id)) duplicates++;
      else {
        received.set(m.id, m.index!);
        const { data } = JSON.parse(m.body!) as { data: { alarmDate: string } };
        latencies.push(m.at! - Date.parse(data.alarmDate));
      }
      return undefined;
    };
    listeners.add(collector);
    const all = devices.map((_, i) => i);
    const sent = await drive(SECONDS, all, RATE, async (batch) => {
      const response = await ingest(
        batch.map((b) => ({
          transmitterCode: devices[b.index].transmitter_code,
          eventCode: 'E130',
          eventCodeDescription: `Bench burglary ${b.seq}`,
          alarmDate: new Date(b.at).toISOString(),
        })),
      );
      if (!response.ok) throw new Error(`ingest ${response.status}`);
    });
    const deadline = Date.now() + 120_000;
    while (received.size < sent && Date.now() < deadline) await sleep(100);
    listeners.delete(collector);
    const webhookP99 = [...latencies].sort((a, b) => a - b)[Math.floor(0.99 * latencies.length)] ?? NaN;
    console.log(
      `  webhooks: ${sent} alarms, ${received.size} delivered once, ${duplicates} duplicates, ${sent - received.size} missing; ingest to receipt ${line(latencies)}`,
    );

    // The bare loop: the same bodies to the same receivers.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const bare: number[] = [];
    const bareCollector = (m: Message) => {
      if (m.type === 'receipt' && m.id?.startsWith('bare_')) bare.push(m.at! - Number(m.id.split('_')[2]));
      return undefined;
    };
    listeners.add(bareCollector);
    const bareSent = await drive(SECONDS, all, RATE, async (batch) => {
      await Promise.all(
        batch.map(
          (b) =>
            new Promise<void>((resolve) => {
              const body = JSON.stringify({ type: 'alarm.received', timestamp: new Date(b.at).toISOString(), data: { seq: b.seq } });
              const request = http.request(
                {
                  host: '127.0.0.1',
                  port: ports[b.index],
                  path: '/hook',
                  method: 'POST',
                  agent,
                  headers: { 'content-type': 'application/json', 'webhook-id': `bare_${b.seq}_${b.at}` },
                },
                (response) => {
                  response.resume();
                  response.on('end', resolve);
                },
              );
              request.on('error', () => resolve());
              request.end(body);
            }),
        ),
      );
    });
    while (bare.length < bareSent && Date.now() < deadline + 60_000) await sleep(50);
    listeners.delete(bareCollector);
    const bareP99 = [...bare].sort((a, b) => a - b)[Math.floor(0.99 * bare.length)] ?? NaN;
    console.log(`  bare loop: ${bareSent} POSTs, ${bare.length} received; ${line(bare)}`);
    console.log(`  webhook p99 ${(webhookP99 / bareP99).toFixed(2)}x the bare p99; goal ≤ 2x`);

    // A receiver down for DOWN_SECONDS, then back: every event, in order.
    const order: number[] = [];
    const downCollector = (m: Message) => {
      if (m.type === 'receipt' && m.index === 0 && m.id && !m.id.startsWith('bare_') && !received.has(m.id)) {
        received.set(m.id, 0);
        order.push(Number(/Bench down (\d+)/.exec(m.body!)?.[1]));
      }
      return undefined;
    };
    listeners.add(downCollector);
    const stopped = until((m) => (m.type === 'stopped' && m.index === 0 ? true : undefined));
    worker.postMessage({ type: 'stop', index: 0 });
    await stopped;
    // One call at a time here, so that the order of ingest is the order of the sequence numbers.
    let previous = Promise.resolve();
    const downSent = await drive(DOWN_SECONDS, [0], 5, async (batch) => {
      const mine = previous.then(() => undefined);
      previous = mine.then(() => sendDown(batch));
      await previous;
    });
    async function sendDown(batch: { index: number; seq: number; at: number }[]) {
      await ingest(
        batch.map((b) => ({
          transmitterCode: devices[0].transmitter_code,
          eventCode: 'E130',
          eventCodeDescription: `Bench down ${b.seq}`,
          alarmDate: new Date(b.at).toISOString(),
        })),
      );
    }
    const back = Date.now();
    await startReceiver(0, ports[0]);
    const downDeadline = Date.now() + Math.max(120_000, DOWN_SECONDS * 1000 * 2);
    while (order.length < downSent && Date.now() < downDeadline) await sleep(200);
    listeners.delete(downCollector);
    const inOrder = order.every((seq, i) => i === 0 || seq > order[i - 1]);
    console.log(
      `  receiver down ${DOWN_SECONDS} s (WEBHOOKS_BENCH_DOWN_SECONDS; 300 for the goal's 5 minutes): ${downSent} events, ` +
        `${order.length} received after it came back (last ${((Date.now() - back) / 1000).toFixed(1)} s later), ${inOrder ? 'in order' : 'OUT OF ORDER'}`,
    );
  } finally {
    await worker.terminate();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
