import { describe, expect, it } from 'vitest';
import { DEMO_SHOWCASE_SITES } from '../../src/server/db/seed/demo/showcaseSites.js';
import { DEMO_ACCOUNT_PASSCODES } from '../../src/server/db/seed/demo/accountPasscodes.js';
import { json, TestClient } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { auditsOf, demoSuite, userIdOf } from './fixtures.js';

/**
 * My Security Account on the server: the dealer's site-detail resources again under
 * /api/msa for the customer's linked accounts. Every role gate (§6: a customer without the role
 * gets 403), the link scope by id and by filter (a site not linked answers as a missing one), the
 * active account when no siteNum is named, customer writes audited and visible to the dealer,
 * change requests, and the account links (one default, add with the account passcode, delete
 * with the last one kept).
 */
const [showcase] = DEMO_SHOWCASE_SITES;
const CARTER = 100001;
const LAKE_HOUSE = 100002;

const filter = (value: object) => `filter=${encodeURIComponent(JSON.stringify(value))}&range=${encodeURIComponent('[0,99]')}`;

describe.each(TEST_DATABASES)('My Security Account on $name', (database) => {
  const { t, customer, basic, beta } = demoSuite(database, {
    customer: 'customer@example.com',
    basic: 'customer.basic@example.com',
    beta: 'dealer.beta',
  });

  const audits = (action: string) => auditsOf(t.db, action);
  const userId = (username: string) => userIdOf(t.db, username);
  const links = async (client: TestClient) => (await json(await client.request('GET', '/api/msa/accountLinks'))).body;

  it('gates every resource by its role (§6): 403 without it, for dealers and without a session 401/403', async () => {
    const lists = ['contacts', 'zones', 'passcodes', 'schedules', 'holidays', 'tests'];
    for (const resource of lists) {
      const url = `/api/msa/${resource}?${filter({ siteNum: CARTER })}`;
      expect((await customer.request('GET', url)).status, `customer ${resource}`).toBe(200);
      expect((await basic.request('GET', url)).status, `customer without the role: ${resource}`).toBe(403);
      expect((await beta.request('GET', url)).status, `dealer: ${resource}`).toBe(403);
    }
    expect(
      (await new TestClient(t.origin).init().then((c) => c.request('GET', `/api/msa/contacts?${filter({ siteNum: CARTER })}`))).status,
    ).toBe(401);
    // Nor the dealer's side for a customer.
    expect((await customer.request('GET', `/api/contacts?${filter({ siteNum: CARTER })}`)).status).toBe(403);
    // Writes need the role too.
    const basicSite = (await links(basic))[0].siteNum;
    expect(
      (await basic.request('POST', '/api/msa/contacts', { siteNum: basicSite, name: 'X', phoneNumber: '(612) 555-0100' })).status,
    ).toBe(403);
    // The account itself: any customer, the sections of their roles only.
    const { status, body } = await json(await basic.request('GET', `/api/msa/sites/${basicSite}`));
    expect(status).toBe(200);
    expect(body).toMatchObject({ siteNum: basicSite, contacts: [], passcodes: [], zones: [], schedules: [], holidays: [], warnings: [] });
    expect(body.devices.length).toBeGreaterThan(0);
    const full = await json(await customer.request('GET', `/api/msa/sites/${CARTER}`));
    expect(full.body.contacts.length).toBeGreaterThan(0);
    expect(full.body.zones.length).toBeGreaterThan(0);
    expect(full.body.devices[0]).toMatchObject({ lastSignalAt: expect.any(String) });
  });

  it('reaches only linked accounts, by filter and by id (404 as if missing)', async () => {
    expect((await customer.request('GET', `/api/msa/contacts?${filter({ siteNum: showcase.siteNum })}`)).status).toBe(404);
    expect((await customer.request('GET', `/api/msa/sites/${showcase.siteNum}`)).status).toBe(404);
    const foreign = await t.db
      .selectFrom('contacts')
      .select('contact_id')
      .where('site_num', '=', showcase.siteNum)
      .executeTakeFirstOrThrow();
    expect((await customer.request('GET', `/api/msa/contacts/${foreign.contact_id}`)).status).toBe(404);
    expect(
      (await customer.request('PUT', `/api/msa/contacts/${foreign.contact_id}`, { name: 'Mallory', phoneNumber: '(612) 555-0199' })).status,
    ).toBe(404);
    expect((await customer.request('DELETE', `/api/msa/contacts/${foreign.contact_id}`)).status).toBe(404);
    const foreignPasscode = await t.db
      .selectFrom('passcodes')
      .select('passcode_id')
      .where('site_num', '=', showcase.siteNum)
      .executeTakeFirstOrThrow();
    expect((await customer.request('DELETE', `/api/msa/passcodes/${foreignPasscode.passcode_id}`)).status).toBe(404);
    const foreignZone = await t.db
      .selectFrom('zones')
      .innerJoin('devices', 'devices.dev_num', 'zones.dev_num')
      .select(['zones.dev_num', 'zones.zone_num', 'zones.event_type'])
      .where('devices.site_num', '=', showcase.siteNum)
      .executeTakeFirstOrThrow();
    const zoneId = `${foreignZone.dev_num}-${foreignZone.zone_num}`;
    expect(
      (await customer.request('PUT', `/api/msa/zones/${zoneId}`, { description: 'x', eventType: foreignZone.event_type })).status,
    ).toBe(404);
    expect((await customer.request('GET', `/api/msa/zones/${zoneId}`)).status).toBe(404);
    // getMany's ids: the rows of any linked account (not only the active one's), never another's.
    const lakeHouse = await t.db.selectFrom('contacts').select('contact_id').where('site_num', '=', LAKE_HOUSE).executeTakeFirstOrThrow();
    const many = await json(
      await customer.request('GET', `/api/msa/contacts?${filter({ id: [foreign.contact_id, lakeHouse.contact_id] })}`),
    );
    expect({ status: many.status, ids: many.body.map((c: { id: number }) => c.id) }).toEqual({ status: 200, ids: [lakeHouse.contact_id] });
    // The dealer still has them.
    expect((await beta.request('GET', `/api/contacts/${foreign.contact_id}`)).status).toBe(200);
  });

  it('answers for the active account when no siteNum is named, and follows a switch', async () => {
    const contactsOf = async (siteNum: number) =>
      (
        await t.db
          .selectFrom('contacts')
          .select('contact_id')
          .where('site_num', '=', siteNum)
          .orderBy('position')
          .orderBy('contact_id')
          .execute()
      ).map((c) => c.contact_id);
    const ids = async () =>
      (await json(await customer.request('GET', '/api/msa/contacts'))).body.map((c: { contactId: number }) => c.contactId);
    expect(await ids()).toEqual(await contactsOf(CARTER));
    expect((await customer.request('PUT', '/api/msa/accountLinks/active', { siteNum: LAKE_HOUSE })).status).toBe(200);
    expect(await ids()).toEqual(await contactsOf(LAKE_HOUSE));
    expect((await links(customer)).find((l: { isActive: boolean }) => l.isActive).siteNum).toBe(LAKE_HOUSE);
    expect((await customer.request('PUT', '/api/msa/accountLinks/active', { siteNum: CARTER })).status).toBe(200);
    expect(await ids()).toEqual(await contactsOf(CARTER));
  });

  it("edits the call list, a zone, a passcode and a schedule: audited, in the dealer's view and the history", async () => {
    const created = await json(
      await customer.request('POST', '/api/msa/contacts', {
        siteNum: CARTER,
        name: 'Robin Carter',
        relation: 'Son',
        phoneNumber: '(612) 555-0142',
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Robin Carter', phoneNumber: '+16125550142', siteNum: CARTER });
    const bad = await json(await customer.request('POST', '/api/msa/contacts', { siteNum: CARTER, name: 'Bad', phoneNumber: '12' }));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['phoneNumber']);

    const dealerView = await json(await beta.request('GET', `/api/contacts?${filter({ siteNum: CARTER })}`));
    expect(dealerView.body.map((c: { name: string }) => c.name)).toContain('Robin Carter');
    const order = dealerView.body.map((c: { contactId: number }) => c.contactId);
    const reordered = [created.body.contactId, ...order.filter((id: number) => id !== created.body.contactId)];
    const put = await json(await customer.request('PUT', `/api/msa/sites/${CARTER}/contacts/order`, { contactIds: reordered }));
    expect(put.status).toBe(200);
    expect(put.body.map((c: { contactId: number }) => c.contactId)).toEqual(reordered);
    const created_audit = (await audits('contact.created')).at(-1)!;
    expect(created_audit).toMatchObject({ actor_user_id: await userId('customer@example.com'), target_id: String(created.body.contactId) });
    const history = await t.db
      .selectFrom('alarm_events')
      .select('event_code_description')
      .where('site_num', '=', CARTER)
      .where('event_kind', '=', 'change')
      .orderBy('alarm_num', 'desc')
      .limit(2)
      .execute();
    expect(history.map((h) => h.event_code_description).join(' ')).toContain('customer@example.com');
    expect((await customer.request('DELETE', `/api/msa/contacts/${created.body.contactId}`)).status).toBe(200);

    const zone = (await json(await customer.request('GET', `/api/msa/zones?${filter({ siteNum: CARTER })}`))).body[0];
    const zoneEdit = await json(
      await customer.request('PUT', `/api/msa/zones/${zone.id}`, { description: 'Front door (main)', eventType: zone.eventType }),
    );
    expect(zoneEdit).toMatchObject({ status: 200, body: { description: 'Front door (main)' } });
    expect((await audits('zone.updated')).at(-1)).toMatchObject({ actor_user_id: await userId('customer@example.com') });

    const passcode = await json(
      await customer.request('POST', '/api/msa/passcodes', { siteNum: CARTER, name: 'Guest', passcode: '975310' }),
    );
    expect(passcode.status).toBe(201);
    expect(passcode.body.masked).toBe('••••••');
    expect(JSON.stringify((await audits('passcode.created')).at(-1))).not.toContain('975310');
    expect((await customer.request('DELETE', `/api/msa/passcodes/${passcode.body.passcodeId}`)).status).toBe(200);

    const window = await json(
      await customer.request('POST', '/api/msa/schedules', {
        siteNum: CARTER,
        name: 'Cleaners',
        dayOfWeek: 3,
        opensAt: '09:00',
        closesAt: '11:00',
      }),
    );
    expect(window.status).toBe(201);
    expect((await customer.request('DELETE', `/api/msa/schedules/${window.body.scheduleId}`)).status).toBe(200);
  });

  it('sends change requests to the dealer: pending, listed newest first, in the history; refused for a site not linked', async () => {
    const sent = await json(
      await customer.request('POST', '/api/msa/changeRequests', {
        field: 'address',
        requestedValue: '12 New Street, Minneapolis, MN 55401',
        note: 'Moving in May',
      }),
    );
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ siteNum: CARTER, field: 'address', status: 'pending', note: 'Moving in May' });
    expect(sent.body.currentValue).toContain('Minneapolis');
    const listed = await json(await customer.request('GET', `/api/msa/changeRequests?${filter({ siteNum: CARTER })}`));
    expect(listed.body[0].id).toBe(sent.body.id);
    expect((await json(await customer.request('GET', `/api/msa/changeRequests/${sent.body.id}`))).body).toEqual(sent.body);
    // Another customer's request answers as a missing one, alone and by id.
    expect((await basic.request('GET', `/api/msa/changeRequests/${sent.body.id}`)).status).toBe(404);
    expect((await json(await basic.request('GET', `/api/msa/changeRequests?${filter({ id: [sent.body.id] })}`))).body).toEqual([]);
    const history = await t.db
      .selectFrom('alarm_events')
      .select('event_code_description')
      .where('site_num', '=', CARTER)
      .where('event_kind', '=', 'change')
      .orderBy('alarm_num', 'desc')
      .executeTakeFirstOrThrow();
    expect(history.event_code_description).toContain('12 New Street');
    expect((await audits('changeRequest.created')).at(-1)).toMatchObject({ target_id: String(CARTER) });
    expect(
      (await customer.request('POST', '/api/msa/changeRequests', { siteNum: showcase.siteNum, field: 'siteName', requestedValue: 'x' }))
        .status,
    ).toBe(404);
    expect((await customer.request('POST', '/api/msa/changeRequests', { field: 'address', requestedValue: '   ' })).status).toBe(400);
    expect((await customer.request('POST', '/api/msa/changeRequests', { field: 'color', requestedValue: 'red' })).status).toBe(400);
    expect((await beta.request('GET', `/api/msa/changeRequests?${filter({ siteNum: CARTER })}`)).status).toBe(403);
  });

  it('keeps one default link, adds a link with the account passcode, deletes one but never the last', async () => {
    const setDefault = (siteNum: number, isFavorite: boolean) =>
      customer.request('PUT', '/api/msa/accountLinks/favorite', { siteNum, isFavorite });
    expect((await setDefault(LAKE_HOUSE, true)).status).toBe(200);
    let all = await links(customer);
    expect(all.filter((l: { isFavorite: boolean }) => l.isFavorite).map((l: { siteNum: number }) => l.siteNum)).toEqual([LAKE_HOUSE]);
    expect((await setDefault(CARTER, true)).status).toBe(200);
    all = await links(customer);
    expect(all.filter((l: { isFavorite: boolean }) => l.isFavorite).map((l: { siteNum: number }) => l.siteNum)).toEqual([CARTER]);

    const [extra] = DEMO_ACCOUNT_PASSCODES;
    const wrong = await json(
      await customer.request('POST', '/api/msa/accountLinks', { accountNumber: String(extra.siteNum), accountPasscode: '0000' }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.accountPasscode).toBe('The account number and passcode do not match');
    const added = await json(
      await customer.request('POST', '/api/msa/accountLinks', { accountNumber: String(extra.siteNum), accountPasscode: extra.passcode }),
    );
    expect(added.status).toBe(201);
    expect(added.body.map((l: { siteNum: number }) => l.siteNum)).toContain(extra.siteNum);
    expect(
      (await customer.request('POST', '/api/msa/accountLinks', { accountNumber: String(extra.siteNum), accountPasscode: extra.passcode }))
        .status,
    ).toBe(409);
    // The new account is in scope now, and gone again after the link is deleted.
    expect((await customer.request('GET', `/api/msa/sites/${extra.siteNum}`)).status).toBe(200);
    const removed = await json(await customer.request('DELETE', `/api/msa/accountLinks/${extra.siteNum}`));
    expect(removed.status).toBe(200);
    expect(removed.body.map((l: { siteNum: number }) => l.siteNum)).not.toContain(extra.siteNum);
    expect((await customer.request('GET', `/api/msa/sites/${extra.siteNum}`)).status).toBe(404);
    expect((await customer.request('DELETE', `/api/msa/accountLinks/${extra.siteNum}`)).status).toBe(404);
    expect((await audits('accountLink.deleted')).at(-1)).toMatchObject({ target_id: String(extra.siteNum) });

    const basicLinks = await links(basic);
    expect(basicLinks).toHaveLength(1);
    const last = await json(await basic.request('DELETE', `/api/msa/accountLinks/${basicLinks[0].siteNum}`));
    expect(last.status).toBe(409);
    expect(last.body.message).toBe('This is your only linked account. Add another before removing it.');
    expect((await beta.request('DELETE', `/api/msa/accountLinks/${CARTER}`)).status).toBe(403);
  });
});
