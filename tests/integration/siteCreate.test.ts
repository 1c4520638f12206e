import { describe, expect, it } from 'vitest';
import type { SiteCreate } from '../../schemas/siteCreate.js';
import { json, signedInClient } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { demoSuite } from './fixtures.js';

/**
 * Create New Account: POST /api/sites in one transaction (status
 * 'pending', numbers allocated, phones E.164, audited), the transmitter clash
 * (the dealer's own account named, another dealer's never), the tenant scope
 * of every write (the current account group; drafts are their user's alone;
 * no allowCreateAccountFlag, no entry) and the drafts the stepper saves.
 */
let serial = 0;
/** A transmitter code no demo device has (the demo's are a letter and five digits). */
const freshCode = () => `ZT${Date.now().toString(36).toUpperCase().slice(-5)}${serial++}`;

function newSite(overrides: Partial<SiteCreate> = {}): SiteCreate {
  return {
    account: { siteName: 'Okafor Residence', siteType: 'residential', timeZone: 'America/Chicago' },
    address: {
      country: 'US',
      line1: '12 Elm Street',
      line2: '',
      city: 'Evanston',
      state: 'IL',
      postalCode: '602011234',
      phoneNumber: '(312) 555-0142',
    },
    devices: [{ transmitterCode: ` ${freshCode().toLowerCase()} `, panelType: 'Qolsys IQ Panel 4', description: 'Main panel' }],
    contacts: [
      { name: 'Ada Okafor', relation: 'Owner', phoneNumber: '312-555-0143', email: 'ada@example.com', verifies: true, hasKey: true },
      { name: 'Ben Okafor', relation: 'Son', phoneNumber: '+1 (312) 555 0144 ext. 12', email: '', verifies: true, hasKey: false },
    ],
    zones: [
      { device: 0, zoneNum: 1, description: 'Front door', eventType: 'Burglary' },
      { device: 0, zoneNum: 2, description: 'Kitchen smoke', eventType: 'Fire' },
    ],
    passcodes: [{ name: 'Primary', passcode: 'sunflower42' }],
    ...overrides,
  };
}

