import { sql } from 'kysely';
import type { ANS_MESSAGE_SORT_FIELDS, AnsMessage, AnsMessageFilter, AnsMessageStatus } from '../../../schemas/ansService.js';
import type { Db } from '../db/database.js';
import { containsPattern, iso, listPage } from '../db/listing.js';
import type { ListQuery } from '../http/simpleRest.js';

type AnsMessageSortField = (typeof ANS_MESSAGE_SORT_FIELDS)[number];

const SORT_COLUMNS = {
  takenAt: 'ans_messages.taken_at',
  callerName: 'ans_messages.caller_name',
  kind: 'ans_messages.kind',
  status: 'ans_messages.status',
  id: 'ans_messages.message_id',
} as const satisfies Record<AnsMessageSortField, string>;

const messageColumns = [
  'ans_messages.message_id',
  'ans_messages.site_num',
  'sites.site_name',
  'ans_messages.caller_name',
  'ans_messages.caller_number',
  'ans_messages.kind',
  'ans_messages.body',
  'ans_messages.taken_at',
  'ans_messages.delivered_to',
  'ans_messages.status',
  'ans_messages.handled_at',
  'users.name as handled_by_name',
] as const;

interface MessageRow {
  message_id: number;
  site_num: number | null;
  site_name: string | null;
  caller_name: string;
  caller_number: string;
  kind: AnsMessage['kind'];
  body: string;
  taken_at: Date | string;
  delivered_to: string | null;
  status: AnsMessageStatus;
  handled_at: Date | string | null;
  handled_by_name: string | null;
}

const toMessage = (row: MessageRow): AnsMessage => ({
  id: row.message_id,
  siteNum: row.site_num,
  siteName: row.site_name,
  callerName: row.caller_name,
  callerNumber: row.caller_number,
  kind: row.kind,
  text: row.body,
  takenAt: iso(row.taken_at),
  deliveredTo: row.delivered_to,
  status: row.status,
  handledAt: iso(row.handled_at),
  handledBy: row.handled_by_name,
});

/** Messages the answering service took (ans_messages) for one account group; another group's answers as a missing one. */
export function ansMessagesRepository(db: Db) {
  function messagesQuery(group: number, filter: AnsMessageFilter) {
    let query = db
      .selectFrom('ans_messages')
      .leftJoin('sites', 'sites.site_num', 'ans_messages.site_num')
      .leftJoin('users', 'users.user_id', 'ans_messages.handled_by')
      .where('ans_messages.site_group_num', '=', group);
    if (filter.status) query = query.where('ans_messages.status', '=', filter.status);
    if (filter.kind) query = query.where('ans_messages.kind', '=', filter.kind);
    if (filter.from) query = query.where('ans_messages.taken_at', '>=', new Date(filter.from));
    if (filter.to) query = query.where('ans_messages.taken_at', '<', new Date(filter.to));
    if (filter.id) query = query.where('ans_messages.message_id', 'in', filter.id.length ? filter.id : [0]);
    const q = filter.q?.trim();
    if (q) {
      const pattern = containsPattern(q);
      query = query.where((eb) =>
        eb.or([
          eb('ans_messages.caller_name', 'ilike', pattern),
          eb('ans_messages.caller_number', 'ilike', pattern),
          eb('ans_messages.body', 'ilike', pattern),
          eb('sites.site_name', 'ilike', pattern),
          eb(sql<string>`ans_messages.site_num::text`, '=', q),
        ]),
      );
    }
    return query;
  }

  return {
    /** A page of the messages: newest first unless the list asks for another order. */
    async list(
      group: number,
      { filter, sort = { field: 'takenAt', order: 'desc' }, offset, limit }: ListQuery<AnsMessageFilter, AnsMessageSortField>,
    ) {
      const matching = messagesQuery(group, filter);
      const page = matching
        .select(messageColumns)
        .orderBy(SORT_COLUMNS[sort.field], sort.order)
        .orderBy('ans_messages.message_id', sort.order);
      const { rows, total } = await listPage(page, matching, { offset, limit });
      return { items: rows.map(toMessage), total };
    },

    /** Every message the filter keeps, newest first, in batches (the CSV export). */
    async *batches(group: number, filter: AnsMessageFilter, batchSize = 500): AsyncGenerator<AnsMessage[]> {
      for (let offset = 0; ; offset += batchSize) {
        const rows = await messagesQuery(group, filter)
          .select(messageColumns)
          .orderBy('ans_messages.taken_at', 'desc')
          .orderBy('ans_messages.message_id', 'desc')
          .offset(offset)
          .limit(batchSize)
          .execute();
        if (rows.length) yield rows.map(toMessage);
        if (rows.length < batchSize) return;
      }
    },

    async get(group: number, id: number): Promise<AnsMessage | undefined> {
      const row = await messagesQuery(group, { id: [id] })
        .select(messageColumns)
        .executeTakeFirst();
      return row ? toMessage(row) : undefined;
    },

    /** Sets a message's status; handled records who and when, another status clears them. */
    async setStatus(group: number, id: number, status: AnsMessageStatus, userId: number): Promise<boolean> {
      const result = await db
        .updateTable('ans_messages')
        .set(status === 'handled' ? { status, handled_at: new Date(), handled_by: userId } : { status, handled_at: null, handled_by: null })
        .where('message_id', '=', id)
        .where('site_group_num', '=', group)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
