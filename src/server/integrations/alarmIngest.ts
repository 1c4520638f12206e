import type { AlarmEvent } from '../../../schemas/dealer.js';
import type { AlarmIngestItem } from '../../../schemas/live.js';
import { eventKind } from '../../common/eventKinds.js';
import { testCovers, type CoveringTest } from '../../common/siteTests.js';
import { normaliseTransmitter } from '../../common/transmitter.js';
import type { Db } from '../db/database.js';
import { emitWebhookEvents } from '../jobs/webhookEvents.js';

export interface StoredAlarm {
  siteGroupNum: number;
  /** Covered by a test of its account when it arrived: stored marked, never pushed as a live alarm notice. */
  onTest: boolean;
  event: AlarmEvent;
}

export type IngestOutcome =
  | { ok: true; alarms: StoredAlarm[] }
  /** Indexes (into the batch) of items whose transmitter code names no device. */
  | { ok: false; unknown: number[] };

/**
 * Stores a batch of alarm events, all or nothing: each names its device by
 * transmitter code, which gives the site and its account group. Answers the
 * SPEC §3 alarm events to push, in the order of the batch.
 */
export async function ingestAlarms(db: Db, items: readonly AlarmIngestItem[]): Promise<IngestOutcome> {
  const codes = [...new Set(items.map((item) => normaliseTransmitter(item.transmitterCode)))];
  const devices = await db
    .selectFrom('devices')
    .innerJoin('sites', 'sites.site_num', 'devices.site_num')
    .select(['devices.dev_num', 'devices.transmitter_code', 'sites.site_num', 'sites.site_name', 'sites.site_group_num'])
    .where('devices.transmitter_code', 'in', codes)
    .execute();
  const byCode = new Map(devices.map((d) => [d.transmitter_code, d]));
  const unknown = items.flatMap((item, index) => (byCode.has(normaliseTransmitter(item.transmitterCode)) ? [] : [index]));
  if (unknown.length) return { ok: false, unknown };

  // The tests in force on the batch's accounts now (place on test, src/common/siteTests.ts testCovers).
  const now = new Date();
  const siteNums = [...new Set(devices.map((d) => d.site_num))];
  const tests = await db
    .selectFrom('site_tests')
    .select(['site_num', 'dev_num', 'scope', 'zones', 'kinds', 'starts_at', 'ends_at', 'ended_at'])
    .where('site_num', 'in', siteNums)
    .where('ended_at', 'is', null)
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .execute();
  const covering = (siteNum: number, devNum: number, zoneNum: number | null, code: string) =>
    tests.some(
      (t) =>
        t.site_num === siteNum &&
        testCovers(
          { ...t, devNum: t.dev_num, startsAt: new Date(t.starts_at), endsAt: new Date(t.ends_at), endedAt: null } as CoveringTest,
          { devNum, zoneNum, kind: eventKind(code), at: now },
        ),
    );

  const rows = items.map((item) => {
    const device = byCode.get(normaliseTransmitter(item.transmitterCode))!;
    return {
      site_num: device.site_num,
      dev_num: device.dev_num,
      site_group_num: device.site_group_num,
      transmitter_code: device.transmitter_code,
      zone_num: item.zoneNum ?? null,
      event_code: item.eventCode,
      event_code_description: item.eventCodeDescription,
      alarm_date: new Date(item.alarmDate),
      on_test: covering(device.site_num, device.dev_num, item.zoneNum ?? null, item.eventCode),
    };
  });
  const inserted = await db.insertInto('alarm_events').values(rows).returning(['alarm_num']).execute();
  // Dealers' webhooks: a restore code is alarm.restored, any other event alarm.received.
  await emitWebhookEvents(
    db,
    rows.map((row, i) => ({
      siteGroupNum: row.site_group_num,
      siteNum: row.site_num,
      type: eventKind(row.event_code) === 'restore' ? ('alarm.restored' as const) : ('alarm.received' as const),
      data: {
        alarmNum: inserted[i].alarm_num,
        siteNum: row.site_num,
        siteName: byCode.get(row.transmitter_code)!.site_name,
        deviceNum: row.dev_num,
        transmitterCode: row.transmitter_code,
        zoneNum: row.zone_num,
        eventCode: row.event_code,
        eventCodeDescription: row.event_code_description,
        alarmDate: row.alarm_date.toISOString(),
        onTest: row.on_test,
      },
    })),
    now,
  );
  return {
    ok: true,
    alarms: rows.map((row, i) => ({
      siteGroupNum: row.site_group_num,
      onTest: row.on_test,
      event: {
        alarmNum: inserted[i].alarm_num,
        siteNum: row.site_num,
        devNum: row.dev_num,
        siteName: byCode.get(row.transmitter_code)!.site_name,
        transmitterCode: row.transmitter_code,
        alarmDate: row.alarm_date.toISOString(),
        eventCodeDescription: row.event_code_description,
      },
    })),
  };
}
