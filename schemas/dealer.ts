import type { FromSchema } from 'json-schema-to-ts';

/**
 * Dealers (account groups), sites in lists, live alarm and report events,
 * report-code answers, SSO tenants and the classic key: SPEC §3 and §7.
 * All are answers of the server.
 */

/** §3 branding of a dealer; §7 'Load dealer branding (logos)'. */
const brandingFields = {
  type: 'object',
  additionalProperties: false,
  required: ['headerLogoUrl', 'darkHeaderLogoUrl'],
  properties: {
    headerLogoUrl: { type: ['string', 'null'] },
    darkHeaderLogoUrl: { type: ['string', 'null'] },
  },
} as const;
export const dealerBrandingSchema = { $id: 'DealerBranding', ...brandingFields } as const;
export type DealerBranding = FromSchema<typeof dealerBrandingSchema>;

/** §3 dealer / account group. */
export const accountGroupSchema = {
  $id: 'AccountGroup',
  type: 'object',
  additionalProperties: false,
  required: ['siteGroupNum', 'siteGroupName', 'allowedDealers', 'ssoProviders', 'branding'],
  properties: {
    siteGroupNum: { type: 'integer' },
    siteGroupName: { type: 'string' },
    allowedDealers: { type: 'array', items: { type: 'string' } },
    /** Provider names (Microsoft, Okta, DUO and others). */
    ssoProviders: { type: 'array', items: { type: 'string' } },
    branding: brandingFields,
  },
} as const;
export type AccountGroup = FromSchema<typeof accountGroupSchema>;
/** The spec uses both names for the same thing. */
export type Dealer = AccountGroup;

/** §3 site/account in lists (search, Favorites, Recents). */
export const siteListItemSchema = {
  $id: 'SiteListItem',
  type: 'object',
  additionalProperties: false,
  required: ['siteName', 'siteNum', 'devNum', 'xmit', 'transmitterCode', 'addressDisplay'],
  properties: {
    siteName: { type: 'string' },
    siteNum: { type: 'integer' },
    devNum: { type: 'integer' },
    /** 'xmit or transmitterCode': lists carry one or the other. */
    xmit: { type: ['string', 'null'] },
    transmitterCode: { type: ['string', 'null'] },
    addressDisplay: { type: ['string', 'null'] },
  },
} as const;
export type SiteListItem = FromSchema<typeof siteListItemSchema>;

/** §3 alarm event, pushed live to account group 9993. */
export const alarmEventSchema = {
  $id: 'AlarmEvent',
  type: 'object',
  additionalProperties: false,
  required: ['alarmNum', 'siteNum', 'devNum', 'siteName', 'transmitterCode', 'alarmDate', 'eventCodeDescription'],
  properties: {
    alarmNum: { type: 'integer' },
    siteNum: { type: 'integer' },
    devNum: { type: 'integer' },
    siteName: { type: 'string' },
    transmitterCode: { type: 'string' },
    /** UTC. */
    alarmDate: { type: 'string', format: 'date-time' },
    eventCodeDescription: { type: 'string' },
  },
} as const;
export type AlarmEvent = FromSchema<typeof alarmEventSchema>;

/** §3 report event: a report finished. */
export const reportEventSchema = {
  $id: 'ReportEvent',
  type: 'object',
  additionalProperties: false,
  required: ['reportName', 'success'],
  properties: {
    reportName: { type: 'string' },
    success: { type: 'boolean' },
  },
} as const;
export type ReportEvent = FromSchema<typeof reportEventSchema>;

/** §3 report-code response; isTRMUser marks an internal user (§6). */
export const reportCodeResponseSchema = {
  $id: 'ReportCodeResponse',
  type: 'object',
  additionalProperties: false,
  required: ['emailAddress', 'schedReportID', 'isTRMUser'],
  properties: {
    emailAddress: { type: 'string' },
    schedReportID: { type: 'integer' },
    isTRMUser: { type: 'boolean' },
  },
} as const;
export type ReportCodeResponse = FromSchema<typeof reportCodeResponseSchema>;

/** §3 'SSO tenant lookup: returns a tenant or nothing'. */
export const ssoTenantSchema = {
  $id: 'SsoTenant',
  type: ['object', 'null'],
  additionalProperties: false,
  required: ['siteGroupNum', 'siteGroupName', 'ssoProviders'],
  properties: {
    siteGroupNum: { type: 'integer' },
    siteGroupName: { type: 'string' },
    ssoProviders: { type: 'array', items: { type: 'string' } },
  },
} as const;
export type SsoTenant = FromSchema<typeof ssoTenantSchema>;

/** §3 classic key: the one-time key that opens the classic dealer portal. */
export const classicKeySchema = {
  $id: 'ClassicKey',
  type: 'object',
  additionalProperties: false,
  required: ['rwKey'],
  properties: {
    rwKey: { type: 'string' },
  },
} as const;
export type ClassicKey = FromSchema<typeof classicKeySchema>;

/** §7 POST rw3k/key, optional query deleteSession and userRequested. */
export const classicKeyQuerySchema = {
  $id: 'ClassicKeyQuery',
  type: 'object',
  additionalProperties: false,
  properties: {
    deleteSession: { type: 'boolean' },
    userRequested: { type: 'boolean' },
  },
} as const;
export type ClassicKeyQuery = FromSchema<typeof classicKeyQuerySchema>;
