import type { AccountLink } from '../../../schemas/user.js';
import type { Db } from '../db/database.js';
import { addressDisplay } from './siteQueries.js';

/** SPEC §3 account links of a customer, the default (favourite) first, with their dealer's logos. */
export async function accountLinksOf(db: Db, userId: number): Promise<AccountLink[]> {
  const links = await db
    .selectFrom('msa_account_links')
    .innerJoin('sites', 'sites.site_num', 'msa_account_links.site_num')
    .innerJoin('account_groups', 'account_groups.site_group_num', 'sites.site_group_num')
    .select([
      'sites.site_num',
      'sites.site_name',
      'sites.address_line1',
      'sites.address_line2',
      'sites.city',
      'sites.state',
      'sites.postal_code',
      'msa_account_links.is_default',
      'account_groups.header_logo_url',
      'account_groups.dark_header_logo_url',
    ])
    .where('msa_account_links.user_id', '=', userId)
    .orderBy('msa_account_links.is_default', 'desc')
    .orderBy('msa_account_links.created_at')
    .execute();
  if (!links.length) return [];
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
      address: addressDisplay(link),
      devices: own.map((d) => d.dev_num),
      xmit: own[0]?.transmitter_code ?? '',
      isFavorite: link.is_default,
      headerLogoUrl: link.header_logo_url,
      darkHeaderLogoUrl: link.dark_header_logo_url,
    };
  });
}
