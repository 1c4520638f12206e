import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../schemas/dashboard.js';
import type { EventRecord } from '../../schemas/events.js';
import type { SiteTest } from '../../schemas/tests.js';
import { buildApp } from '../../src/server/app.js';
import { jobsSchema } from '../../src/server/jobs/jobsPlugin.js';
import { json, signedInClient, type TestClient } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { alarmListener, ingest, sharedDatabase, sleep } from './realtimeHelpers.js';

/**
 * Place on test: POST/PUT/DELETE /api/tests and the account's
 * status; scopes and limits; the durable expiry job, also across a restart,
 * and the start-up sweep; alarms covered by a test stored marked and not
 * pushed live; audit rows; tenant scope on every read and write; access.
 */
const ACTIVE_SITE = 100101;
const OUT_OF_SERVICE_SITE = 100104;
const ZONE_TEST_SITE = 100103;

describe.each(TEST_DATABASES)('place on test on $name', (database) => {
  let base: Awaited<ReturnType<typeof sharedDatabase>>;
  let app: FastifyInstance;
  let origin: string;
  let beta: TestClient;

  const db = () => base.handle.db;
  async function start() {
    app = await buildApp(base.config, { database: base.handle, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  }
  const statusOf = async (siteNum: number) =>
    (await db().selectFrom('sites').select('status').where('site_num', '=', siteNum).executeTakeFirstOrThrow()).status;
  const firstDevice = async (siteNum: number) =>
    db()
      .selectFrom('devices')
      .select(['dev_num', 'transmitter_code', 'on_test_until'])
      .where('site_num', '=', siteNum)
      .orderBy('dev_num')
      .executeTakeFirstOrThrow();
  const zonesOf = async (devNum: number) =>
    (await db().selectFrom('zones').select('zone_num').where('dev_num', '=', devNum).orderBy('zone_num').execute()).map((z) => z.zone_num);
  const place = async (client: TestClient, body: Record<string, unknown>) => json(await client.request('POST', '/api/tests', body));
  const audits = (action: string, targetId: number) =>
    db().selectFrom('audit_log').selectAll().where('action', '=', action).where('target_id', '=', String(targetId)).execute();
  /** The job queue's due jobs of the tests, moved to run `seconds` from now (instead of waiting for a real end time). */
  const jobsDueIn = (seconds: number) =>
    sql`update ${sql.id(jobsSchema(base.handle), 'job')} set start_after = now() + make_interval(secs => ${seconds})
        where name = 'site-tests-reconcile' and state = 'created'`.execute(db());
  async function waitForStatus(siteNum: number, status: string, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    while ((await statusOf(siteNum)) !== status) {
      if (Date.now() > deadline) throw new Error(`site ${siteNum} did not become ${status}`);
      await sleep(200);
    }
  }

  beforeAll(async () => {
    base = await sharedDatabase(database, { JOB_POLL_SECONDS: '0.5' });
    await start();
    beta = await signedInClient(origin, 'dealer.beta');
  });
  afterAll(async () => {
    await app?.close();
    await base?.close();
  });

  it('seeds the demo accounts on test with their tests and on-test signals; the status filter lists them', async () => {
    const onTest = await db().selectFrom('sites').select('site_num').where('status', '=', 'onTest').execute();
    expect(onTest.length).toBeGreaterThan(0);
    const tests = await db().selectFrom('site_tests').selectAll().where('ended_at', 'is', null).execute();
    expect(new Set(tests.map((t) => t.site_num))).toEqual(new Set(onTest.map((s) => s.site_num)));
    for (const test of tests) expect(new Date(test.ends_at).getTime()).toBeGreaterThan(Date.now());
    const showcase = tests.find((t) => t.site_num === ZONE_TEST_SITE)!;
    expect(showcase.scope).toBe('zones');
    expect(showcase.zones.length).toBe(2);
    const marked = await db().selectFrom('alarm_events').select('site_num').where('on_test', '=', true).execute();
    expect(marked.length).toBe(onTest.length * 2);

    const { status, body } = await json(await beta.request('GET', `/api/sites?filter=${encodeURIComponent('{"status":"onTest"}')}`));
    expect(status).toBe(200);
    expect(body.map((s: { siteNum: number }) => s.siteNum)).toContain(ZONE_TEST_SITE);
    expect(body.every((s: { status: string }) => s.status === 'onTest')).toBe(true);

    const listed = await json(
      await beta.request('GET', `/api/tests?filter=${encodeURIComponent(`{"siteNum":${ZONE_TEST_SITE},"active":true}`)}`),
    );
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0]).toMatchObject({ scope: 'zones', state: 'active', createdBy: expect.any(String) });
    const events = await json(await beta.request('GET', `/api/events?filter=${encodeURIComponent(`{"siteNum":${ZONE_TEST_SITE}}`)}`));
    expect((events.body as EventRecord[]).filter((e) => e.onTest)).toHaveLength(2);
  });

  it('places chosen zones on test for 2 hours: the account is on test, the dashboard says so; ending it brings the status back', async () => {
    const device = await firstDevice(ACTIVE_SITE);
    const zones = (await zonesOf(device.dev_num)).slice(0, 2);
    const before = Date.now();
    const { status, body } = await place(beta, {
      siteNum: ACTIVE_SITE,
      scope: 'zones',
      deviceNum: device.dev_num,
      zones,
      durationMinutes: 120,
      reason: '  Replacing the kitchen door contact  ',
    });
    expect(status).toBe(201);
    const test = body as SiteTest;
    expect(test).toMatchObject({ siteNum: ACTIVE_SITE, scope: 'zones', deviceNum: device.dev_num, zones, state: 'active' });
    expect(test.reason).toBe('Replacing the kitchen door contact');
    const length = new Date(test.endsAt).getTime() - new Date(test.startsAt).getTime();
    expect(length).toBe(120 * 60_000);
    expect(new Date(test.startsAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await statusOf(ACTIVE_SITE)).toBe('onTest');
    expect((await json(await beta.request('GET', `/api/sites/${ACTIVE_SITE}`))).body.status).toBe('onTest');
    expect(new Date((await firstDevice(ACTIVE_SITE)).on_test_until as Date).toISOString()).toBe(test.endsAt);
    const dashboard = (await json(await beta.request('GET', '/api/dashboard'))).body as Dashboard;
    expect(dashboard.onTest.sites.map((s) => s.siteNum)).toContain(ACTIVE_SITE);

    const [placed] = await audits('siteTest.placed', test.id);
    expect(placed.actor_user_id).toEqual(expect.any(Number));
    expect(placed.ip).toBe('127.0.0.1');
    expect(placed.details).toMatchObject({ siteNum: ACTIVE_SITE, scope: 'zones', reason: 'Replacing the kitchen door contact' });

    // A change of end time and reason: audited with before and after.
    const later = new Date(new Date(test.endsAt).getTime() + 3_600_000).toISOString();
    const changed = await json(await beta.request('PUT', `/api/tests/${test.id}`, { endsAt: later, reason: 'Door contact on back order' }));
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ endsAt: later, reason: 'Door contact on back order', updatedBy: expect.any(String) });
    const [change] = await audits('siteTest.changed', test.id);
    expect(change.details).toMatchObject({
      before: { endsAt: test.endsAt },
      after: { endsAt: later, reason: 'Door contact on back order' },
    });

    const ended = await json(await beta.request('DELETE', `/api/tests/${test.id}`, { reason: 'Installer finished early' }));
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ state: 'ended', endReason: 'cancelled', endedBy: expect.any(String) });
    expect(await statusOf(ACTIVE_SITE)).toBe('active');
    expect((await firstDevice(ACTIVE_SITE)).on_test_until).toBeNull();
    const [end] = await audits('siteTest.ended', test.id);
    expect(end.details).toMatchObject({ reason: 'Installer finished early' });
    expect(end.ip).toBe('127.0.0.1');
    expect((await beta.request('DELETE', `/api/tests/${test.id}`)).status).toBe(409);
    expect((await beta.request('PUT', `/api/tests/${test.id}`, { reason: 'again' })).status).toBe(409);
  });

  it('refuses a test over 30 days, an end before its start, a start in the past, a missing reason, a scope without its parts', async () => {
    const device = await firstDevice(ACTIVE_SITE);
    const ok = { siteNum: ACTIVE_SITE, scope: 'site', durationMinutes: 120, reason: 'Walk test' };
    const refused = async (body: Record<string, unknown>, field: string) => {
      const { status, body: answer } = await place(beta, body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.errors ?? {}), JSON.stringify(answer)).toContain(field);
    };
    await refused({ ...ok, durationMinutes: 43_201 }, 'durationMinutes');
    await refused({ ...ok, durationMinutes: 0 }, 'durationMinutes');
    await refused({ ...ok, reason: '   ' }, 'reason');
    await refused({ ...ok, reason: undefined }, 'reason');
    await refused({ ...ok, startAt: new Date(Date.now() - 3_600_000).toISOString() }, 'startAt');
    await refused({ ...ok, scope: 'device' }, 'deviceNum');
    await refused({ ...ok, scope: 'device', deviceNum: 999_999 }, 'deviceNum');
    await refused({ ...ok, scope: 'zones', deviceNum: device.dev_num }, 'zones');
    await refused({ ...ok, scope: 'zones', deviceNum: device.dev_num, zones: [9999] }, 'zones');
    await refused({ ...ok, scope: 'kinds' }, 'kinds');
    await refused({ ...ok, scope: 'kinds', kinds: ['fire'] }, 'kinds.0');
    expect(await statusOf(ACTIVE_SITE)).toBe('active');

    // A test placed for later starts later: the account is not on test yet.
    const startAt = new Date(Date.now() + 3_600_000).toISOString();
    const { status, body } = await place(beta, { ...ok, startAt });
    expect(status).toBe(201);
    expect(body).toMatchObject({ state: 'scheduled', startsAt: startAt });
    expect(await statusOf(ACTIVE_SITE)).toBe('active');
    // Its end: after its start, at most 30 days after it.
    const put = (endsAt: string) => beta.request('PUT', `/api/tests/${body.id}`, { endsAt });
    expect((await put(new Date(Date.parse(startAt) - 60_000).toISOString())).status).toBe(400);
    expect((await put(new Date(Date.parse(startAt) + 30 * 86_400_000 + 60_000).toISOString())).status).toBe(400);
    expect((await put(new Date(Date.parse(startAt) + 30 * 86_400_000).toISOString())).status).toBe(200);
    expect((await beta.request('DELETE', `/api/tests/${body.id}`)).status).toBe(200);
    expect(await statusOf(ACTIVE_SITE)).toBe('active');
  });

  it('stores alarms a test covers marked on test and does not push them live; others are pushed', async () => {
    const device = await firstDevice(ACTIVE_SITE);
    const other = await firstDevice(100102);
    const listener = await alarmListener(origin, beta.bearer!);
    try {
      const { body: test } = await place(beta, {
        siteNum: ACTIVE_SITE,
        scope: 'device',
        deviceNum: device.dev_num,
        durationMinutes: 60,
        reason: 'Panel swap',
      });
      const { body: kinds } = await place(beta, {
        siteNum: 100102,
        scope: 'kinds',
        kinds: ['trouble'],
        durationMinutes: 60,
        reason: 'Trouble flood',
      });
      const alarm = (transmitterCode: string, eventCode: string, eventCodeDescription: string) => ({
        transmitterCode,
        eventCode,
        eventCodeDescription,
        alarmDate: new Date().toISOString(),
      });
      expect(
        (
          await ingest(origin, [
            alarm(device.transmitter_code, 'E130', 'Burglary Alarm on test'),
            alarm(other.transmitter_code, 'E380', 'Sensor Trouble on test'),
            alarm(other.transmitter_code, 'E130', 'Burglary Alarm live'),
          ])
        ).status,
      ).toBe(202);
      const deadline = Date.now() + 5000;
      while (!listener.alarms.length && Date.now() < deadline) await sleep(20);
      await sleep(500);
      expect(listener.alarms.map((a) => a.eventCodeDescription)).toEqual(['Burglary Alarm live']);
      const stored = await db()
        .selectFrom('alarm_events')
        .select(['event_code_description', 'on_test'])
        .where((eb) =>
          eb.or([eb('event_code_description', 'like', 'Burglary Alarm %'), eb('event_code_description', '=', 'Sensor Trouble on test')]),
        )
        .execute();
      expect(Object.fromEntries(stored.map((s) => [s.event_code_description, s.on_test]))).toEqual({
        'Burglary Alarm on test': true,
        'Sensor Trouble on test': true,
        'Burglary Alarm live': false,
      });
      const events = await json(await beta.request('GET', `/api/events?filter=${encodeURIComponent(`{"siteNum":${ACTIVE_SITE}}`)}`));
      expect((events.body as EventRecord[]).find((e) => e.eventCodeDescription === 'Burglary Alarm on test')?.onTest).toBe(true);
      const [ingested] = await db()
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'alarms.ingested')
        .orderBy('audit_id', 'desc')
        .execute();
      expect(ingested.details).toMatchObject({ count: 3, onTest: 2 });
      await beta.request('DELETE', `/api/tests/${test.id}`);
      await beta.request('DELETE', `/api/tests/${kinds.id}`);
      expect(await statusOf(ACTIVE_SITE)).toBe('active');
      expect(await statusOf(100102)).toBe('inAlarm');
    } finally {
      await listener.connection.stop();
    }
  });

  it('ends a test by itself at its end time (the durable job), and the account returns to its status; audited as the system', async () => {
    expect(await statusOf(OUT_OF_SERVICE_SITE)).toBe('outOfService');
    const { body: test } = await place(beta, { siteNum: OUT_OF_SERVICE_SITE, scope: 'site', durationMinutes: 60, reason: 'Reconnecting' });
    expect(await statusOf(OUT_OF_SERVICE_SITE)).toBe('onTest');
    await sql`update site_tests set ends_at = now() + interval '1 second' where test_id = ${test.id}`.execute(db());
    await jobsDueIn(1);
    await waitForStatus(OUT_OF_SERVICE_SITE, 'outOfService');
    const row = await db().selectFrom('site_tests').selectAll().where('test_id', '=', test.id).executeTakeFirstOrThrow();
    expect(row.end_reason).toBe('expired');
    expect(row.ended_by).toBeNull();
    const [expired] = await audits('siteTest.expired', test.id);
    expect(expired.actor_user_id).toBeNull();
    expect(expired.details).toMatchObject({ by: 'system', siteNum: OUT_OF_SERVICE_SITE });
  });

  it('ends a test due while the server was down: the job after a restart, the sweep at start-up', async () => {
    const { body: first } = await place(beta, { siteNum: ACTIVE_SITE, scope: 'site', durationMinutes: 60, reason: 'Restart check' });
    expect(await statusOf(ACTIVE_SITE)).toBe('onTest');
    await app.close();
    // Down: the test's end comes while no server runs; the job waits in the database.
    await sql`update site_tests set ends_at = now() + interval '2 seconds' where test_id = ${first.id}`.execute(db());
    await jobsDueIn(2);
    await start();
    await waitForStatus(ACTIVE_SITE, 'active');
    expect((await audits('siteTest.expired', first.id)).length).toBe(1);

    beta = await signedInClient(origin, 'dealer.beta');
    const { body: second } = await place(beta, { siteNum: ACTIVE_SITE, scope: 'site', durationMinutes: 60, reason: 'Sweep check' });
    await app.close();
    // A long outage: the end passed, and the job is gone (say, a queue cleared): the start-up sweep ends it.
    await sql`update site_tests set starts_at = now() - interval '2 hours', ends_at = now() - interval '1 minute' where test_id = ${second.id}`.execute(
      db(),
    );
    await sql`delete from ${sql.id(jobsSchema(base.handle), 'job')} where name = 'site-tests-reconcile'`.execute(db());
    await start();
    expect(await statusOf(ACTIVE_SITE)).toBe('active');
    const row = await db().selectFrom('site_tests').select(['end_reason']).where('test_id', '=', second.id).executeTakeFirstOrThrow();
    expect(row.end_reason).toBe('expired');
    beta = await signedInClient(origin, 'dealer.beta');
  });

  it("keeps every read and write within the tenant scope: another group's test answers 404 like a missing one", async () => {
    const { body: test } = await place(beta, { siteNum: ACTIVE_SITE, scope: 'site', durationMinutes: 60, reason: 'Scope check' });
    const summit = await signedInClient(origin, 'dealer.summit');
    expect((await summit.request('GET', `/api/tests/${test.id}`)).status).toBe(404);
    expect((await summit.request('PUT', `/api/tests/${test.id}`, { reason: 'Not mine' })).status).toBe(404);
    expect((await summit.request('DELETE', `/api/tests/${test.id}`)).status).toBe(404);
    expect((await place(summit, { siteNum: ACTIVE_SITE, scope: 'site', durationMinutes: 60, reason: 'Not mine' })).status).toBe(404);
    const listed = await json(await summit.request('GET', '/api/tests'));
    expect(listed.body.map((t: SiteTest) => t.id)).not.toContain(test.id);
    expect((await summit.request('GET', '/api/tests/999999')).status).toBe(404);
    // Their own group's account: allowed.
    const own = await db()
      .selectFrom('sites')
      .select('site_num')
      .where('site_group_num', '=', 5877)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    const mine = await place(summit, { siteNum: own.site_num, scope: 'site', durationMinutes: 60, reason: 'Own account' });
    expect(mine.status).toBe(201);
    expect((await beta.request('GET', `/api/tests/${mine.body.id}`)).status).toBe(404);
    expect((await summit.request('DELETE', `/api/tests/${mine.body.id}`)).status).toBe(200);
    expect((await beta.request('DELETE', `/api/tests/${test.id}`)).status).toBe(200);
    expect(
      await db().selectFrom('site_tests').select('test_id').where('ended_at', 'is', null).where('site_num', '=', ACTIVE_SITE).execute(),
    ).toEqual([]);
  });

  it('customers with noActionRead place, read and end tests of their linked accounts at /api/msa/tests, at most 24 hours', async () => {
    const customer = await signedInClient(origin, 'customer@example.com');
    const linked = await db()
      .selectFrom('msa_account_links')
      .innerJoin('users', 'users.user_id', 'msa_account_links.user_id')
      .select('msa_account_links.site_num')
      .where('users.username', '=', 'customer@example.com')
      .executeTakeFirstOrThrow();
    const { body: test } = await place(beta, { siteNum: linked.site_num, scope: 'site', durationMinutes: 60, reason: 'Customer view' });
    const filter = encodeURIComponent(JSON.stringify({ siteNum: linked.site_num, active: true }));
    const listed = await json(await customer.request('GET', `/api/msa/tests?filter=${filter}`));
    expect(listed.status).toBe(200);
    expect(listed.body.map((t: SiteTest) => t.id)).toEqual([test.id]);
    // The dealer's side is not the customer's.
    expect((await customer.request('GET', '/api/tests')).status).toBe(403);
    expect((await place(customer, { siteNum: linked.site_num, scope: 'site', durationMinutes: 60, reason: 'Me' })).status).toBe(403);

    const placeMsa = (body: object) => customer.request('POST', '/api/msa/tests', body).then(json);
    const tooLong = await placeMsa({ siteNum: linked.site_num, scope: 'site', durationMinutes: 25 * 60, reason: 'Away' });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual({ durationMinutes: 'A customer places a test of at most 24 hours.' });
    const mine = await placeMsa({ siteNum: linked.site_num, scope: 'site', durationMinutes: 24 * 60, reason: 'Painters in' });
    expect(mine.status).toBe(201);
    // Not beyond 24 hours by changing the end either.
    const later = new Date(Date.parse(mine.body.startsAt) + 25 * 3_600_000).toISOString();
    expect((await json(await customer.request('PUT', `/api/msa/tests/${mine.body.id}`, { endsAt: later }))).status).toBe(400);
    // An account that is not linked: as missing.
    const foreign = await placeMsa({
      siteNum: ACTIVE_SITE === linked.site_num ? 100002 : ACTIVE_SITE,
      scope: 'site',
      durationMinutes: 60,
      reason: 'x',
    });
    expect(foreign.status).toBe(404);
    expect((await customer.request('DELETE', `/api/msa/tests/${mine.body.id}`)).status).toBe(200);
    expect((await customer.request('DELETE', `/api/msa/tests/${test.id}`)).status).toBe(200);
    const audits = await db().selectFrom('audit_log').select('action').where('target_id', '=', String(mine.body.id)).execute();
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['siteTest.placed', 'siteTest.ended']));
  });
});
