/**
 * The soak's hub clients (tests/bench/soak.ts), in a worker thread of their own so that a
 * broadcast reaching a thousand sockets does not hold up the timing of the HTTP calls in the
 * main thread. Raw WebSockets speaking the JSON hub protocol (tests/bench/realtime.ts connect),
 * each sending a ping every 10 s as the SignalR client does (the server drops a client silent
 * for 30 s).
 *
 * The main thread announces each live alarm before it ingests it ({type:'expect', key, sentAt}:
 * the alarm's alarmDate and the wall-clock time, ms, of the ingest call); every second the worker
 * reports the delivery latencies seen since the last report, and, for alarms announced more than
 * SETTLE_MS ago, the deliveries missing (fewer than the clients open when it was announced) and
 * the duplicates; plus clients closed by the server, and frames of alarms never announced.
 */
import { parentPort } from 'node:worker_threads';
import { connectMany, type Client } from './realtime.js';

const RS = '\u001e';
const PING = `{"type":6}${RS}`;
const PING_EVERY_MS = 10_000;
const SETTLE_MS = 10_000;

export type HubWorkerRequest =
  | { type: 'connect'; urls: string[]; count: number }
  | { type: 'expect'; key: string; sentAt: number }
  | { type: 'cancel'; key: string }
  | { type: 'stop' };

export type HubWorkerReport =
  | { type: 'connected'; open: number; seconds: number }
  | { type: 'report'; latencies: number[]; missed: number; duplicates: number; closed: number; unexpected: number; open: number }
  | { type: 'stopped' }
  | { type: 'failed'; message: string };

const port = parentPort!;
const now = () => performance.timeOrigin + performance.now();
const post = (message: HubWorkerReport) => port.postMessage(message);

const expected = new Map<string, { sentAt: number; clients: number; received: number }>();
const clients: Client[] = [];
let open = 0;
let latencies: number[] = [];
let missed = 0;
let duplicates = 0;
let closed = 0;
let unexpected = 0;
let stopping = false;

function onAlarm(record: string) {
  const at = now();
  const key = /"alarmDate":"([^"]+)"/.exec(record)?.[1];
  const entry = key === undefined ? undefined : expected.get(key);
  if (!entry) {
    unexpected++;
    return;
  }
  entry.received++;
  latencies.push(at - entry.sentAt);
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
          const batch = await connectMany(count, url, true, onAlarm);
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
      expected.set(message.key, { sentAt: message.sentAt, clients: open, received: 0 });
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
