import { describe, expect, it } from 'vitest';
import { DEMO_SHOWCASE_SITES } from '../../src/server/db/seed/demo/showcaseSites.js';
import { json, signedInClient, type TestClient } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { auditsOf, demoSuite } from './fixtures.js';

/**
 * Editing the account (dealer side): the call list, zones, passcodes, schedules and
 * holidays. Each resource's messages, the phone stored as E.164, the calling order, the tenant
 * scope on every write (another group's rows answer 404 like missing ones), the audit with before
 * and after (passcodes masked), the change in the account's history, and who may write
 * (xtAdmin: dealer.beta; not dealer.summit, not customers).
 */
const [complete, cafe] = DEMO_SHOWCASE_SITES;

describe.each(TEST_DATABASES)('account edits on $name', (database) => {
  const { t, beta } = demoSuite(database, { beta: 'dealer.beta' });

  const contactsOf = async (c: TestClient, siteNum: number) =>
    json(await c.request('GET', `/api/contacts?filter=${encodeURIComponent(JSON.stringify({ siteNum }))}&range=[0,99]`));
  const audits = (action: string) => auditsOf(t.db, action);
  const changes = (siteNum: number) =>
    t.db
      .selectFrom('alarm_events')
      .select(['event_code', 'event_kind', 'event_code_description', 'zone_num'])
      .where('site_num', '=', siteNum)
      .where('event_kind', '=', 'change')
      .orderBy('alarm_num', 'desc')
      .execute();
  const lastChange = async (siteNum: number) => (await changes(siteNum))[0];

  it('lists the call list in calling order, with contact passcodes masked', async () => {
    const response = await beta.request(
      'GET',
      `/api/contacts?filter=${encodeURIComponent(JSON.stringify({ siteNum: complete.siteNum }))}&range=[0,99]`,
    );
    const { status, body } = await json(response);
    expect(status).toBe(200);
    expect(response.headers.get('content-range')).toBe(`contacts 0-${complete.contacts.length - 1}/${complete.contacts.length}`);
    expect(body.map((c: { name: string }) => c.name)).toEqual(complete.contacts.map((c) => c.name));
    expect(body[0].passcodeMasked).toBe('•'.repeat(complete.contacts[0].passcode!.length));
    expect(JSON.stringify(body)).not.toContain(complete.contacts[0].passcode);
    expect((await beta.request('GET', '/api/contacts')).status).toBe(400);
  });

  it('adds a contact with its phone stored as E.164, at the end, audited and in the history', async () => {
    const created = await json(
      await beta.request('POST', '/api/contacts', {
        siteNum: cafe.siteNum,
        name: '  Lucía Ortega ',
        relation: 'Baker',
        phoneNumber: '212.555.0134 x7',
        email: null,
        verifies: true,
        hasKey: false,
        passcode: 'pan2026',
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Lucía Ortega',
      phoneNumber: '+12125550134;ext=7',
      position: cafe.contacts.length + 1,
      passcodeMasked: '•••••••',
      verifies: true,
    });
    const stored = await t.db.selectFrom('contacts').selectAll().where('contact_id', '=', created.body.contactId).executeTakeFirstOrThrow();
    expect(stored.phone_number).toBe('+12125550134;ext=7');
    expect(stored.passcode).toBe('pan2026');

    const [audit] = (await audits('contact.created')).slice(-1);
    expect(audit.target_id).toBe(String(created.body.contactId));
    expect(audit.details).toMatchObject({
      siteNum: cafe.siteNum,
      before: null,
      after: { name: 'Lucía Ortega', passcodeMasked: '•••••••' },
    });
    expect(JSON.stringify(audit.details)).not.toContain('pan2026');
    expect(await lastChange(cafe.siteNum)).toMatchObject({
      event_code: 'CHANGE',
      event_kind: 'change',
      event_code_description: 'Call list: Lucía Ortega added by dealer.beta',
    });
  });

  it("names what is wrong with a contact, in the user's language, and keeps the list as it was", async () => {
    const before = (await contactsOf(beta, cafe.siteNum)).body.length;
    const bad = await json(
      await beta.request('POST', '/api/contacts', { siteNum: cafe.siteNum, name: 'X', phoneNumber: '555-0187', passcode: 'a b' }),
    );
    expect(bad).toEqual({
      status: 400,
      body: {
        message: 'The form is not valid. Please check for errors',
        errors: { phoneNumber: 'This is not a valid phone number', passcode: 'A passcode has at least 4 characters' },
      },
    });
    const short = await json(
      await beta.request('POST', '/api/contacts', { siteNum: cafe.siteNum, name: 'X', phoneNumber: '12' }, { 'Accept-Language': 'es' }),
    );
    expect(short.body.errors).toEqual({ phoneNumber: 'Este número de teléfono es demasiado corto' });
    const blank = await json(await beta.request('POST', '/api/contacts', { siteNum: cafe.siteNum, name: '  ', phoneNumber: '2125550134' }));
    expect(blank.status).toBe(400);
    expect(blank.body.errors.name).toBeDefined();
    expect((await contactsOf(beta, cafe.siteNum)).body.length).toBe(before);
  });

  it('edits a contact: before and after in the audit, the changed fields in the history', async () => {
    const list = (await contactsOf(beta, cafe.siteNum)).body;
    const kenji = list.find((c: { name: string }) => c.name === 'Kenji Watanabe');
    const saved = await json(
      await beta.request('PUT', `/api/contacts/${kenji.contactId}`, { ...kenji, phoneNumber: '(303) 555-0100', verifies: true }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ phoneNumber: '+13035550100', verifies: true, position: kenji.position });
    const [audit] = (await audits('contact.updated')).slice(-1);
    expect(audit.details).toMatchObject({
      before: { phoneNumber: kenji.phoneNumber, verifies: false },
      after: { phoneNumber: '+13035550100', verifies: true },
    });
    expect((await lastChange(cafe.siteNum))?.event_code_description).toBe(
      'Call list: Kenji Watanabe changed by dealer.beta (Phone, Verification contact (may verify an alarm))',
    );
    // A number stored before the rule may stay while another field changes.
    const noel = list.find((c: { name: string }) => c.name === 'Noël Girard');
    expect((await beta.request('PUT', `/api/contacts/${noel.contactId}`, { ...noel, relation: 'Manager' })).status).toBe(200);
  });

  it('reorders the call list: every contact once, or a 409', async () => {
    const list = (await contactsOf(beta, cafe.siteNum)).body as { contactId: number }[];
    const reversed = list.map((c) => c.contactId).reverse();
    const ordered = await json(await beta.request('PUT', `/api/sites/${cafe.siteNum}/contacts/order`, { contactIds: reversed }));
    expect(ordered.status).toBe(200);
    expect(ordered.body.map((c: { contactId: number; position: number }) => [c.contactId, c.position])).toEqual(
      reversed.map((id, i) => [id, i + 1]),
    );
    expect((await contactsOf(beta, cafe.siteNum)).body.map((c: { contactId: number }) => c.contactId)).toEqual(reversed);
    const [audit] = (await audits('contacts.reordered')).slice(-1);
    expect(audit.details).toEqual({ siteNum: cafe.siteNum, before: list.map((c) => c.contactId), after: reversed });
    expect((await lastChange(cafe.siteNum))?.event_code_description).toBe('Call list: order changed by dealer.beta');
    const partial = await json(await beta.request('PUT', `/api/sites/${cafe.siteNum}/contacts/order`, { contactIds: reversed.slice(1) }));
    expect(partial).toEqual({ status: 409, body: { message: 'The call list changed meanwhile. Reload it and try again' } });
  });

  it('removes a contact and closes the gap in the order', async () => {
    const list = (await contactsOf(beta, cafe.siteNum)).body as { contactId: number; name: string }[];
    const removed = await json(await beta.request('DELETE', `/api/contacts/${list[0].contactId}`));
    expect(removed.status).toBe(200);
    const after = (await contactsOf(beta, cafe.siteNum)).body as { position: number }[];
    expect(after.map((c) => c.position)).toEqual(after.map((_, i) => i + 1));
    expect((await lastChange(cafe.siteNum))?.event_code_description).toBe(`Call list: ${list[0].name} removed by dealer.beta`);
    expect((await beta.request('DELETE', `/api/contacts/${list[0].contactId}`)).status).toBe(404);
  });

  it("edits a zone's description and event kind, the change on the zone in the history", async () => {
    const zones = (
      await json(await beta.request('GET', `/api/zones?filter=${encodeURIComponent(JSON.stringify({ siteNum: cafe.siteNum }))}`))
    ).body;
    const zone = zones[0];
    expect(zone.id).toBe(`${zone.devNum}-${zone.zoneNum}`);
    const saved = await json(
      await beta.request('PUT', `/api/zones/${zone.id}`, { ...zone, description: 'Front Door (glass)', eventType: 'Panic' }),
    );
    expect(saved).toMatchObject({ status: 200, body: { description: 'Front Door (glass)', eventType: 'Panic' } });
    expect(await lastChange(cafe.siteNum)).toMatchObject({
      zone_num: zone.zoneNum,
      event_code_description: `Zone ${zone.zoneNum}: changed by dealer.beta (Description, Event kind)`,
    });
    const [audit] = (await audits('zone.updated')).slice(-1);
    expect(audit.details).toMatchObject({ before: { description: zone.description }, after: { description: 'Front Door (glass)' } });
    const bad = await json(await beta.request('PUT', `/api/zones/${zone.id}`, { description: '', eventType: 'Nope' }));
    expect(bad.status).toBe(400);
    expect((await beta.request('PUT', '/api/zones/999999-1', { description: 'x', eventType: 'Fire' })).status).toBe(404);
  });

  it('adds, changes and removes passcodes: rules, one duress, masked in answers and audit', async () => {
    const base = { siteNum: cafe.siteNum, isDuress: false };
    const short = await json(await beta.request('POST', '/api/passcodes', { ...base, name: 'Night', passcode: 'ab1' }));
    expect(short.body.errors).toEqual({ passcode: 'A passcode has at least 4 characters' });
    const chars = await json(await beta.request('POST', '/api/passcodes', { ...base, name: 'Night', passcode: 'ab-12' }));
    expect(chars.body.errors).toEqual({ passcode: 'Use letters and digits only' });
    const duplicate = await json(await beta.request('POST', '/api/passcodes', { ...base, name: 'Night', passcode: 'CROISSANT9' }));
    expect(duplicate.body.errors).toEqual({ passcode: 'This account already has this passcode' });
    const duress = await json(
      await beta.request('POST', '/api/passcodes', { ...base, name: 'Night', passcode: 'lune2026', isDuress: true }),
    );
    expect(duress.body.errors).toEqual({ isDuress: 'An account has at most one duress passcode' });
    const missing = await json(await beta.request('POST', '/api/passcodes', { ...base, name: 'Night' }));
    expect(missing.body.errors).toEqual({ passcode: 'Enter a passcode' });

    const created = await json(await beta.request('POST', '/api/passcodes', { ...base, name: 'Night', passcode: 'lune2026' }));
    expect(created).toMatchObject({ status: 201, body: { name: 'Night', masked: '••••••••', isDuress: false } });
    expect(JSON.stringify(created.body)).not.toContain('lune2026');
    const changed = await json(await beta.request('PUT', `/api/passcodes/${created.body.id}`, { ...created.body, passcode: 'etoile77' }));
    expect(changed).toMatchObject({ status: 200, body: { masked: '••••••••' } });
    expect(
      (await t.db.selectFrom('passcodes').select('passcode').where('passcode_id', '=', created.body.id).executeTakeFirstOrThrow()).passcode,
    ).toBe('etoile77');
    // Left out: the value stays.
    await beta.request('PUT', `/api/passcodes/${created.body.id}`, { name: 'Night shift' });
    expect(
      (await t.db.selectFrom('passcodes').select('passcode').where('passcode_id', '=', created.body.id).executeTakeFirstOrThrow()).passcode,
    ).toBe('etoile77');
    const auditText = JSON.stringify(await t.db.selectFrom('audit_log').select('details').where('action', 'like', 'passcode.%').execute());
    for (const secret of ['lune2026', 'etoile77', 'croissant9']) expect(auditText).not.toContain(secret);
    const [update] = (await audits('passcode.updated')).slice(-2);
    expect(update.details).toMatchObject({ before: { masked: '••••••••' }, after: { passcodeChanged: true } });
    expect((await lastChange(cafe.siteNum))?.event_code_description).toBe('Passcode Night shift changed by dealer.beta (Name)');
    expect((await beta.request('DELETE', `/api/passcodes/${created.body.id}`)).status).toBe(200);
    expect((await lastChange(cafe.siteNum))?.event_code_description).toBe('Passcode Night shift removed by dealer.beta');
  });

  it('keeps weekly windows apart and holidays one per date', async () => {
    const windows = (
      await json(await beta.request('GET', `/api/schedules?filter=${encodeURIComponent(JSON.stringify({ siteNum: cafe.siteNum }))}`))
    ).body;
    expect(windows.length).toBeGreaterThanOrEqual(5);
    const monday = windows.find((w: { dayOfWeek: number }) => w.dayOfWeek === 1);
    const addWindow = async (window: object) =>
      json(await beta.request('POST', '/api/schedules', { siteNum: cafe.siteNum, name: 'Late', ...window }));
    const overlap = await addWindow({ dayOfWeek: 1, opensAt: monday.opensAt, closesAt: '23:00' });
    expect(overlap.body.errors).toEqual({ opensAt: 'This window overlaps another one' });
    const same = await addWindow({ dayOfWeek: 0, opensAt: '10:00', closesAt: '10:00' });
    expect(same.body.errors).toEqual({ closesAt: 'The closing time must differ from the opening time' });
    const format = await addWindow({ dayOfWeek: 0, opensAt: '25:00', closesAt: '10:00' });
    expect(format.body.errors).toEqual({ opensAt: 'Enter a time as HH:MM' });
    const overnight = await addWindow({ name: 'Baking', dayOfWeek: 0, opensAt: '22:00', closesAt: '04:00' });
    expect(overnight).toMatchObject({ status: 201, body: { dayOfWeek: 0, opensAt: '22:00', closesAt: '04:00' } });
    const moved = await json(await beta.request('PUT', `/api/schedules/${overnight.body.id}`, { ...overnight.body, closesAt: '05:00' }));
    expect(moved.status).toBe(200);
    expect((await lastChange(cafe.siteNum))?.event_code_description).toBe('Schedule: window Baking changed by dealer.beta (Closes)');
    expect((await beta.request('DELETE', `/api/schedules/${overnight.body.id}`)).status).toBe(200);

    const holidays = (
      await json(await beta.request('GET', `/api/holidays?filter=${encodeURIComponent(JSON.stringify({ siteNum: cafe.siteNum }))}`))
    ).body;
    expect(holidays.length).toBe(cafe.holidays!.length);
    const christmas = holidays.find((h: { name: string }) => h.name === 'Christmas Day');
    expect(christmas).toMatchObject({ closedAllDay: true, opensAt: null, closesAt: null });
    const dup = await json(await beta.request('POST', '/api/holidays', { siteNum: cafe.siteNum, date: christmas.date, name: 'Again' }));
    expect(dup.body.errors).toEqual({ date: 'This date already has a holiday' });
    const half = await json(
      await beta.request('POST', '/api/holidays', { siteNum: cafe.siteNum, date: '2031-07-04', name: 'July 4', opensAt: '09:00' }),
    );
    expect(half.body.errors).toEqual({ closesAt: 'Enter both the opening and the closing time, or neither' });
    const added = await json(
      await beta.request('POST', '/api/holidays', {
        siteNum: cafe.siteNum,
        date: '2031-07-04',
        name: 'July 4',
        opensAt: '09:00',
        closesAt: '12:00',
      }),
    );
    expect(added).toMatchObject({ status: 201, body: { date: '2031-07-04', closedAllDay: false, opensAt: '09:00', closesAt: '12:00' } });
    expect((await lastChange(cafe.siteNum))?.event_code_description).toBe('Schedule: holiday July 4 on 2031-07-04 added by dealer.beta');
    const detail = (await json(await beta.request('GET', `/api/sites/${cafe.siteNum}`))).body;
    expect(detail.holidays.map((h: { date: string }) => h.date)).toContain('2031-07-04');
    expect((await beta.request('DELETE', `/api/holidays/${added.body.id}`)).status).toBe(200);
  });

  it('shows the changes in the history as kind change, and the dashboard does not count them', async () => {
    const history = await json(
      await beta.request(
        'GET',
        `/api/events?filter=${encodeURIComponent(JSON.stringify({ siteNum: cafe.siteNum, kind: ['change'] }))}&range=[0,99]`,
      ),
    );
    expect(history.status).toBe(200);
    expect(history.body.length).toBeGreaterThan(cafe.changes!.length);
    expect(history.body.every((e: { kind: string }) => e.kind === 'change')).toBe(true);
    const days = await t.db
      .selectFrom('event_days')
      .select('event_kind')
      .where('event_kind', '=', 'change' as never)
      .execute();
    expect(days).toEqual([]);
  });

  it("answers another group's rows 404 on every write, like missing ones, and leaves them out of getMany", async () => {
    const contact = (await contactsOf(beta, complete.siteNum)).body[0];
    const passcode = await t.db
      .selectFrom('passcodes')
      .select('passcode_id')
      .where('site_num', '=', complete.siteNum)
      .executeTakeFirstOrThrow();
    const zone = await t.db
      .selectFrom('zones')
      .innerJoin('devices', 'devices.dev_num', 'zones.dev_num')
      .select(['zones.dev_num', 'zones.zone_num'])
      .where('devices.site_num', '=', cafe.siteNum)
      .executeTakeFirstOrThrow();
    const schedule = await t.db
      .selectFrom('schedules')
      .select('schedule_id')
      .where('site_num', '=', cafe.siteNum)
      .executeTakeFirstOrThrow();
    const holiday = await t.db
      .selectFrom('schedule_holidays')
      .select('holiday_id')
      .where('site_num', '=', cafe.siteNum)
      .executeTakeFirstOrThrow();
    const before = await t.db
      .selectFrom('alarm_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('event_kind', '=', 'change')
      .executeTakeFirst();
    // getMany's ids name no account: each row is read only within the user's group.
    const byId: [string, number | string][] = [
      ['contacts', contact.contactId],
      ['zones', `${zone.dev_num}-${zone.zone_num}`],
      ['passcodes', passcode.passcode_id],
      ['schedules', schedule.schedule_id],
      ['holidays', holiday.holiday_id],
    ];
    const getMany = async (name: string, id: number | string) => {
      const answer = await json(await beta.request('GET', `/api/${name}?filter=${encodeURIComponent(JSON.stringify({ id: [id] }))}`));
      return { name, status: answer.status, ids: answer.body.map?.((row: { id: unknown }) => row.id) };
    };
    for (const [name, id] of byId) expect(await getMany(name, id)).toEqual({ name, status: 200, ids: [id] });
    expect((await beta.request('PUT', '/api/user/accountGroup', { siteGroupNum: 4120 })).status).toBe(200);
    try {
      for (const [name, id] of byId) expect(await getMany(name, id)).toEqual({ name, status: 200, ids: [] });
      const writes: [string, string, unknown][] = [
        ['GET', `/api/contacts?filter=${encodeURIComponent(JSON.stringify({ siteNum: complete.siteNum }))}`, undefined],
        ['POST', '/api/contacts', { siteNum: complete.siteNum, name: 'Intruder', phoneNumber: '2125550134' }],
        ['PUT', `/api/contacts/${contact.contactId}`, { ...contact, name: 'Intruder' }],
        ['DELETE', `/api/contacts/${contact.contactId}`, undefined],
        ['PUT', `/api/sites/${complete.siteNum}/contacts/order`, { contactIds: [contact.contactId] }],
        ['PUT', `/api/zones/${zone.dev_num}-${zone.zone_num}`, { description: 'Intruder', eventType: 'Fire' }],
        ['POST', '/api/passcodes', { siteNum: complete.siteNum, name: 'Intruder', passcode: 'intruder1' }],
        ['PUT', `/api/passcodes/${passcode.passcode_id}`, { name: 'Intruder', passcode: 'intruder1' }],
        ['DELETE', `/api/passcodes/${passcode.passcode_id}`, undefined],
        ['POST', '/api/schedules', { siteNum: cafe.siteNum, name: 'x', dayOfWeek: 0, opensAt: '01:00', closesAt: '02:00' }],
        ['PUT', `/api/schedules/${schedule.schedule_id}`, { name: 'x', dayOfWeek: 0, opensAt: '01:00', closesAt: '02:00' }],
        ['DELETE', `/api/schedules/${schedule.schedule_id}`, undefined],
        ['POST', '/api/holidays', { siteNum: cafe.siteNum, name: 'x', date: '2032-01-02' }],
        ['PUT', `/api/holidays/${holiday.holiday_id}`, { name: 'x', date: '2032-01-02' }],
        ['DELETE', `/api/holidays/${holiday.holiday_id}`, undefined],
      ];
      for (const [method, path, body] of writes) {
        const answer = await json(await beta.request(method, path, body));
        expect({ method, path, status: answer.status, body: answer.body }).toEqual({
          method,
          path,
          status: 404,
          body: { message: 'Not found' },
        });
      }
    } finally {
      await beta.request('PUT', '/api/user/accountGroup', { siteGroupNum: 9993 });
    }
    const after = await t.db
      .selectFrom('alarm_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('event_kind', '=', 'change')
      .executeTakeFirst();
    expect(after).toEqual(before);
  });

  it('lets only xtAdmin dealers write: dealer.summit and customers are refused', async () => {
    const summit = await signedInClient(t.origin, 'dealer.summit');
    const customer = await signedInClient(t.origin, 'customer@example.com');
    const own = await t.db.selectFrom('sites').select('site_num').where('site_group_num', '=', 5877).limit(1).executeTakeFirstOrThrow();
    // dealer.summit reads its own group's call list, and writes nothing.
    expect((await contactsOf(summit, own.site_num)).status).toBe(200);
    for (const c of [summit, customer]) {
      expect((await c.request('POST', '/api/contacts', { siteNum: own.site_num, name: 'X', phoneNumber: '2125550134' })).status).toBe(403);
      expect((await c.request('PUT', `/api/sites/${own.site_num}/contacts/order`, { contactIds: [1] })).status).toBe(403);
      expect((await c.request('POST', '/api/passcodes', { siteNum: own.site_num, name: 'X', passcode: 'abcd1' })).status).toBe(403);
      expect((await c.request('PUT', '/api/zones/1-1', { description: 'X', eventType: 'Fire' })).status).toBe(403);
      expect((await c.request('POST', '/api/holidays', { siteNum: own.site_num, name: 'X', date: '2032-01-02' })).status).toBe(403);
      expect((await c.request('DELETE', '/api/schedules/1')).status).toBe(403);
    }
  });
});
