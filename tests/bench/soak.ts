/**
 * npm run soak -- --minutes 10 [--clients 1000] [--database pglite|postgres] [--rate 1] [--port 8390]
 *
 * A benchmark (not part of npm test): the portal as a child process of its own (Node with
 * tsx's loader running src/server/main.ts, so /proc/<pid> is the server's), DEMO=true on a fresh
 * temporary DATA_DIR, or on a PostgreSQL database made for the run and dropped after it
 * (--database postgres; SOAK_DATABASE_URL names the server to make it on, default
 * postgres://postgres@127.0.0.1:5432/test), the alarm simulator off (every alarm is the soak's own).
 * Then, on loopback, a steady mixed load for N minutes, each kind at a fixed rate (open loop: a call
 * starts on time whether or not the previous one has answered):
 *
 *   signIn   POST /api/account/login or /api/msa/login in turn as six demo users (GET /api/health for
 *            the XSRF cookie before, POST /api/logout after); 0.5/s
 *   sites    GET /api/sites, the dealer's first page (dealer.beta, group 9993); 4/s
 *   events   GET /api/events, one site's first page, the sites in turn; 4/s
 *   news     GET /api/news (support.admin, as news setup loads it); 4/s
 *   search   GET /api/sites?filter={"q":…}&range=[0,9], the '/' search, queries in turn; 4/s
 *   ingest   POST /api/integrations/alarms with the integration key, batches of 5 alarms of group
 *            9993 (some sites are on test: stored, not pushed); one batch every 2 s
 *   hub      each pushed alarm at each of the --clients hub clients (connected for the whole run,
 *            ten dealer.beta sessions; tests/bench/hubClientsWorker.ts, a worker thread): latency from
 *            the ingest call to the `alarm` frame; missing or duplicate deliveries and clients the
 *            server closed are errors
 *   --rate multiplies every rate.
 *
 * Sign-in throttling counts failures only (src/server/auth/throttle.ts: a captcha after 10 failures
 * from one address in an hour, growing blocks after 5 failures of one account from one address);
 * the soak signs in with the right password only, so no limit is reached and none is turned off.
 *
 * Every minute: one line per kind (calls, errors, p50, p99), the server's RSS (VmRSS of
 * /proc/<pid>/status, sampled every 5 s; the minute's mean), V8 heap, CPU time and event-loop lag
 * (from /metrics), the load average, error or warning lines the server logged (an error line is an
 * error of the run), and the p99 of a bare Node server in a process of its own called at 4/s (the
 * machine's noise, for comparison; not a goal). SOAK_MINUTE_MS shortens the minute for a try. At the end the
 * verdict against the goals (tests/bench/soakVerdict.ts: 0 errors, p99 flat within ±20 % from
 * minute 2, RSS growth ≤ 10 % from minute 2 to the end); exit code 1 when one is missed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { signedInClient, TestClient } from '../integration/client.js';
import { ownDatabase, portalEnv, procRss, startServer, waitHealthy } from './childPortal.js';
import { connect } from './realtime.js';
import { startHubWorker } from './hubClients.js';
import type { HubWorkerReport, HubWorkerRequest } from './hubClientsWorker.js';
import { flatnessOf, soakVerdict, summariseMinute, type SoakMinute } from './soakVerdict.js';

const MINUTE_MS = Number(process.env.SOAK_MINUTE_MS ?? 60_000);
const INTEGRATION_KEY = 'demo-integration-key';
const HUB_SESSIONS = 10;
const MAX_IN_FLIGHT = 64;

interface Options {
  minutes: number;
  clients: number;
  database: 'pglite' | 'postgres';
  rate: number;
  port: number;
}

function parseOptions(argv: string[]): Options {
  const value = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const number = (name: string, fallback: number, min: number) => {
    const raw = value(name);
    const n = raw === undefined ? fallback : Number(raw);
    if (!Number.isFinite(n) || n < min) throw new Error(`--${name} must be a number of at least ${min} (got "${raw}")`);
    return n;
  };
  const database = value('database') ?? 'pglite';
  if (database !== 'pglite' && database !== 'postgres') throw new Error(`--database must be pglite or postgres (got "${database}")`);
  return {
    minutes: Math.round(number('minutes', 10, 1)),
    clients: Math.round(number('clients', 1000, 0)),
    database,
    rate: number('rate', 1, 0.01),
    port: Math.round(number('port', 8390, 1)),
  };
}

// ---------------------------------------------------------------------------------------------
// The server

interface Scrape {
  rss?: number;
  heap?: number;
  /** process_cpu_seconds_total: the server's user and system CPU time so far. */
  cpuSeconds?: number;
  /** Event-loop lag since the previous scrape (prom-client resets its histogram at each collection), seconds. */
  lagP99?: number;
}

