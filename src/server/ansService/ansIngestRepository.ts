import type { AnsMessageIngestItem } from '../../../schemas/ansService.js';
import type { Db } from '../db/database.js';

/** A stored message with what its notifications say: the group's name and time zone, the account's name. */
export interface IngestedMessage {
  messageId: number;
  siteGroupNum: number;
  groupName: string;
  timeZone: string;
  siteNum: number | null;
  siteName: string | null;
  item: AnsMessageIngestItem;
}

export type IngestOutcome =
  | { ok: true; messages: IngestedMessage[] }
  | { ok: false; errors: Record<string, 'ansService.errors.unknownGroup' | 'ansService.errors.siteNotInGroup'> };

/**
 * The answering service's incoming messages (server to server): a batch is stored all or none,
 * each for an account group that has the service, about one of the group's accounts or none.
 */
export function ansIngestRepository(db: Db) {
  return {
    async ingest(items: readonly AnsMessageIngestItem[]): Promise<IngestOutcome> {
      const groupNums = [...new Set(items.map((i) => i.siteGroupNum))];
      const siteNums = [...new Set(items.flatMap((i) => (i.siteNum == null ? [] : [i.siteNum])))];
      const [groups, sites] = await Promise.all([
        db
          .selectFrom('account_groups')
          .leftJoin('ans_business_hours', 'ans_business_hours.site_group_num', 'account_groups.site_group_num')
          .select(['account_groups.site_group_num', 'account_groups.site_group_name', 'ans_business_hours.time_zone'])
          .where('account_groups.site_group_num', 'in', groupNums)
          .where('account_groups.has_answering_service', '=', true)
          .execute(),
        siteNums.length
          ? db.selectFrom('sites').select(['site_num', 'site_group_num', 'site_name']).where('site_num', 'in', siteNums).execute()
          : Promise.resolve([]),
      ]);
      const groupOf = new Map(groups.map((g) => [g.site_group_num, g]));
      const siteOf = new Map(sites.map((s) => [s.site_num, s]));
      const errors: Record<string, 'ansService.errors.unknownGroup' | 'ansService.errors.siteNotInGroup'> = {};
      items.forEach((item, i) => {
        if (!groupOf.has(item.siteGroupNum)) errors[`messages.${i}.siteGroupNum`] = 'ansService.errors.unknownGroup';
        else if (item.siteNum != null && siteOf.get(item.siteNum)?.site_group_num !== item.siteGroupNum) {
          errors[`messages.${i}.siteNum`] = 'ansService.errors.siteNotInGroup';
        }
      });
      if (Object.keys(errors).length) return { ok: false, errors };
      const rows = await db
        .insertInto('ans_messages')
        .values(
          items.map((item) => ({
            site_group_num: item.siteGroupNum,
            site_num: item.siteNum ?? null,
            caller_name: item.callerName.trim(),
            caller_number: item.callerNumber.trim(),
            kind: item.kind,
            body: item.text.trim(),
            taken_at: new Date(item.takenAt),
            delivered_to: item.deliveredTo?.trim() || null,
            status: item.deliveredTo?.trim() ? ('delivered' as const) : ('new' as const),
          })),
        )
        .returning('message_id')
        .execute();
      return {
        ok: true,
        messages: rows.map((row, i) => {
          const item = items[i];
          const group = groupOf.get(item.siteGroupNum)!;
          return {
            messageId: row.message_id,
            siteGroupNum: item.siteGroupNum,
            groupName: group.site_group_name,
            timeZone: group.time_zone ?? 'America/Chicago',
            siteNum: item.siteNum ?? null,
            siteName: item.siteNum == null ? null : (siteOf.get(item.siteNum)?.site_name ?? null),
            item,
          };
        }),
      };
    },

    /** The active auto-notify rules of these groups. */
    activeRules(groupNums: readonly number[]) {
      return db
        .selectFrom('ans_auto_notify')
        .select(['rule_id', 'site_group_num', 'name', 'kind', 'site_nums', 'person_name', 'channel', 'destination', 'active'])
        .where('site_group_num', 'in', [...groupNums])
        .where('active', '=', true)
        .execute();
    },

    /** A message some rule notified: delivered, to the people told (after whom the operator named). */
    async markNotified(messageId: number, people: readonly string[]): Promise<void> {
      const message = await db.selectFrom('ans_messages').select('delivered_to').where('message_id', '=', messageId).executeTakeFirst();
      const deliveredTo = [...new Set([...(message?.delivered_to ? [message.delivered_to] : []), ...people])].join(', ').slice(0, 500);
      await db
        .updateTable('ans_messages')
        .set({ delivered_to: deliveredTo, status: 'delivered' })
        .where('message_id', '=', messageId)
        .where('status', '!=', 'handled')
        .execute();
    },
  };
}
