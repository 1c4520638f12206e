import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { json, signedInClient, type TestClient } from './client.js';
import { messagesTo, TEST_DATABASES } from './harness.js';
import { sharedDatabase, sleep } from './realtimeHelpers.js';

/**
 * Scheduled reports: /api/reportSchedules (own schedules, checked
 * parameters, audited), the due pass (one run per occurrence even with two
 * servers, a missed occurrence runs once, an inactive schedule never), and the
 * emails of a scheduled run (a link per recipient, never the file).
 */
const SCHEDULE = {
  name: 'Weekly call lists',
  reportId: 'callList',
  format: 'csv',
  parameters: { siteNums: [] },
  frequency: 'weekly',
  time: '07:30',
  weekday: 1,
  monthDay: null,
  timeZone: 'America/Chicago',
  recipients: ['Ops.Desk@example.com', 'owner@example.com'],
  active: true,
};

describe.each(TEST_DATABASES)('scheduled reports on $name', (database) => {
  let base: Awaited<ReturnType<typeof sharedDatabase>>;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let beta: TestClient;
  const db = () => base.handle.db;

  async function start() {
    const instance = await buildApp(base.config, { database: base.handle, logger: false });
    await instance.listen({ port: 0, host: '127.0.0.1' });
    return instance;
  }
  const origin = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const create = async (body: Record<string, unknown> = {}) =>
    json(await beta.request('POST', '/api/reportSchedules', { ...SCHEDULE, ...body }));
  const makeDue = (id: number, at = new Date(Date.now() - 60_000)) =>
    db().updateTable('report_schedules').set({ next_run_at: at }).where('schedule_id', '=', id).execute();
  const runsOf = (id: number) => db().selectFrom('report_runs').selectAll().where('schedule_id', '=', id).execute();

  beforeAll(async () => {
    base = await sharedDatabase(database, { JOB_POLL_SECONDS: '0.5' });
    first = await start();
    second = await start();
    beta = await signedInClient(origin(first), 'dealer.beta');
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await base?.close();
  });

  it('creates a schedule with its next run in its zone, lists, changes and deletes it, audited', async () => {
    const created = await create();
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Weekly call lists',
      weekday: 1,
      monthDay: null,
      recipients: ['ops.desk@example.com', 'owner@example.com'],
    });
    // Monday 07:30 in Chicago is 12:30 or 13:30 UTC.
    const next = new Date(created.body.nextRunAt);
    expect(next.getUTCDay()).toBe(1);
    expect([12, 13]).toContain(next.getUTCHours());
    expect(next.getUTCMinutes()).toBe(30);

    const list = await beta.request('GET', '/api/reportSchedules?sort=["name","ASC"]&range=[0,9]');
    expect(list.headers.get('content-range')).toMatch(/^reportSchedules 0-\d+\/\d+$/);
    expect((await list.json()).map((s: { id: number }) => s.id)).toContain(created.body.id);

    const paused = await json(await beta.request('PUT', `/api/reportSchedules/${created.body.id}`, { ...SCHEDULE, active: false }));
    expect(paused.body).toMatchObject({ active: false, nextRunAt: null });
    const monthly = await json(
      await beta.request('PUT', `/api/reportSchedules/${created.body.id}`, {
        ...SCHEDULE,
        frequency: 'monthly',
        weekday: null,
        monthDay: -1,
      }),
    );
    expect(monthly.body).toMatchObject({ frequency: 'monthly', monthDay: -1, weekday: null });

    expect((await beta.request('DELETE', `/api/reportSchedules/${created.body.id}`)).status).toBe(200);
    expect((await beta.request('GET', `/api/reportSchedules/${created.body.id}`)).status).toBe(404);
    const audited = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', String(created.body.id))
      .where('action', 'like', 'reportSchedule.%')
      .execute();
    expect(audited.map((a) => a.action).sort()).toEqual([
      'reportSchedule.created',
      'reportSchedule.deleted',
      'reportSchedule.updated',
      'reportSchedule.updated',
    ]);
  });

  it('refuses bad input with a message per field', async () => {
    const badTime = await create({ time: '7:30' });
    expect(badTime.status).toBe(400);
    expect(badTime.body.errors.time).toBe('Enter a time as HH:mm, for example 07:30');
    expect((await create({ weekday: undefined })).status).toBe(400);
    expect((await create({ recipients: [] })).status).toBe(400);
    const otherSite = await create({ parameters: { siteNums: [999999] } });
    expect(otherSite.status).toBe(400);
    expect(otherSite.body.errors['parameters.siteNums']).toBe('Some of the accounts are not in your account group.');
  });

  it("another user's schedule is a 404; a customer has none", async () => {
    const created = await create();
    const admin = await signedInClient(origin(first), 'support.admin', { internal: true });
    expect((await admin.request('GET', `/api/reportSchedules/${created.body.id}`)).status).toBe(404);
    expect((await admin.request('DELETE', `/api/reportSchedules/${created.body.id}`)).status).toBe(404);
    const customer = await signedInClient(origin(first), 'customer@example.com');
    expect((await customer.request('GET', '/api/reportSchedules')).status).toBe(403);
    await beta.request('DELETE', `/api/reportSchedules/${created.body.id}`);
  });

  it('a due schedule runs once with two servers; a missed week runs once; each recipient gets a link, never the file', async () => {
    const created = await create({ recipients: ['night.desk@example.com', 'owner2@example.com'] });
    const id = created.body.id;
    await makeDue(id, new Date(Date.now() - 3 * 7 * 86_400_000));
    const [a, b] = await Promise.all([first.reportSchedules.duePass(), second.reportSchedules.duePass()]);
    expect(a + b).toBe(1);
    const schedule = await db().selectFrom('report_schedules').selectAll().where('schedule_id', '=', id).executeTakeFirstOrThrow();
    expect(new Date(schedule.next_run_at!).getTime()).toBeGreaterThan(Date.now());
    // Nothing more is due.
    expect(await first.reportSchedules.duePass()).toBe(0);

    let runs = await runsOf(id);
    expect(runs).toHaveLength(1);
    for (const deadline = Date.now() + 30_000; runs[0].status !== 'done'; await sleep(200)) {
      if (Date.now() > deadline) throw new Error(`scheduled run is ${runs[0].status}`);
      runs = await runsOf(id);
    }
    let mails = await messagesTo(db(), 'night.desk@example.com');
    for (const deadline = Date.now() + 10_000; mails.length === 0 && Date.now() < deadline; await sleep(200))
      mails = await messagesTo(db(), 'night.desk@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Your report is ready: Call list');
    const link = /\/reports-download\/([A-Za-z0-9_-]+)/.exec(mails[0].body)?.[1];
    expect(link).toBeTruthy();
    expect(mails[0].body).not.toContain('Account,Account name');
    const other = await messagesTo(db(), 'owner2@example.com');
    const otherLink = /\/reports-download\/([A-Za-z0-9_-]+)/.exec(other[0]?.body ?? '')?.[1];
    expect(otherLink).toBeTruthy();
    expect(otherLink).not.toBe(link);
    const stored = await db().selectFrom('report_links').selectAll().where('link_id', '=', link!).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ report_run_id: runs[0].report_run_id, email: 'night.desk@example.com' });
  });

  it('an inactive schedule never runs', async () => {
    const created = await create({ active: false });
    await makeDue(created.body.id);
    expect(await first.reportSchedules.duePass()).toBe(0);
    expect(await runsOf(created.body.id)).toHaveLength(0);
  });
});
