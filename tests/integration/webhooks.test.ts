import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryDelayMs, WEBHOOK_RETRY_WINDOW_MS } from '../../src/common/integrations/webhookRules.js';
import { buildApp } from '../../src/server/app.js';
import type { Db } from '../../src/server/db/database.js';
import { emitWebhookEvent, onWebhookDeliveriesQueued } from '../../src/server/jobs/webhookEvents.js';
import { deliverer } from '../../src/server/webhooks/deliverer.js';
import { webhookSealingKey } from '../../src/server/webhooks/webhooksJobs.js';
import { webhooksRepository } from '../../src/server/webhooks/webhooksRepository.js';
import { postDelivery } from '../../src/server/webhooks/post.js';
import { json, listQuery, TestClient } from './client.js';
import { listen, messagesTo, openTestDatabase, TEST_DATABASES } from './harness.js';
import { REDIS_URL, redisReachable } from './realtimeHelpers.js';

/**
 * Outbound webhooks end to end: subscriptions through /api/webhookSubscriptions, events from the
 * features, deliveries to a real local receiver that verifies them with the Standard Webhooks
 * library, the delivery log, retries, order, disabling, resend, test events, SSRF refusals and
 * access. The app's senders are driven by the test (manual: nothing starts them by itself) with
 * an injected clock and randomness, so no assertion depends on time passing.
 */
interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 that answers as told: 204, 500, a redirect, or never. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { mode: 'ok' as 'ok' | 'fail' | 'redirect' | 'hang' };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (state.mode === 'ok') response.writeHead(204).end();
      else if (state.mode === 'fail') response.writeHead(500, { 'content-type': 'text/plain' }).end('receiver broken');
      else if (state.mode === 'redirect') response.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' }).end();
      // 'hang': no answer; the sender's timeout ends it.
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    state,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** A name server stub: `hooks.example.net` answers what `answer` holds at the time of the lookup. */
const dns = { answer: '93.184.216.34' };
const resolve = async () => [{ address: dns.answer, family: 4 }];