describe.each(TEST_DATABASES)('create new account on $name', (database) => {
  const { t, beta } = demoSuite(database, { beta: 'dealer.beta' });

  const deviceIn = (siteGroupNum: number) =>
    t.db
      .selectFrom('devices')
      .innerJoin('sites', 'sites.site_num', 'devices.site_num')
      .select(['devices.transmitter_code', 'sites.site_num', 'sites.site_name'])
      .where('sites.site_group_num', '=', siteGroupNum)
      .orderBy('devices.dev_num')
      .executeTakeFirstOrThrow();

  it('creates the whole account pending in the current group, numbers allocated, phones E.164, audited', async () => {
    const body = newSite();
    const maxSite = await t.db
      .selectFrom('sites')
      .select((eb) => eb.fn.max('site_num').as('m'))
      .executeTakeFirstOrThrow();
    const { status, body: created } = await json(await beta.request('POST', '/api/sites', body));
    expect(status).toBe(201);
    expect(created.siteNum).toBe(Number(maxSite.m) + 1);
    expect(created.devNums).toHaveLength(1);

    const site = await t.db.selectFrom('sites').selectAll().where('site_num', '=', created.siteNum).executeTakeFirstOrThrow();
    expect(site).toMatchObject({
      site_group_num: 9993,
      status: 'pending',
      site_name: 'Okafor Residence',
      country: 'US',
      postal_code: '60201-1234',
      phone_number: '+13125550142',
      time_zone: 'America/Chicago',
    });
    const devices = await t.db.selectFrom('devices').selectAll().where('site_num', '=', created.siteNum).execute();
    expect(devices.map((d) => [d.dev_num, d.transmitter_code])).toEqual([
      [created.devNums[0], body.devices[0].transmitterCode.trim().toUpperCase()],
    ]);
    const contacts = await t.db.selectFrom('contacts').selectAll().where('site_num', '=', created.siteNum).orderBy('position').execute();
    expect(contacts.map((c) => [c.position, c.name, c.phone_number, c.verifies, c.has_key])).toEqual([
      [1, 'Ada Okafor', '+13125550143', true, true],
      [2, 'Ben Okafor', '+13125550144;ext=12', true, false],
    ]);
    const zones = await t.db.selectFrom('zones').selectAll().where('dev_num', '=', created.devNums[0]).orderBy('zone_num').execute();
    expect(zones.map((z) => [z.zone_num, z.description, z.event_type])).toEqual([
      [1, 'Front door', 'Burglary'],
      [2, 'Kitchen smoke', 'Fire'],
    ]);
    expect(await t.db.selectFrom('passcodes').select(['name', 'passcode']).where('site_num', '=', created.siteNum).execute()).toEqual([
      { name: 'Primary', passcode: 'sunflower42' },
    ]);

    // The account view shows it pending with its completeness warnings.
    const view = await json(await beta.request('GET', `/api/sites/${created.siteNum}`));
    expect(view.body.status).toBe('pending');
    expect(view.body.warnings).toEqual(['noAgency']);

    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'site.created')
      .where('target_id', '=', String(created.siteNum))
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ siteGroupNum: 9993, devNums: created.devNums, contacts: 2, zones: 2, passcodes: 1 });
    expect(JSON.stringify(audit.details)).not.toContain('sunflower42');
  });

  it('allocates distinct numbers to accounts created at the same time', async () => {
    const answers = await Promise.all([0, 1, 2].map(() => beta.request('POST', '/api/sites', newSite())));
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(new Set(bodies.map((b) => b.siteNum)).size).toBe(3);
    expect(new Set(bodies.flatMap((b) => b.devNums)).size).toBe(3);
  });

  it('answers a message per field: address formats by country, phones, duplicates, zones of missing devices', async () => {
    const body = newSite({
      address: { country: 'CA', line1: '1 Main Street', city: 'Ottawa', state: 'IL', postalCode: '12345', phoneNumber: '' },
      devices: [{ transmitterCode: 'AB1234' }, { transmitterCode: 'ab1234' }],
      contacts: [{ name: 'Ada', phoneNumber: '12', verifies: true, hasKey: false }],
      zones: [{ device: 3, zoneNum: 1, description: 'Door', eventType: 'Burglary' }],
      passcodes: [
        { name: 'Main', passcode: '1234' },
        { name: 'main', passcode: '5678' },
      ],
    });
    const { status, body: answer } = await json(await beta.request('POST', '/api/sites', body, { 'Accept-Language': 'en' }));
    expect(status).toBe(400);
    expect(answer.errors).toEqual({
      'account.timeZone': "Choose a time zone of the account's country",
      'address.state': 'Choose a state or province of the country',
      'address.postalCode': 'Use a postal code like A1A 1A1',
      'devices.1.transmitterCode': 'This transmitter code is already used by another device of this account',
      'contacts.0.phoneNumber': 'This phone number is too short',
      'zones.0.device': 'Choose a device of this account',
      'passcodes.1.name': 'This account already has a passcode with this name',
    });
    // A Canadian postal code is stored upper case with its space.
    const ok = newSite({
      account: { siteName: 'Tremblay', siteType: 'residential', timeZone: 'America/Toronto' },
      address: { country: 'CA', line1: '1 Rue Principale', city: 'Ottawa', state: 'ON', postalCode: 'k1a0b1', phoneNumber: '613 555 0100' },
    });
    const created = await json(await beta.request('POST', '/api/sites', ok));
    expect(created.status).toBe(201);
    const site = await t.db
      .selectFrom('sites')
      .select(['postal_code', 'phone_number', 'country'])
      .where('site_num', '=', created.body.siteNum)
      .executeTakeFirstOrThrow();
    expect(site).toEqual({ postal_code: 'K1A 0B1', phone_number: '+16135550100', country: 'CA' });
    // The schema's own messages come first (a blank line 1), in the request's language.
    const blank = newSite({ address: { ...newSite().address, line1: ' ' } });
    expect((await json(await beta.request('POST', '/api/sites', blank, { 'Accept-Language': 'en' }))).body.errors).toEqual({
      'address.line1': 'Required',
    });
    const es = await json(await beta.request('POST', '/api/sites', body, { 'Accept-Language': 'es' }));
    expect(es.body.errors['address.postalCode']).toBe('Use un código postal como A1A 1A1');
  });

  it("names the dealer's own account holding a transmitter, never another dealer's, at the check and at creation", async () => {
    const own = await deviceIn(9993);
    const foreign = await deviceIn(5877);

    const ownCheck = await json(await beta.request('GET', `/api/transmitters/availability?code=${own.transmitter_code.toLowerCase()}`));
    expect(ownCheck.body).toEqual({
      code: own.transmitter_code,
      available: false,
      siteNum: own.site_num,
      siteName: own.site_name,
      message: `Transmitter ${own.transmitter_code} is already used by your account ${own.site_num} (${own.site_name}).`,
    });
    const foreignCheck = await json(await beta.request('GET', `/api/transmitters/availability?code=${foreign.transmitter_code}`));
    expect(foreignCheck.body).toEqual({
      code: foreign.transmitter_code,
      available: false,
      message: `Transmitter ${foreign.transmitter_code} is already in use on the monitoring platform. Check the code, or ask the monitoring center.`,
    });
    const free = freshCode();
    expect((await json(await beta.request('GET', `/api/transmitters/availability?code=${free}`))).body).toEqual({
      code: free,
      available: true,
    });

    const sitesBefore = await t.db
      .selectFrom('sites')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const ownClash = await json(
      await beta.request(
        'POST',
        '/api/sites',
        newSite({ devices: [{ transmitterCode: freshCode() }, { transmitterCode: own.transmitter_code }] }),
      ),
    );
    expect(ownClash.status).toBe(409);
    expect(ownClash.body.message).toContain(`your account ${own.site_num}`);
    expect(ownClash.body.errors).toEqual({ 'devices.1.transmitterCode': ownClash.body.message });

    const foreignClash = await json(
      await beta.request('POST', '/api/sites', newSite({ devices: [{ transmitterCode: foreign.transmitter_code }] })),
    );
    expect(foreignClash.status).toBe(409);
    expect(foreignClash.body.message).toContain(foreign.transmitter_code);
    expect(JSON.stringify(foreignClash.body)).not.toContain(String(foreign.site_num));
    expect(JSON.stringify(foreignClash.body)).not.toContain(foreign.site_name);
    expect(foreignClash.body.errors).toEqual({ 'devices.0.transmitterCode': foreignClash.body.message });
    // Nothing of either attempt was stored.
    const sitesAfter = await t.db
      .selectFrom('sites')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(sitesAfter.n)).toBe(Number(sitesBefore.n));
  });

  it('creates in the current account group only; without the flag there is no entry', async () => {
    expect((await beta.request('PUT', '/api/user/accountGroup', { siteGroupNum: 4120 })).status).toBe(200);
    try {
      const created = await json(await beta.request('POST', '/api/sites', newSite()));
      expect(created.status).toBe(201);
      const site = await t.db
        .selectFrom('sites')
        .select('site_group_num')
        .where('site_num', '=', created.body.siteNum)
        .executeTakeFirstOrThrow();
      expect(site.site_group_num).toBe(4120);
    } finally {
      await beta.request('PUT', '/api/user/accountGroup', { siteGroupNum: 9993 });
    }
    const summit = await signedInClient(t.origin, 'dealer.summit');
    expect((await summit.request('POST', '/api/sites', newSite())).status).toBe(403);
    expect((await summit.request('GET', '/api/transmitters/availability?code=C12345')).status).toBe(403);
    expect((await summit.request('GET', '/api/siteDrafts')).status).toBe(403);
    expect((await summit.request('POST', '/api/siteDrafts', { step: 'account', data: {} })).status).toBe(403);
  });

  it("saves and restores drafts; another user's draft is not found; creation deletes the draft", async () => {
    const data = { account: { siteName: 'Draft Deli', siteType: 'commercial', timeZone: '' }, address: { country: 'US' } };
    const created = await json(await beta.request('POST', '/api/siteDrafts', { step: 'account', data }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ step: 'account', name: 'Draft Deli', data, siteGroupNum: 9993 });
    const id = created.body.id;

    const later = { ...data, contacts: [{ name: 'Zoë', phoneNumber: '312 555 0100' }] };
    const saved = await json(await beta.request('PUT', `/api/siteDrafts/${id}`, { step: 'zones', data: later }));
    expect(saved.status).toBe(200);
    const restored = await json(await beta.request('GET', `/api/siteDrafts/${id}`));
    expect(restored.body).toMatchObject({ id, step: 'zones', name: 'Draft Deli', data: later });
    const list = await json(await beta.request('GET', '/api/siteDrafts'));
    expect(list.body[0]).toMatchObject({ id, name: 'Draft Deli' });

    // Passcodes typed into a draft are not kept in clear: the row holds the values sealed.
    const withPasscode = { ...later, passcodes: [{ name: 'Owner', passcode: '7391-secret' }] };
    expect((await beta.request('PUT', `/api/siteDrafts/${id}`, { step: 'passcodes', data: withPasscode })).status).toBe(200);
    const stored = await t.db.selectFrom('site_drafts').select('data').where('draft_id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.data)).not.toMatch(/7391-secret|Draft Deli|Owner/);
    expect((await json(await beta.request('GET', `/api/siteDrafts/${id}`))).body).toMatchObject({ data: withPasscode });

    // A draft of another user answers 404 to every call, and is left as it was.
    const foreignDraft = await t.db
      .insertInto('site_drafts')
      .values({
        user_id: (await t.db.selectFrom('users').select('user_id').where('username', '=', 'dealer.summit').executeTakeFirstOrThrow())
          .user_id,
        step: 'account',
        data: '{}',
      })
      .returning('draft_id')
      .executeTakeFirstOrThrow();
    expect((await beta.request('GET', `/api/siteDrafts/${foreignDraft.draft_id}`)).status).toBe(404);
    expect((await beta.request('PUT', `/api/siteDrafts/${foreignDraft.draft_id}`, { step: 'review', data: {} })).status).toBe(404);
    expect((await beta.request('DELETE', `/api/siteDrafts/${foreignDraft.draft_id}`)).status).toBe(404);
    expect((await json(await beta.request('GET', '/api/siteDrafts'))).body.map((d: { id: number }) => d.id)).not.toContain(
      foreignDraft.draft_id,
    );
    expect(await t.db.selectFrom('site_drafts').select('step').where('draft_id', '=', foreignDraft.draft_id).executeTakeFirst()).toEqual({
      step: 'account',
    });

    // Creating the account from the draft deletes it.
    const account = await json(await beta.request('POST', '/api/sites', { ...newSite(), draftId: id }));
    expect(account.status).toBe(201);
    expect((await beta.request('GET', `/api/siteDrafts/${id}`)).status).toBe(404);
    const audits = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'siteDraft')
      .where('target_id', '=', String(id))
      .orderBy('audit_id')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['siteDraft.created', 'siteDraft.saved', 'siteDraft.saved']);

    // Discard.
    const second = await json(await beta.request('POST', '/api/siteDrafts', { step: 'account', data: {} }));
    expect((await beta.request('DELETE', `/api/siteDrafts/${second.body.id}`)).status).toBe(204);
    expect((await beta.request('GET', `/api/siteDrafts/${second.body.id}`)).status).toBe(404);
  });
});
