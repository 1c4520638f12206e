import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/common/constants.js';
import { DEMO_SHOWCASE_SITES } from '../../src/server/db/seed/demo/showcaseSites.js';
import { json, signedInClient, TestClient } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { demoSuite, userIdOf } from './fixtures.js';

/**
 * The account view: GET /api/sites/{siteNum}, the whole account
 * with masked passcodes and completeness warnings, and the audited passcode
 * reveal; both within the tenant scope (another group's site and a missing
 * one answer the same 404).
 */
const [complete, cafe, warehouse, school, pending] = DEMO_SHOWCASE_SITES;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

describe.each(TEST_DATABASES)('account view on $name', (database) => {
  const { t, beta } = demoSuite(database, { beta: 'dealer.beta' });

  const passcodesOf = (siteNum: number) =>
    t.db.selectFrom('passcodes').select(['passcode_id', 'passcode']).where('site_num', '=', siteNum).orderBy('passcode_id').execute();
  const reveal = (c: TestClient, siteNum: number, passcodeId: number, headers: HeadersInit = {}) =>
    c.request('POST', `/api/sites/${siteNum}/passcodes/${passcodeId}/reveal`, undefined, headers);
  const revealAudits = () =>
    t.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'target_type', 'target_id', 'details'])
      .where('action', '=', 'passcode.revealed')
      .orderBy('audit_id')
      .execute();
  const userId = (username: string) => userIdOf(t.db, username);

  it('answers the whole account: status, type, address, devices, zones, call list in order, masked passcodes, agencies, phones', async () => {
    const response = await beta.request('GET', `/api/sites/${complete.siteNum}`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { status, body } = await json(response);
    expect(status).toBe(200);
    const site = await t.db.selectFrom('sites').selectAll().where('site_num', '=', complete.siteNum).executeTakeFirstOrThrow();
    expect(body).toMatchObject({
      id: complete.siteNum,
      siteNum: complete.siteNum,
      siteName: 'Peña Family Residence',
      siteGroupNum: 9993,
      status: 'active',
      siteType: 'residential',
      timeZone: site.time_zone,
      address: { line1: site.address_line1, line2: site.address_line2, city: site.city, state: site.state, postalCode: site.postal_code },
      isFavorite: false,
      schedules: [],
      warnings: [],
    });
    expect(body.addressDisplay).toContain(`${site.city}, ${site.state} ${site.postal_code}`);

    const devices = await t.db.selectFrom('devices').selectAll().where('site_num', '=', complete.siteNum).orderBy('dev_num').execute();
    expect(body.devices).toEqual(
      devices.map((d) => ({
        devNum: d.dev_num,
        transmitterCode: d.transmitter_code,
        panelType: d.panel_type,
        description: d.description,
        onTestUntil: null,
        lastSignalAt: expect.any(String),
        lastTestAt: expect.any(String),
      })),
    );
    expect(body.zones.length).toBeGreaterThanOrEqual(4);
    for (const zone of body.zones) {
      expect(devices.map((d) => d.dev_num)).toContain(zone.devNum);
      expect(zone).toEqual({
        devNum: zone.devNum,
        zoneNum: expect.any(Number),
        description: expect.any(String),
        eventType: expect.any(String),
      });
    }

    // The call list in calling order, as the seed wrote it.
    expect(body.contacts.map((c: { position: number }) => c.position)).toEqual([1, 2, 3, 4]);
    expect(body.contacts).toEqual(
      complete.contacts.map((c, i) => ({
        contactId: expect.any(Number),
        position: i + 1,
        name: c.name,
        relation: c.relation,
        phoneNumber: c.phoneNumber,
        email: c.email,
        hasKey: c.hasKey,
        verifies: c.verifies,
        passcodeMasked: c.passcode ? '•'.repeat(c.passcode.length) : null,
      })),
    );

    // Passcodes: bullets as long as the passcode, never the passcode.
    const stored = await passcodesOf(complete.siteNum);
    expect(body.passcodes).toEqual(
      stored.map((p, i) => ({
        passcodeId: p.passcode_id,
        name: complete.passcodes[i].name,
        masked: '•'.repeat(p.passcode.length),
        isDuress: complete.passcodes[i].isDuress ?? false,
      })),
    );
    const text = JSON.stringify(body);
    for (const p of stored) expect(text).not.toContain(p.passcode);
    for (const c of complete.contacts) if (c.passcode) expect(text).not.toContain(c.passcode);

    // Agencies in calling order (police, fire, medical, guard), each with its permit.
    expect(body.agencies.map((a: { kind: string }) => a.kind)).toEqual(['police', 'fire', 'medical']);
    expect(body.agencies[0]).toEqual({
      agencyId: expect.any(Number),
      kind: 'police',
      name: `${site.city} Police Department`,
      phoneNumber: '(555) 201-0911',
      permitNumber: 'ALR-2024-08817',
      permitExpiresOn: expect.stringMatching(DATE),
    });
    expect(body.agencies[1]).toMatchObject({ kind: 'fire', permitNumber: null, permitExpiresOn: null });
    expect(body.premisePhones).toEqual([{ phoneId: expect.any(Number), label: 'Home', phoneNumber: '(555) 201-3300' }]);
  });

  it('computes the completeness warnings: each showcase account warns of what it lacks', async () => {
    for (const showcase of DEMO_SHOWCASE_SITES) {
      const { status, body } = await json(await beta.request('GET', `/api/sites/${showcase.siteNum}`));
      expect(status).toBe(200);
      expect({ site: showcase.siteName, warnings: body.warnings }).toEqual({ site: showcase.siteName, warnings: showcase.warnings });
      expect(body).toMatchObject({ siteName: showcase.siteName, status: showcase.status, siteType: showcase.siteType });
    }
    const expired = (await json(await beta.request('GET', `/api/sites/${cafe.siteNum}`))).body;
    expect(expired.agencies[0].permitExpiresOn < new Date().toISOString().slice(0, 10)).toBe(true);
    expect((await json(await beta.request('GET', `/api/sites/${school.siteNum}`))).body.agencies).toEqual([]);
    expect((await json(await beta.request('GET', `/api/sites/${pending.siteNum}`))).body.passcodes).toEqual([]);
  });

  it('shows an account on test with its device on test until a time to come', async () => {
    const { body } = await json(await beta.request('GET', `/api/sites/${warehouse.siteNum}`));
    expect(body.status).toBe('onTest');
    expect(body.devices[0].onTestUntil).toEqual(expect.any(String));
    expect(new Date(body.devices[0].onTestUntil).getTime()).toBeGreaterThan(Date.now());
  });

  it("gives a business's schedules as 'HH:MM' by day, and the favourite star", async () => {
    const business = await t.db
      .selectFrom('schedules')
      .innerJoin('sites', 'sites.site_num', 'schedules.site_num')
      .select('sites.site_num')
      .where('sites.site_group_num', '=', 9993)
      // A business (the demo customer's home has a cleaners' schedule of its own).
      .where('sites.site_type', '<>', 'residential')
      .orderBy('sites.site_num')
      .limit(1)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('site_favorites')
      .values({ user_id: await userId('dealer.beta'), site_num: business.site_num, dev_num: null })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const { body } = await json(await beta.request('GET', `/api/sites/${business.site_num}`));
    expect(body.isFavorite).toBe(true);
    expect(body.schedules.length).toBeGreaterThanOrEqual(5);
    for (const s of body.schedules) {
      expect(s).toEqual({
        scheduleId: expect.any(Number),
        name: 'Regular Hours',
        dayOfWeek: expect.any(Number),
        opensAt: expect.stringMatching(/^\d{2}:\d{2}$/),
        closesAt: expect.stringMatching(/^\d{2}:\d{2}$/),
      });
    }
    expect(body.schedules.map((s: { dayOfWeek: number }) => s.dayOfWeek)).toEqual(
      [...body.schedules.map((s: { dayOfWeek: number }) => s.dayOfWeek)].sort(),
    );
  });

  it("answers 404 alike for another group's account and one that does not exist; 403 to customers, 401 without a session", async () => {
    const summit = await signedInClient(t.origin, 'dealer.summit');
    const foreign = await json(await summit.request('GET', `/api/sites/${complete.siteNum}`));
    const missing = await json(await summit.request('GET', '/api/sites/999999'));
    expect(foreign).toEqual({ status: 404, body: { message: expect.any(String) } });
    expect(missing).toEqual(foreign);
    const own = await t.db.selectFrom('sites').select('site_num').where('site_group_num', '=', 5877).limit(1).executeTakeFirstOrThrow();
    expect((await summit.request('GET', `/api/sites/${own.site_num}`)).status).toBe(200);
    // dealer.beta's other group waits for the switch.
    const lakeside = await t.db
      .selectFrom('sites')
      .select('site_num')
      .where('site_group_num', '=', 4120)
      .limit(1)
      .executeTakeFirstOrThrow();
    expect((await beta.request('GET', `/api/sites/${lakeside.site_num}`)).status).toBe(404);
    const customer = await signedInClient(t.origin, 'customer@example.com');
    expect((await customer.request('GET', `/api/sites/${complete.siteNum}`)).status).toBe(403);
    const anonymous = await new TestClient(t.origin).init();
    expect((await anonymous.request('GET', `/api/sites/${complete.siteNum}`)).status).toBe(401);
    expect((await beta.request('GET', '/api/sites/0')).status).toBe(400);
  });

  it('reveals a passcode to dealer.beta, audited without the passcode, no-store; refuses a forged write', async () => {
    const [primary] = await passcodesOf(complete.siteNum);
    const before = (await revealAudits()).length;
    const response = await reveal(beta, complete.siteNum, primary.passcode_id);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await json(response)).toEqual({ status: 200, body: { passcodeId: primary.passcode_id, passcode: 'girasol27' } });
    const audits = await revealAudits();
    expect(audits.length).toBe(before + 1);
    const entry = audits.at(-1)!;
    expect(entry).toMatchObject({ actor_user_id: await userId('dealer.beta'), target_type: 'site', target_id: String(complete.siteNum) });
    expect(JSON.stringify(entry)).not.toContain(primary.passcode);
    const details = typeof entry.details === 'string' ? JSON.parse(entry.details) : entry.details;
    expect(details).toEqual({ passcodeId: primary.passcode_id });

    // A write without the session's XSRF token is refused, and nothing is audited.
    expect((await reveal(beta, complete.siteNum, primary.passcode_id, { 'X-XSRF-Token': 'forged' })).status).toBe(403);
    expect((await revealAudits()).length).toBe(before + 1);
  });

  it("answers 404 for a passcode of another account, or of another group's account, and audits nothing", async () => {
    const before = (await revealAudits()).length;
    const [cafePasscode] = await passcodesOf(cafe.siteNum);
    expect((await reveal(beta, complete.siteNum, cafePasscode.passcode_id)).status).toBe(404);
    expect((await reveal(beta, complete.siteNum, 2_000_000_000)).status).toBe(404);
    const summit = await signedInClient(t.origin, 'dealer.summit');
    const [primary] = await passcodesOf(complete.siteNum);
    const foreign = await json(await reveal(summit, complete.siteNum, primary.passcode_id));
    expect(foreign).toEqual({ status: 404, body: { message: expect.any(String) } });
    expect(JSON.stringify(foreign)).not.toContain(primary.passcode);
    expect((await revealAudits()).length).toBe(before);
  });

  it('reveals to a customer with sitePasscodeRead, after their password, for a linked account only; 403 without the role', async () => {
    const customer = await signedInClient(t.origin, 'customer@example.com');
    const msaReveal = (c: TestClient, siteNum: number, passcodeId: number, password: string) =>
      c.request('POST', `/api/msa/sites/${siteNum}/passcodes/${passcodeId}/reveal`, { password });
    const linked = await t.db
      .selectFrom('msa_account_links')
      .select('site_num')
      .where('user_id', '=', await userId('customer@example.com'))
      .orderBy('site_num')
      .executeTakeFirstOrThrow();
    const [own] = await passcodesOf(linked.site_num);
    // The dealer's reveal is not the customer's; the customer's needs the password.
    expect((await reveal(customer, linked.site_num, own.passcode_id)).status).toBe(403);
    const wrong = await json(await msaReveal(customer, linked.site_num, own.passcode_id, 'not-my-password'));
    expect(wrong).toMatchObject({ status: 400, body: { errors: { password: 'That password is not right. Please try again.' } } });
    const refused = await t.db.selectFrom('audit_log').select('action').where('action', '=', 'passcode.revealRefused').execute();
    expect(refused.length).toBeGreaterThan(0);
    expect(await json(await msaReveal(customer, linked.site_num, own.passcode_id, DEMO_PASSWORD))).toEqual({
      status: 200,
      body: { passcodeId: own.passcode_id, passcode: own.passcode },
    });
    const audits = await revealAudits();
    expect(audits.at(-1)).toMatchObject({ actor_user_id: await userId('customer@example.com'), target_id: String(linked.site_num) });
    const [notLinked] = await passcodesOf(complete.siteNum);
    expect((await msaReveal(customer, complete.siteNum, notLinked.passcode_id, DEMO_PASSWORD)).status).toBe(404);

    const basic = await signedInClient(t.origin, 'customer.basic@example.com');
    const basicLinked = await t.db
      .selectFrom('msa_account_links')
      .select('site_num')
      .where('user_id', '=', await userId('customer.basic@example.com'))
      .executeTakeFirstOrThrow();
    const [basicOwn] = await passcodesOf(basicLinked.site_num);
    expect((await msaReveal(basic, basicLinked.site_num, basicOwn.passcode_id, DEMO_PASSWORD)).status).toBe(403);
  });
});
