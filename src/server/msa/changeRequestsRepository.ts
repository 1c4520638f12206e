import type { ChangeRequest, ChangeRequestField } from '../../../schemas/msa.js';
import { ACCOUNT_CHANGE_CODE } from '../../../schemas/events.js';
import type { Db } from '../db/database.js';
import { siteScope, type ScopeUser } from '../db/siteScope.js';

type Row = {
  request_id: number;
  site_num: number;
  field: string;
  current_value: string | null;
  requested_value: string;
  note: string | null;
  status: ChangeRequest['status'];
  created_at: Date;
  resolved_at: Date | null;
};

const toRecord = (row: Row): ChangeRequest => ({
  id: row.request_id,
  siteNum: row.site_num,
  field: row.field as ChangeRequestField,
  currentValue: row.current_value,
  requestedValue: row.requested_value,
  note: row.note,
  status: row.status,
  createdAt: new Date(row.created_at).toISOString(),
  resolvedAt: row.resolved_at ? new Date(row.resolved_at).toISOString() : null,
});

const columns = [
  'msa_change_requests.request_id',
  'msa_change_requests.site_num',
  'msa_change_requests.field',
  'msa_change_requests.current_value',
  'msa_change_requests.requested_value',
  'msa_change_requests.note',
  'msa_change_requests.status',
  'msa_change_requests.created_at',
  'msa_change_requests.resolved_at',
] as const;

/**
 * The customer's change requests (issue 14). Every query reaches its rows through a site
 * within siteScope(user): a customer their linked accounts, staff their group's accounts.
 */
export function changeRequestsRepository(db: Db) {
  return {
    /** The site in scope with what the request form shows as the current values; undefined out of scope. */
    async site(user: ScopeUser, siteNum: number) {
      return db
        .selectFrom('sites')
        .select([
          'site_num',
          'site_group_num',
          'site_name',
          'site_type',
          'time_zone',
          'address_line1',
          'address_line2',
          'city',
          'state',
          'postal_code',
        ])
        .where('sites.site_num', '=', siteNum)
        .where(siteScope(user))
        .executeTakeFirst();
    },

    async list(user: ScopeUser, siteNum: number, status?: ChangeRequest['status']): Promise<ChangeRequest[]> {
      let query = db
        .selectFrom('msa_change_requests')
        .innerJoin('sites', 'sites.site_num', 'msa_change_requests.site_num')
        .select(columns)
        .where('msa_change_requests.site_num', '=', siteNum)
        .where(siteScope(user));
      if (status) query = query.where('msa_change_requests.status', '=', status);
      const rows = await query
        .orderBy('msa_change_requests.created_at', 'desc')
        .orderBy('msa_change_requests.request_id', 'desc')
        .execute();
      return rows.map(toRecord);
    },

    /**
     * Stores a request and writes it into the account's history (a change, on the first device),
     * where the dealer reads it; both or neither.
     */
    async create(
      site: { site_num: number; site_group_num: number },
      userId: number,
      input: { field: ChangeRequestField; currentValue: string | null; requestedValue: string; note: string | null },
      history: string,
    ): Promise<ChangeRequest> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('msa_change_requests')
          .values({
            site_num: site.site_num,
            site_group_num: site.site_group_num,
            user_id: userId,
            field: input.field,
            current_value: input.currentValue,
            requested_value: input.requestedValue,
            note: input.note,
          })
          .returning(columns)
          .executeTakeFirstOrThrow();
        const device = await trx
          .selectFrom('devices')
          .select(['dev_num', 'transmitter_code'])
          .where('site_num', '=', site.site_num)
          .orderBy('dev_num')
          .executeTakeFirst();
        if (device) {
          await trx
            .insertInto('alarm_events')
            .values({
              site_num: site.site_num,
              dev_num: device.dev_num,
              site_group_num: site.site_group_num,
              transmitter_code: device.transmitter_code,
              zone_num: null,
              event_code: ACCOUNT_CHANGE_CODE,
              event_code_description: history,
              alarm_date: new Date(),
            })
            .execute();
        }
        return toRecord(row);
      });
    },
  };
}
