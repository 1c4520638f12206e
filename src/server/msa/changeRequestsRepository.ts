import { sql } from 'kysely';
import type {
  ChangeRequest,
  ChangeRequestField,
  ChangeRequestFilter,
  ChangeRequestResolution,
  ChangeRequestSortField,
  DealerChangeRequest,
  DealerChangeRequestFilter,
} from '../../../schemas/msa.js';
import { writeAccountChange } from '../db/accountHistory.js';
import type { Db } from '../db/database.js';
import { containsPattern, countRows } from '../db/listing.js';
import { siteRowsPage, siteScope, type ScopeUser } from '../db/siteScope.js';
import type { ListQuery } from '../http/simpleRest.js';

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
  resolution_note: string | null;
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
  resolutionNote: row.resolution_note,
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
  'msa_change_requests.resolution_note',
] as const;

/** The requests' own order. */
const NEWEST_FIRST = [
  ['msa_change_requests.created_at', 'desc'],
  ['msa_change_requests.request_id', 'desc'],
] as const;

const dealerColumns = [
  ...columns,
  'sites.site_name',
  'customer.name as customer_name',
  'customer.email as customer_email',
  'resolver.username as resolved_by_username',
] as const;

type DealerRow = Row & {
  site_name: string;
  customer_name: string | null;
  customer_email: string | null;
  resolved_by_username: string | null;
};

const toDealerRecord = (row: DealerRow): DealerChangeRequest => ({
  ...toRecord(row),
  siteName: row.site_name,
  customerName: row.customer_name,
  customerEmail: row.customer_email,
  resolvedBy: row.resolved_by_username,
});

/**
 * The customer's change requests. Every query reaches its rows through a site
 * within siteScope(user): a customer their linked accounts, staff their group's accounts.
 */
export function changeRequestsRepository(db: Db) {
  /** The requests with their account, whose scope every query applies. */
  const withSite = () => db.selectFrom('msa_change_requests').innerJoin('sites', 'sites.site_num', 'msa_change_requests.site_num');
  const dealerBase = (user: ScopeUser) =>
    withSite()
      .leftJoin('users as customer', 'customer.user_id', 'msa_change_requests.user_id')
      .leftJoin('users as resolver', 'resolver.user_id', 'msa_change_requests.resolved_by')
      .where(siteScope(user));
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

    /** A page of the requests in the user's scope: a linked account's (of a status), newest first, or by id. */
    page(user: ScopeUser, { filter, ...query }: ListQuery<ChangeRequestFilter, 'id'>) {
      const rows = withSite().select(columns);
      return siteRowsPage(
        filter.status ? rows.where('msa_change_requests.status', '=', filter.status) : rows,
        user,
        { id: 'msa_change_requests.request_id', order: NEWEST_FIRST, record: toRecord },
        { filter, ...query },
      );
    },

    async get(user: ScopeUser, id: number): Promise<ChangeRequest | undefined> {
      const row = await withSite()
        .select(columns)
        .where('msa_change_requests.request_id', '=', id)
        .where(siteScope(user))
        .executeTakeFirst();
      return row && toRecord(row);
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
        await writeAccountChange(trx, { siteNum: site.site_num, siteGroupNum: site.site_group_num }, { description: history });
        return toRecord(row);
      });
    },

    /**
     * The dealer's side (/change-requests): the requests of the accounts in the user's scope (a
     * dealer's selected account group), newest first, with the account and who asked.
     */
    async listForDealer(
      user: ScopeUser,
      filter: DealerChangeRequestFilter,
      page: { offset: number; limit: number; sort?: { field: ChangeRequestSortField; order: 'asc' | 'desc' } },
    ): Promise<{ rows: DealerChangeRequest[]; total: number; pending: number }> {
      const scoped = () => {
        let query = dealerBase(user);
        if (filter.id?.length) query = query.where('msa_change_requests.request_id', 'in', filter.id);
        if (filter.siteNum !== undefined) query = query.where('msa_change_requests.site_num', '=', filter.siteNum);
        if (filter.q?.trim()) {
          const text = filter.q.trim();
          const pattern = containsPattern(text);
          query = query.where((eb) =>
            eb.or([
              eb('sites.site_name', 'ilike', pattern),
              eb(sql<string>`sites.site_num::text`, '=', text),
              eb('msa_change_requests.requested_value', 'ilike', pattern),
              eb('customer.name', 'ilike', pattern),
              eb('customer.email', 'ilike', pattern),
            ]),
          );
        }
        return query;
      };
      const withStatus = () => (filter.status ? scoped().where('msa_change_requests.status', '=', filter.status) : scoped());
      let query = withStatus().select(dealerColumns);
      const order = page.sort?.order ?? 'desc';
      if (page.sort?.field === 'id') query = query.orderBy('msa_change_requests.request_id', order);
      else if (page.sort?.field === 'status') {
        // Pending first (ascending): the workflow's order.
        query = query.orderBy(sql`array_position(array['pending', 'done', 'declined', 'withdrawn'], msa_change_requests.status)`, order);
      } else if (page.sort?.field === 'siteNum') query = query.orderBy('msa_change_requests.site_num', order);
      const [rows, total, pending] = await Promise.all([
        query
          .orderBy('msa_change_requests.created_at', page.sort?.field === 'createdAt' ? order : 'desc')
          .orderBy('msa_change_requests.request_id', 'desc')
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        countRows(withStatus()),
        countRows(scoped().where('msa_change_requests.status', '=', 'pending')),
      ]);
      return { rows: rows.map(toDealerRecord), total, pending };
    },

    async getForDealer(user: ScopeUser, id: number): Promise<(DealerChangeRequest & { siteGroupNum: number }) | undefined> {
      const row = await dealerBase(user)
        .select([...dealerColumns, 'sites.site_group_num'])
        .where('msa_change_requests.request_id', '=', id)
        .executeTakeFirst();
      return row ? { ...toDealerRecord(row), siteGroupNum: row.site_group_num } : undefined;
    },

    /**
     * Marks a pending request done or declined with the dealer's note, and writes it into the
     * account's history as the customer's request was; both or neither. False when it was no
     * longer pending (someone answered it meanwhile).
     */
    async resolve(
      request: { id: number; siteNum: number; siteGroupNum: number },
      resolution: { status: ChangeRequestResolution; note: string | null },
      userId: number,
      history: string,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('msa_change_requests')
          .set({ status: resolution.status, resolution_note: resolution.note, resolved_at: new Date(), resolved_by: userId })
          .where('request_id', '=', request.id)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return false;
        await writeAccountChange(trx, request, { description: history });
        return true;
      });
    },
  };
}
