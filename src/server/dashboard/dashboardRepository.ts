import { sql } from 'kysely';
import { DASHBOARD_DAYS, DASHBOARD_LIST_LIMIT, type Dashboard } from '../../../schemas/dashboard.js';
import { SITE_WARNINGS, type SiteStatus, type SiteWarning } from '../../../schemas/sites.js';
import { dateIn } from '../../common/siteWarnings.js';
import type { Db } from '../db/database.js';
import { selectedGroup, type ScopeUser } from '../db/siteScope.js';
import { dashboardDays, emptyDashboard, fillDays, fillStatuses } from './dashboardFigures.js';

const HOUR_MS = 3_600_000;

/** Minimum verifying contacts with a phone (siteWarnings' MIN_VERIFICATION_CONTACTS, which it keeps to itself). */
const MIN_VERIFICATION_CONTACTS = 2;

/**
 * The dealer dashboard (GET /api/dashboard): the figures of the
 * user's selected account group, the same group siteScope() reaches
 * (users.current_site_group_num, while it is one of the user's
 * user_account_groups). The alarm figures read the per-day aggregates of
 * migration 0007 (event_days, group_event_days: UTC days); the rolling 24 h
 * and 7 days count alarm_events through its partial index of alarms. The
 * queries run side by side (the pool has ten connections).
 */
