import { describe, expect, it } from 'vitest';
import { json, signedInClient } from './client.js';
import { messagesTo, TEST_DATABASES } from './harness.js';
import { auditsOf, demoSuite } from './fixtures.js';

/**
 * The answering service: §6 level8 + ansServiceBlockFlag + a group that has the service
 * (403 otherwise, also after switching to a group without it), every list scoped to the selected
 * account group (another group's record answers 404), mark handled audited, the CSV export, the
 * auto-notify test through the real outbox, the on-call gaps and business hours.
 */
const list = (value: object = {}, range = '[0,99]') =>
  `filter=${encodeURIComponent(JSON.stringify(value))}&range=${encodeURIComponent(range)}&sort=${encodeURIComponent('["takenAt","DESC"]')}`;

describe.each(TEST_DATABASES)('answering service on $name', (database) => {
  const { t, beta } = demoSuite(database, { beta: 'dealer.beta' });

  const audits = (action: string) => auditsOf(t.db, action);

  it('lets dealer.beta in with level8, the flag and a group that has the service', async () => {
    for (const path of ['/api/ansMessages', '/api/onCall', '/api/autoNotify', '/api/businessHours/exceptions']) {
      expect((await beta.request('GET', `${path}?${list()}`)).status, path).toBe(200);
    }
    expect((await beta.request('GET', '/api/businessHours')).status).toBe(200);
    expect((await beta.request('GET', '/api/onCall/findings')).status).toBe(200);
  });

  it('refuses a dealer without level8 (dealer.summit, whose group has the service) and other applications', async () => {
    const summit = await signedInClient(t.origin, 'dealer.summit');
    const customer = await signedInClient(t.origin, 'customer@example.com');
    const support = await signedInClient(t.origin, 'support.admin', { internal: true });
    for (const client of [summit, customer, support]) {
      expect((await client.request('GET', `/api/ansMessages?${list()}`)).status).toBe(403);
      expect((await client.request('GET', '/api/businessHours')).status).toBe(403);
      expect((await client.request('GET', '/api/ansMessages/export')).status).toBe(403);
    }
    expect((await summit.request('POST', '/api/onCall', {})).status).toBe(403);
  });

  it('refuses dealer.beta after switching to group 4120, which has no answering service', async () => {
    const other = await signedInClient(t.origin, 'dealer.beta');
    expect((await other.request('PUT', '/api/user/accountGroup', { siteGroupNum: 4120 })).status).toBe(200);
    try {
      expect((await other.request('GET', `/api/ansMessages?${list()}`)).status).toBe(403);
      expect((await other.request('GET', `/api/onCall?${list()}`)).status).toBe(403);
      expect((await other.request('POST', '/api/autoNotify/1/test')).status).toBe(403);
    } finally {
      expect((await other.request('PUT', '/api/user/accountGroup', { siteGroupNum: 9993 })).status).toBe(200);
    }
  });

  it("lists only the group's messages, filters and searches them, and hides another group's by id", async () => {
    const { body, status } = await json(await beta.request('GET', `/api/ansMessages?${list()}`));
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(35);
    const ids = await t.db.selectFrom('ans_messages').select('message_id').where('site_group_num', '=', 9993).execute();
    expect(body).toHaveLength(ids.length);
    const summitMessage = await t.db
      .selectFrom('ans_messages')
      .select('message_id')
      .where('site_group_num', '=', 5877)
      .executeTakeFirstOrThrow();
    expect(body.map((m: { id: number }) => m.id)).not.toContain(summitMessage.message_id);
    expect((await beta.request('GET', `/api/ansMessages/${summitMessage.message_id}`)).status).toBe(404);
    expect((await beta.request('PUT', `/api/ansMessages/${summitMessage.message_id}`, { status: 'handled' })).status).toBe(404);

    const news = (await json(await beta.request('GET', `/api/ansMessages?${list({ status: 'new' })}`))).body;
    expect(news.length).toBeGreaterThan(0);
    expect(news.every((m: { status: string }) => m.status === 'new')).toBe(true);
    const emergencies = (await json(await beta.request('GET', `/api/ansMessages?${list({ kind: 'emergency' })}`))).body;
    expect(emergencies.every((m: { kind: string }) => m.kind === 'emergency')).toBe(true);
    const [first] = body;
    const found = (await json(await beta.request('GET', `/api/ansMessages?${list({ q: first.callerName.split(' ')[1] })}`))).body;
    expect(found.map((m: { id: number }) => m.id)).toContain(first.id);
    const to = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const older = (await json(await beta.request('GET', `/api/ansMessages?${list({ to })}`))).body;
    expect(older.length).toBeGreaterThan(0);
    expect(older.every((m: { takenAt: string }) => m.takenAt < to)).toBe(true);
    // Pages in Content-Range.
    const page = await beta.request('GET', `/api/ansMessages?${list({}, '[0,9]')}`);
    expect(page.headers.get('content-range')).toBe(`ansMessages 0-9/${ids.length}`);
  });

  it('marks a message handled (who and when), audited with before and after', async () => {
    const [message] = (await json(await beta.request('GET', `/api/ansMessages?${list({ status: 'new' })}`))).body;
    const { status, body } = await json(await beta.request('PUT', `/api/ansMessages/${message.id}`, { status: 'handled' }));
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: message.id, status: 'handled', handledBy: 'Dana Whitfield', handledAt: expect.any(String) });
    const [entry] = (await audits('ansMessage.handled')).filter((a) => a.target_id === String(message.id));
    expect(entry.details).toMatchObject({ before: { status: 'new' }, after: { status: 'handled' } });
    const dana = await t.db.selectFrom('users').select('user_id').where('username', '=', 'dealer.beta').executeTakeFirstOrThrow();
    expect(entry.actor_user_id).toBe(dana.user_id);
    // Open again: who and when are cleared.
    const reopened = (await json(await beta.request('PUT', `/api/ansMessages/${message.id}`, { status: 'new' }))).body;
    expect(reopened).toMatchObject({ status: 'new', handledBy: null, handledAt: null });
  });

  it('exports the filtered messages as CSV with translated headings, audited', async () => {
    const response = await beta.request(
      'GET',
      `/api/ansMessages/export?filter=${encodeURIComponent(JSON.stringify({ kind: 'billing' }))}`,
      undefined,
      {
        'Accept-Language': 'es',
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="ans-messages-9993-\d{8}\.csv"$/);
    const text = await response.text();
    const lines = text.trim().split(/\r?\n/);
    const billing = await t.db
      .selectFrom('ans_messages')
      .select('message_id')
      .where('site_group_num', '=', 9993)
      .where('kind', '=', 'billing')
      .execute();
    expect(lines).toHaveLength(billing.length + 1);
    expect(lines[0]).toContain('Recibido');
    expect(lines.slice(1).every((line) => line.includes('Facturación'))).toBe(true);
    expect(await audits('ansMessages.exported')).toHaveLength(1);
  });

  it('keeps the rota in the group, refuses an end before the start, and reports the gap of the demo week', async () => {
    const rota = (await json(await beta.request('GET', `/api/onCall?${list()}`))).body;
    expect(rota).toHaveLength(4);
    const findings = (await json(await beta.request('GET', '/api/onCall/findings'))).body;
    expect(findings.timeZone).toBe('America/Chicago');
    expect(findings.gaps).toHaveLength(1);
    expect(new Date(findings.gaps[0].end).getTime() - new Date(findings.gaps[0].start).getTime()).toBe(2 * 3_600_000);
    expect(findings.conflicts).toEqual([]);

    const entry = {
      personName: 'Sam Backup',
      contactMethods: [{ type: 'phone', value: '+1 312 555 0199' }],
      startsAt: findings.gaps[0].start,
      endsAt: new Date(new Date(findings.gaps[0].end).getTime() + 3_600_000).toISOString(),
      weekly: false,
    };
    const bad = await json(await beta.request('POST', '/api/onCall', { ...entry, endsAt: entry.startsAt }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('endsAt');
    const created = await json(await beta.request('POST', '/api/onCall', entry));
    expect(created.status).toBe(201);
    // The week named by its Monday (local midnight in Chicago falls on the same UTC day).
    const after = (await json(await beta.request('GET', `/api/onCall/findings?week=${findings.from.slice(0, 10)}`))).body;
    expect(after.gaps).toEqual([]);
    expect(after.conflicts).toHaveLength(1);
    expect(after.conflicts[0].entryIds).toContain(created.body.id);
    expect((await audits('onCall.created')).map((a) => a.target_id)).toContain(String(created.body.id));
    expect((await beta.request('DELETE', `/api/onCall/${created.body.id}`)).status).toBe(200);
    expect((await audits('onCall.deleted')).map((a) => a.target_id)).toContain(String(created.body.id));
  });

  it('sends an auto-notify test through the outbox, audited; refuses accounts of another group', async () => {
    const rules = (await json(await beta.request('GET', `/api/autoNotify?${list()}`))).body;
    expect(rules).toHaveLength(2);
    const email = rules.find((r: { channel: string }) => r.channel === 'email');
    const before = (await messagesTo(t.db, email.destination)).length;
    const { status, body } = await json(await beta.request('POST', `/api/autoNotify/${email.id}/test`));
    expect(status).toBe(200);
    expect(body.status).toBe('outboxOnly');
    const sent = await messagesTo(t.db, email.destination);
    expect(sent).toHaveLength(before + 1);
    expect(sent[0]).toMatchObject({ channel: 'email', message_id: body.messageId });
    expect(sent[0].subject).toContain(email.name);
    const text = rules.find((r: { channel: string }) => r.channel === 'text');
    const sms = await json(await beta.request('POST', `/api/autoNotify/${text.id}/test`));
    expect(sms.status).toBe(200);
    const texts = await t.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('message_id', '=', sms.body.messageId)
      .executeTakeFirstOrThrow();
    expect(texts).toMatchObject({ channel: 'sms', recipient: text.destination });
    expect((await audits('autoNotify.tested')).length).toBe(2);
    const tested = (await json(await beta.request('GET', `/api/autoNotify/${email.id}`))).body;
    expect(tested.lastTestAt).not.toBeNull();

    const foreign = await t.db.selectFrom('sites').select('site_num').where('site_group_num', '=', 4120).executeTakeFirstOrThrow();
    const rule = {
      name: 'Service to the tech lead',
      kind: 'service',
      siteNums: [foreign.site_num],
      personName: 'Tech Lead',
      channel: 'email',
      destination: 'tech@northwind.example.com',
      active: true,
    };
    const refused = await json(await beta.request('POST', '/api/autoNotify', rule));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toHaveProperty('siteNums');
    const own = await t.db.selectFrom('sites').select('site_num').where('site_group_num', '=', 9993).executeTakeFirstOrThrow();
    const created = await json(await beta.request('POST', '/api/autoNotify', { ...rule, siteNums: [own.site_num] }));
    expect(created.status).toBe(201);
    expect(created.body.siteNames).toHaveLength(1);
    expect((await beta.request('PUT', `/api/autoNotify/${created.body.id}`, { ...rule, siteNums: [], channel: 'text' })).status).toBe(400);
    expect((await audits('autoNotify.created')).map((a) => a.target_id)).toContain(String(created.body.id));
  });

  it('takes messages from the call centre with the integration key; the auto-notify rules fire through the outbox', async () => {
    const send = (body: unknown, key = 'demo-integration-key') =>
      fetch(`${t.origin}/api/integrations/ansMessages`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
        body: JSON.stringify(body),
      });
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('ans_messages')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const rules = (await json(await beta.request('GET', `/api/autoNotify?${list()}`))).body as {
      kind: string;
      siteNums: number[];
      destination: string;
    }[];
    const emergency = rules.find((r) => r.kind === 'emergency')!;
    const billing = rules.find((r) => r.kind === 'billing')!;
    const foreign = await t.db.selectFrom('sites').select('site_num').where('site_group_num', '=', 4120).executeTakeFirstOrThrow();
    const message = (kind: string, siteNum: number | null, caller: string) => ({
      siteGroupNum: 9993,
      siteNum,
      callerName: caller,
      callerNumber: '+13125550111',
      kind,
      text: `${caller} called about ${kind}.`,
      takenAt: new Date().toISOString(),
    });
    const before = await count();

    expect((await send({ messages: [message('general', null, 'Nobody')] }, 'wrong-key-wrong-key')).status).toBe(401);
    const refused = await json(
      await send({
        messages: [{ ...message('general', null, 'Ann'), siteGroupNum: 4120 }, message('general', foreign.site_num, 'Ben')],
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({
      'messages.0.siteGroupNum': 'This account group is unknown or has no answering service.',
      'messages.1.siteNum': 'This account is not in the account group.',
    });
    expect(await count()).toBe(before);

    const texts = (await messagesTo(t.db, emergency.destination)).length;
    const mails = (await messagesTo(t.db, billing.destination)).length;
    const accepted = await json(
      await send({
        messages: [
          message('emergency', null, 'Carla Emergency'),
          message('billing', billing.siteNums[0], 'Dave Billing'),
          { ...message('general', null, 'Erin General'), deliveredTo: 'Operator note: told the office' },
        ],
      }),
    );
    expect(accepted).toMatchObject({ status: 202, body: { accepted: 3, notified: 2 } });
    const sms = await messagesTo(t.db, emergency.destination);
    expect(sms).toHaveLength(texts + 1);
    expect(sms[0]).toMatchObject({ channel: 'sms' });
    expect(sms[0].body).toContain('Carla Emergency');
    const mail = await messagesTo(t.db, billing.destination);
    expect(mail).toHaveLength(mails + 1);
    expect(mail[0].subject).toContain('Dave Billing');
    expect(mail[0].body).toContain(String(billing.siteNums[0]));

    const listed = (await json(await beta.request('GET', `/api/ansMessages?${list({ q: 'called about' })}`))).body as {
      callerName: string;
      status: string;
      deliveredTo: string | null;
    }[];
    const byCaller = Object.fromEntries(listed.map((m) => [m.callerName, m]));
    expect(byCaller['Carla Emergency']).toMatchObject({ status: 'delivered' });
    expect(byCaller['Dave Billing'].deliveredTo).toBeTruthy();
    expect(byCaller['Erin General']).toMatchObject({ status: 'delivered', deliveredTo: 'Operator note: told the office' });
    const received = await audits('ansMessages.received');
    expect(received).toHaveLength(3);
    expect(received.every((a) => a.actor_user_id === null)).toBe(true);
  });

  it('keeps business hours in the group zone, with dated exceptions, audited', async () => {
    const hours = (await json(await beta.request('GET', '/api/businessHours'))).body;
    expect(hours.timeZone).toBe('America/Chicago');
    expect(hours.days.filter((d: { open: boolean }) => d.open)).toHaveLength(5);
    const exceptions = (await json(await beta.request('GET', `/api/businessHours/exceptions?${list()}`))).body;
    expect(exceptions.some((e: { name: string; closed: boolean }) => e.name === 'Christmas Day' && e.closed)).toBe(true);

    const saved = await json(
      await beta.request('PUT', '/api/businessHours', {
        timeZone: 'America/New_York',
        days: hours.days.map((d: object) => ({ ...d, open: true })),
      }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.timeZone).toBe('America/New_York');
    expect((await beta.request('PUT', '/api/businessHours', { timeZone: '+01:00', days: hours.days })).status).toBe(400);
    expect((await audits('businessHours.updated')).length).toBe(1);

    const inventory = async (days: object) =>
      json(await beta.request('POST', '/api/businessHours/exceptions', { name: 'Inventory', date: '2027-01-05', ...days }));
    // Ending before it starts.
    expect((await inventory({ endDate: '2027-01-04', closed: true })).status).toBe(400);
    const created = await inventory({ endDate: '2027-01-06', closed: false, opensAt: '10:00', closesAt: '14:00' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ date: '2027-01-05', endDate: '2027-01-06', opensAt: '10:00' });
    expect((await beta.request('DELETE', `/api/businessHours/exceptions/${created.body.id}`)).status).toBe(200);
    expect((await audits('hoursException.created')).length).toBe(1);
    expect((await audits('hoursException.deleted')).length).toBe(1);
    await beta.request('PUT', '/api/businessHours', { timeZone: hours.timeZone, days: hours.days });
  });
});
