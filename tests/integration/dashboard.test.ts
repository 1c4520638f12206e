import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Dashboard } from '../../schemas/dashboard.js';
import { SIGNAL_KINDS } from '../../schemas/events.js';
import { SITE_STATUSES, SITE_WARNINGS } from '../../schemas/sites.js';
import { dateIn, siteWarnings } from '../../src/common/siteWarnings.js';
import { json, signedInClient, TestClient } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { demoSuite, userIdOf } from './fixtures.js';

/**
 * The dealer dashboard: GET /api/dashboard answers the figures of
 * the selected account group, equal to counts taken straight from the tables
 * (the per-day aggregates of migration 0007 agree with alarm_events, and the
 * completeness counts with siteWarnings()); the triggers keep the aggregates
 * current; the tenant scope holds; no group selected answers zeros.
 */
const HOUR_MS = 3_600_000;
const utcDay = (d: Date) => d.toISOString().slice(0, 10);

describe.each(TEST_DATABASES)('dealer dashboard on $name', (database) => {
  const { t, beta } = demoSuite(database, { beta: 'dealer.beta' });

  const userId = (username: string) => userIdOf(t.db, username);
  const dashboard = async (c: TestClient) => {
    const { status, body } = await json(await c.request('GET', '/api/dashboard'));
    expect(status).toBe(200);
    return body as Dashboard;
  };

  /** The figures of a group counted from the base tables, at `now`. */
  async function directFigures(group: number, now: Date) {
    const sites = await t.db
      .selectFrom('sites')
      .select(['site_num', 'site_name', 'status', 'time_zone'])
      .where('site_group_num', '=', group)
      .execute();
    const siteNums = sites.map((s) => s.site_num);
    const statusCounts = Object.fromEntries(SITE_STATUSES.map((s) => [s, sites.filter((x) => x.status === s).length]));
    const events = await t.db
      .selectFrom('alarm_events')
      .select(['site_num', 'alarm_date', 'event_kind'])
      .where('site_group_num', '=', group)
      .execute();
    const at = (e: { alarm_date: unknown }) => new Date(e.alarm_date as Date).getTime();
    const alarms = events.filter((e) => e.event_kind === 'alarm' && at(e) <= now.getTime());
    const last24h = alarms.filter((e) => at(e) > now.getTime() - 24 * HOUR_MS).length;
    const last7d = alarms.filter((e) => at(e) > now.getTime() - 7 * 24 * HOUR_MS).length;

    const days = Array.from({ length: 30 }, (_, i) => utcDay(new Date(now.getTime() - (29 - i) * 24 * HOUR_MS)));
    const perDay = days.map((day) => ({
      day,
      counts: Object.fromEntries(
        SIGNAL_KINDS.map((k) => [k, events.filter((e) => e.event_kind === k && utcDay(new Date(at(e))) === day).length]),
      ),
    }));
    const perSite = new Map<number, number>();
    for (const e of events)
      if (e.event_kind === 'alarm' && days.includes(utcDay(new Date(at(e))))) perSite.set(e.site_num, (perSite.get(e.site_num) ?? 0) + 1);
    const top = [...perSite].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, 10);

    const [passcodes, contacts, agencies, phones, devices] = await Promise.all([
      t.db.selectFrom('passcodes').select('site_num').where('site_num', 'in', siteNums).execute(),
      t.db.selectFrom('contacts').select(['site_num', 'verifies', 'phone_number']).where('site_num', 'in', siteNums).execute(),
      t.db
        .selectFrom('site_agencies')
        .select(['site_num', 'permit_number', sql<string | null>`to_char(permit_expires_on, 'YYYY-MM-DD')`.as('expires')])
        .where('site_num', 'in', siteNums)
        .execute(),
      t.db.selectFrom('premise_phones').select('site_num').where('site_num', 'in', siteNums).execute(),
      t.db.selectFrom('devices').select(['site_num', 'dev_num', 'on_test_until']).where('site_num', 'in', siteNums).execute(),
    ]);
    const warningCounts = Object.fromEntries(SITE_WARNINGS.map((w) => [w, 0]));
    for (const site of sites) {
      const warnings = siteWarnings(
        {
          passcodes: passcodes.filter((p) => p.site_num === site.site_num),
          contacts: contacts
            .filter((c) => c.site_num === site.site_num)
            .map((c) => ({ verifies: c.verifies, phoneNumber: c.phone_number })),
          agencies: agencies
            .filter((a) => a.site_num === site.site_num)
            .map((a) => ({ permitNumber: a.permit_number, permitExpiresOn: a.expires })),
          premisePhones: phones.filter((p) => p.site_num === site.site_num),
        },
        dateIn(site.time_zone, now),
      );
      for (const w of warnings) warningCounts[w]! += 1;
    }
    const onTest = new Set(
      devices.filter((d) => d.on_test_until && new Date(d.on_test_until as Date).getTime() > now.getTime()).map((d) => d.site_num),
    );
    return { sites, statusCounts, last24h, last7d, perDay, top, warningCounts, onTestTotal: onTest.size };
  }

  it('answers the figures of group 9993 equal to direct counts', async () => {
    const body = await dashboard(beta);
    const now = new Date(body.generatedAt);
    const direct = await directFigures(9993, now);
    expect(body.siteGroupNum).toBe(9993);
    expect(body.totalSites).toBe(direct.sites.length);
    expect(body.statusCounts).toEqual(direct.statusCounts);
    // Every demo group has every status and some alarms.
    for (const status of SITE_STATUSES) expect(body.statusCounts[status]).toBeGreaterThan(0);
    expect(body.alarms).toEqual({ last24h: direct.last24h, last7d: direct.last7d });
    expect(body.alarmsPerDay).toEqual(direct.perDay);
    expect(body.alarmsPerDay.flatMap((d) => Object.values(d.counts)).some((n) => n > 0)).toBe(true);
    expect(body.topSites.map((s) => [s.siteNum, s.alarms])).toEqual(direct.top);
    expect(body.topSites.length).toBeGreaterThan(0);
    expect(body.warningCounts).toEqual(direct.warningCounts);
    expect(body.onTest.total).toBe(direct.onTestTotal);
    expect(body.onTest.sites.length).toBe(Math.min(10, direct.onTestTotal));
    for (const s of body.onTest.sites) expect(Date.parse(s.until)).toBeGreaterThan(now.getTime());
  });

  it('lists an account put on test with its end time, and the favourites with their status', async () => {
    const site = await t.db
      .selectFrom('sites')
      .innerJoin('devices', 'devices.site_num', 'sites.site_num')
      .select(['sites.site_num', 'sites.site_name', 'sites.status', 'devices.dev_num'])
      .where('sites.site_group_num', '=', 9993)
      .where('sites.status', '=', 'active')
      .orderBy('sites.site_num')
      .executeTakeFirstOrThrow();
    const until = new Date(Date.now() + 60_000);
    await t.db.updateTable('devices').set({ on_test_until: until }).where('dev_num', '=', site.dev_num).execute();
    await t.db
      .insertInto('site_favorites')
      .values({ user_id: await userId('dealer.beta'), site_num: site.site_num, dev_num: site.dev_num })
      .onConflict((oc) => oc.doNothing())
      .execute();
    try {
      const body = await dashboard(beta);
      const listed = body.onTest.sites.find((s) => s.siteNum === site.site_num);
      if (body.onTest.total <= 10 || listed)
        expect(listed).toEqual({ siteNum: site.site_num, siteName: site.site_name, devNum: site.dev_num, until: until.toISOString() });
      expect(body.favorites).toContainEqual({ siteNum: site.site_num, status: 'active' });
    } finally {
      await t.db.updateTable('devices').set({ on_test_until: null }).where('dev_num', '=', site.dev_num).execute();
    }
  });

  it('keeps the per-day aggregates current on insert and delete (trigger)', async () => {
    const device = await t.db
      .selectFrom('devices')
      .innerJoin('sites', 'sites.site_num', 'devices.site_num')
      .select(['devices.dev_num', 'devices.site_num', 'devices.transmitter_code'])
      .where('sites.site_group_num', '=', 9993)
      .orderBy('devices.dev_num', 'desc')
      .executeTakeFirstOrThrow();
    const today = utcDay(new Date());
    const siteCount = async () =>
      Number(
        (
          await t.db
            .selectFrom('event_days')
            .select('count')
            .where('site_num', '=', device.site_num)
            .where('event_kind', '=', 'alarm')
            .where('day', '=', today)
            .executeTakeFirst()
        )?.count ?? 0,
      );
    const groupCount = async () =>
      Number(
        (
          await t.db
            .selectFrom('group_event_days')
            .select('count')
            .where('site_group_num', '=', 9993)
            .where('event_kind', '=', 'alarm')
            .where('day', '=', today)
            .executeTakeFirst()
        )?.count ?? 0,
      );
    const before = await dashboard(beta);
    const [site0, group0] = [await siteCount(), await groupCount()];
    const event = {
      site_num: device.site_num,
      dev_num: device.dev_num,
      site_group_num: 9993,
      transmitter_code: device.transmitter_code,
      zone_num: 1,
      event_code: 'E130',
      event_code_description: 'Burglary Alarm',
      alarm_date: new Date(Date.now() - 1000),
    };
    // One insert of one row, then one insert of 24 rows: both counted.
    await t.db.insertInto('alarm_events').values(event).execute();
    await t.db
      .insertInto('alarm_events')
      .values(Array.from({ length: 24 }, () => event))
      .execute();
    expect(await siteCount()).toBe(site0 + 25);
    expect(await groupCount()).toBe(group0 + 25);
    const after = await dashboard(beta);
    expect(after.alarms.last24h).toBe(before.alarms.last24h + 25);
    expect(after.alarmsPerDay.at(-1)!.counts.alarm).toBe(before.alarmsPerDay.at(-1)!.counts.alarm + 25);
    const direct = await directFigures(9993, new Date(after.generatedAt));
    expect(after.alarmsPerDay).toEqual(direct.perDay);
    expect(after.topSites.map((s) => [s.siteNum, s.alarms])).toEqual(direct.top);

    await t.db
      .deleteFrom('alarm_events')
      .where('site_num', '=', device.site_num)
      .where('event_code_description', '=', 'Burglary Alarm')
      .where('alarm_date', '=', event.alarm_date)
      .execute();
    expect(await siteCount()).toBe(site0);
    expect(await groupCount()).toBe(group0);
  });

  it('keeps the completeness counts current on writes to passcodes, contacts, agencies and phones (triggers)', async () => {
    const site = await t.db
      .selectFrom('sites')
      .select('site_num')
      .where('site_group_num', '=', 9993)
      .where((eb) => eb.exists(eb.selectFrom('passcodes').select('passcode_id').whereRef('passcodes.site_num', '=', 'sites.site_num')))
      .where((eb) =>
        eb.exists(eb.selectFrom('premise_phones').select('phone_id').whereRef('premise_phones.site_num', '=', 'sites.site_num')),
      )
      .orderBy('site_num')
      .executeTakeFirstOrThrow();
    const passcodes = await t.db.selectFrom('passcodes').selectAll().where('site_num', '=', site.site_num).execute();
    const phones = await t.db.selectFrom('premise_phones').selectAll().where('site_num', '=', site.site_num).execute();
    const before = await dashboard(beta);
    await t.db.deleteFrom('passcodes').where('site_num', '=', site.site_num).execute();
    await t.db.deleteFrom('premise_phones').where('site_num', '=', site.site_num).execute();
    const during = await dashboard(beta);
    expect(during.warningCounts.noPasscode).toBe(before.warningCounts.noPasscode + 1);
    expect(during.warningCounts.noPremisePhone).toBe(before.warningCounts.noPremisePhone + 1);
    expect(during.warningCounts).toEqual((await directFigures(9993, new Date(during.generatedAt))).warningCounts);
    await t.db.insertInto('passcodes').values(passcodes).execute();
    await t.db.insertInto('premise_phones').values(phones).execute();
    expect((await dashboard(beta)).warningCounts).toEqual(before.warningCounts);
  });

  it('recomputes an account’s completeness once, at the commit of the transaction that wrote it (migration 0037)', async () => {
    const site = await t.db
      .selectFrom('site_completeness')
      .select(['site_num', 'passcodes', 'premise_phones'])
      .where('site_group_num', '=', 9993)
      .where('passcodes', '>', 0)
      .where('premise_phones', '>', 0)
      .orderBy('site_num')
      .executeTakeFirstOrThrow();
    const counts = (db: typeof t.db = t.db) =>
      db
        .selectFrom('site_completeness')
        .select(['passcodes', 'premise_phones'])
        .where('site_num', '=', site.site_num)
        .executeTakeFirstOrThrow();
    const passcodes = await t.db.selectFrom('passcodes').selectAll().where('site_num', '=', site.site_num).execute();
    const phones = await t.db.selectFrom('premise_phones').selectAll().where('site_num', '=', site.site_num).execute();
    const inside = await t.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('passcodes').where('site_num', '=', site.site_num).execute();
      await trx.deleteFrom('premise_phones').where('site_num', '=', site.site_num).execute();
      const stale = await trx.selectFrom('site_completeness_stale').select('site_nums').execute();
      return { stale, seen: await counts(trx) };
    });
    // Inside the transaction: two statements noted the site, the counts not yet recomputed.
    expect(inside.stale).toEqual([{ site_nums: [site.site_num] }, { site_nums: [site.site_num] }]);
    expect(inside.seen).toEqual({ passcodes: site.passcodes, premise_phones: site.premise_phones });
    // After its commit: recomputed, and nothing left waiting.
    expect(await counts()).toEqual({ passcodes: 0, premise_phones: 0 });
    expect(await t.db.selectFrom('site_completeness_stale').select('site_nums').execute()).toEqual([]);
    await t.db.insertInto('passcodes').values(passcodes).execute();
    await t.db.insertInto('premise_phones').values(phones).execute();
    expect(await counts()).toEqual({ passcodes: site.passcodes, premise_phones: site.premise_phones });
  });

  it('answers dealer.summit the figures of group 5877 only; a customer 403; no session 401', async () => {
    const summit = await signedInClient(t.origin, 'dealer.summit');
    const body = await dashboard(summit);
    const direct = await directFigures(5877, new Date(body.generatedAt));
    expect(body.siteGroupNum).toBe(5877);
    expect(body.totalSites).toBe(direct.sites.length);
    expect(body.statusCounts).toEqual(direct.statusCounts);
    expect(body.alarmsPerDay).toEqual(direct.perDay);
    expect(body.warningCounts).toEqual(direct.warningCounts);
    const groupOf = new Map(direct.sites.map((s) => [s.site_num, true]));
    for (const s of [...body.topSites, ...body.onTest.sites, ...body.favorites]) expect(groupOf.has(s.siteNum)).toBe(true);

    const customer = await signedInClient(t.origin, 'customer@example.com');
    expect((await customer.request('GET', '/api/dashboard')).status).toBe(403);
    expect((await (await new TestClient(t.origin).init()).request('GET', '/api/dashboard')).status).toBe(401);
  });

  it('answers zeros and empty lists without a selected group, or with a group no longer the user’s', async () => {
    const id = await userId('dealer.beta');
    const { current_site_group_num: saved } = await t.db
      .selectFrom('users')
      .select('current_site_group_num')
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    try {
      for (const group of [null, 5877]) {
        await t.db.updateTable('users').set({ current_site_group_num: group }).where('user_id', '=', id).execute();
        const client = await signedInClient(t.origin, 'dealer.beta');
        await t.db.updateTable('users').set({ current_site_group_num: group }).where('user_id', '=', id).execute();
        const body = await dashboard(client);
        expect(body.siteGroupNum).toBeNull();
        expect(body.totalSites).toBe(0);
        expect(body.topSites).toEqual([]);
        expect(body.favorites).toEqual([]);
        expect(body.onTest).toEqual({ total: 0, sites: [] });
        expect(body.alarmsPerDay).toHaveLength(30);
      }
    } finally {
      await t.db.updateTable('users').set({ current_site_group_num: saved }).where('user_id', '=', id).execute();
    }
  });
});