export function dashboardRepository(db: Db) {
  async function statusCounts(group: number) {
    return db
      .selectFrom('sites')
      .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
      .where('site_group_num', '=', group)
      .groupBy('status')
      .execute();
  }

  async function alarms(group: number, now: Date) {
    const row = await db
      .selectFrom('alarm_events')
      .select([
        (eb) =>
          eb.fn
            .countAll<number>()
            .filterWhere('alarm_date', '>', new Date(now.getTime() - 24 * HOUR_MS))
            .as('last24h'),
        (eb) => eb.fn.countAll<number>().as('last7d'),
      ])
      .where('site_group_num', '=', group)
      .where('event_kind', '=', 'alarm')
      .where('alarm_date', '>', new Date(now.getTime() - 7 * 24 * HOUR_MS))
      .where('alarm_date', '<=', now)
      .executeTakeFirstOrThrow();
    return { last24h: Number(row.last24h), last7d: Number(row.last7d) };
  }

  async function onTest(group: number, now: Date): Promise<Dashboard['onTest']> {
    const rows = await db
      .selectFrom('devices')
      .innerJoin('sites', 'sites.site_num', 'devices.site_num')
      .select([
        'sites.site_num as siteNum',
        'sites.site_name as siteName',
        (eb) => eb.fn.min('devices.dev_num').as('devNum'),
        (eb) => eb.fn.max('devices.on_test_until').as('until'),
        sql<number>`count(*) over ()`.as('total'),
      ])
      .where('devices.on_test_until', '>', now)
      .where('sites.site_group_num', '=', group)
      .groupBy(['sites.site_num', 'sites.site_name'])
      .orderBy('until')
      .orderBy('sites.site_num')
      .limit(DASHBOARD_LIST_LIMIT)
      .execute();
    return {
      total: Number(rows[0]?.total ?? 0),
      sites: rows.map((r) => ({
        siteNum: r.siteNum,
        siteName: r.siteName,
        devNum: r.devNum,
        until: new Date(r.until as Date).toISOString(),
      })),
    };
  }

  /**
   * Accounts per completeness warning, the rules of siteWarnings() over
   * site_completeness (migration 0007, kept current by triggers): noPermit
   * compares the last day a numbered permit is held through with the date at
   * the premises (dateIn per time zone of the group, UTC for a zone Intl does
   * not know).
   */
  async function warningCounts(group: number, now: Date): Promise<Dashboard['warningCounts']> {
    const zones = await db.selectFrom('sites').select('time_zone').distinct().where('site_group_num', '=', group).execute();
    const todayByZone = JSON.stringify(Object.fromEntries(zones.map((z) => [z.time_zone, dateIn(z.time_zone, now)])));
    const min = MIN_VERIFICATION_CONTACTS;
    const row = await sql<Record<SiteWarning, number>>`
      select
        count(*) filter (where c.passcodes = 0) as "noPasscode",
        count(*) filter (where c.verifiers < ${min}) as "fewVerificationContacts",
        count(*) filter (where c.agencies = 0) as "noAgency",
        count(*) filter (where c.premise_phones = 0) as "noPremisePhone",
        count(*) filter (where c.agencies > 0 and (c.permit_through is null
          or c.permit_through < coalesce(tz.value, ${dateIn('UTC', now)})::date)) as "noPermit"
      from site_completeness c left join jsonb_each_text(${todayByZone}::jsonb) as tz on tz.key = c.time_zone
      where c.site_group_num = ${group}
    `.execute(db);
    const counts = row.rows[0];
    return Object.fromEntries(SITE_WARNINGS.map((w) => [w, Number(counts?.[w] ?? 0)])) as Dashboard['warningCounts'];
  }

  async function alarmsPerDay(group: number, days: readonly string[]) {
    const rows = await db
      .selectFrom('group_event_days')
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'event_kind as kind', 'count'])
      .where('site_group_num', '=', group)
      .where('day', '>=', days[0]!)
      .where('day', '<=', days[days.length - 1]!)
      .execute();
    return fillDays(days, rows);
  }

  async function topSites(group: number, days: readonly string[]): Promise<Dashboard['topSites']> {
    const top = db
      .selectFrom('event_days')
      .select(['site_num', (eb) => eb.fn.sum<number>('count').as('alarms')])
      .where('site_group_num', '=', group)
      .where('event_kind', '=', 'alarm')
      .where('day', '>=', days[0]!)
      .where('day', '<=', days[days.length - 1]!)
      .groupBy('site_num')
      .having((eb) => eb.fn.sum('count'), '>', 0)
      .orderBy('alarms', 'desc')
      .orderBy('site_num')
      .limit(DASHBOARD_LIST_LIMIT);
    const rows = await db
      .with('top', () => top)
      .selectFrom('top')
      .innerJoin('sites', 'sites.site_num', 'top.site_num')
      .select((eb) => [
        'sites.site_num as siteNum',
        'sites.site_name as siteName',
        'top.alarms',
        eb
          .selectFrom('devices')
          .select((d) => d.fn.min('devices.dev_num').as('m'))
          .whereRef('devices.site_num', '=', 'sites.site_num')
          .as('devNum'),
      ])
      .orderBy('top.alarms', 'desc')
      .orderBy('sites.site_num')
      .execute();
    return rows.map((r) => ({ siteNum: r.siteNum, siteName: r.siteName, devNum: r.devNum ?? null, alarms: Number(r.alarms) }));
  }

  async function favorites(user: ScopeUser, group: number): Promise<Dashboard['favorites']> {
    const rows = await db
      .selectFrom('site_favorites')
      .innerJoin('sites', 'sites.site_num', 'site_favorites.site_num')
      .select(['sites.site_num as siteNum', 'sites.status'])
      .where('site_favorites.user_id', '=', user.user_id)
      .where('sites.site_group_num', '=', group)
      .orderBy('sites.site_num')
      .execute();
    return rows.map((r) => ({ siteNum: r.siteNum, status: r.status as SiteStatus }));
  }

  return {
    /** The figures of the user's selected group; zeros and empty lists without one. */
    async get(user: ScopeUser, now: Date = new Date()): Promise<Dashboard> {
      const group = await selectedGroup(db, user);
      if (group === null) return emptyDashboard(now);
      const days = dashboardDays(now, DASHBOARD_DAYS);
      const [statuses, alarmCounts, testing, warnings, perDay, top, favs] = await Promise.all([
        statusCounts(group),
        alarms(group, now),
        onTest(group, now),
        warningCounts(group, now),
        alarmsPerDay(group, days),
        topSites(group, days),
        favorites(user, group),
      ]);
      const statusCountsFilled = fillStatuses(statuses);
      return {
        siteGroupNum: group,
        generatedAt: now.toISOString(),
        totalSites: Object.values(statusCountsFilled).reduce((a, b) => a + b, 0),
        statusCounts: statusCountsFilled,
        alarms: alarmCounts,
        onTest: testing,
        warningCounts: warnings,
        alarmsPerDay: perDay,
        topSites: top,
        favorites: favs,
      };
    },
  };
}
