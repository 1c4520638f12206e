/**
 * Hub clients of the benchmarks (npm run soak, the live part of npm run bench), in a worker thread
 * of their own (started by tests/bench/hubClients.ts), as browsers are elsewhere than the server:
 * a broadcast reaching thousands of sockets then neither holds up the timing of the calls in the
 * main thread nor shares its core with the server it measures. Raw WebSockets speaking the JSON
 * hub protocol (tests/bench/realtime.ts connect), each sending a ping every 10 s as the SignalR
 * client does (the server drops a client silent for 30 s).
 *
 * The main thread announces each live alarm before it ingests it ({type:'expect', key, sentAt}:
 * the alarm's alarmDate and the wall-clock time, ms, of the ingest call); every second the worker
 * reports the delivery latencies seen since the last report, and, for alarms announced more than
 * SETTLE_MS ago, the deliveries missing (fewer than the clients open when it was announced) and
 * the duplicates; plus clients closed by the server, and frames of alarms never announced.
 *
 * For the benchmark: an alarm announced with `collect` is reported on its own, once every client
 * open when it was announced has it ({type:'delivered', key, latencies}); and `frames` counts every
 * `alarm` frame from now on ({type:'counting'} says it has started), answering {type:'frames',
 * seconds} once `total` have come (the broadcast rate). `connect` with `handshake: false` opens plain WebSockets (a bare `ws` server).
 */
import { parentPort } from 'node:worker_threads';
import { connectMany, type Client } from './realtime.js';

const RS = '\u001e';
const PING = `{"type":6}${RS}`;
const PING_EVERY_MS = 10_000;
const SETTLE_MS = 10_000;

export type HubWorkerRequest =
  | { type: 'connect'; urls: string[]; count: number; handshake?: boolean }
  | { type: 'expect'; key: string; sentAt: number; collect?: boolean }
  | { type: 'frames'; total: number }
  | { type: 'close'; count: number }
  | { type: 'cancel'; key: string }
  | { type: 'stop' };

export type HubWorkerReport =
  | { type: 'connected'; open: number; seconds: number }
  | { type: 'delivered'; key: string; latencies: number[] }
  | { type: 'counting' }
  | { type: 'frames'; seconds: number }
  | { type: 'closed'; open: number }
  | { type: 'report'; latencies: number[]; missed: number; duplicates: number; closed: number; unexpected: number; open: number }
  | { type: 'stopped' }
  | { type: 'failed'; message: string };

const port = parentPort!;
const now = () => performance.timeOrigin + performance.now();
const post = (message: HubWorkerReport) => port.postMessage(message);

const expected = new Map<string, { sentAt: number; clients: number; received: number; collected?: number[] }>();
const clients: Client[] = [];
let open = 0;
let latencies: number[] = [];
let missed = 0;
let duplicates = 0;
let closed = 0;
let unexpected = 0;
let stopping = false;
let frames: { total: number; seen: number; started: number } | undefined;

function onAlarm(record: string) {
  const at = now();
  if (frames) {
    if (++frames.seen === frames.total) {
      post({ type: 'frames', seconds: (performance.now() - frames.started) / 1000 });
      frames = undefined;
    }
    return;
  }
  const key = /"alarmDate":"([^"]+)"/.exec(record)?.[1];
  const entry = key === undefined ? undefined : expected.get(key);
  if (!entry) {
    unexpected++;
    return;
  }
  entry.received++;
  if (!entry.collected) return void latencies.push(at - entry.sentAt);
  entry.collected.push(at - entry.sentAt);
  if (entry.received === entry.clients) {
    post({ type: 'delivered', key: key!, latencies: entry.collected });
    expected.delete(key!);
  }
}

function report() {
  const cutoff = now() - SETTLE_MS;
  for (const [key, entry] of expected) {
    if (entry.sentAt > cutoff) continue;
    missed += Math.max(0, entry.clients - entry.received);
    duplicates += Math.max(0, entry.received - entry.clients);
    expected.delete(key);
  }
  post({ type: 'report', latencies, missed, duplicates, closed, unexpected, open });
  latencies = [];
  missed = duplicates = closed = unexpected = 0;
}

const reporter = setInterval(report, 1000);
const pinger = setInterval(() => {
  for (const client of clients) if (client.ws.readyState === 1) client.ws.send(PING);
}, PING_EVERY_MS);

port.on('message', (message: HubWorkerRequest) => {
  switch (message.type) {
    case 'connect':
      void (async () => {
        const started = performance.now();
        // The clients spread evenly over the sessions (one bearer token, so one URL, per session).
        const per = Math.ceil(message.count / message.urls.length);
        for (const [i, url] of message.urls.entries()) {
          const count = Math.min(per, message.count - i * per);
          if (count <= 0) break;
          const batch = await connectMany(count, url, message.handshake ?? true, onAlarm);
          for (const client of batch) {
            open++;
            client.ws.on('close', () => {
              open--;
              if (!stopping) closed++;
            });
          }
          clients.push(...batch);
        }
        post({ type: 'connected', open, seconds: (performance.now() - started) / 1000 });
      })().catch((error: Error) => post({ type: 'failed', message: error.message }));
      return;
    case 'expect':
      expected.set(message.key, { sentAt: message.sentAt, clients: open, received: 0, collected: message.collect ? [] : undefined });
      return;
    case 'frames':
      frames = { total: message.total, seen: 0, started: performance.now() };
      post({ type: 'counting' });
      return;
    case 'close':
      stopping = true;
      for (const client of clients.splice(-message.count)) client.ws.terminate();
      void (async () => {
        while (clients.length !== open) await new Promise((resolve) => setTimeout(resolve, 10));
        stopping = false;
        post({ type: 'closed', open });
      })();
      return;
    case 'cancel':
      expected.delete(message.key);
      return;
    case 'stop':
      // What is still settling is judged now: the main thread stops ingesting SETTLE_MS before it stops the clients.
      stopping = true;
      report();
      for (const [, entry] of expected) {
        missed += Math.max(0, entry.clients - entry.received);
        duplicates += Math.max(0, entry.received - entry.clients);
      }
      expected.clear();
      report();
      clearInterval(reporter);
      clearInterval(pinger);
      for (const client of clients) client.ws.terminate();
      post({ type: 'stopped' });
      port.close();
      return;
  }
});