describe.each(TEST_DATABASES)('webhooks on $name', (database) => {
  let app: FastifyInstance;
  let db: Db;
  let close: () => Promise<void>;
  let beta: TestClient;
  let summit: TestClient;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const clock = { now: new Date() };
  let siteNum: number;

  beforeAll(async () => {
    const base = await openTestDatabase(database, { DEMO: 'true' }, { fromSnapshot: true });
    app = await buildApp(base.config, {
      database: base.handle,
      logger: false,
      webhooks: { manual: true, now: () => clock.now, random: () => 0, lingerMs: 0, post: { timeoutMs: 300, resolve } },
    });
    await app.ready();
    db = base.handle.db;
    close = async () => {
      await app.close();
      await base.close();
    };
    const origin = await listen({ app, db, close });
    beta = await new TestClient(origin).init();
    await beta.signIn('dealer.beta');
    summit = await new TestClient(origin).init();
    await summit.signIn('dealer.summit');
    receiver = await startReceiver();
    const site = await db
      .selectFrom('sites')
      .select('site_num')
      .where('site_group_num', '=', 9993)
      .orderBy('site_num')
      .executeTakeFirstOrThrow();
    siteNum = site.site_num;
  });
  afterAll(async () => {
    receiver?.close();
    await close?.();
  });
  beforeEach(() => {
    clock.now = new Date();
    receiver.state.mode = 'ok';
    receiver.received.length = 0;
  });

  const subscribe = async (body: Record<string, unknown> = {}) => {
    const created = await json(
      await beta.request('POST', '/api/webhookSubscriptions', {
        url: receiver.url,
        eventTypes: ['test.placed', 'alarm.received'],
        status: 'active',
        ...body,
      }),
    );
    expect(created.status).toBe(201);
    return created.body as { id: number; secret: string; url: string };
  };
  const emit = (data: Record<string, unknown> = {}) =>
    emitWebhookEvent(db, { siteGroupNum: 9993, siteNum, type: 'alarm.received', data: { siteNum, ...data } }, clock.now);
  const run = (id: number) => app.webhookDelivery.deliverer.run(id);
  const deliveries = async (subscriptionId: number) =>
    (await json(await beta.request('GET', `/api/webhookDeliveries?${listQuery({ subscriptionId }, [0, 99], ['id', 'ASC'])}`))).body as {
      id: number;
      eventId: string;
      eventType: string;
      status: string;
      attempt: number;
      statusCode: number | null;
      error: string | null;
      nextAttemptAt: string | null;
    }[];
  const pause = (id: number) =>
    db.updateTable('webhook_subscriptions').set({ status: 'paused' }).where('subscription_id', '=', id).execute();

  it('delivers a placed test, signed so that the Standard Webhooks library verifies it; the log shows it; resend sends it again', async () => {
    const subscription = await subscribe({ eventTypes: ['test.placed'] });
    expect(subscription.secret).toMatch(/^whsec_/);
    const row = await db
      .selectFrom('webhook_subscriptions')
      .selectAll()
      .where('subscription_id', '=', subscription.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(subscription.secret.slice(6));
    expect((await json(await beta.request('GET', `/api/webhookSubscriptions/${subscription.id}`))).body.secret).toBeNull();

    const placed = await json(
      await beta.request('POST', '/api/tests', { siteNum, scope: 'site', durationMinutes: 60, reason: 'Panel swap' }),
    );
    expect(placed.status).toBe(201);
    await run(subscription.id);

    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    const payload = new Webhook(subscription.secret).verify(delivery.body, delivery.headers as Record<string, string>) as {
      type: string;
      data: { siteNum: number; reason: string };
    };
    expect(payload).toMatchObject({ type: 'test.placed', data: { siteNum, reason: 'Panel swap' } });
    expect(delivery.headers['webhook-id']).toMatch(/^msg_/);

    const [logged] = await deliveries(subscription.id);
    expect(logged).toMatchObject({
      eventType: 'test.placed',
      status: 'delivered',
      attempt: 1,
      statusCode: 204,
      eventId: delivery.headers['webhook-id'],
    });

    const resent = await json(await beta.request('POST', `/api/webhookDeliveries/${logged.id}/resend`));
    expect(resent.body).toMatchObject({ status: 'pending', eventId: logged.eventId });
    await run(subscription.id);
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([logged.eventId, logged.eventId]);
    await pause(subscription.id);
  });

  it('retries a failure with the backoff, and keeps the next event waiting until the first is delivered', async () => {
    const subscription = await subscribe();
    receiver.state.mode = 'fail';
    await emit({ n: 1 });
    await emit({ n: 2 });
    await run(subscription.id);
    expect(receiver.received).toHaveLength(1);
    let log = await deliveries(subscription.id);
    expect(log.map((d) => [d.status, d.attempt])).toEqual([
      ['pending', 1],
      ['pending', 0],
    ]);
    expect(log[0]).toMatchObject({ statusCode: 500, nextAttemptAt: new Date(clock.now.getTime() + retryDelayMs(1, 0)).toISOString() });

    // Not yet due: nothing is sent.
    await run(subscription.id);
    expect(receiver.received).toHaveLength(1);

    receiver.state.mode = 'ok';
    clock.now = new Date(clock.now.getTime() + retryDelayMs(1, 0));
    await run(subscription.id);
    expect(receiver.received.map((r) => (JSON.parse(r.body) as { data: { n: number } }).data.n)).toEqual([1, 1, 2]);
    log = await deliveries(subscription.id);
    expect(log.map((d) => [d.status, d.attempt])).toEqual([
      ['delivered', 2],
      ['delivered', 1],
    ]);
    await pause(subscription.id);
  });

  /** Senders of its own that linger, woken by this process's emits for the subscription as the app's would be. */
  const lingeringSenders = (subscriptionId: number) => {
    const senders = deliverer({
      db,
      repo: webhooksRepository(db, webhookSealingKey(app)),
      post: { allowLoopback: true, timeoutMs: 300, resolve },
      schedule: async () => undefined,
      onDisabled: async () => undefined,
      now: () => clock.now,
      lingerMs: 60_000,
    });
    /** The senders the emits started (a wake of a running sender answers at once). */
    const runs: Promise<string>[] = [];
    const stopHanding = onWebhookDeliveriesQueued((queued) => {
      const handed = queued.get(subscriptionId);
      if (handed !== undefined) runs.push(senders.run(subscriptionId, handed));
    });
    return { senders, stopHanding, runs };
  };

  it('sends the deliveries an emit hands to a lingering sender, in order, with the body a read of them gives, and records them', async () => {
    const subscription = await subscribe();
    const { senders, stopHanding } = lingeringSenders(subscription.id);
    try {
      const sender = senders.run(subscription.id);
      // Keys that jsonb keeps in another order than this object's.
      for (let n = 1; n <= 3; n++) await emit({ n, zone: { name: 'Hall', id: n } });
      await vi.waitFor(() => expect(receiver.received).toHaveLength(3), { timeout: 10_000 });
      senders.stop();
      expect(await sender).toBe('sent');
    } finally {
      stopHanding();
    }
    expect(receiver.received.map((r) => (JSON.parse(r.body) as { data: { n: number } }).data.n)).toEqual([1, 2, 3]);
    const log = await deliveries(subscription.id);
    expect(log.map((d) => [d.status, d.attempt, d.eventId])).toEqual(
      receiver.received.map((r) => ['delivered', 1, r.headers['webhook-id']]),
    );

    const handedBody = receiver.received[2].body;
    await beta.request('POST', `/api/webhookDeliveries/${log[2].id}/resend`);
    await run(subscription.id);
    expect(receiver.received[3].body).toBe(handedBody);
    await pause(subscription.id);
  });

  it('sends what an emit inside a transaction queued: the wake comes before the commit, a second look finds it', async () => {
    const subscription = await subscribe();
    const { senders, stopHanding, runs } = lingeringSenders(subscription.id);
    const emitInTransaction = (n: number) =>
      db.transaction().execute(async (trx) => {
        await emitWebhookEvent(trx, { siteGroupNum: 9993, siteNum, type: 'alarm.received', data: { siteNum, n } }, clock.now);
        // The senders are woken (and read) while this transaction is still open.
        await new Promise((resolve) => setTimeout(resolve, 100));
      });
    try {
      // No sender running: the wake starts one, whose first read comes before the commit.
      await emitInTransaction(1);
      // Well before the periodic read (5 s): the second look after the empty read.
      await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 4_000 });
      // The same sender, lingering, woken before the commit.
      await emitInTransaction(2);
      await vi.waitFor(() => expect(receiver.received).toHaveLength(2), { timeout: 4_000 });
      senders.stop();
      expect(await Promise.all(runs)).toEqual(['sent', 'sent']);
    } finally {
      stopHanding();
    }
    expect(receiver.received.map((r) => (JSON.parse(r.body) as { data: { n: number } }).data.n)).toEqual([1, 2]);
    expect((await deliveries(subscription.id)).map((d) => [d.status, d.attempt])).toEqual([
      ['delivered', 1],
      ['delivered', 1],
    ]);
    await pause(subscription.id);
  });

  it('gives a delivery up after a day, disables the subscription and mails the group administrators; resend-failed queues it again', async () => {
    const subscription = await subscribe();
    receiver.state.mode = 'fail';
    await emit();
    await run(subscription.id);
    clock.now = new Date(clock.now.getTime() + WEBHOOK_RETRY_WINDOW_MS + 1);
    await run(subscription.id);
    const [given] = await deliveries(subscription.id);
    expect(given).toMatchObject({ status: 'failed', attempt: 2 });
    const after = (await json(await beta.request('GET', `/api/webhookSubscriptions/${subscription.id}`))).body;
    expect(after).toMatchObject({ status: 'disabled', lastStatus: 'failed' });
    expect(after.disabledAt).not.toBeNull();
    const mails = await messagesTo(db, 'dealer.beta@example.com');
    expect(mails.some((m) => m.subject?.includes('Webhook disabled'))).toBe(true);

    // Active again, the failed delivery queued again and delivered.
    receiver.state.mode = 'ok';
    const reactivated = await beta.request('PUT', `/api/webhookSubscriptions/${subscription.id}`, {
      url: receiver.url,
      eventTypes: ['test.placed', 'alarm.received'],
      status: 'active',
    });
    expect(reactivated.status).toBe(200);
    expect((await json(await beta.request('POST', `/api/webhookSubscriptions/${subscription.id}/resendFailed`))).body).toEqual({
      count: 1,
    });
    expect((await json(await beta.request('POST', `/api/webhookSubscriptions/${subscription.id}/resendFailed`))).body).toEqual({
      count: 0,
    });
    await run(subscription.id);
    expect((await deliveries(subscription.id)).map((d) => d.status)).toEqual(['failed', 'delivered']);
    await pause(subscription.id);
  });

  it('does not follow a redirect, and ends an attempt that gets no answer', async () => {
    const subscription = await subscribe();
    receiver.state.mode = 'redirect';
    await emit();
    await run(subscription.id);
    expect((await deliveries(subscription.id))[0]).toMatchObject({ status: 'pending', statusCode: 302 });
    expect(receiver.received).toHaveLength(1);

    receiver.state.mode = 'hang';
    clock.now = new Date(clock.now.getTime() + retryDelayMs(1, 0));
    await run(subscription.id);
    expect((await deliveries(subscription.id))[0]).toMatchObject({ status: 'pending', attempt: 2, statusCode: null, error: 'timeout' });
    await pause(subscription.id);
  });

  it('sends a test event now through the same path', async () => {
    const subscription = await subscribe();
    const sent = await json(await beta.request('POST', `/api/webhookSubscriptions/${subscription.id}/test`));
    expect(sent.status).toBe(202);
    await run(subscription.id);
    expect(JSON.parse(receiver.received[0].body)).toMatchObject({ type: 'webhook.test' });
    expect((await json(await beta.request('GET', `/api/webhookDeliveries/${sent.body.id}`))).body).toMatchObject({ status: 'delivered' });
    await pause(subscription.id);
  });

  it('signs with both secrets for a day after a rotation', async () => {
    const subscription = await subscribe();
    const rotated = await json(await beta.request('POST', `/api/webhookSubscriptions/${subscription.id}/rotateSecret`));
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.previousSecretUntil).not.toBeNull();
    await emit();
    await run(subscription.id);
    const [delivery] = receiver.received;
    for (const secret of [subscription.secret, rotated.body.secret as string]) {
      expect(() => new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>)).not.toThrow();
    }
    await pause(subscription.id);
  });

  it('refuses private, link-local and metadata targets at save time, and a name that rebinds to one at delivery', async () => {
    for (const url of ['https://10.0.0.7/hook', 'https://169.254.169.254/latest', 'https://192.168.1.20/hook', 'https://[fd00::1]/hook']) {
      const refused = await json(await beta.request('POST', '/api/webhookSubscriptions', { url, eventTypes: ['alarm.received'] }));
      expect(refused.status, url).toBe(400);
      expect(refused.body.errors.url).toMatch(/private or local network/);
    }
    expect(
      (await beta.request('POST', '/api/webhookSubscriptions', { url: 'ftp://example.com/x', eventTypes: ['alarm.received'] })).status,
    ).toBe(400);

    dns.answer = '93.184.216.34';
    const subscription = await subscribe({ url: 'https://hooks.example.net/in' });
    dns.answer = '169.254.169.254';
    await emit();
    await run(subscription.id);
    expect((await deliveries(subscription.id))[0]).toMatchObject({
      status: 'pending',
      statusCode: null,
      error: 'refusedAddress: integrations.webhooks.privateAddress',
    });
    await pause(subscription.id);
  });

  it('keeps each group to its own subscriptions and refuses staff without xtAdmin; audits every write', async () => {
    const subscription = await subscribe();
    expect((await summit.request('GET', '/api/webhookSubscriptions')).status).toBe(403);
    expect((await summit.request('GET', '/api/webhookDeliveries')).status).toBe(403);
    const other = await db
      .insertInto('webhook_subscriptions')
      .values({ site_group_num: 4120, url: 'https://example.org/other', event_types: ['alarm.received'], secret_sealed: 'v1.x' })
      .returning('subscription_id')
      .executeTakeFirstOrThrow();
    expect((await beta.request('GET', `/api/webhookSubscriptions/${other.subscription_id}`)).status).toBe(404);
    const listed = (await json(await beta.request('GET', '/api/webhookSubscriptions'))).body as { id: number }[];
    expect(listed.map((s) => s.id)).not.toContain(other.subscription_id);
    expect((await beta.request('POST', `/api/webhookSubscriptions/${other.subscription_id}/test`)).status).toBe(404);

    expect((await beta.request('DELETE', `/api/webhookSubscriptions/${subscription.id}`)).status).toBe(200);
    const actions = new Set(
      (await db.selectFrom('audit_log').select('action').where('action', 'like', 'webhookSubscriptions.%').execute()).map((r) => r.action),
    );
    for (const action of ['created', 'updated', 'deleted', 'secretRotated', 'resent', 'tested', 'disabled']) {
      expect(actions, action).toContain(`webhookSubscriptions.${action}`);
    }
  });
});