/** Gauges of /metrics (anonymous in demo mode). */
async function scrape(origin: string): Promise<Scrape> {
  const response = await fetch(`${origin}/metrics`);
  if (response.status !== 200) throw new Error(`answered ${response.status}`);
  const text = await response.text();
  const gauge = (name: string) => {
    const match = new RegExp(`^${name} ([0-9.e+-]+)`, 'm').exec(text);
    return match ? Number(match[1]) : undefined;
  };
  return {
    rss: gauge('process_resident_memory_bytes'),
    heap: gauge('nodejs_heap_size_used_bytes'),
    cpuSeconds: gauge('process_cpu_seconds_total'),
    lagP99: gauge('nodejs_eventloop_lag_p99_seconds'),
  };
}

/**
 * The machine's own noise, for comparison: a bare Node HTTP server answering a constant, in a
 * process of its own, called at the list calls' rate. Not a goal: its p99 moves with the neighbours.
 */
function startBare(port: number): ChildProcess {
  const code = `require('node:http').createServer((q, s) => s.end('[]')).listen(${port}, '127.0.0.1')`;
  return spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
}

// ---------------------------------------------------------------------------------------------
// The load

const KINDS = ['signIn', 'sites', 'events', 'news', 'search', 'ingest', 'hub'] as const;
type Kind = (typeof KINDS)[number];

/** What the current minute has gathered. */
class Recorder {
  private latencies = new Map<Kind, number[]>();
  private errors = new Map<Kind, number>();
  /** The first few error messages of the run, for the end. */
  readonly examples: string[] = [];

  ok(kind: Kind, ms: number) {
    let list = this.latencies.get(kind);
    if (!list) this.latencies.set(kind, (list = []));
    list.push(ms);
  }

  okMany(kind: Kind, values: number[]) {
    for (const ms of values) this.ok(kind, ms);
  }

  fail(kind: Kind, what: string, count = 1) {
    if (count <= 0) return;
    this.errors.set(kind, (this.errors.get(kind) ?? 0) + count);
    if (this.examples.length < 20) this.examples.push(`${kind}: ${what}${count > 1 ? ` (×${count})` : ''}`);
  }

  /** The minute's figures per kind; starts the next minute. */
  take(): Record<string, ReturnType<typeof summariseMinute>> {
    const kinds: Record<string, ReturnType<typeof summariseMinute>> = {};
    for (const kind of KINDS) kinds[kind] = summariseMinute(this.latencies.get(kind) ?? [], this.errors.get(kind) ?? 0);
    this.latencies = new Map();
    this.errors = new Map();
    return kinds;
  }
}

const SIGN_IN_USERS: { username: string; extra?: Record<string, unknown> }[] = [
  { username: 'dealer.beta' },
  { username: 'support.admin', extra: { internal: true } },
  { username: 'customer@example.com' },
  { username: 'dealer.summit' },
  { username: 'support.viewer', extra: { internal: true } },
  { username: 'customer.basic@example.com' },
];

