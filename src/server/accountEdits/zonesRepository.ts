import { sql } from 'kysely';
import type { Zone, ZoneFilter } from '../../../schemas/zones.js';
import type { HistoryChange } from '../db/accountHistory.js';
import type { Db } from '../db/database.js';
import { siteRowsPage, siteScope, type ScopeUser } from '../db/siteScope.js';
import type { ListQuery } from '../http/simpleRest.js';
import { withChange, type EditSite } from './accountSite.js';

const zoneColumns = [
  'sites.site_num',
  'sites.site_group_num',
  'zones.dev_num',
  'zones.zone_num',
  'zones.description',
  'zones.event_type',
] as const;

const zoneOf = (r: { site_num: number; dev_num: number; zone_num: number; description: string; event_type: string }): Zone => ({
  id: `${r.dev_num}-${r.zone_num}`,
  siteNum: r.site_num,
  devNum: r.dev_num,
  zoneNum: r.zone_num,
  description: r.description,
  eventType: r.event_type,
});

/** A zone's id, `devNum-zoneNum`, as the text it is: sorted byte by byte, as a client compares it, whatever the database's collation. */
const zoneId = sql<string>`(zones.dev_num::text || '-' || zones.zone_num::text) collate "C"`;

/**
 * An account's zones, by device: a zone's description and event kind are edited here; zones come
 * and go with the panel's programming. Reached through a site in the user's scope.
 */
export function zonesRepository(db: Db) {
  const zonesWithSite = () =>
    db
      .selectFrom('zones')
      .innerJoin('devices', 'devices.dev_num', 'zones.dev_num')
      .innerJoin('sites', 'sites.site_num', 'devices.site_num')
      .select(zoneColumns);
  return {
    /** A page of the zones in the user's scope: the account's (or one device's) by device and number, or by id. */
    page(user: ScopeUser, { filter, ...query }: ListQuery<ZoneFilter, 'id'>) {
      const rows = filter.devNum === undefined ? zonesWithSite() : zonesWithSite().where('zones.dev_num', '=', filter.devNum);
      return siteRowsPage(rows, user, { id: zoneId, order: ['zones.dev_num', 'zones.zone_num'], record: zoneOf }, { filter, ...query });
    },
    async get(user: ScopeUser, devNum: number, zoneNum: number): Promise<{ site: EditSite; zone: Zone } | undefined> {
      const row = await zonesWithSite()
        .where('zones.dev_num', '=', devNum)
        .where('zones.zone_num', '=', zoneNum)
        .where(siteScope(user))
        .executeTakeFirst();
      return row && { site: { siteNum: row.site_num, siteGroupNum: row.site_group_num }, zone: zoneOf(row) };
    },
    async update(
      target: EditSite,
      zone: Zone,
      values: { description: string; eventType: string },
      history: HistoryChange | undefined,
    ): Promise<Zone> {
      await withChange(db, target, history, (trx) =>
        trx
          .updateTable('zones')
          .set({ description: values.description, event_type: values.eventType })
          .where('dev_num', '=', zone.devNum)
          .where('zone_num', '=', zone.zoneNum)
          .execute(),
      );
      return { ...zone, ...values };
    },
  };
}
