import { beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../../src/server/db/seed/documentsSeed.js';
import { type FormFile, json, TestClient } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { demoSuite, ONE_OF_EACH } from './fixtures.js';

/**
 * Staff's inbox of the contact-us messages (/contact-requests): list, one
 * message and its attachment, and support's handling (status new → in progress → closed, an
 * internal note), audited; application 1 only.
 */
const query = (filter: object) => `?filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent('[0,99]')}`;

async function send(client: TestClient, fields: Record<string, string>, file: FormFile) {
  const response = await client.requestForm('POST', '/api/contactRequests', fields, [file]);
  expect(response.status).toBe(201);
  return (await response.json()) as { reference: string };
}

describe.each(TEST_DATABASES)("support's contact requests on $name", (database) => {
  const { t, admin, viewer, dealer, customer } = demoSuite(database, ONE_OF_EACH);
  let reference: string;
  let id: number;

  beforeAll(async () => {
    ({ reference } = await send(
      dealer,
      { topic: 'bug', message: 'Contact inbox test: the zone list does not refresh.' },
      { name: 'screen.png', content: solidPng(4, 4, [10, 20, 30]) },
    ));
  }, 240_000);

  it('lists the messages newest first with the sender, topic, attachment and status', async () => {
    const { status, body } = await json(await admin.request('GET', `/api/contactRequests${query({})}`));
    expect(status).toBe(200);
    expect(body[0]).toMatchObject({
      reference,
      topic: 'bug',
      message: 'Contact inbox test: the zone list does not refresh.',
      status: 'new',
      internalNote: null,
      senderUsername: 'dealer.beta',
      senderApplicationNum: 2,
      attachmentName: 'screen.png',
      attachmentType: 'image/png',
    });
    id = body[0].id;
    // The demo's messages: one in progress with support's note, one closed.
    expect(body.map((r: { status: string }) => r.status)).toEqual(expect.arrayContaining(['new', 'inProgress', 'closed']));
  });

  it('filters by search, status and topic', async () => {
    const found = async (filter: object) =>
      (await json(await admin.request('GET', `/api/contactRequests${query(filter)}`))).body.map((r: { reference: string }) => r.reference);
    expect(await found({ q: reference })).toEqual([reference]);
    expect(await found({ q: 'ZONE LIST does not' })).toEqual([reference]);
    expect(await found({ q: 'dealer.beta', topic: 'bug' })).toEqual([reference]);
    expect(await found({ status: 'closed', q: reference })).toEqual([]);
    expect((await found({ status: 'inProgress' })).length).toBeGreaterThan(0);
    expect((await admin.request('GET', `/api/contactRequests${query({ status: 'lost' })}`)).status).toBe(400);
  });

  it('shows one message and downloads its attachment (audited)', async () => {
    const { status, body } = await json(await admin.request('GET', `/api/contactRequests/${id}`));
    expect(status).toBe(200);
    expect(body).toMatchObject({ id, reference, senderName: expect.any(String) });
    const file = await admin.request('GET', `/api/contactRequests/${id}/attachment`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toContain('screen.png');
    expect(Buffer.from(await file.arrayBuffer()).equals(solidPng(4, 4, [10, 20, 30]))).toBe(true);
    const audited = await t.db
      .selectFrom('audit_log')
      .select('target_id')
      .where('action', '=', 'contactRequests.attachmentDownloaded')
      .execute();
    expect(audited.map((a) => a.target_id)).toContain(String(id));
    expect((await admin.request('GET', '/api/contactRequests/999999')).status).toBe(404);
  });

  it('moves a message new → in progress → closed and back to in progress, never to new; each change audited with before and after', async () => {
    const put = (body: object) => admin.request('PUT', `/api/contactRequests/${id}`, body);
    const started = await json(await put({ status: 'inProgress', internalNote: '  Asked the field team.  ' }));
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: 'inProgress', internalNote: 'Asked the field team.', updatedBy: 'support.admin' });
    expect(started.body.updatedAt).toEqual(expect.any(String));

    const back = await json(await put({ status: 'new' }));
    expect(back.status).toBe(409);
    expect(back.body.message).toBe('A message cannot go from In progress to New.');

    expect((await json(await put({ status: 'closed' }))).body).toMatchObject({ status: 'closed', internalNote: 'Asked the field team.' });
    expect((await json(await put({ status: 'inProgress', internalNote: null }))).body).toMatchObject({
      status: 'inProgress',
      internalNote: null,
    });

    const audits = await t.db
      .selectFrom('audit_log')
      .select(['details', 'actor_user_id'])
      .where('action', '=', 'contactRequests.updated')
      .where('target_id', '=', String(id))
      .orderBy('audit_id')
      .execute();
    expect(audits.map((a) => a.details)).toEqual([
      {
        reference,
        before: { status: 'new', internalNote: null },
        after: { status: 'inProgress', internalNote: 'Asked the field team.' },
      },
      {
        reference,
        before: { status: 'inProgress', internalNote: 'Asked the field team.' },
        after: { status: 'closed', internalNote: 'Asked the field team.' },
      },
      {
        reference,
        before: { status: 'closed', internalNote: 'Asked the field team.' },
        after: { status: 'inProgress', internalNote: null },
      },
    ]);
  });

  it('refuses an empty or unknown change and a message that does not exist', async () => {
    expect((await admin.request('PUT', `/api/contactRequests/${id}`, {})).status).toBe(400);
    expect((await admin.request('PUT', `/api/contactRequests/${id}`, { status: 'archived' })).status).toBe(400);
    expect((await admin.request('PUT', `/api/contactRequests/${id}`, { reference: 'CU-1' })).status).toBe(400);
    expect((await admin.request('PUT', '/api/contactRequests/999999', { status: 'closed' })).status).toBe(404);
  });

  it('is for application 1 only: every staff user reads and handles; dealers and customers 403; no session 401', async () => {
    expect((await viewer.request('GET', `/api/contactRequests${query({})}`)).status).toBe(200);
    expect((await viewer.request('PUT', `/api/contactRequests/${id}`, { status: 'closed' })).status).toBe(200);
    for (const client of [dealer, customer]) {
      expect((await client.request('GET', `/api/contactRequests${query({})}`)).status).toBe(403);
      expect((await client.request('GET', `/api/contactRequests/${id}`)).status).toBe(403);
      expect((await client.request('GET', `/api/contactRequests/${id}/attachment`)).status).toBe(403);
      expect((await client.request('PUT', `/api/contactRequests/${id}`, { status: 'inProgress' })).status).toBe(403);
    }
    const anonymous = await new TestClient(t.origin).init();
    expect((await anonymous.request('GET', '/api/contactRequests')).status).toBe(401);
  });
});
