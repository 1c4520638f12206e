import type { AlarmIngestItem } from '../../../schemas/live.js';
import type { Db } from '../db/database.js';
import { ingestAlarms } from './alarmIngest.js';

/** The database side of the monitoring platform's alarms: the ingest, and the devices and zones the demo simulator picks from. */
export function alarmsRepository(db: Db) {
  return {
    /** Stores a batch, all or nothing (alarmIngest.ts ingestAlarms). */
    ingest: (items: readonly AlarmIngestItem[]) => ingestAlarms(db, items),

    /** Up to `limit` devices of an account group's sites, by device number. */
    devicesOfGroup(siteGroupNum: number, limit = 200) {
      return db
        .selectFrom('devices')
        .innerJoin('sites', 'sites.site_num', 'devices.site_num')
        .select(['devices.dev_num', 'devices.transmitter_code'])
        .where('sites.site_group_num', '=', siteGroupNum)
        .orderBy('devices.dev_num')
        .limit(limit)
        .execute();
    },

    /** A device's zones with the kind of event each reports. */
    zonesOf(devNum: number) {
      return db.selectFrom('zones').select(['zone_num as zoneNum', 'event_type as eventType']).where('dev_num', '=', devNum).execute();
    },
  };
}
