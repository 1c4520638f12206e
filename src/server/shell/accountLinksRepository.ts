import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import type { AccountLink } from '../../../schemas/user.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { rowAddressDisplay, siteAddressColumns } from '../db/siteAddress.js';

/** The tenant scope of every account-link query: the customer's own links (msa_account_links). */
function linkScope(userId: number): Expression<SqlBool> {
  return expressionBuilder<Database, 'msa_account_links'>()('msa_account_links.user_id', '=', userId);
}

/**
 * SPEC §3 account links of a customer (MSA): the list with the dealers' logos,
 * the one default (favourite) link, and the active account. Every query is
 * within linkScope of the customer who asks.
 */
export function accountLinksRepository(db: Db) {
  /**
   * The customer's active account: the one last switched to while it is still
   * linked, else the default link, else the first linked; undefined with no link at all.
   */
  async function activeSite(userId: number): Promise<number | undefined> {
    const row = await db
      .selectFrom('msa_account_links')
      .leftJoin('users', (join) =>
        join.onRef('users.user_id', '=', 'msa_account_links.user_id').onRef('users.active_site_num', '=', 'msa_account_links.site_num'),
      )
      .select('msa_account_links.site_num')
      .where(linkScope(userId))
      .orderBy(sql`users.user_id is null`)
      .orderBy('msa_account_links.is_default', 'desc')
      .orderBy('msa_account_links.created_at')
      .limit(1)
      .executeTakeFirst();
    return row?.site_num;
  }

  return {
    activeSite,

    /** The customer's links, the default (favourite) first, with their dealer's logos. */
    async list(userId: number): Promise<AccountLink[]> {
      const links = await db
        .selectFrom('msa_account_links')
        .innerJoin('sites', 'sites.site_num', 'msa_account_links.site_num')
        .innerJoin('account_groups', 'account_groups.site_group_num', 'sites.site_group_num')
        .select([
          'sites.site_num',
          'sites.site_name',
          ...siteAddressColumns,
          'msa_account_links.is_default',
          'account_groups.header_logo_url',
          'account_groups.dark_header_logo_url',
        ])
        .where(linkScope(userId))
        .orderBy('msa_account_links.is_default', 'desc')
        .orderBy('msa_account_links.created_at')
        .execute();
      if (!links.length) return [];
      const active = await activeSite(userId);
      const devices = await db
        .selectFrom('devices')
        .select(['site_num', 'dev_num', 'transmitter_code'])
        .where(
          'site_num',
          'in',
          links.map((l) => l.site_num),
        )
        .orderBy('dev_num')
        .execute();
      return links.map((link) => {
        const own = devices.filter((d) => d.site_num === link.site_num);
        return {
          siteNum: link.site_num,
          siteName: link.site_name,
          address: rowAddressDisplay(link),
          devices: own.map((d) => d.dev_num),
          xmit: own[0]?.transmitter_code ?? '',
          isFavorite: link.is_default,
          isActive: link.site_num === active,
          headerLogoUrl: link.header_logo_url,
          darkHeaderLogoUrl: link.dark_header_logo_url,
        };
      });
    },

    /** Makes a link the default (one at a time) or clears it; false when the site is not linked. */
    async setDefault(userId: number, siteNum: number, isDefault: boolean): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const link = await trx
          .selectFrom('msa_account_links')
          .select('site_num')
          .where(linkScope(userId))
          .where('site_num', '=', siteNum)
          .forUpdate()
          .executeTakeFirst();
        if (!link) return false;
        if (isDefault) {
          await trx
            .updateTable('msa_account_links')
            .set({ is_default: false })
            .where(linkScope(userId))
            .where('site_num', '!=', siteNum)
            .where('is_default', '=', true)
            .execute();
        }
        await trx
          .updateTable('msa_account_links')
          .set({ is_default: isDefault })
          .where(linkScope(userId))
          .where('site_num', '=', siteNum)
          .execute();
        return true;
      });
    },

    /**
     * Makes a linked site the active account: its dealer becomes the customer's
     * current account group. Its group and first device, or undefined when the
     * site is not linked.
     */
    async activate(userId: number, siteNum: number): Promise<{ siteGroupNum: number; devNum: number | null } | undefined> {
      const site = await db
        .selectFrom('msa_account_links')
        .innerJoin('sites', 'sites.site_num', 'msa_account_links.site_num')
        .select(['sites.site_num', 'sites.site_group_num'])
        .where(linkScope(userId))
        .where('msa_account_links.site_num', '=', siteNum)
        .executeTakeFirst();
      if (!site) return undefined;
      const device = await db.selectFrom('devices').select('dev_num').where('site_num', '=', siteNum).orderBy('dev_num').executeTakeFirst();
      await db
        .updateTable('users')
        .set({ current_site_group_num: site.site_group_num, active_site_num: siteNum, updated_at: new Date() })
        .where('user_id', '=', userId)
        .execute();
      return { siteGroupNum: site.site_group_num, devNum: device?.dev_num ?? null };
    },

    /** Links a site to the customer (the first link becomes the default); false when it was linked already. */
    async add(userId: number, siteNum: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const links = await trx.selectFrom('msa_account_links').select('site_num').where(linkScope(userId)).forUpdate().execute();
        if (links.some((l) => l.site_num === siteNum)) return false;
        await trx
          .insertInto('msa_account_links')
          .values({ user_id: userId, site_num: siteNum, is_default: links.length === 0 })
          .execute();
        return true;
      });
    },

    /**
     * Removes a link (§7 'Delete account link by siteNum'). 'last' when it is the customer's only
     * one (a customer keeps at least one account), 'missing' when the site is not linked.
     */
    async remove(userId: number, siteNum: number): Promise<'removed' | 'last' | 'missing'> {
      return db.transaction().execute(async (trx) => {
        const links = await trx.selectFrom('msa_account_links').select('site_num').where(linkScope(userId)).forUpdate().execute();
        if (!links.some((l) => l.site_num === siteNum)) return 'missing';
        if (links.length === 1) return 'last';
        await trx.deleteFrom('msa_account_links').where(linkScope(userId)).where('site_num', '=', siteNum).execute();
        await trx
          .updateTable('users')
          .set({ active_site_num: null })
          .where('user_id', '=', userId)
          .where('active_site_num', '=', siteNum)
          .execute();
        return 'removed';
      });
    },

    /** An alarm account by number with its passcode hash (to add a link as registration does). */
    site(siteNum: number) {
      return db.selectFrom('sites').select(['site_num', 'account_passcode_hash']).where('site_num', '=', siteNum).executeTakeFirst();
    },
  };
}
