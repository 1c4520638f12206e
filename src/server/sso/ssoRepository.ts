import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import { APPLICATION } from '../../common/constants.js';
import { randomToken, sha256 } from '../auth/secrets.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';

/** one_time_tokens kinds of single sign-on: the state kept across the provider's redirect, and the code the login page exchanges. */
export type SsoTokenKind = 'ssoState' | 'ssoCode';

/** The tenant scope of single sign-on: the dealer users of the provider's account group. */
function groupDealers(siteGroupNum: number): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'users'>();
  return eb.and([
    eb('users.application_num', '=', APPLICATION.dealer),
    eb.exists(
      eb
        .selectFrom('user_account_groups')
        .select('user_account_groups.user_id')
        .whereRef('user_account_groups.user_id', '=', 'users.user_id')
        .where('user_account_groups.site_group_num', '=', siteGroupNum),
    ),
  ]);
}

/**
 * The database side of single sign-on (SPEC §7 'Tenant lookup', 'Exchange
 * SSO code'): tenants by team domain, their identity providers, the dealer
 * users a provider may sign in (groupDealers), and the one-time tokens: 256
 * random bits, only their SHA-256 stored, spent by one atomic update (so two
 * requests racing with the same token cannot both win).
 */
export function ssoRepository(db: Db) {
  return {
    /** The account group of a team domain (lower case). */
    tenant(teamDomain: string) {
      return db
        .selectFrom('account_groups')
        .select(['site_group_num', 'site_group_name'])
        .where(sql<string>`lower(team_domain)`, '=', teamDomain)
        .executeTakeFirst();
    },

    /** A group's identity providers by the name they show. */
    providersOf(siteGroupNum: number) {
      return db
        .selectFrom('sso_providers')
        .select(['name', 'display_name'])
        .where('site_group_num', '=', siteGroupNum)
        .orderBy(sql`coalesce(display_name, name)`)
        .execute();
    },

    /** A group's provider by name. */
    provider(siteGroupNum: number, name: string) {
      return db
        .selectFrom('sso_providers')
        .selectAll()
        .where('site_group_num', '=', siteGroupNum)
        .where('name', '=', name)
        .executeTakeFirst();
    },

    /**
     * Creates or updates a group's provider of this name (one per group and
     * name); false, with nothing written, when the group does not exist.
     */
    async saveProvider(
      siteGroupNum: number,
      name: string,
      provider: { issuer: string; client_id: string; client_secret: string; display_name: string | null },
    ): Promise<boolean> {
      const group = await db
        .selectFrom('account_groups')
        .select('site_group_num')
        .where('site_group_num', '=', siteGroupNum)
        .executeTakeFirst();
      if (!group) return false;
      await db
        .insertInto('sso_providers')
        .values({ site_group_num: siteGroupNum, name, ...provider })
        .onConflict((oc) => oc.columns(['site_group_num', 'name']).doUpdateSet(provider))
        .execute();
      return true;
    },

    providerById(providerId: number) {
      return db.selectFrom('sso_providers').selectAll().where('provider_id', '=', providerId).executeTakeFirst();
    },

    /** The dealer users of a group with an email (lower case): at most two, enough to tell one from ambiguous. */
    dealersByEmail(siteGroupNum: number, email: string) {
      return db
        .selectFrom('users')
        .selectAll('users')
        .where(groupDealers(siteGroupNum))
        .where(sql<string>`lower(users.email)`, '=', email)
        .limit(2)
        .execute();
    },

    userById(userId: number) {
      return db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    async issueToken(
      input: { kind: SsoTokenKind; userId?: number | null; payload: object; ttlMs: number; token?: string },
      now = new Date(),
    ): Promise<string> {
      const token = input.token ?? randomToken(32);
      await db
        .insertInto('one_time_tokens')
        .values({
          token_hash: sha256(token),
          kind: input.kind,
          user_id: input.userId ?? null,
          payload: JSON.stringify(input.payload),
          created_at: now,
          expires_at: new Date(now.getTime() + input.ttlMs),
        })
        .execute();
      return token;
    },

    /** Spends a token: its user and payload when it was unused and unexpired, else undefined. */
    spendToken(kind: SsoTokenKind, token: string, now = new Date()) {
      return db
        .updateTable('one_time_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', sha256(token))
        .where('kind', '=', kind)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['user_id', 'payload'])
        .executeTakeFirst();
    },

    /** Drops spent and expired tokens of a kind that no user owns (SSO states pile up otherwise). */
    async pruneTokens(kind: SsoTokenKind, now = new Date()): Promise<void> {
      await db
        .deleteFrom('one_time_tokens')
        .where('kind', '=', kind)
        .where((eb) => eb.or([eb('expires_at', '<', now), eb('used_at', 'is not', null)]))
        .execute();
    },
  };
}
