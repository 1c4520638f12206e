import { expressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';

/** The tenant scope of every account-group query: the groups the user belongs to (user_account_groups). */
function memberScope(userId: number): Expression<SqlBool> {
  return expressionBuilder<Database, 'user_account_groups'>()('user_account_groups.user_id', '=', userId);
}

/**
 * Account groups of dealers and staff (SPEC §2 account-group switcher, §7
 * 'Load dealer branding'): the groups a user belongs to, the switch of the
 * selected one, and their logos. Every query about a user's groups is within
 * memberScope.
 */
export function accountGroupsRepository(db: Db) {
  const isMember = async (userId: number, siteGroupNum: number) =>
    !!(await db
      .selectFrom('user_account_groups')
      .select('site_group_num')
      .where(memberScope(userId))
      .where('site_group_num', '=', siteGroupNum)
      .executeTakeFirst());

  return {
    isMember,

    /** The user's groups by name. */
    list(userId: number) {
      return db
        .selectFrom('user_account_groups')
        .innerJoin('account_groups', 'account_groups.site_group_num', 'user_account_groups.site_group_num')
        .select(['account_groups.site_group_num', 'account_groups.site_group_name'])
        .where(memberScope(userId))
        .orderBy('account_groups.site_group_name')
        .execute();
    },

    /** Selects one of the user's groups: the updated user, or undefined when the group is not theirs. */
    async select(userId: number, siteGroupNum: number) {
      if (!(await isMember(userId, siteGroupNum))) return undefined;
      return db
        .updateTable('users')
        .set({ current_site_group_num: siteGroupNum, updated_at: new Date() })
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** A group's header logos (public: the login page shows them), or undefined for an unknown group. */
    logos(siteGroupNum: number) {
      return db
        .selectFrom('account_groups')
        .select(['header_logo_url', 'dark_header_logo_url'])
        .where('site_group_num', '=', siteGroupNum)
        .executeTakeFirst();
    },
  };
}
