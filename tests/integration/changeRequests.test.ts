import { beforeAll, describe, expect, it } from 'vitest';
import { json, signedInClient, TestClient } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { demoSuite, SUPPORT_ADMIN } from './fixtures.js';

/**
 * The dealer's side of the customers' change requests (/change-requests):
 * the selected account group's requests (tenant scope), and marking one done or declined with a
 * note for the customer (xtAdmin), written to the account's history and audited; the customer
 * sees the answer.
 */
const query = (filter: object) => `?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent('[0,99]')}`;

describe.each(TEST_DATABASES)("the dealer's change requests on $name", (database) => {
  const { t, beta, summit, customer, admin } = demoSuite(database, {
    beta: 'dealer.beta',
    summit: 'dealer.summit',
    customer: 'customer@example.com',
    admin: SUPPORT_ADMIN,
  });
  let carter: number;
  let requestId: number;

  beforeAll(async () => {
    carter = (await t.db.selectFrom('sites').select('site_num').where('site_name', '=', 'Carter Residence').executeTakeFirstOrThrow())
      .site_num;
    const sent = await json(
      await customer.request('POST', '/api/msa/changeRequests', {
        siteNum: carter,
        field: 'timeZone',
        requestedValue: 'America/Chicago',
        note: 'We moved to Illinois',
      }),
    );
    expect(sent.status).toBe(201);
    requestId = sent.body.id;
  }, 240_000);

  const list = async (client: TestClient, filter: object) => {
    const response = await client.request('GET', `/api/changeRequests${query(filter)}`);
    return {
      status: response.status,
      pending: Number(response.headers.get('x-pending-count')),
      total: Number(response.headers.get('content-range')?.split('/')[1]),
      body: await response.json(),
    };
  };

  it("lists the group's requests newest first with the account, the customer and a pending count", async () => {
    const { status, body, pending } = await list(beta, {});
    expect(status).toBe(200);
    expect(body[0]).toMatchObject({
      id: requestId,
      siteNum: carter,
      siteName: 'Carter Residence',
      field: 'timeZone',
      requestedValue: 'America/Chicago',
      note: 'We moved to Illinois',
      status: 'pending',
      customerEmail: 'customer@example.com',
      resolvedBy: null,
      resolutionNote: null,
    });
    // The demo's: one pending address change and one done, answered by dealer.beta.
    expect(body.find((r: { status: string }) => r.status === 'done')).toMatchObject({
      resolvedBy: 'dealer.beta',
      resolutionNote: expect.any(String),
    });
    expect(pending).toBe(body.filter((r: { status: string }) => r.status === 'pending').length);
    expect(pending).toBeGreaterThanOrEqual(2);
  });

  it('filters by status, account and search', async () => {
    expect((await list(beta, { status: 'done' })).body.every((r: { status: string }) => r.status === 'done')).toBe(true);
    const pendingOnly = await list(beta, { status: 'pending' });
    expect(pendingOnly.total).toBe(pendingOnly.pending);
    expect((await list(beta, { siteNum: carter })).body.every((r: { siteNum: number }) => r.siteNum === carter)).toBe(true);
    expect((await list(beta, { q: 'america/chic' })).body.map((r: { id: number }) => r.id)).toEqual([requestId]);
    expect((await list(beta, { q: String(carter), status: 'pending' })).body.map((r: { id: number }) => r.id)).toContain(requestId);
    expect((await list(beta, { status: 'lost' })).status).toBe(400);
  });

  it("keeps another group's requests out of reach: its list, the record (404) and the answer", async () => {
    const other = await list(summit, {});
    expect(other.status).toBe(200);
    expect(other.body.map((r: { id: number }) => r.id)).not.toContain(requestId);
    expect((await summit.request('GET', `/api/changeRequests/${requestId}`)).status).toBe(404);
    // dealer.beta in its other group (4120) does not see group 9993's requests either.
    const switched = await signedInClient(t.origin, 'dealer.beta');
    expect((await switched.request('PUT', '/api/user/accountGroup', { siteGroupNum: 4120 })).status).toBe(200);
    expect((await list(switched, {})).body.map((r: { id: number }) => r.id)).not.toContain(requestId);
    expect((await switched.request('PUT', `/api/changeRequests/${requestId}`, { status: 'done' })).status).toBe(404);
    // The selected group is the user's (not the session's): back to 9993 for the tests that follow.
    expect((await switched.request('PUT', '/api/user/accountGroup', { siteGroupNum: 9993 })).status).toBe(200);
  });

  it('lets only xtAdmin answer, and only dealers read', async () => {
    expect((await summit.request('PUT', `/api/changeRequests/${requestId}`, { status: 'done' })).status).toBe(403);
    for (const client of [admin, customer]) {
      expect((await client.request('GET', `/api/changeRequests${query({})}`)).status).toBe(403);
      expect((await client.request('PUT', `/api/changeRequests/${requestId}`, { status: 'done' })).status).toBe(403);
    }
    expect((await (await new TestClient(t.origin).init()).request('GET', '/api/changeRequests')).status).toBe(401);
  });

  it('declines only with a reason', async () => {
    const refused = await json(await beta.request('PUT', `/api/changeRequests/${requestId}`, { status: 'declined', note: '  ' }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ note: 'Give the customer a reason.' });
    expect((await beta.request('PUT', `/api/changeRequests/${requestId}`, { status: 'pending' })).status).toBe(400);
  });

  it("marks a request done with a note: the account's history, the audit log and the customer's list say so; once only", async () => {
    const done = await json(
      await beta.request('PUT', `/api/changeRequests/${requestId}`, { status: 'done', note: 'Changed to Central time.' }),
    );
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      id: requestId,
      status: 'done',
      resolutionNote: 'Changed to Central time.',
      resolvedBy: 'dealer.beta',
    });
    expect(done.body.resolvedAt).toEqual(expect.any(String));

    const history = await t.db
      .selectFrom('alarm_events')
      .select('event_code_description')
      .where('site_num', '=', carter)
      .where('event_kind', '=', 'change')
      .orderBy('alarm_num', 'desc')
      .executeTakeFirstOrThrow();
    expect(history.event_code_description).toBe('dealer.beta marked the request to change Time zone as Done: Changed to Central time.');

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['target_type', 'target_id', 'details'])
      .where('action', '=', 'changeRequest.done')
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      target_type: 'changeRequest',
      target_id: String(requestId),
      details: {
        siteNum: carter,
        field: 'timeZone',
        before: { status: 'pending', resolutionNote: null },
        after: { status: 'done', resolutionNote: 'Changed to Central time.' },
      },
    });

    const mine = await json(await customer.request('GET', `/api/msa/changeRequests${query({ siteNum: carter })}`));
    expect(mine.body.find((r: { id: number }) => r.id === requestId)).toMatchObject({
      status: 'done',
      resolutionNote: 'Changed to Central time.',
      resolvedAt: expect.any(String),
    });

    const again = await json(await beta.request('PUT', `/api/changeRequests/${requestId}`, { status: 'declined', note: 'No' }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This request was already answered.');
  });

  it('declines a pending request with the reason for the customer (audited)', async () => {
    const pending = (await list(beta, { status: 'pending' })).body[0];
    const declined = await json(
      await beta.request('PUT', `/api/changeRequests/${pending.id}`, {
        status: 'declined',
        note: 'Please call us to confirm the new address.',
      }),
    );
    expect(declined.body).toMatchObject({ status: 'declined', resolutionNote: 'Please call us to confirm the new address.' });
    const audit = await t.db.selectFrom('audit_log').select('target_id').where('action', '=', 'changeRequest.declined').execute();
    expect(audit.map((a) => a.target_id)).toContain(String(pending.id));
  });
});
