import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { AccountGroupSettings, AccountGroupSettingsInput, GroupAddress } from '../../../schemas/accountGroup.js';
import type { LogoInfo, LogoVariant } from '../../common/logoRules.js';
import type { Db } from '../db/database.js';
import { iso } from '../db/listing.js';
import type { Database } from '../db/schema.js';

/**
 * The tenant scope of Account Group Settings and Branding: the user's current account group,
 * and only while they still belong to it (user_account_groups).
 */
function currentGroupOf(userId: number) {
  return (eb: ExpressionBuilder<Database, 'account_groups'>): Expression<SqlBool> =>
    eb(
      'account_groups.site_group_num',
      '=',
      eb
        .selectFrom('users')
        .innerJoin('user_account_groups', (join) =>
          join
            .onRef('user_account_groups.user_id', '=', 'users.user_id')
            .onRef('user_account_groups.site_group_num', '=', 'users.current_site_group_num'),
        )
        .select('user_account_groups.site_group_num')
        .where('users.user_id', '=', userId),
    );
}

const LOGO_COLUMN = { light: 'header_logo_url', dark: 'dark_header_logo_url' } as const satisfies Record<LogoVariant, string>;

/**
 * Account group settings and header logos (SPEC §3 dealer / account group and
 * branding, §6 xtAdmin). Every query about a group goes through {@link currentGroupOf}.
 */
export function accountGroupRepository(db: Db) {
  return {
    /** The user's current group with its SSO provider names, or undefined when they have none. */
    async settings(userId: number): Promise<AccountGroupSettings | undefined> {
      const row = await db.selectFrom('account_groups').selectAll().where(currentGroupOf(userId)).executeTakeFirst();
      if (!row) return undefined;
      const providers = await db
        .selectFrom('sso_providers')
        .select(sql<string>`coalesce(display_name, name)`.as('name'))
        .where('site_group_num', '=', row.site_group_num)
        .orderBy('name')
        .execute();
      return {
        siteGroupNum: row.site_group_num,
        siteGroupName: row.site_group_name,
        dealerNumber: row.dealer_number,
        teamDomain: row.team_domain,
        allowedDealers: row.allowed_dealers,
        ssoProviders: providers.map((p) => p.name),
        hasAnsweringService: row.has_answering_service,
        updatedAt: iso(row.updated_at),
        branding: { headerLogoUrl: row.header_logo_url, darkHeaderLogoUrl: row.dark_header_logo_url },
        timeZone: row.time_zone,
        contactPhone: row.contact_phone,
        contactEmail: row.contact_email,
        billingPhone: row.billing_phone,
        billingEmail: row.billing_email,
        officeAddress: (row.office_address as GroupAddress | null) ?? null,
        mailingAddress: (row.mailing_address as GroupAddress | null) ?? null,
      };
    },

    /** Writes the dealer's fields of the current group; false when the user has no current group. */
    async update(userId: number, values: AccountGroupSettingsInput): Promise<boolean> {
      const result = await db
        .updateTable('account_groups')
        .set({
          time_zone: values.timeZone,
          contact_phone: values.contactPhone,
          contact_email: values.contactEmail,
          billing_phone: values.billingPhone,
          billing_email: values.billingEmail,
          office_address: values.officeAddress ? JSON.stringify(values.officeAddress) : null,
          mailing_address: values.mailingAddress ? JSON.stringify(values.mailingAddress) : null,
          updated_at: new Date(),
        })
        .where(currentGroupOf(userId))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Stores a logo's bytes once per content (by SHA-256). */
    async saveLogo(logo: LogoInfo & { sha256: string; bytes: Uint8Array; createdBy: number }): Promise<void> {
      await db
        .insertInto('branding_logos')
        .values({
          sha256: logo.sha256,
          content_type: logo.type,
          width: logo.width,
          height: logo.height,
          size_bytes: logo.bytes.length,
          bytes: logo.bytes,
          created_by: logo.createdBy,
        })
        .onConflict((oc) => oc.column('sha256').doNothing())
        .execute();
    },

    /** A stored logo (public: logos are shown on the login page). */
    logo(sha256: string) {
      return db
        .selectFrom('branding_logos')
        .select(['content_type', 'bytes', 'size_bytes'])
        .where('sha256', '=', sha256)
        .executeTakeFirst();
    },

    /** Sets (or with null, resets) one header logo of the current group: its group number and the previous address. */
    async setLogo(userId: number, variant: LogoVariant, url: string | null) {
      const column = LOGO_COLUMN[variant];
      const before = await db
        .selectFrom('account_groups')
        .select(['site_group_num', 'header_logo_url', 'dark_header_logo_url'])
        .where(currentGroupOf(userId))
        .executeTakeFirst();
      if (!before) return undefined;
      await db
        .updateTable('account_groups')
        .set({ [column]: url, updated_at: new Date() })
        .where('site_group_num', '=', before.site_group_num)
        .execute();
      return { siteGroupNum: before.site_group_num, previous: before[column] };
    },
  };
}
