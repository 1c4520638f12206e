import type { Zone } from '../../../schemas/zones.js';
import type { HistoryChange } from '../db/accountHistory.js';
import type { Db } from '../db/database.js';
import { siteScope, type ScopeUser } from '../db/siteScope.js';
import { withChange, type EditSite } from './accountSite.js';

/**
 * An account's zones, by device: a zone's description and event kind are edited here; zones come
 * and go with the panel's programming. Reached through a site in the user's scope.
 */
export function zonesRepository(db: Db) {
  return {
    async list(siteNum: number, devNum?: number): Promise<Zone[]> {
      let query = db
        .selectFrom('zones')
        .innerJoin('devices', 'devices.dev_num', 'zones.dev_num')
        .select(['devices.site_num', 'zones.dev_num', 'zones.zone_num', 'zones.description', 'zones.event_type'])
        .where('devices.site_num', '=', siteNum);
      if (devNum !== undefined) query = query.where('zones.dev_num', '=', devNum);
      const rows = await query.orderBy('zones.dev_num').orderBy('zones.zone_num').execute();
      return rows.map((r) => ({
        id: `${r.dev_num}-${r.zone_num}`,
        siteNum: r.site_num,
        devNum: r.dev_num,
        zoneNum: r.zone_num,
        description: r.description,
        eventType: r.event_type,
      }));
    },
    async get(user: ScopeUser, devNum: number, zoneNum: number): Promise<{ site: EditSite; zone: Zone } | undefined> {
      const row = await db
        .selectFrom('zones')
        .innerJoin('devices', 'devices.dev_num', 'zones.dev_num')
        .innerJoin('sites', 'sites.site_num', 'devices.site_num')
        .select(['sites.site_num', 'sites.site_group_num', 'zones.description', 'zones.event_type'])
        .where('zones.dev_num', '=', devNum)
        .where('zones.zone_num', '=', zoneNum)
        .where(siteScope(user))
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        site: { siteNum: row.site_num, siteGroupNum: row.site_group_num },
        zone: {
          id: `${devNum}-${zoneNum}`,
          siteNum: row.site_num,
          devNum,
          zoneNum,
          description: row.description,
          eventType: row.event_type,
        },
      };
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
