import argon2 from 'argon2';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION, DEMO_PASSWORD, LIVE_ALARM_ACCOUNT_GROUP } from '../../src/common/constants.js';
import { migrateToLatest, openDatabase, type DatabaseHandle, type Db } from '../../src/server/db/database.js';
import { SITE_STATUSES, SITE_TYPES } from '../../schemas/sites.js';
import { DEMO_SHOWCASE_SITES } from '../../src/server/db/seed/demo/showcaseSites.js';
import { DEMO_SECURITY_QUESTIONS } from '../../src/server/db/seed/demo/users.js';
import { isEmpty, seedDemo } from '../../src/server/db/seed/demoSeed.js';
import { seedLarge } from '../../src/server/db/seed/largeSeed.js';
import { newsFlags } from '../../src/server/news/newsRepository.js';
import { EMBEDDED } from './harness.js';

async function count(db: Db, table: string): Promise<number> {
  const result = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
  return result.rows[0].n;
}

async function user(db: Db, username: string) {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
}

describe.skipIf(!EMBEDDED)('demo and large seeds on PGlite', { timeout: 120_000 }, () => {
  let handle: DatabaseHandle;
  let db: Db;
  const logs: string[] = [];

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: null });
    db = handle.db;
    await migrateToLatest(db);
    expect(await isEmpty(db)).toBe(true);
    await seedDemo(db, { log: (msg) => logs.push(msg) });
  }, 120_000);
  afterAll(() => handle?.close());

  it('fills the database and reports it', async () => {
    expect(await isEmpty(db)).toBe(false);
    expect(logs.length).toBeGreaterThan(0);
    const audit = await db.selectFrom('audit_log').select('action').execute();
    expect(audit.filter((a) => a.action === 'demo.seeded')).toHaveLength(1);
    // And support's demo history (supportSeed.ts): sign-in attempts and a past impersonation.
    expect(new Set(audit.map((a) => a.action))).toEqual(
      new Set(['demo.seeded', 'login.failed', 'login.succeeded', 'impersonation.started', 'impersonation.ended']),
    );
  });

  it('creates account groups 9993 and at least two more, each with its own dealer number', async () => {
    const groups = await db.selectFrom('account_groups').selectAll().orderBy('site_group_num').execute();
    const nums = groups.map((g) => g.site_group_num);
    expect(nums).toContain(LIVE_ALARM_ACCOUNT_GROUP);
    expect(nums).toEqual(expect.arrayContaining([4120, 5877]));
    expect(groups.length).toBeGreaterThanOrEqual(3);
    expect(new Set(groups.map((g) => g.dealer_number)).size).toBe(groups.length);
    const northwind = groups.find((g) => g.site_group_num === 9993)!;
    expect(northwind).toMatchObject({ site_group_name: 'Northwind Security', team_domain: 'northwind', dealer_number: '9993' });
  });

  it('creates sites with devices, zones, contacts, passcodes, schedules and alarm history', async () => {
    const sites = await count(db, 'sites');
    expect(sites).toBeGreaterThanOrEqual(200);
    const perSite = await sql<{ site_num: number; devices: number; contacts: number; passcodes: number; events: number }>`
      select
        s.site_num,
        (select count(*)::int from devices d where d.site_num = s.site_num) as devices,
        (select count(*)::int from contacts c where c.site_num = s.site_num) as contacts,
        (select count(*)::int from passcodes p where p.site_num = s.site_num) as passcodes,
        (select count(*)::int from alarm_events e where e.site_num = s.site_num) as events
      from sites s`.execute(db);
    // The showcase accounts are written out (one without a passcode, one with a busy history).
    const showcase = new Set(DEMO_SHOWCASE_SITES.map((site) => site.siteNum));
    for (const row of perSite.rows.filter((r) => !showcase.has(r.site_num))) {
      expect(row.devices).toBeGreaterThanOrEqual(1);
      expect(row.devices).toBeLessThanOrEqual(2);
      expect(row.contacts).toBeGreaterThanOrEqual(2);
      expect(row.contacts).toBeLessThanOrEqual(4);
      expect(row.passcodes).toBeGreaterThanOrEqual(1);
      expect(row.passcodes).toBeLessThanOrEqual(2);
      expect(row.events).toBeGreaterThanOrEqual(5);
      expect(row.events).toBeLessThanOrEqual(30);
    }
    const zones = await sql<{ min: number; max: number }>`
      select min(n)::int as min, max(n)::int as max from (select count(*) as n from zones group by dev_num) z`.execute(db);
    expect(zones.rows[0].min).toBeGreaterThanOrEqual(4);
    expect(zones.rows[0].max).toBeLessThanOrEqual(12);
    expect(await count(db, 'schedules')).toBeGreaterThan(0);

    // Alarm events carry their site's group and device's transmitter, within the last 90 days.
    const mismatched = await sql<{ n: number }>`
      select count(*)::int as n from alarm_events e
      join sites s on s.site_num = e.site_num join devices d on d.dev_num = e.dev_num
      where e.site_group_num <> s.site_group_num or e.transmitter_code <> d.transmitter_code
        or d.site_num <> e.site_num or e.alarm_date < now() - interval '91 days'`.execute(db);
    expect(mismatched.rows[0].n).toBe(0);
  });

  it('gives every demo group every status and site type; an account on test has a device on test', async () => {
    const rows = await db.selectFrom('sites').select(['site_group_num', 'status', 'site_type']).execute();
    for (const group of [9993, 4120, 5877]) {
      const own = rows.filter((r) => r.site_group_num === group);
      expect(new Set(own.map((r) => r.status)), `statuses of ${group}`).toEqual(new Set(SITE_STATUSES));
      expect(new Set(own.map((r) => r.site_type)), `site types of ${group}`).toEqual(new Set(SITE_TYPES));
    }
    const onTest = await sql<{ status: string; on_test: boolean }>`
      select s.status, exists (select 1 from devices d where d.site_num = s.site_num and d.on_test_until > now()) as on_test
      from sites s`.execute(db);
    for (const row of onTest.rows) expect(row.on_test).toBe(row.status === 'onTest');
  });

  it('creates agencies with current, expired and missing permits, premise phones, and call lists with varied phones and names', async () => {
    const permits = await sql<{ current: number; expired: number; missing: number; kinds: number }>`
      select
        count(*) filter (where permit_number is not null and (permit_expires_on is null or permit_expires_on >= current_date))::int as current,
        count(*) filter (where permit_number is not null and permit_expires_on < current_date)::int as expired,
        count(*) filter (where permit_number is null)::int as missing,
        count(distinct kind)::int as kinds
      from site_agencies`.execute(db);
    expect(permits.rows[0]).toMatchObject({ kinds: 4 });
    for (const n of ['current', 'expired', 'missing'] as const) expect(permits.rows[0][n]).toBeGreaterThan(10);
    expect(await count(db, 'premise_phones')).toBeGreaterThan(200);
    const contacts = await db.selectFrom('contacts').select(['name', 'phone_number', 'verifies']).execute();
    expect(contacts.filter((c) => !c.verifies).length).toBeGreaterThan(20);
    expect(contacts.filter((c) => c.verifies).length).toBeGreaterThan(contacts.length / 2);
    const phones = contacts.map((c) => c.phone_number ?? '');
    for (const format of [/^\(\d{3}\) \d{3}-\d{4}$/, /^\d{3}\.\d{3}\.\d{4}$/, /^\+1 \d{3} \d{3} \d{4}$/]) {
      expect(phones.some((p) => format.test(p))).toBe(true);
    }
    expect(contacts.map((c) => c.name)).toEqual(expect.arrayContaining(['José Peña', 'Zoë Lefèvre']));
    const names = await db.selectFrom('sites').select('site_name').where('site_name', '=', 'Société Générale Café').execute();
    expect(names).toHaveLength(1);
  });

  it('gives a showcase account of group 9993 a busy history of every event kind over the last 60 days, with zones', async () => {
    const busy = DEMO_SHOWCASE_SITES.find((site) => site.historyEvents)!;
    const events = await db
      .selectFrom('alarm_events')
      .select(['event_kind', 'zone_num', 'alarm_date', 'site_group_num'])
      .where('site_num', '=', busy.siteNum)
      .execute();
    expect(events.length).toBe(busy.historyEvents);
    expect(events.every((e) => e.site_group_num === 9993)).toBe(true);
    expect(new Set(events.map((e) => e.event_kind))).toEqual(new Set(['alarm', 'trouble', 'openClose', 'test', 'restore', 'other']));
    expect(events.filter((e) => e.zone_num !== null).length).toBeGreaterThan(50);
    const oldest = Math.min(...events.map((e) => new Date(e.alarm_date).getTime()));
    expect(oldest).toBeGreaterThan(Date.now() - 61 * 86_400_000);
    expect(oldest).toBeLessThan(Date.now() - 50 * 86_400_000);
  });

  it('creates the five demo users with the demo password (and two for recovery and registration)', async () => {
    const all = await db.selectFrom('users').select(['username', 'password_hash']).execute();
    expect(all.map((u) => u.username).sort()).toEqual([
      'customer.basic@example.com',
      'customer@example.com',
      'dealer.beta',
      'dealer.classic',
      // Support's demo: a disabled and a locked dealer (supportSeed.ts).
      'dealer.former',
      'dealer.locked',
      'dealer.newuser',
      'dealer.summit',
      'new.customer@example.com',
      'riley.invited@example.com',
      'support.admin',
      'support.viewer',
    ]);
    // new.customer@example.com was created by staff and riley.invited@example.com invited by dealer.beta:
    // each sets a password by the emailed otp link.
    const invited = ['new.customer@example.com', 'riley.invited@example.com'];
    for (const username of invited) expect(all.find((u) => u.username === username)!.password_hash).toBeNull();
    const users = all.filter((u) => !invited.includes(u.username));
    const hash = users[0].password_hash!;
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await argon2.verify(hash, DEMO_PASSWORD)).toBe(true);
    expect(await argon2.verify(hash, 'wrong password')).toBe(false);
    expect(users.every((u) => u.password_hash === hash)).toBe(true);
  });

  it('support.admin is internal staff who can edit news', async () => {
    const u = await user(db, 'support.admin');
    expect(u).toMatchObject({ application_num: APPLICATION.internal, name: 'Sam Support', can_edit_news: true, beta_user: false });
    expect(u.roles).toEqual(['reportRead']);
  });

  it('dealer.beta is a beta dealer with two groups, verified contacts and security questions', async () => {
    const u = await user(db, 'dealer.beta');
    expect(u).toMatchObject({
      application_num: APPLICATION.dealer,
      beta_user: true,
      dealer_number: '9993',
      current_site_group_num: 9993,
      mfa_required: false,
      password_reset_required: false,
    });
    expect(u.roles).toEqual(['reportRead', 'billingRead', 'level8']);
    expect(u.auth_flags).toEqual(['xtAdmin', 'allowCreateAccountFlag', 'ansServiceBlockFlag']);
    const groups = await db.selectFrom('user_account_groups').select('site_group_num').where('user_id', '=', u.user_id).execute();
    expect(groups.map((g) => g.site_group_num).sort()).toEqual([4120, 9993]);
    const methods = await db.selectFrom('user_contact_methods').selectAll().where('user_id', '=', u.user_id).execute();
    expect(methods.map((m) => m.type).sort()).toEqual(['cellPhone', 'email']);
    expect(methods.every((m) => m.verified_at !== null)).toBe(true);
    const questions = await db
      .selectFrom('user_security_questions')
      .selectAll()
      .where('user_id', '=', u.user_id)
      .orderBy('position')
      .execute();
    expect(questions).toHaveLength(3);
    expect(await argon2.verify(questions[0].answer_hash, DEMO_SECURITY_QUESTIONS[0].answer.toLowerCase())).toBe(true);
    expect(await count(db, 'site_favorites')).toBeGreaterThan(0);
    const favorites = await db
      .selectFrom('site_favorites')
      .innerJoin('sites', 'sites.site_num', 'site_favorites.site_num')
      .select('sites.site_group_num')
      .where('user_id', '=', u.user_id)
      .execute();
    expect(favorites.length).toBeGreaterThan(0);
    expect(favorites.every((f) => [9993, 4120].includes(f.site_group_num))).toBe(true);
  });

  it('dealer.classic is a classic dealer of group 4120', async () => {
    const u = await user(db, 'dealer.classic');
    expect(u).toMatchObject({ application_num: APPLICATION.dealer, beta_user: false, current_site_group_num: 4120 });
    const methods = await db.selectFrom('user_contact_methods').select('type').where('user_id', '=', u.user_id).execute();
    expect(methods.map((m) => m.type)).toEqual(['email']);
    const recents = await db.selectFrom('site_recents').select('site_num').where('user_id', '=', u.user_id).execute();
    expect(recents.length).toBeGreaterThan(0);
  });

  it('dealer.newuser has every first-login requirement pending and no contact info', async () => {
    const u = await user(db, 'dealer.newuser');
    expect(u).toMatchObject({
      application_num: APPLICATION.dealer,
      beta_user: true,
      dealer_number: '9993',
      email: null,
      phone_number: null,
      mfa_required: true,
      username_reset_required: true,
      verify_security_questions: true,
      password_reset_required: true,
      terms_required: true,
      privacy_policy_required: true,
    });
    const methods = await db.selectFrom('user_contact_methods').select('type').where('user_id', '=', u.user_id).execute();
    expect(methods).toHaveLength(0);
  });

  it('customer@example.com is an MSA user with two account links, one of them the default', async () => {
    const u = await user(db, 'customer@example.com');
    expect(u).toMatchObject({ application_num: APPLICATION.customer, email: 'customer@example.com' });
    expect(u.email_verified_at).toBeInstanceOf(Date);
    expect(u.roles).toEqual(['noActionRead', 'contactsRead', 'zonesRead', 'sitePasscodeRead', 'scheduleRead', 'billingRead']);
    const links = await db.selectFrom('msa_account_links').selectAll().where('user_id', '=', u.user_id).execute();
    expect(links).toHaveLength(2);
    expect(links.filter((l) => l.is_default)).toHaveLength(1);
  });

  it('creates active, future and expired news, the banner and the privacy policy', async () => {
    const now = new Date();
    const news = await db.selectFrom('news_items').selectAll().execute();
    const flags = news.map((n) => newsFlags(n.effective_date, n.expiration_date, now));
    expect(flags.filter((f) => f.active).length).toBeGreaterThanOrEqual(2);
    expect(flags.filter((f) => f.future).length).toBeGreaterThanOrEqual(1);
    expect(flags.filter((f) => f.expired).length).toBeGreaterThanOrEqual(1);
    expect(news.some((n) => n.sort_order === null)).toBe(true);
    expect(news.some((n) => n.url?.startsWith('https://'))).toBe(true);
    const banner = await db.selectFrom('status_banner').selectAll().execute();
    expect(banner).toHaveLength(1);
    expect(banner[0]).toMatchObject({ active: true, importance: 'Info' });
    const policies = await db.selectFrom('privacy_policies').selectAll().execute();
    expect(policies).toHaveLength(1);
    expect(policies[0].policy_text).toMatch(/^# /);
  });

  it('adds 2000 generated sites with their devices, zones, contacts and alarm events', async () => {
    const before = await Promise.all(['sites', 'devices', 'zones', 'contacts', 'alarm_events'].map((t) => count(db, t)));
    const progress: string[] = [];
    await seedLarge(db, { sites: 2000, log: (msg) => progress.push(msg) });
    const after = await Promise.all(['sites', 'devices', 'zones', 'contacts', 'alarm_events'].map((t) => count(db, t)));
    expect(after.map((n, i) => n - before[i])).toEqual([2000, 2000, 8000, 4000, 6000]);
    expect(progress).toContainEqual(expect.stringMatching(/^sites 2000\/2000 \(100%\) [\d.]+ s$/));

    const orphans = await sql<{ n: number }>`
      select count(*)::int as n from alarm_events e
      left join devices d on d.dev_num = e.dev_num and d.site_num = e.site_num and d.transmitter_code = e.transmitter_code
      where d.dev_num is null`.execute(db);
    expect(orphans.rows[0].n).toBe(0);
    const codes = await sql<{ n: number }>`select count(distinct transmitter_code)::int as n from devices`.execute(db);
    expect(codes.rows[0].n).toBe(after[1]);
  });
});
