import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OVERLOAD_RETRY_AFTER_S } from '../../src/server/http/overload.js';
import { EMBEDDED, startTestApp, type TestApp } from './harness.js';

/**
 * Overload: while the event loop lags past MAX_EVENT_LOOP_DELAY_MS, requests
 * are answered 503 with Retry-After at once (@fastify/under-pressure), the health check says 503
 * in its own shape, the metrics scrape still answers; when the lag ends, service resumes.
 * The lag is real: this test keeps the event loop of its own process (the app's) busy.
 */
const en = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../locales/en/errors.json'), 'utf8'));
const es = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../locales/es/errors.json'), 'utf8'));
const METRICS_TOKEN = 'metrics-token-for-tests-0002';
const MAX_DELAY_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Busy for `turnMs` at every turn of the event loop (a CPU-bound backlog), until stopped. */
function saturate(turnMs: number) {
  let running = true;
  const spin = () => {
    const end = performance.now() + turnMs;
    while (performance.now() < end);
    if (running) setImmediate(spin);
  };
  setImmediate(spin);
  return () => {
    running = false;
  };
}

describe.skipIf(!EMBEDDED)('overload (event-loop lag)', () => {
  let t: TestApp;
  let stop: (() => void) | undefined;

  beforeAll(async () => {
    t = await startTestApp({ name: 'pglite' }, { MAX_EVENT_LOOP_DELAY_MS: String(MAX_DELAY_MS), METRICS_TOKEN });
  });
  afterAll(async () => {
    stop?.();
    await t?.close();
  });

  const health = () => t.app.inject({ method: 'GET', url: '/api/health' });
  /** Polls until `check` holds (a sample of the event-loop delay is taken each second). */
  async function until(check: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sleep(100);
    }
  }

  it('answers 503 with Retry-After while the event loop lags, and serves again when it catches up', async () => {
    // Quiet: served (once the start-up's own lag has passed).
    await until(async () => (await health()).statusCode === 200, 'a quiet process to answer');

    stop = saturate(150);
    await until(async () => (await health()).statusCode === 503, 'the lag to be noticed');

    const down = await health();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable' });
    expect(down.headers['retry-after']).toBe(String(OVERLOAD_RETRY_AFTER_S));
    expect(down.headers['x-request-id']).toBeTruthy();

    const call = await t.app.inject({ method: 'GET', url: '/api/statusBanner' });
    expect(call.statusCode).toBe(503);
    expect(call.headers['retry-after']).toBe(String(OVERLOAD_RETRY_AFTER_S));
    expect(call.json()).toEqual({ message: en.overloaded });
    const spanish = await t.app.inject({ method: 'GET', url: '/api/statusBanner', headers: { 'accept-language': 'es' } });
    expect(spanish.json()).toEqual({ message: es.overloaded });

    // The scrape answers through it, and says why.
    const scrape = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scrape.statusCode).toBe(200);
    expect(Number(/^portal_overload_refusals_total (\S+)$/m.exec(scrape.body)?.[1])).toBeGreaterThanOrEqual(3);
    expect(Number(/^portal_event_loop_delay_milliseconds (\S+)$/m.exec(scrape.body)?.[1])).toBeGreaterThan(MAX_DELAY_MS);

    stop();
    stop = undefined;
    await until(async () => (await health()).statusCode === 200, 'service to resume');
    // No banner is set: its usual answer, 404, again.
    expect((await t.app.inject({ method: 'GET', url: '/api/statusBanner' })).statusCode).toBe(404);
  });
});