const listPath = (resource: string, params: Record<string, unknown>) =>
  `/api/${resource}?${Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(JSON.stringify(value))}`)
    .join('&')}`;

interface Site {
  siteNum: number;
  siteName: string;
  city: string;
  transmitterCode: string | null;
}

/** Which of the dealer's transmitters push live alarms (not on test): one alarm each, heard by one client. */
async function liveTransmitters(origin: string, hubUrl: string, sites: Site[]): Promise<{ live: string[]; quiet: string[] }> {
  const heard = new Set<string>();
  const client = await connect(hubUrl, true, (record) => {
    const code = /"transmitterCode":"([^"]+)"/.exec(record)?.[1];
    if (code) heard.add(code);
  });
  const codes = [...new Set(sites.flatMap((s) => (s.transmitterCode ? [s.transmitterCode] : [])))];
  const response = await fetch(`${origin}/api/integrations/alarms`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${INTEGRATION_KEY}` },
    body: JSON.stringify({
      alarms: codes.map((transmitterCode) => ({
        transmitterCode,
        eventCode: 'E602',
        eventCodeDescription: 'Periodic Test',
        alarmDate: new Date().toISOString(),
      })),
    }),
  });
  if (response.status !== 202) throw new Error(`the first ingest answered ${response.status}: ${await response.text()}`);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  client.ws.terminate();
  return { live: codes.filter((c) => heard.has(c)), quiet: codes.filter((c) => !heard.has(c)) };
}

/** Calls `fire` `perSecond` times a second, evenly, until stopped; at most MAX_IN_FLIGHT unanswered at once. */
function every(perSecond: number, fire: () => Promise<void>, onShed: () => void): () => void {
  let inFlight = 0;
  const timer = setInterval(() => {
    if (inFlight >= MAX_IN_FLIGHT) return onShed();
    inFlight++;
    void fire().finally(() => inFlight--);
  }, 1000 / perSecond);
  return () => clearInterval(timer);
}

async function timed(record: Recorder, kind: Kind, call: () => Promise<Response>, expected: number): Promise<void> {
  const started = performance.now();
  try {
    const response = await call();
    await response.arrayBuffer();
    const ms = performance.now() - started;
    if (response.status === expected) record.ok(kind, ms);
    else record.fail(kind, `answered ${response.status}`);
  } catch (error) {
    record.fail(kind, (error as Error).message);
  }
}

// ---------------------------------------------------------------------------------------------

