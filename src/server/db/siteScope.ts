import { expressionBuilder, type Expression, type SqlBool } from 'kysely';
import { APPLICATION } from '../../common/constants.js';
import type { Database } from './schema.js';

/** Who asks: what the tenant scope of a query depends on. */
export interface ScopeUser {
  user_id: number;
  application_num: number;
  current_site_group_num: number | null;
}

/**
 * The tenant scope of every site query (ARCHITECTURE 'One access table'): the
 * sites a user may reach. Dealers and staff: the sites of their selected
 * account group (users.current_site_group_num), provided it is still one of
 * their user_account_groups; none while no group is selected. Customers: the
 * sites of their linked accounts (msa_account_links).
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
  if (user.current_site_group_num === null) return eb.lit(false);
  return eb.and([
    eb('sites.site_group_num', '=', user.current_site_group_num),
    eb.exists(
      eb
        .selectFrom('user_account_groups')
        .select('user_account_groups.site_group_num')
        .whereRef('user_account_groups.site_group_num', '=', 'sites.site_group_num')
        .where('user_account_groups.user_id', '=', user.user_id),
    ),
  ]);
}