describe('a webhook target that rebinds to loopback', () => {
  it('is refused at delivery when loopback is not allowed, before any connection', async () => {
    let lookups = 0;
    const rebinding = async () => [{ address: lookups++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
    const { checkTarget } = await import('../../src/server/webhooks/targetAddress.js');
    expect(typeof (await checkTarget('https://hooks.example.net/in', { allowLoopback: false }, rebinding))).toBe('object');
    const result = await postDelivery('https://hooks.example.net/in', {}, '{}', {
      allowLoopback: false,
      timeoutMs: 1_000,
      resolve: rebinding,
    });
    expect(result).toMatchObject({ statusCode: null, error: 'refusedAddress: integrations.webhooks.privateAddress' });
  });
});

const postgres = TEST_DATABASES.find((d) => d.name === 'postgres');
const redisUp = await redisReachable(REDIS_URL);
const twoProcessSkip = !postgres ? 'TEST_DATABASE_URL is not set' : !redisUp ? `Redis is not reachable at ${REDIS_URL}` : undefined;
if (twoProcessSkip) console.log(`${twoProcessSkip}: the two-process webhook test is skipped`);

describe('webhooks across two processes sharing PostgreSQL and Redis', () => {
  it.skipIf(!!twoProcessSkip)("wakes the sender lingering in B to read what A's ingest queued for it", async () => {
    const env = { REDIS_URL, REDIS_CHANNEL: `portal:test:${randomBytes(6).toString('hex')}` };
    const shared = await openTestDatabase(postgres!, { DEMO: 'true', ...env }, { fromSnapshot: true });
    // Neither starts a sender by itself (no job, no sweep): only B's, started below, sends.
    const tuning = { manual: true, random: () => 0, post: { timeoutMs: 1_000, resolve } };
    const a = await buildApp(shared.config, { database: shared.handle, logger: false, webhooks: { ...tuning, lingerMs: 0 } });
    const b = await buildApp(shared.config, { database: shared.handle, logger: false, webhooks: { ...tuning, lingerMs: 60_000 } });
    const receiver = await startReceiver();
    try {
      await Promise.all([a.ready(), b.ready()]);
      const client = await new TestClient(await listen({ app: a, db: a.db, close: async () => undefined })).init();
      await client.signIn('dealer.beta');
      const created = await json(
        await client.request('POST', '/api/webhookSubscriptions', { url: receiver.url, eventTypes: ['alarm.received'], status: 'active' }),
      );
      expect(created.status).toBe(201);
      const id = (created.body as { id: number }).id;
      const site = await a.db.selectFrom('sites').select('site_num').where('site_group_num', '=', 9993).executeTakeFirstOrThrow();

      const sender = b.webhookDelivery.deliverer.run(id);
      const wokenInB = vi.spyOn(b.webhookDelivery.deliverer, 'wakeToRead');
      await emitWebhookEvent(a.db, { siteGroupNum: 9993, siteNum: site.site_num, type: 'alarm.received', data: { n: 1 } });
      await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 10_000 });
      // B heard it over Redis, with its sender running. (Both apps share this process's emitter, so B's
      // own announcement goes out too; which of the two B acted on, one test process cannot tell.)
      expect(wokenInB).toHaveBeenCalledWith(id);
      expect(wokenInB).toHaveReturnedWith(true);
      b.webhookDelivery.deliverer.stop();
      expect(await sender).toBe('sent');
    } finally {
      receiver.close();
      await a.close();
      await b.close();
      await shared.close();
    }
  });
});