const fmt = (ms: number) => ms.toFixed(1).padStart(7);
const mb = (bytes: number | undefined) => (bytes === undefined ? '   n/a' : (bytes / 1024 / 1024).toFixed(1).padStart(6));

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const origin = `http://127.0.0.1:${options.port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-soak-'));
  const database =
    options.database === 'postgres'
      ? await ownDatabase(process.env.SOAK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test')
      : undefined;
  const server = startServer(portalEnv(options.port, dataDir, { DATABASE_URL: database?.url ?? '', REDIS_URL: '' }));
  const bare = startBare(options.port + 1);
  const killServer = () => {
    server.child.kill('SIGKILL');
    bare.kill('SIGKILL');
  };
  process.on('exit', killServer);
  let worker: Worker | undefined;
  try {
    const starting = Date.now();
    await waitHealthy(origin, server, () => server.tail.join('\n'));
    console.log(
      `soak: portal up in ${((Date.now() - starting) / 1000).toFixed(1)} s (pid ${server.child.pid}, ` +
        `${options.database === 'postgres' ? `PostgreSQL ${new URL(database!.url).pathname.slice(1)}` : `PGlite in ${dataDir}`}, demo data)`,
    );

    // The signed-in users of the list calls, and the dealer's sites.
    const dealer = await signedInClient(origin, 'dealer.beta');
    const staff = await signedInClient(origin, 'support.admin', { internal: true });
    const sitesResponse = await dealer.request('GET', listPath('sites', { sort: ['siteNum', 'ASC'], range: [0, 99], filter: {} }));
    const sites = (await sitesResponse.json()) as Site[];
    if (!sites.length) throw new Error('dealer.beta sees no sites');

    // The hub clients: ten dealer.beta sessions, the clients spread over them.
    const hubTokens: string[] = [];
    for (let i = 0; i < HUB_SESSIONS; i++) hubTokens.push((await signedInClient(origin, 'dealer.beta')).bearer!);
    const hubUrls = hubTokens.map((token) => `ws://127.0.0.1:${options.port}/hubs/alarms?access_token=${encodeURIComponent(token)}`);
    const { live, quiet } = await liveTransmitters(origin, hubUrls[0], sites);
    if (!live.length) throw new Error('no transmitter of dealer.beta pushes live alarms');
    console.log(`soak: ${sites.length} sites of group 9993; ${live.length} transmitters push live alarms, ${quiet.length} are on test`);

    worker = startHubWorker();
    const hub = worker;
    const send = (message: HubWorkerRequest) => hub.postMessage(message);
    const record = new Recorder();
    let hubOpen = 0;
    const connected = new Promise<void>((resolve, reject) => {
      hub.on('message', (message: HubWorkerReport) => {
        if (message.type === 'connected') {
          hubOpen = message.open;
          console.log(`soak: ${message.open} hub clients connected in ${message.seconds.toFixed(1)} s`);
          resolve();
        } else if (message.type === 'failed') reject(new Error(`hub clients: ${message.message}`));
        else if (message.type === 'report') {
          hubOpen = message.open;
          record.okMany('hub', message.latencies);
          record.fail('hub', 'deliveries missing', message.missed);
          record.fail('hub', 'duplicate deliveries', message.duplicates);
          record.fail('hub', 'clients closed by the server', message.closed);
          record.fail('hub', 'alarm frames never announced', message.unexpected);
        }
      });
      hub.on('error', reject);
    });
    send({ type: 'connect', urls: hubUrls, count: options.clients });
    await connected;

    // The load, for the given minutes.
    const rate = (perSecond: number) => perSecond * options.rate;
    let signIns = 0;
    let eventSite = 0;
    let query = 0;
    let batch = 0;
    const queries = [
      ...sites.slice(0, 20).flatMap((s) => [s.siteName.slice(0, 4).toLowerCase(), s.city.slice(1, 4).toLowerCase(), String(s.siteNum)]),
      ...live.slice(0, 5).map((c) => c.slice(-4)),
    ];
    const eventSites = sites.slice(0, 25).map((s) => s.siteNum);
    const mixed = [...live, ...quiet];
    const shed = (kind: Kind) => () => record.fail(kind, `more than ${MAX_IN_FLIGHT} calls unanswered`);

    let stopIngest = () => undefined as void;
    const stops = [
      every(
        rate(0.5),
        async () => {
          const who = SIGN_IN_USERS[signIns++ % SIGN_IN_USERS.length];
          const client = await new TestClient(origin).init().catch((error: Error) => error);
          if (client instanceof Error) return record.fail('signIn', `GET /api/health: ${client.message}`);
          const started = performance.now();
          try {
            const { status } = who.username.includes('@')
              ? await client.loginMsa(who.username)
              : await client.login(who.username, undefined, who.extra);
            if (status !== 200) return record.fail('signIn', `${who.username} answered ${status}`);
            record.ok('signIn', performance.now() - started);
            const out = await client.request('POST', '/api/logout');
            if (out.status !== 204) record.fail('signIn', `logout answered ${out.status}`);
          } catch (error) {
            record.fail('signIn', (error as Error).message);
          }
        },
        shed('signIn'),
      ),
      every(
        rate(4),
        () =>
          timed(
            record,
            'sites',
            () => dealer.request('GET', listPath('sites', { sort: ['siteName', 'ASC'], range: [0, 24], filter: {} })),
            200,
          ),
        shed('sites'),
      ),
      every(
        rate(4),
        () =>
          timed(
            record,
            'events',
            () =>
              dealer.request(
                'GET',
                listPath('events', { filter: { siteNum: eventSites[eventSite++ % eventSites.length] }, range: [0, 49] }),
              ),
            200,
          ),
        shed('events'),
      ),
      every(
        rate(4),
        () =>
          timed(record, 'news', () => staff.request('GET', listPath('news', { sort: ['order', 'DESC'], range: [0, 24], filter: {} })), 200),
        shed('news'),
      ),
      every(
        rate(4),
        () =>
          timed(
            record,
            'search',
            () => dealer.request('GET', listPath('sites', { filter: { q: queries[query++ % queries.length] }, range: [0, 9] })),
            200,
          ),
        shed('search'),
      ),
      (stopIngest = every(
        rate(0.5),
        async () => {
          // Five alarms, distinct alarmDate each (the key the hub clients match), live and on-test transmitters in turn.
          const base = Date.now();
          const alarms = Array.from({ length: 5 }, (_, i) => {
            const code = mixed[(batch * 5 + i) % mixed.length];
            return {
              transmitterCode: code,
              eventCode: 'E130',
              eventCodeDescription: 'Burglary Alarm',
              alarmDate: new Date(base + i).toISOString(),
              live: live.includes(code),
            };
          });
          batch++;
          const sentAt = performance.timeOrigin + performance.now();
          for (const alarm of alarms) if (alarm.live) send({ type: 'expect', key: alarm.alarmDate, sentAt });
          const body = JSON.stringify({ alarms: alarms.map(({ live: _live, ...alarm }) => alarm) });
          const started = performance.now();
          try {
            const response = await fetch(`${origin}/api/integrations/alarms`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${INTEGRATION_KEY}` },
              body,
            });
            await response.arrayBuffer();
            if (response.status === 202) return record.ok('ingest', performance.now() - started);
            record.fail('ingest', `answered ${response.status}`);
          } catch (error) {
            record.fail('ingest', (error as Error).message);
          }
          for (const alarm of alarms) if (alarm.live) send({ type: 'cancel', key: alarm.alarmDate });
        },
        shed('ingest'),
      )),
    ];
    let bareLatencies: number[] = [];
    let bareErrors = 0;
    stops.push(
      every(
        rate(4),
        async () => {
          const started = performance.now();
          try {
            const response = await fetch(`http://127.0.0.1:${options.port + 1}/`);
            await response.arrayBuffer();
            if (response.status === 200) bareLatencies.push(performance.now() - started);
            else bareErrors++;
          } catch {
            bareErrors++;
          }
        },
        () => bareErrors++,
      ),
    );
    const bareMinutes: SoakMinute[] = [];

    // Every 5 s: VmRSS, and from /metrics the heap, the CPU time and the event-loop lag.
    const rssSamples: number[] = [];
    const heapSamples: number[] = [];
    const lagSamples: number[] = [];
    let cpuSeconds: number | undefined;
    let scrapeFailures = 0;
    const sample = async () => {
      try {
        const metrics = await scrape(origin);
        const rss = procRss(server.child.pid!) ?? metrics.rss;
        if (rss !== undefined) rssSamples.push(rss);
        if (metrics.heap !== undefined) heapSamples.push(metrics.heap);
        if (metrics.lagP99 !== undefined) lagSamples.push(metrics.lagP99 * 1000);
        cpuSeconds = metrics.cpuSeconds ?? cpuSeconds;
      } catch (error) {
        scrapeFailures++;
        record.examples.push(`GET /metrics: ${(error as Error).message}`);
      }
    };
    await sample();
    const sampler = setInterval(() => void sample(), 5000);

    // The warnings the server logged while starting (demo mode, a missing web build) are shown once; its errors count in minute 1.
    const atStart = server.take();
    for (const line of atStart.warnings) console.log(`soak: server at start: ${line.slice(0, 200)}`);
    const minutes: SoakMinute[] = [];
    const mean = (values: number[]) => (values.length ? values.reduce((s, v) => s + v, 0) / values.length : 0);
    const started = Date.now();
    let cpuAtMinuteStart = cpuSeconds ?? 0;
    console.log(
      `soak: ${options.minutes} minutes of mixed load (rate ×${options.rate}) with ${options.clients} hub clients on ` +
        `${options.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}; latencies in ms; load average of this machine (${cpus().length} cores)`,
    );
    for (let minute = 1; minute <= options.minutes; minute++) {
      const wait = started + minute * MINUTE_MS - Date.now();
      if (minute === options.minutes) {
        // The last minute: the ingest stops 5 s early, so the last alarms are judged as delivered or not.
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait - 5000)));
        stopIngest();
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + minute * MINUTE_MS - Date.now())));
      } else {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
      }
      if (minute === options.minutes) {
        for (const stop of stops) stop();
        await new Promise<void>((resolve) => {
          hub.on('message', (message: HubWorkerReport) => message.type === 'stopped' && resolve());
          send({ type: 'stop' });
        });
      }
      const logged = server.take();
      if (minute === 1) logged.errors.unshift(...atStart.errors);
      const kinds = record.take();
      const rssBytes = mean(rssSamples.splice(0));
      const heapBytes = mean(heapSamples.splice(0));
      const lagMs = Math.max(0, ...lagSamples.splice(0));
      const cpuUsed = (cpuSeconds ?? 0) - cpuAtMinuteStart;
      cpuAtMinuteStart = cpuSeconds ?? 0;
      // The server's error lines and failed /metrics scrapes are errors of the run (the kind 'server').
      const serverErrors = logged.errors.length + scrapeFailures;
      scrapeFailures = 0;
      if (serverErrors) kinds.server = { count: serverErrors, errors: serverErrors, p50: 0, p99: 0 };
      minutes.push({ minute, kinds, rssBytes });
      const bareKind = summariseMinute(bareLatencies, bareErrors);
      bareMinutes.push({ minute, kinds: { bare: bareKind }, rssBytes: 0 });
      bareLatencies = [];
      bareErrors = 0;
      const load = loadavg()
        .map((l) => l.toFixed(2))
        .join(' ');
      console.log(
        `\nminute ${String(minute).padStart(2)}  RSS ${mb(rssBytes)} MB  heap ${mb(heapBytes)} MB  ` +
          `CPU ${cpuUsed.toFixed(1)} s (${((cpuUsed / (MINUTE_MS / 1000)) * 100).toFixed(0)} % of a core)  ` +
          `event-loop lag p99 ${lagMs.toFixed(0)} ms (worst 5 s)  hub clients ${hubOpen}  load average ${load}` +
          (logged.errors.length || logged.warnings.length
            ? `  server logged ${logged.errors.length} errors, ${logged.warnings.length} warnings`
            : ''),
      );
      for (const kind of KINDS) {
        const k = kinds[kind];
        console.log(
          `  ${kind.padEnd(7)} ${String(k.count).padStart(7)} ${kind === 'hub' ? 'deliveries' : 'calls     '} ${String(k.errors).padStart(4)} errors  ` +
            `p50 ${fmt(k.p50)}  p99 ${fmt(k.p99)}`,
        );
      }
      console.log(
        `  (bare)  ${String(bareKind.count).padStart(7)} calls      ${String(bareKind.errors).padStart(4)} errors  ` +
          `p50 ${fmt(bareKind.p50)}  p99 ${fmt(bareKind.p99)}  a bare Node server in a process of its own: the machine's noise`,
      );
      for (const line of [...logged.errors, ...logged.warnings].slice(0, 5)) console.log(`  server: ${line.slice(0, 300)}`);
    }
    clearInterval(sampler);

    const verdict = soakVerdict(minutes);
    console.log(`\nsoak verdict (${options.minutes} minutes, ${options.clients} hub clients, ${options.database}):`);
    for (const line of verdict.lines) console.log(`  ${line}`);
    const bareFlatness = flatnessOf('bare', bareMinutes);
    if (bareFlatness) {
      const { median, lowest, highest } = bareFlatness;
      console.log(
        `  for comparison (not a goal), the bare server's p99: median ${median.toFixed(1)} ms, minutes ${lowest.toFixed(1)} to ` +
          `${highest.toFixed(1)} ms (${((lowest / median - 1) * 100).toFixed(1)} % to +${((highest / median - 1) * 100).toFixed(1)} %)`,
      );
    }
    if (record.examples.length) console.log(`  first errors: ${record.examples.join('; ')}`);
    console.log(verdict.met ? 'soak: goals met' : 'soak: goals NOT met');
    process.exitCode = verdict.met ? 0 : 1;
  } finally {
    await worker?.terminate();
    bare.kill('SIGTERM');
    server.child.kill('SIGTERM');
    const stopped = await Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve('timeout'), 15_000))]);
    if (stopped === 'timeout') killServer();
    process.off('exit', killServer);
    await database?.drop().catch((error: Error) => console.log(`soak: could not drop the database: ${error.message}`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
