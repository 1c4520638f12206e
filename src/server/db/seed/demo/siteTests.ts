import type { Insertable } from 'kysely';
import type { Db } from '../../database.js';
import type { AlarmEventsTable, Database } from '../../schema.js';
import { mulberry32, pick, randomInt } from '../random.js';
import { DEMO_SEED, insertChunked } from './helpers.js';
import type { SiteData } from './sites.js';

/** A test of an account on test, with the group it was placed in. */
type DemoSiteTest = Insertable<Database['site_tests']> & { groupNum: number };

/** Why the demo's dealers put accounts on test. */
const TEST_REASONS = [
  'Panel replacement by the installer',
  'Sensor batteries being swapped',
  'Installer walk test after new motion sensors',
  'Renovation: dust may set off the detectors',
  'Communicator upgrade',
];
/** The showcase account whose test covers chosen zones (the others cover their first device). */
const SHOWCASE_ZONE_TEST_SITE = 100103;

/**
 * Place on test: each account on test gets the test that put it there,
 * in force since an hour or three and ending when its first device's on_test_until
 * says (the showcase account 100103: two zones of that device), and two signals
 * received during the test, stored marked on test. The status they return to: active.
 */
export function demoTests(data: SiteData, now: number) {
  const rng = mulberry32(DEMO_SEED + 12);
  const tests: DemoSiteTest[] = [];
  const events: Insertable<AlarmEventsTable>[] = [];
  for (const info of data.info) {
    if (info.row.status !== 'onTest') continue;
    const devNum = info.devNums[0];
    const device = data.devices.find((d) => d.dev_num === devNum)!;
    const endsAt = device.on_test_until as Date;
    const startsAt = new Date(Math.floor((now - randomInt(rng, 1, 3) * 3_600_000) / 1000) * 1000);
    const zoneTest = info.siteNum === SHOWCASE_ZONE_TEST_SITE;
    const zones = zoneTest ? data.zones.filter((z) => z.dev_num === devNum).slice(0, 2) : [];
    tests.push({
      groupNum: info.groupNum,
      site_num: info.siteNum,
      dev_num: devNum,
      scope: zoneTest ? 'zones' : 'device',
      zones: zones.map((z) => z.zone_num),
      kinds: [],
      starts_at: startsAt,
      ends_at: endsAt,
      reason: pick(rng, TEST_REASONS),
      created_at: startsAt,
      updated_at: startsAt,
      return_status: 'active',
    });
    for (let i = 1; i <= 2; i++) {
      const alarmDate = new Date(Math.floor((startsAt.getTime() + ((now - startsAt.getTime()) * i) / 3) / 1000) * 1000);
      const zone = zones[i - 1];
      events.push({
        site_num: info.siteNum,
        dev_num: devNum,
        site_group_num: info.groupNum,
        transmitter_code: device.transmitter_code,
        zone_num: zone?.zone_num ?? null,
        event_code: zone ? 'E130' : 'E602',
        event_code_description: zone ? 'Burglary Alarm' : 'Periodic Test Report',
        alarm_date: alarmDate,
        received_at: new Date(alarmDate.getTime() + 2000),
        on_test: true,
      });
    }
  }
  return { tests, events };
}

/** The tests of the accounts on test: placed by dealer.beta in its groups. */
export async function insertSiteTests(db: Db, tests: DemoSiteTest[], placedBy: number): Promise<void> {
  await insertChunked(
    db,
    'site_tests',
    tests.map(({ groupNum, ...test }) => ({ ...test, created_by: groupNum === 9993 || groupNum === 4120 ? placedBy : null })),
  );
}
