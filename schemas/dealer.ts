import type { FromSchema } from 'json-schema-to-ts';
import { closedObject, closedObjectArray, closedSchema, int4Range } from './shared.js';

/**
 * Dealers (account groups), sites in lists, live alarm and report events,
 * report-code answers, SSO tenants and the classic key: SPEC §3 and §7.
 * All are answers of the server.
 */

/** §3 branding of a dealer; §7 'Load dealer branding (logos)'. */
const brandingFields = closedObject({
  headerLogoUrl: { type: ['string', 'null'] },
  darkHeaderLogoUrl: { type: ['string', 'null'] },
});
export const dealerBrandingSchema = { $id: 'DealerBranding', ...brandingFields } as const;
export type DealerBranding = FromSchema<typeof dealerBrandingSchema>;

/** §3 dealer / account group. */
export const accountGroupSchema = closedSchema('AccountGroup', {
  siteGroupNum: { type: 'integer', ...int4Range },
  siteGroupName: { type: 'string' },
  allowedDealers: { type: 'array', items: { type: 'string' } },
  /** Provider names (Microsoft, Okta, DUO and others). */
  ssoProviders: { type: 'array', items: { type: 'string' } },
  branding: brandingFields,
});
export type AccountGroup = FromSchema<typeof accountGroupSchema>;
/** The spec uses both names for the same thing. */
export type Dealer = AccountGroup;

/** §3 site/account in lists (search, Favorites, Recents). */
export const siteListItemSchema = closedSchema('SiteListItem', {
  siteName: { type: 'string' },
  siteNum: { type: 'integer', ...int4Range },
  devNum: { type: 'integer', ...int4Range },
  /** 'xmit or transmitterCode': lists carry one or the other. */
  xmit: { type: ['string', 'null'] },
  transmitterCode: { type: ['string', 'null'] },
  addressDisplay: { type: ['string', 'null'] },
});
export type SiteListItem = FromSchema<typeof siteListItemSchema>;

/** §3 alarm event, pushed live to account group 9993. */
export const alarmEventSchema = closedSchema('AlarmEvent', {
  alarmNum: { type: 'integer', ...int4Range },
  siteNum: { type: 'integer', ...int4Range },
  devNum: { type: 'integer', ...int4Range },
  siteName: { type: 'string' },
  transmitterCode: { type: 'string' },
  /** UTC. */
  alarmDate: { type: 'string', format: 'date-time' },
  eventCodeDescription: { type: 'string' },
});
export type AlarmEvent = FromSchema<typeof alarmEventSchema>;

/** §3 report event: a report finished. */
export const reportEventSchema = closedSchema('ReportEvent', ['reportName', 'success'], {
  reportName: { type: 'string' },
  success: { type: 'boolean' },
  /** The run, so the inbox can show it. */
  runId: { type: 'integer' },
});
export type ReportEvent = FromSchema<typeof reportEventSchema>;

/** §3 report-code response; isTRMUser marks an internal user (§6). */
export const reportCodeResponseSchema = closedSchema('ReportCodeResponse', ['emailAddress', 'schedReportID', 'isTRMUser', 'runId'], {
  emailAddress: { type: 'string' },
  schedReportID: { type: 'integer', ...int4Range },
  isTRMUser: { type: 'boolean' },
  /** The report's name, for the dialog. */
  reportName: { type: 'string' },
  /** The run, for an internal user's link to its page in the portal (/reports/{runId}, SPEC §4 Report download). */
  runId: { type: 'integer', ...int4Range },
});
export type ReportCodeResponse = FromSchema<typeof reportCodeResponseSchema>;

/**
 * §3 'SSO tenant lookup: returns a tenant or nothing' (nothing is a 404 'Invalid Domain').
 * §2: the picker is titled 'Sign into {dealer name}' and lists the providers; an empty
 * list is answered as it is (the picker then says 'No SSO providers found').
 */
export const ssoTenantSchema = closedSchema('SsoTenant', {
  siteGroupNum: { type: 'integer', ...int4Range },
  dealerName: { type: 'string' },
  providers: closedObjectArray({
    /** The key the SSO login path takes (provider=…). */
    name: { type: 'string' },
    /** What the picker shows (Microsoft, Okta, DUO…). */
    displayName: { type: 'string' },
  }),
});
export type SsoTenant = FromSchema<typeof ssoTenantSchema>;

/**
 * §3 classic key: the one-time key that opens the classic dealer portal, and
 * the address to send the browser to (the classic portal with the key).
 */
export const classicKeySchema = closedSchema('ClassicKey', {
  rwKey: { type: 'string' },
  url: { type: 'string' },
});
export type ClassicKey = FromSchema<typeof classicKeySchema>;

/** §7 POST rw3k/key, optional query deleteSession and userRequested. */
export const classicKeyQuerySchema = closedSchema('ClassicKeyQuery', [], {
  deleteSession: { type: 'boolean' },
  userRequested: { type: 'boolean' },
});
export type ClassicKeyQuery = FromSchema<typeof classicKeyQuerySchema>;

/** The classic portal's server redeems a key (POST rw3k/redeem, API key). */
export const classicRedeemSchema = closedSchema('ClassicRedeem', {
  key: { type: 'string', minLength: 1, maxLength: 512 },
});
export type ClassicRedeem = FromSchema<typeof classicRedeemSchema>;

/** Who a redeemed classic key belongs to. */
export const classicUserSchema = closedSchema('ClassicUser', {
  username: { type: 'string' },
  name: { type: 'string' },
  email: { type: ['string', 'null'] },
  dealerNumber: { type: ['string', 'null'] },
  siteGroupNum: { type: ['integer', 'null'], ...int4Range },
});
export type ClassicUser = FromSchema<typeof classicUserSchema>;
