import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/database.js';
import { seedDemo } from '../../src/server/db/seed/demoSeed.js';
import { listenLogged, openTestDatabase, ONCE } from './harness.js';
import { alarmFor, alarmListener, ingest, signIn, transmitterIn, waitFor } from './realtimeHelpers.js';

/**
 * GET /metrics and request ids, on one server: PostgreSQL when
 * TEST_DATABASE_URL is set (the pool's gauges), else the embedded database. Demo mode off (the
 * demo data seeded by hand), so /metrics wants the token.
 */
const database = ONCE;
const METRICS_TOKEN = 'metrics-token-for-tests-0001';
const INTEGRATION_KEY = 'integration-key-for-tests-0001';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments skipped). */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of a metric's samples whose labels include `labels`. */
const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);

describe.skipIf(!ONCE)(`metrics and request ids on ${ONCE?.name}`, () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let origin: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const base = await openTestDatabase(database!, {
      METRICS_TOKEN,
      INTEGRATION_API_KEY: INTEGRATION_KEY,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'info',
      JOB_POLL_SECONDS: '0.5',
    });
    await migrateToLatest(base.handle.db, base.handle.schema);
    await seedDemo(base.handle.db);
    ({ app, origin, close } = await listenLogged(base, lines));
  });
  afterAll(() => close?.());

  const scrape = async () => {
    const response = await fetch(`${origin}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    return parse(await response.text());
  };

  it('wants the bearer token outside demo mode', async () => {
    const anonymous = await fetch(`${origin}/metrics`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect(await anonymous.json()).toEqual({ message: 'Metrics need the metrics token (Authorization: Bearer …).' });
    expect((await fetch(`${origin}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}x` } })).status).toBe(401);
    const allowed = await fetch(`${origin}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parse(await allowed.text());
    // Node's own figures come too.
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts and times requests by route pattern and status, never by the URL as sent', async () => {
    for (const siteNum of [4242001, 4242002, 4242003]) expect((await fetch(`${origin}/api/sites/${siteNum}`)).status).toBe(401);
    expect((await fetch(`${origin}/api/no-such-thing/4242004`)).status).toBe(404);
    const text = await (await fetch(`${origin}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const samples = parse(text);
    const labels = { method: 'GET', route: '/api/sites/:siteNum', status_code: '401' };
    expect(valueOf(samples, 'portal_http_requests_total', labels)).toBe(3);
    expect(valueOf(samples, 'portal_http_request_duration_seconds_count', labels)).toBe(3);
    expect(valueOf(samples, 'portal_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(3);
    expect(valueOf(samples, 'portal_http_requests_total', { route: '(unmatched)', status_code: '404' })).toBeGreaterThanOrEqual(1);
    // No label holds the ids as sent (4242001…). Only the labels are looked at: a sample's value
    // may hold the same digits by chance (the event loop's lag, 0.034242559 s, once did).
    expect(text).not.toMatch(/="[^"]*4242\d{3}/);
  });

  it('counts hub connections and messages, and ingested alarms with their latency', async () => {
    const before = await scrape();
    const listener = await alarmListener(origin, (await signIn(origin, 'dealer.beta')).bearer!);
    const xmit = await transmitterIn(app.db, 9993);
    expect((await ingest(origin, [alarmFor(xmit, 'Metric 1'), alarmFor(xmit, 'Metric 2')], INTEGRATION_KEY)).status).toBe(202);
    await waitFor(() => listener.alarms.length === 2, 5000, 'both alarms');
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);

    expect(valueOf(after, 'portal_hub_connections', { hub: 'alarms' })).toBe(1);
    expect(valueOf(after, 'portal_backplane_connected')).toBe(1);
    expect(delta('portal_hub_messages_published_total', { hub: 'alarms' })).toBe(2);
    expect(delta('portal_hub_messages_delivered_total', { hub: 'alarms' })).toBe(2);
    expect(delta('portal_alarms_ingested_total')).toBe(2);
    expect(delta('portal_alarm_ingest_duration_seconds_count')).toBe(1);
    expect(delta('portal_http_requests_total', { method: 'POST', route: '/api/integrations/alarms', status_code: '202' })).toBe(1);
    await listener.connection.stop();
    await waitFor(() => app.realtime.connectionCount('alarms') === 0, 5000, 'the connection to close');
    expect(valueOf(await scrape(), 'portal_hub_connections', { hub: 'alarms' })).toBe(0);
  });

  it('shows job queue depth and failures', async () => {
    await app.jobs.send('metrics-test-later', { n: 1 }, { startAfter: new Date(Date.now() + 3_600_000) });
    await app.jobs.send('metrics-test-later', { n: 2 }, { startAfter: new Date(Date.now() + 3_600_000) });
    let attempts = 0;
    await app.jobs.work('metrics-test-failing', async () => {
      attempts++;
      throw new Error('this job fails on purpose');
    });
    await app.jobs.send('metrics-test-failing', {});
    await waitFor(() => attempts > 0, 10_000, 'the failing job to run');
    const samples = await scrape();
    expect(valueOf(samples, 'portal_job_queue_depth', { queue: 'metrics-test-later' })).toBe(2);
    expect(valueOf(samples, 'portal_job_failures_total', { queue: 'metrics-test-failing' })).toBe(attempts);
  });

  it.skipIf(database?.name !== 'postgres')("shows the PostgreSQL pool's connections", async () => {
    const samples = await scrape();
    const inUse = valueOf(samples, 'portal_db_pool_connections', { state: 'in_use' });
    const idle = valueOf(samples, 'portal_db_pool_connections', { state: 'idle' });
    expect(inUse + idle).toBeGreaterThan(0);
    expect(inUse + idle).toBeLessThanOrEqual(10);
    expect(samples.some((s) => s.name === 'portal_db_pool_waiting')).toBe(true);
  });

  it("returns each request's id, keeps a load balancer's well-formed one, and logs every line of the request with it", async () => {
    const fresh = await fetch(`${origin}/api/health`);
    expect(fresh.headers.get('x-request-id')).toMatch(UUID);
    const refused = await fetch(`${origin}/api/sites/1`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-request-id')).toMatch(UUID);
    expect(refused.headers.get('x-request-id')).not.toBe(fresh.headers.get('x-request-id'));
    expect(
      (await fetch(`${origin}/api/health`, { headers: { 'X-Request-Id': 'bad id with spaces' } })).headers.get('x-request-id'),
    ).toMatch(UUID);

    lines.length = 0;
    const id = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
    const login = await fetch(`${origin}/api/account/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': id, 'Sec-Fetch-Site': 'cross-site' },
      body: JSON.stringify({ username: 'nobody.here', password: 'not-the-password-1' }),
    });
    expect(login.status).toBeGreaterThanOrEqual(400);
    expect(login.headers.get('x-request-id')).toBe(id);
    const logged = lines.map((line) => JSON.parse(line) as { reqId?: string; msg: string });
    const ofRequest = logged.filter((line) => line.reqId === id);
    expect(ofRequest.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    // Nothing else was logged meanwhile without the id.
    expect(logged.filter((line) => line.reqId !== id)).toEqual([]);
  });
});
