import type { FromSchema } from 'json-schema-to-ts';
import { closedObjectArray, closedSchema, INT4_MAX, int4Range } from './shared.js';

/**
 * The shell's calls (SPEC §2 application shell, §4 'Shell and live
 * behaviour', §7 'Dealer, site and live'): a site opened, account search,
 * account groups, the MSA active account and the version check. Favourites,
 * recents and search answer SiteListItem lists (dealer.ts).
 */
const SITE_SEARCH_TYPES = ['device', 'xmit', 'details'] as const;

/** §7 'Account search via device, xmit and details'; without type, all three. */
export const siteSearchQuerySchema = closedSchema('SiteSearchQuery', ['q'], {
  q: { type: 'string', minLength: 1, maxLength: 50 },
  type: { type: 'string', enum: SITE_SEARCH_TYPES },
});
export type SiteSearchQuery = FromSchema<typeof siteSearchQuerySchema>;

/** A site as GET site/{siteNum} answers it (and records it among the recents). */
export const siteSummarySchema = closedSchema('SiteSummary', {
  siteNum: { type: 'integer', ...int4Range },
  siteName: { type: 'string' },
  siteGroupNum: { type: 'integer', ...int4Range },
  addressDisplay: { type: 'string' },
  isFavorite: { type: 'boolean' },
  devices: closedObjectArray({
    devNum: { type: 'integer', ...int4Range },
    transmitterCode: { type: 'string' },
    description: { type: ['string', 'null'] },
  }),
});
export type SiteSummary = FromSchema<typeof siteSummarySchema>;

/** An account group the user may switch to (§2 account-group switcher). */
export const accountGroupOptionSchema = closedSchema('AccountGroupOption', {
  siteGroupNum: { type: 'integer', ...int4Range },
  siteGroupName: { type: 'string' },
  current: { type: 'boolean' },
  /** The group's alarms are pushed live (§4: the alarm connection exists only for these). */
  liveAlarms: { type: 'boolean' },
});
export type AccountGroupOption = FromSchema<typeof accountGroupOptionSchema>;

/** §4 account-group switch. */
export const accountGroupSwitchSchema = closedSchema('AccountGroupSwitch', {
  siteGroupNum: { type: 'integer', minimum: 1, maximum: INT4_MAX },
});
export type AccountGroupSwitch = FromSchema<typeof accountGroupSwitchSchema>;

/** §4 'MSA account switch: calls the server, then goes to /msa/summary with sn and the first device'. */
export const msaActiveAccountSchema = closedSchema('MsaActiveAccount', {
  siteNum: { type: 'integer', ...int4Range },
  /** The first device, for the dn parameter; null when the site has none. */
  devNum: { type: ['integer', 'null'], ...int4Range },
  siteGroupNum: { type: 'integer', ...int4Range },
});
export type MsaActiveAccount = FromSchema<typeof msaActiveAccountSchema>;

/** §4 new version detection: the client reloads when buildId changes. */
export const appVersionSchema = closedSchema('AppVersion', {
  version: { type: 'string' },
  buildId: { type: 'string' },
});
export type AppVersion = FromSchema<typeof appVersionSchema>;
