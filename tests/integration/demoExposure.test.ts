import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED, startTestApp, type TestApp } from './harness.js';

/**
 * Demo mode is on by default with the embedded database. Then the dev outbox,
 * the demo keys and the demo identity provider must answer this machine only
 * (the client's address: the socket's, and X-Forwarded-For only from a trusted
 * proxy); DEMO=true set explicitly serves them to every client.
 * Database-independent: PGlite only.
 */
const REMOTE = '203.0.113.7';
const LOOPBACK = '127.0.0.1';
const database = EMBEDDED!;

const outboxApi = { method: 'GET', url: '/api/dev/outbox?to=someone@example.com' } as const;
const outboxPage = { method: 'GET', url: '/dev/outbox' } as const;
const discovery = { method: 'GET', url: '/idp/.well-known/openid-configuration' } as const;
const ingest = (key: string) =>
  ({
    method: 'POST',
    url: '/api/integrations/alarms',
    headers: { authorization: `Bearer ${key}` },
    payload: { alarms: [] },
  }) as const;
const redeem = (key: string) =>
  ({ method: 'POST', url: '/api/rw3k/redeem', headers: { authorization: `Bearer ${key}` }, payload: { key: 'no-such-key' } }) as const;

async function statusFrom(t: TestApp, remoteAddress: string, options: InjectOptions) {
  const response = await t.app.inject({ ...options, remoteAddress });
  const json = String(response.headers['content-type']).startsWith('application/json');
  return { status: response.statusCode, message: json ? response.json<{ message?: string }>().message : undefined };
}

describe.skipIf(!EMBEDDED)('demo mode on only by default (DEMO unset, embedded database)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // DEMO empty counts as unset: demo mode from the default, as `npm start` with no configuration.
    t = await startTestApp(database, { DEMO: '' });
    expect(t.app.config.demo).toBe(true);
  });
  afterAll(() => t?.close());

  it('hides the outbox and the identity provider from other machines, X-Forwarded-For or not', async () => {
    for (const options of [outboxApi, outboxPage, discovery]) {
      expect((await statusFrom(t, REMOTE, options)).status).toBe(404);
      expect((await statusFrom(t, REMOTE, { ...options, headers: { 'x-forwarded-for': LOOPBACK } })).status).toBe(404);
    }
  });

  it('serves them to this machine', async () => {
    for (const options of [outboxApi, outboxPage, discovery]) expect((await statusFrom(t, LOOPBACK, options)).status).toBe(200);
    expect((await statusFrom(t, '::1', outboxApi)).status).toBe(200);
  });

  it('accepts the demo keys from this machine only', async () => {
    const noKey = await statusFrom(t, REMOTE, ingest('not-the-demo-key-at-all'));
    expect(noKey.status).toBe(401);
    expect(await statusFrom(t, REMOTE, ingest('demo-integration-key'))).toEqual(noKey);
    expect((await statusFrom(t, LOOPBACK, ingest('demo-integration-key'))).status).not.toBe(401);

    const wrongApiKey = await statusFrom(t, REMOTE, redeem('not-the-demo-key-at-all'));
    expect(wrongApiKey.status).toBe(401);
    expect(await statusFrom(t, REMOTE, redeem('demo-classic-key'))).toEqual(wrongApiKey);
    // From this machine the API key passes; the one-time key is what is refused then.
    const local = await statusFrom(t, LOOPBACK, redeem('demo-classic-key'));
    expect(local.status).toBe(401);
    expect(local.message).not.toBe(wrongApiKey.message);
  });
});

describe.skipIf(!EMBEDDED)('demo mode on only by default, behind a trusted proxy (TRUST_PROXY=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(database, { DEMO: '', TRUST_PROXY: 'true' });
  });
  afterAll(() => t?.close());

  it("decides on the client's address the proxy forwards, not the proxy's own loopback socket", async () => {
    const from = (address: string, options: InjectOptions): InjectOptions => ({
      ...options,
      headers: { ...options.headers, 'x-forwarded-for': address },
    });
    for (const options of [outboxApi, outboxPage, discovery]) {
      expect((await statusFrom(t, LOOPBACK, from(REMOTE, options))).status).toBe(404);
      expect((await statusFrom(t, LOOPBACK, from(LOOPBACK, options))).status).toBe(200);
    }
    const noKey = await statusFrom(t, LOOPBACK, from(REMOTE, ingest('not-the-demo-key-at-all')));
    expect(noKey.status).toBe(401);
    expect(await statusFrom(t, LOOPBACK, from(REMOTE, ingest('demo-integration-key')))).toEqual(noKey);
  });
});

describe.skipIf(!EMBEDDED)('demo mode set explicitly (DEMO=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(database, { DEMO: 'true' });
  });
  afterAll(() => t?.close());

  it('serves the outbox, the identity provider and the demo keys to every client', async () => {
    for (const options of [outboxApi, outboxPage, discovery]) expect((await statusFrom(t, REMOTE, options)).status).toBe(200);
    expect((await statusFrom(t, REMOTE, ingest('demo-integration-key'))).status).not.toBe(401);
    const wrongApiKey = await statusFrom(t, REMOTE, redeem('not-the-demo-key-at-all'));
    expect((await statusFrom(t, REMOTE, redeem('demo-classic-key'))).message).not.toBe(wrongApiKey.message);
  });
});
