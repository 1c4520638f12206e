import { sql, type Transaction } from 'kysely';
import type { SiteTest, SiteTestFilter, SITE_TEST_SORT_FIELDS } from '../../../schemas/tests.js';
import { testState, type TestScope } from '../../common/siteTests.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { siteInScope, siteScope, type ScopeUser } from '../db/siteScope.js';
import type { ListQuery } from '../http/simpleRest.js';
import { emitWebhookEvent } from '../jobs/webhookEvents.js';

type Executor = Db | Transaction<Database>;
type ReturnStatus = 'active' | 'inAlarm' | 'outOfService' | 'pending';

/** A site in the user's scope with its devices and their zones: what a new test is checked against. */
export interface TestSite {
  siteNum: number;
  siteName: string;
  timeZone: string;
  devices: { devNum: number; zones: number[] }[];
}

/** What placing a test stores (checked by src/common/siteTests.ts first). */
export interface NewTest {
  siteNum: number;
  devNum: number | null;
  scope: TestScope;
  zones: number[];
  kinds: string[];
  startsAt: Date;
  endsAt: Date;
  reason: string;
}

/** Tests that ended by themselves in a reconcile (audited by the system). */
export interface ExpiredTest {
  id: number;
  siteNum: number;
  endsAt: Date;
}

const SORT_COLUMNS: Record<(typeof SITE_TEST_SORT_FIELDS)[number], 't.test_id' | 't.starts_at' | 't.ends_at' | 't.site_num'> = {
  id: 't.test_id',
  startsAt: 't.starts_at',
  endsAt: 't.ends_at',
  siteNum: 't.site_num',
};

/**
 * Tests placed on accounts (place on test). Every read and write
 * starts from a site within siteScope of the user who asks: another group's
 * test and a missing one answer alike (undefined). `reconcile` brings an
 * account in line with its tests: ends those past their end time, sets the
 * status to onTest while any is in force (remembering the status to return
 * to) and back when the last one ends, and keeps devices.on_test_until (the
 * dashboard's on-test tile) to the end of the tests covering each device.
 */
