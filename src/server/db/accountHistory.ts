import type { Transaction } from 'kysely';
import { ACCOUNT_CHANGE_CODE } from '../../../schemas/events.js';
import { emitWebhookEvent } from '../jobs/webhookEvents.js';
import type { Database } from './schema.js';

/** A change for the account's history (alarm_events, kind 'change'); `zoneNum` for a zone's. */
export interface HistoryChange {
  description: string;
  devNum?: number;
  zoneNum?: number | null;
}

/**
 * The account's change log: a line in its history (an alarm_events row with the change code),
 * where the dealer and the customer read it, written in the caller's transaction so the change
 * and its line are both kept or neither. On the device named, else the site's first device; none
 * when the site has no device (the history hangs off devices). The group's webhooks hear of it
 * (account.changed) in the same transaction, device or none.
 */
export async function writeAccountChange(
  trx: Transaction<Database>,
  site: { siteNum: number; siteGroupNum: number },
  entry: HistoryChange,
): Promise<void> {
  let device = trx.selectFrom('devices').select(['dev_num', 'transmitter_code']).where('site_num', '=', site.siteNum);
  if (entry.devNum !== undefined) device = device.where('dev_num', '=', entry.devNum);
  const dev = await device.orderBy('dev_num').limit(1).executeTakeFirst();
  await emitWebhookEvent(trx, {
    siteGroupNum: site.siteGroupNum,
    siteNum: site.siteNum,
    type: 'account.changed',
    data: { siteNum: site.siteNum, description: entry.description, deviceNum: dev?.dev_num ?? null, zoneNum: entry.zoneNum ?? null },
  });
  if (!dev) return;
  await trx
    .insertInto('alarm_events')
    .values({
      site_num: site.siteNum,
      dev_num: dev.dev_num,
      site_group_num: site.siteGroupNum,
      transmitter_code: dev.transmitter_code,
      zone_num: entry.zoneNum ?? null,
      event_code: ACCOUNT_CHANGE_CODE,
      event_code_description: entry.description,
      alarm_date: new Date(),
    })
    .execute();
}
