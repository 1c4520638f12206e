import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerRepository } from '../../src/server/banner/bannerRepository.js';
import { classicRepository } from '../../src/server/classic/classicRepository.js';
import { migrateToLatest, type Db } from '../../src/server/db/database.js';
import { alarmsRepository } from '../../src/server/integrations/alarmsRepository.js';
import { privacyRepository } from '../../src/server/privacy/privacyRepository.js';
import { realtimeRepository } from '../../src/server/realtime/realtimeRepository.js';
import { recoveryRepository } from '../../src/server/recovery/recoveryRepository.js';
import { ssoRepository } from '../../src/server/sso/ssoRepository.js';
import { openTestDatabase, TEST_DATABASES } from './harness.js';

/** The repositories' own logic, straight on a migrated database (no app, no demo data). */
describe.each(TEST_DATABASES)('repositories on $name', (database) => {
  let db: Db;
  let close: () => Promise<void>;
  let editor: number;
  let reader: number;

  const addUser = async (username: string, applicationNum: 1 | 2 | 3) =>
    (
      await db
        .insertInto('users')
        .values({ username, name: username, email: null, application_num: applicationNum, privacy_policy_required: true })
        .returning('user_id')
        .executeTakeFirstOrThrow()
    ).user_id;

  beforeAll(async () => {
    const opened = await openTestDatabase(database);
    db = opened.handle.db;
    close = opened.close;
    await migrateToLatest(db, opened.handle.schema);
    editor = await addUser('repo.editor', 1);
    reader = await addUser('repo.reader', 3);
  });
  afterAll(() => close?.());

  describe('privacyRepository', () => {
    it('has no latest version before the first publish', async () => {
      expect(await privacyRepository(db).latest()).toBeUndefined();
    });

    it('numbers every publish as a new version; latest is the newest', async () => {
      const policies = privacyRepository(db);
      const first = await policies.publish('# First', editor);
      const second = await policies.publish('# Second', editor);
      expect(second.version).toBeGreaterThan(first.version);
      expect(await policies.latest()).toEqual({ version: second.version, policy_text: '# Second' });
      const rows = await db.selectFrom('privacy_policies').select(['version', 'created_by']).orderBy('version').execute();
      expect(rows).toEqual([
        { version: first.version, created_by: editor },
        { version: second.version, created_by: editor },
      ]);
    });

    it('records an acceptance once, keeping the first time and address, and clears the requirement', async () => {
      const policies = privacyRepository(db);
      const { version } = (await policies.latest())!;
      const firstTime = new Date('2026-03-01T10:00:00Z');
      await policies.accept(reader, version, '192.0.2.1', firstTime);
      await policies.accept(reader, version, '192.0.2.2', new Date('2026-03-02T10:00:00Z'));
      const acceptances = await db.selectFrom('privacy_policy_acceptances').selectAll().where('user_id', '=', reader).execute();
      expect(acceptances).toHaveLength(1);
      expect(acceptances[0]).toMatchObject({ version, ip: '192.0.2.1' });
      expect(new Date(acceptances[0].accepted_at).toISOString()).toBe(firstTime.toISOString());
      const user = await db.selectFrom('users').select('privacy_policy_required').where('user_id', '=', reader).executeTakeFirstOrThrow();
      expect(user.privacy_policy_required).toBe(false);
    });

    it('keeps one acceptance per version', async () => {
      const policies = privacyRepository(db);
      const newer = await policies.publish('# Third', editor);
      await policies.accept(reader, newer.version, '192.0.2.3');
      const versions = await db
        .selectFrom('privacy_policy_acceptances')
        .select('version')
        .where('user_id', '=', reader)
        .orderBy('version')
        .execute();
      expect(versions.map((v) => v.version)).toHaveLength(2);
      expect(versions.at(-1)!.version).toBe(newer.version);
    });
  });

  describe('bannerRepository', () => {
    const banner = { active: true, title: 'Maintenance', body: 'Down at 2 am.', importance: 'Warning' as const };

    it('has no banner until the first save', async () => {
      expect(await bannerRepository(db).get()).toBeUndefined();
    });

    it('creates the one banner on the first save and answers it', async () => {
      const banners = bannerRepository(db);
      const at = new Date('2026-04-01T08:00:00Z');
      expect(await banners.save(banner, editor, at)).toEqual(banner);
      expect(await banners.get()).toEqual(banner);
      const row = await db.selectFrom('status_banner').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ banner_id: 1, updated_by: editor });
      expect(new Date(row.updated_at).toISOString()).toBe(at.toISOString());
    });

    it('replaces it on the next save: still one row, with the new author and time', async () => {
      const banners = bannerRepository(db);
      const changed = { active: false, title: 'All clear', body: 'Back up.', importance: 'Info' as const };
      const at = new Date('2026-04-02T08:00:00Z');
      expect(await banners.save(changed, reader, at)).toEqual(changed);
      expect(await banners.get()).toEqual(changed);
      const rows = await db.selectFrom('status_banner').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ banner_id: 1, updated_by: reader });
      expect(new Date(rows[0].updated_at).toISOString()).toBe(at.toISOString());
    });
  });

  describe('recoveryRepository', () => {
    it('finds an enabled portal user by username, any case and spaces; never a customer or a disabled user', async () => {
      const recovery = recoveryRepository(db);
      const dealer = await addUser('Repo.Dealer', 2);
      const disabled = await addUser('repo.gone', 2);
      await db.updateTable('users').set({ disabled_at: new Date() }).where('user_id', '=', disabled).execute();
      expect((await recovery.portalUserByUsername('  repo.DEALER '))?.user_id).toBe(dealer);
      expect((await recovery.portalUserByUsername('repo.editor'))?.user_id).toBe(editor);
      expect(await recovery.portalUserByUsername('repo.reader')).toBeUndefined();
      expect(await recovery.portalUserByUsername('repo.gone')).toBeUndefined();
    });

    it('answers usernames and dealer numbers of the users asked for, none for none', async () => {
      const recovery = recoveryRepository(db);
      expect(await recovery.usernames([])).toEqual([]);
      expect(await recovery.usernames([editor])).toEqual([{ user_id: editor, username: 'repo.editor', dealer_number: null }]);
    });

    it('answers security questions in their order', async () => {
      await db
        .insertInto('user_security_questions')
        .values([
          { user_id: editor, position: 2, question: 'Second?', answer_hash: 'h2' },
          { user_id: editor, position: 1, question: 'First?', answer_hash: 'h1' },
        ])
        .execute();
      expect(await recoveryRepository(db).securityQuestions(editor)).toEqual([
        { question: 'First?', answer_hash: 'h1' },
        { question: 'Second?', answer_hash: 'h2' },
      ]);
    });

    it('starts a recovery session at its questions stage, retiring the open one', async () => {
      const recovery = recoveryRepository(db);
      const first = await recovery.startSession(editor, 60_000);
      const second = await recovery.startSession(editor, 60_000);
      const old = await recovery.findSession(first);
      const current = await recovery.findSession(second);
      expect(old?.used_at).not.toBeNull();
      expect(current).toMatchObject({ kind: 'recovery', user_id: editor, used_at: null, payload: { stage: 'questions', attempts: 0 } });
      expect(await recovery.spendSession(current!.token_hash)).toBe(true);
      expect(await recovery.spendSession(current!.token_hash)).toBe(false);
    });
  });

  describe('ssoRepository.saveProvider', () => {
    const provider = { issuer: 'https://idp.example/one', client_id: 'portal', client_secret: 's1', display_name: 'One' };

    it('writes nothing for a group that does not exist', async () => {
      expect(await ssoRepository(db).saveProvider(4242, 'demo', provider)).toBe(false);
      expect(await db.selectFrom('sso_providers').selectAll().execute()).toEqual([]);
    });

    it('creates the provider of a group, then updates it in place', async () => {
      const sso = ssoRepository(db);
      await db
        .insertInto('account_groups')
        .values({ site_group_num: 4242, site_group_name: 'Repo group', dealer_number: '4242' })
        .execute();
      expect(await sso.saveProvider(4242, 'demo', provider)).toBe(true);
      const created = await sso.provider(4242, 'demo');
      expect(created).toMatchObject(provider);
      const moved = { ...provider, issuer: 'https://idp.example/two', client_secret: 's2' };
      expect(await sso.saveProvider(4242, 'demo', moved)).toBe(true);
      const rows = await db.selectFrom('sso_providers').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ ...moved, provider_id: created!.provider_id, site_group_num: 4242, name: 'demo' });
    });
  });

  describe('realtimeRepository.openSessionIds', () => {
    it('answers the open sessions among any number of ids (asked in chunks), never an ended or expired one', async () => {
      const now = new Date('2026-05-01T12:00:00Z');
      const session = (id: string, expiresAt: Date, endedAt: Date | null = null) => ({
        session_id: id,
        user_id: editor,
        token_hash: `repo-${id}`,
        pending_requirements: '{}',
        expires_at: expiresAt,
        ended_at: endedAt,
      });
      const later = new Date(now.getTime() + 60_000);
      const [open, ended, expired, openLast] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      await db
        .insertInto('sessions')
        .values([session(open, later), session(ended, later, now), session(expired, now), session(openLast, later)])
        .execute();
      // The last open one is past the first chunk of 1000 ids; unknown ids and repeats are fine.
      const unknown = Array.from({ length: 1200 }, () => randomUUID());
      const ids = [open, ended, expired, open, ...unknown, openLast];
      const found = await realtimeRepository(db).openSessionIds(ids, now);
      expect([...found].sort()).toEqual([open, openLast].sort());
      expect((await realtimeRepository(db).openSessionIds([], now)).size).toBe(0);
    });
  });

  describe('alarmsRepository (the demo simulator picks)', () => {
    it("picks devices of the group's sites only, by number, up to the limit, with their zones", async () => {
      await db
        .insertInto('account_groups')
        .values([
          { site_group_num: 5151, site_group_name: 'Live', dealer_number: '5151' },
          { site_group_num: 5252, site_group_name: 'Other', dealer_number: '5252' },
        ])
        .execute();
      const site = (siteNum: number, siteGroupNum: number) => ({
        site_num: siteNum,
        site_group_num: siteGroupNum,
        site_name: `Site ${siteNum}`,
        address_line1: '1 Main St',
        address_line2: null,
        city: 'Austin',
        state: 'TX',
        postal_code: '78701',
        phone_number: null,
        account_passcode_hash: null,
      });
      await db
        .insertInto('sites')
        .values([site(515101, 5151), site(525201, 5252)])
        .execute();
      await db
        .insertInto('devices')
        .values([
          { dev_num: 9003, site_num: 515101, transmitter_code: 'R9003', panel_type: null, description: null, on_test_until: null },
          { dev_num: 9001, site_num: 515101, transmitter_code: 'R9001', panel_type: null, description: null, on_test_until: null },
          { dev_num: 9002, site_num: 525201, transmitter_code: 'R9002', panel_type: null, description: null, on_test_until: null },
        ])
        .execute();
      await db.insertInto('zones').values({ dev_num: 9001, zone_num: 3, description: 'Door', event_type: 'burglary' }).execute();
      const alarms = alarmsRepository(db);
      expect(await alarms.devicesOfGroup(5151)).toEqual([
        { dev_num: 9001, transmitter_code: 'R9001' },
        { dev_num: 9003, transmitter_code: 'R9003' },
      ]);
      expect(await alarms.devicesOfGroup(5151, 1)).toEqual([{ dev_num: 9001, transmitter_code: 'R9001' }]);
      expect(await alarms.zonesOf(9001)).toEqual([{ zoneNum: 3, eventType: 'burglary' }]);
      expect(await alarms.zonesOf(9003)).toEqual([]);
    });
  });

  describe('classicRepository', () => {
    it('redeems a key once, before it expires, as the dealer it was issued to', async () => {
      const classic = classicRepository(db);
      const dealer = await addUser('repo.classic', 2);
      const issuedAt = new Date('2026-06-01T12:00:00Z');
      const key = await classic.issueKey(dealer, issuedAt);
      expect(await classic.redeemKey(key, new Date(issuedAt.getTime() + 60_000))).toBeUndefined();
      expect(await classic.redeemKey(key, new Date(issuedAt.getTime() + 59_000))).toMatchObject({
        userId: dealer,
        username: 'repo.classic',
      });
      expect(await classic.redeemKey(key, new Date(issuedAt.getTime() + 59_000))).toBeUndefined();
    });

    it('answers nobody for a key of a user no longer a dealer, or disabled (the key is spent all the same)', async () => {
      const classic = classicRepository(db);
      const customerKey = await classic.issueKey(reader);
      expect(await classic.redeemKey(customerKey)).toBeUndefined();
      const dealer = await addUser('repo.classic.gone', 2);
      const key = await classic.issueKey(dealer);
      await db.updateTable('users').set({ disabled_at: new Date() }).where('user_id', '=', dealer).execute();
      expect(await classic.redeemKey(key)).toBeUndefined();
      await db.updateTable('users').set({ disabled_at: null }).where('user_id', '=', dealer).execute();
      expect(await classic.redeemKey(key)).toBeUndefined();
    });
  });
});