export function testsRepository(db: Db) {
  function selectTests(executor: Executor) {
    return executor
      .selectFrom('site_tests as t')
      .innerJoin('sites', 'sites.site_num', 't.site_num')
      .leftJoin('users as cu', 'cu.user_id', 't.created_by')
      .leftJoin('users as uu', 'uu.user_id', 't.updated_by')
      .leftJoin('users as eu', 'eu.user_id', 't.ended_by')
      .select([
        't.test_id',
        't.site_num',
        'sites.site_name',
        't.dev_num',
        't.scope',
        't.zones',
        't.kinds',
        't.starts_at',
        't.ends_at',
        't.reason',
        't.created_at',
        't.updated_at',
        't.ended_at',
        't.end_reason',
        'cu.name as created_by_name',
        'uu.name as updated_by_name',
        'eu.name as ended_by_name',
      ]);
  }
  type Row = Awaited<ReturnType<ReturnType<typeof selectTests>['executeTakeFirstOrThrow']>>;

  function toTest(row: Row, now: Date): SiteTest {
    const startsAt = new Date(row.starts_at);
    const endsAt = new Date(row.ends_at);
    const endedAt = row.ended_at ? new Date(row.ended_at) : null;
    return {
      id: row.test_id,
      siteNum: row.site_num,
      siteName: row.site_name,
      deviceNum: row.dev_num,
      scope: row.scope,
      zones: row.zones,
      kinds: row.kinds as SiteTest['kinds'],
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      reason: row.reason,
      state: testState({ startsAt, endsAt, endedAt }, now),
      createdBy: row.created_by_name,
      createdAt: new Date(row.created_at).toISOString(),
      updatedBy: row.updated_by_name,
      updatedAt: new Date(row.updated_at).toISOString(),
      endedAt: endedAt?.toISOString() ?? null,
      endedBy: row.ended_by_name,
      endReason: row.end_reason,
    };
  }

  /** A test's webhook event (test.placed, test.ended, test.expired), in the change's transaction. */
  async function emitTestEvent(trx: Executor, type: 'test.placed' | 'test.ended' | 'test.expired', testId: number, now: Date) {
    const row = await selectTests(trx).where('t.test_id', '=', testId).select('sites.site_group_num').executeTakeFirst();
    if (!row?.site_group_num) return;
    const test = toTest(row, now);
    const data = {
      testId: test.id,
      siteNum: test.siteNum,
      siteName: test.siteName,
      deviceNum: test.deviceNum,
      scope: test.scope,
      zones: test.zones,
      kinds: test.kinds,
      startsAt: test.startsAt,
      endsAt: test.endsAt,
      reason: test.reason,
      endedAt: test.endedAt,
      endReason: test.endReason,
    };
    await emitWebhookEvent(trx, { siteGroupNum: row.site_group_num, siteNum: test.siteNum, type, data }, now);
  }

  async function getScoped(executor: Executor, user: ScopeUser, id: number, now: Date) {
    const row = await selectTests(executor).where('t.test_id', '=', id).where(siteScope(user)).executeTakeFirst();
    return row && toTest(row, now);
  }

  /**
   * Brings one account in line with its tests at `now` (see above). Idempotent: the
   * jobs at each start and end time, the sweep at start-up and every write call it.
   */
  async function reconcileIn(trx: Executor, siteNum: number, now: Date): Promise<{ expired: ExpiredTest[]; status?: string }> {
    // The account's row first, locked: reconciles of one account take turns (PostgreSQL; PGlite has one connection).
    const site = await trx.selectFrom('sites').select('status').where('site_num', '=', siteNum).forUpdate().executeTakeFirst();
    if (!site) return { expired: [] };
    const expired = await trx
      .updateTable('site_tests')
      .set({ ended_at: sql`ends_at`, end_reason: 'expired' })
      .where('site_num', '=', siteNum)
      .where('ended_at', 'is', null)
      .where('ends_at', '<=', now)
      .returning(['test_id', 'ends_at'])
      .execute();
    for (const { test_id } of expired) await emitTestEvent(trx, 'test.expired', test_id, now);
    const active = await trx
      .selectFrom('site_tests')
      .select(['test_id', 'return_status'])
      .where('site_num', '=', siteNum)
      .where('ended_at', 'is', null)
      .where('starts_at', '<=', now)
      .execute();
    let status: string | undefined;
    if (active.length) {
      // The status to return to: the account's now, or (already on test) the one its tests remembered.
      let back: ReturnStatus | null = site.status === 'onTest' ? null : site.status;
      if (back === null) back = active.find((a) => a.return_status)?.return_status ?? (await lastReturnStatus(trx, siteNum)) ?? 'active';
      const missing = active.filter((a) => a.return_status !== back).map((a) => a.test_id);
      if (missing.length) await trx.updateTable('site_tests').set({ return_status: back }).where('test_id', 'in', missing).execute();
      if (site.status !== 'onTest') {
        await trx.updateTable('sites').set({ status: 'onTest' }).where('site_num', '=', siteNum).execute();
        status = 'onTest';
      }
    } else if (site.status === 'onTest') {
      // Back to what it was, when a test of this feature put it on test (demo or legacy data without one stay as they are).
      const back = await lastReturnStatus(trx, siteNum);
      if (back) {
        await trx.updateTable('sites').set({ status: back }).where('site_num', '=', siteNum).execute();
        status = back;
      }
    }
    await sql`
      update devices d set on_test_until = (
        select max(t.ends_at) from site_tests t
        where t.site_num = d.site_num and t.ended_at is null and t.starts_at <= ${now} and t.ends_at > ${now}
          and (t.dev_num is null or t.dev_num = d.dev_num)
      )
      where d.site_num = ${siteNum}
    `.execute(trx);
    return { expired: expired.map((e) => ({ id: e.test_id, siteNum, endsAt: new Date(e.ends_at) })), status };
  }

  async function lastReturnStatus(trx: Executor, siteNum: number): Promise<ReturnStatus | null> {
    const row = await trx
      .selectFrom('site_tests')
      .select('return_status')
      .where('site_num', '=', siteNum)
      .where('return_status', 'is not', null)
      .orderBy('updated_at', 'desc')
      .orderBy('test_id', 'desc')
      .executeTakeFirst();
    return row?.return_status ?? null;
  }

  return {
    /** The site with its devices and zones, when in the user's scope. */
    async site(user: ScopeUser, siteNum: number): Promise<TestSite | undefined> {
      const site = await siteInScope(db, user, siteNum);
      if (!site) return undefined;
      const devices = await db
        .selectFrom('devices')
        .leftJoin('zones', 'zones.dev_num', 'devices.dev_num')
        .select(['devices.dev_num', 'zones.zone_num'])
        .where('devices.site_num', '=', siteNum)
        .execute();
      const byDevice = new Map<number, number[]>();
      for (const d of devices) {
        const zones = byDevice.get(d.dev_num) ?? [];
        if (d.zone_num !== null) zones.push(d.zone_num);
        byDevice.set(d.dev_num, zones);
      }
      return {
        siteNum: site.site_num,
        siteName: site.site_name,
        timeZone: site.time_zone,
        devices: [...byDevice].map(([devNum, zones]) => ({ devNum, zones })),
      };
    },

    async list(user: ScopeUser, query: ListQuery<SiteTestFilter, (typeof SITE_TEST_SORT_FIELDS)[number]>, now: Date = new Date()) {
      let q = selectTests(db).where(siteScope(user));
      const { filter } = query;
      if (filter.siteNum !== undefined) q = q.where('t.site_num', '=', filter.siteNum);
      if (filter.id !== undefined) q = q.where('t.test_id', 'in', filter.id.length ? filter.id : [0]);
      if (filter.active === true) q = q.where('t.ended_at', 'is', null).where('t.ends_at', '>', now);
      if (filter.active === false) q = q.where((eb) => eb.or([eb('t.ended_at', 'is not', null), eb('t.ends_at', '<=', now)]));
      const counted = await q
        .clearSelect()
        .select(sql<number>`count(*)::int`.as('total'))
        .executeTakeFirstOrThrow();
      const sort = query.sort ?? { field: 'endsAt', order: 'asc' };
      const rows = await q
        .orderBy(SORT_COLUMNS[sort.field], sort.order)
        .orderBy('t.test_id', sort.order)
        .offset(query.offset)
        .limit(query.limit)
        .execute();
      return { items: rows.map((row) => toTest(row, now)), total: counted.total };
    },

    get: (user: ScopeUser, id: number, now: Date = new Date()) => getScoped(db, user, id, now),

    /** Places a test (the site checked in scope by the caller) and brings the account in line. */
    async create(user: ScopeUser, test: NewTest, now: Date = new Date()) {
      return db.transaction().execute(async (trx) => {
        const { test_id } = await trx
          .insertInto('site_tests')
          .values({
            site_num: test.siteNum,
            dev_num: test.devNum,
            scope: test.scope,
            zones: test.zones,
            kinds: test.kinds,
            starts_at: test.startsAt,
            ends_at: test.endsAt,
            reason: test.reason,
            created_by: user.user_id,
            updated_by: user.user_id,
          })
          .returning('test_id')
          .executeTakeFirstOrThrow();
        const { status } = await reconcileIn(trx, test.siteNum, now);
        await emitTestEvent(trx, 'test.placed', test_id, now);
        return { test: (await getScoped(trx, user, test_id, now))!, status };
      });
    },

    /** Changes the end time and/or reason of a test not yet ended; undefined when out of scope, missing or ended. */
    async update(user: ScopeUser, id: number, changes: { endsAt?: Date; reason?: string }, now: Date = new Date()) {
      return db.transaction().execute(async (trx) => {
        const before = await getScoped(trx, user, id, now);
        if (!before || before.state === 'ended') return { before };
        await trx
          .updateTable('site_tests')
          .set({
            ...(changes.endsAt && { ends_at: changes.endsAt }),
            ...(changes.reason !== undefined && { reason: changes.reason }),
            updated_by: user.user_id,
            updated_at: now,
          })
          .where('test_id', '=', id)
          .execute();
        const { status } = await reconcileIn(trx, before.siteNum, now);
        return { before, after: (await getScoped(trx, user, id, now))!, status };
      });
    },

    /** Ends a test early (cancel); undefined when out of scope or missing; `ended` false when it had ended already. */
    async end(user: ScopeUser, id: number, note: string | null, now: Date = new Date()) {
      return db.transaction().execute(async (trx) => {
        const before = await getScoped(trx, user, id, now);
        if (!before) return undefined;
        if (before.state === 'ended') return { test: before, ended: false };
        await trx
          .updateTable('site_tests')
          .set({
            ended_at: now,
            ended_by: user.user_id,
            end_reason: 'cancelled',
            end_note: note,
            updated_by: user.user_id,
            updated_at: now,
          })
          .where('test_id', '=', id)
          .execute();
        const { status } = await reconcileIn(trx, before.siteNum, now);
        await emitTestEvent(trx, 'test.ended', id, now);
        return { test: (await getScoped(trx, user, id, now))!, ended: true, status };
      });
    },

    /** Brings one account in line with its tests (the scheduled jobs; no user: the system). */
    reconcile(siteNum: number, now: Date = new Date()) {
      return db.transaction().execute((trx) => reconcileIn(trx, siteNum, now));
    },

    /** Accounts whose tests need a reconcile now: one past its end, or one in force on an account not on test (after an outage). */
    async dueSites(now: Date = new Date()): Promise<number[]> {
      const rows = await db
        .selectFrom('site_tests as t')
        .innerJoin('sites', 'sites.site_num', 't.site_num')
        .select('t.site_num')
        .distinct()
        .where('t.ended_at', 'is', null)
        .where((eb) => eb.or([eb('t.ends_at', '<=', now), eb.and([eb('t.starts_at', '<=', now), eb('sites.status', '!=', 'onTest')])]))
        .execute();
      return rows.map((r) => r.site_num);
    },
  };
}
