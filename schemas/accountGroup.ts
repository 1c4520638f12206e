import type { FromSchema } from 'json-schema-to-ts';
import { closedObject, closedSchema, int4Range, notBlank, nullableDateTime } from './shared.js';
import { SITE_COUNTRIES } from './siteCreate.js';

/**
 * Account Group Settings (SPEC §3 dealer / account group, §6 xtAdmin):
 * GET /api/accountGroup answers the current group; PUT /api/accountGroup takes what the
 * dealer may change (contact, billing contact, addresses, time zone). The name, number,
 * team domain, allowed dealers and SSO providers are staff's and only shown.
 * Rules beyond the schema (phone by libphonenumber, the address by country, the zone)
 * are src/common/postalAddress.ts, phone.ts and accountGroupRules in the server.
 */

export const ACCOUNT_GROUP_LIMITS = { phoneMax: 40, emailMax: 254, line: 100, city: 60 } as const;

/** A postal address of the group (office or mailing). */
export const groupAddressSchema = closedObject(['country', 'line1', 'city', 'state', 'postalCode'], {
  country: { type: 'string', enum: SITE_COUNTRIES },
  line1: { type: 'string', minLength: 1, maxLength: ACCOUNT_GROUP_LIMITS.line, ...notBlank },
  line2: { type: 'string', maxLength: ACCOUNT_GROUP_LIMITS.line },
  city: { type: 'string', minLength: 1, maxLength: ACCOUNT_GROUP_LIMITS.city, ...notBlank },
  state: { type: 'string', minLength: 1, maxLength: 3 },
  postalCode: { type: 'string', minLength: 1, maxLength: 10 },
});
export type GroupAddress = FromSchema<typeof groupAddressSchema>;

const nullableAddress = { anyOf: [{ type: 'null' }, groupAddressSchema] } as const;
const phone = { type: ['string', 'null'], maxLength: ACCOUNT_GROUP_LIMITS.phoneMax } as const;
const email = {
  type: ['string', 'null'],
  maxLength: ACCOUNT_GROUP_LIMITS.emailMax,
  format: 'email',
  errorMessage: { format: 'validation.format.email' },
} as const;

/** What the dealer may change; every field is sent (null clears an optional one). */
const editableFields = {
  timeZone: { type: 'string', minLength: 1, maxLength: 64 },
  contactPhone: phone,
  contactEmail: email,
  billingPhone: phone,
  billingEmail: email,
  officeAddress: nullableAddress,
  /** Null: mail goes to the office address. */
  mailingAddress: nullableAddress,
} as const;
export type AccountGroupEditableField = keyof typeof editableFields;

export const accountGroupSettingsInputSchema = {
  $id: 'AccountGroupSettingsInput',
  ...closedObject(editableFields),
} as const;
export type AccountGroupSettingsInput = FromSchema<typeof accountGroupSettingsInputSchema>;

export const accountGroupSettingsSchema = closedSchema('AccountGroupSettings', {
  siteGroupNum: { type: 'integer', ...int4Range },
  siteGroupName: { type: 'string' },
  dealerNumber: { type: 'string' },
  /** The SSO team domain (staff's). */
  teamDomain: { type: ['string', 'null'] },
  allowedDealers: { type: 'array', items: { type: 'string' } },
  /** §3 'ssoProviders (list of names)': names only, never their settings. */
  ssoProviders: { type: 'array', items: { type: 'string' } },
  hasAnsweringService: { type: 'boolean' },
  updatedAt: nullableDateTime,
  branding: closedObject({ headerLogoUrl: { type: ['string', 'null'] }, darkHeaderLogoUrl: { type: ['string', 'null'] } }),
  ...editableFields,
});
export type AccountGroupSettings = FromSchema<typeof accountGroupSettingsSchema>;
