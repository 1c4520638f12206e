import { expressionBuilder, sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { APPLICATION } from '../../common/constants.js';
import type { Db } from './database.js';
import { listPage } from './listing.js';
import type { Database } from './schema.js';

/** Who asks: what the tenant scope of a query depends on. */
export interface ScopeUser {
  user_id: number;
  application_num: number;
  current_site_group_num: number | null;
}

/** The account group column of a row that belongs to one group. */
type GroupColumn = 'sites.site_group_num' | 'dealer_invoices.site_group_num';

/** Whether the user belongs to the account group of a row (user_account_groups): still theirs, not only once selected. */
export function isUsersGroup(group: GroupColumn, userId: number) {
  const eb = expressionBuilder<Database, 'user_account_groups'>();
  return eb.exists(
    eb
      .selectFrom('user_account_groups')
      .select('user_account_groups.site_group_num')
      .where('user_account_groups.site_group_num', '=', sql.ref<number>(group))
      .where('user_account_groups.user_id', '=', userId),
  );
}

/**
 * The rows of the dealer's or staff member's selected account group (users.current_site_group_num),
 * provided it is still one of their user_account_groups; none while no group is selected.
 */
export function selectedGroupScope(group: GroupColumn, user: ScopeUser): Expression<SqlBool> {
  const eb = expressionBuilder<Database, never>();
  if (user.current_site_group_num === null) return eb.lit(false);
  return eb.and([eb(sql.ref<number>(group), '=', user.current_site_group_num), isUsersGroup(group, user.user_id)]);
}

/** The group selectedGroupScope reaches: the user's selected account group while it is still theirs, else null. */
export async function selectedGroup(db: Db, user: ScopeUser): Promise<number | null> {
  if (user.current_site_group_num === null) return null;
  const row = await db
    .selectFrom('user_account_groups')
    .select('site_group_num')
    .where('user_id', '=', user.user_id)
    .where('site_group_num', '=', user.current_site_group_num)
    .executeTakeFirst();
  return row?.site_group_num ?? null;
}

/**
 * The tenant scope of every site query (ARCHITECTURE 'One access table'): the
 * sites a user may reach. Dealers and staff: the sites of their selected
 * account group (selectedGroupScope). Customers: the sites of their linked
 * accounts (msa_account_links).
 */
export function siteScope(user: ScopeUser): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'sites'>();
  if (user.application_num === APPLICATION.customer) {
    return eb.exists(
      eb
        .selectFrom('msa_account_links')
        .select('msa_account_links.site_num')
        .whereRef('msa_account_links.site_num', '=', 'sites.site_num')
        .where('msa_account_links.user_id', '=', user.user_id),
    );
  }
  return selectedGroupScope('sites.site_group_num', user);
}

/** The list filter of rows that hang off a site: one account's, getMany's ids, or both. */
export interface SiteRowsFilter {
  siteNum?: number;
  id?: readonly (number | string)[];
}

/** A column of a list's own order, ascending unless said. */
type OrderColumn = string | readonly [column: string, order: 'asc' | 'desc'];

/**
 * A page of rows that hang off a site (`rows`: their table joined to `sites`, their columns
 * selected) within siteScope(user): the filter's account's and/or getMany's ids, whichever
 * accounts they belong to (another group's row is left out, as a missing one), in the list's own
 * order or by `id` when the list asks for it; the total beside the page (listing.ts).
 */
export async function siteRowsPage<TB extends keyof Database, O, R>(
  rows: SelectQueryBuilder<Database, TB, O>,
  user: ScopeUser,
  list: { id: string | Expression<unknown>; order: readonly OrderColumn[]; record(row: O): R },
  { filter, sort, offset, limit }: { filter: SiteRowsFilter; sort?: { order: 'asc' | 'desc' }; offset: number; limit: number },
): Promise<{ items: R[]; total: number }> {
  const id = typeof list.id === 'string' ? sql.ref(list.id) : list.id;
  let query = rows.where(siteScope(user));
  if (filter.siteNum !== undefined) query = query.where(sql.ref('sites.site_num'), '=', filter.siteNum);
  if (filter.id) query = filter.id.length ? query.where(id, 'in', filter.id) : query.where(sql.lit(false));
  const order = sort
    ? [[id, sort.order] as const]
    : list.order.map((column) =>
        typeof column === 'string' ? ([sql.ref(column), 'asc'] as const) : ([sql.ref(column[0]), column[1]] as const),
      );
  let page = query;
  for (const [expression, direction] of order) page = page.orderBy(expression, direction);
  const { rows: found, total } = await listPage(page, query, { offset, limit });
  return { items: found.map((row) => list.record(row)), total };
}

/** A site the user may reach, with its name and time zone; undefined when it is missing or out of their scope. */
export function siteInScope(db: Db, user: ScopeUser, siteNum: number) {
  return db
    .selectFrom('sites')
    .select(['site_num', 'site_name', 'time_zone'])
    .where('sites.site_num', '=', siteNum)
    .where(siteScope(user))
    .executeTakeFirst();
}
