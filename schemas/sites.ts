import type { FromSchema } from 'json-schema-to-ts';
import { closedObject, closedObjectArray, closedSchema, idsFilter, int4Range } from './shared.js';

/**
 * Accounts (SPEC §1 dealer users, §2 /site/*, §3 site/account, §7
 * 'Account search via device, xmit and details'): the `sites` resource in
 * ra-data-simple-rest conventions (GET /api/sites, GET /api/sites/{siteNum}),
 * scoped to the selected account group, and the audited passcode reveal.
 */

/** Where an account stands: the status tag of lists and the header of /site/info. */
export const SITE_STATUSES = ['active', 'inAlarm', 'onTest', 'outOfService', 'pending'] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];

export const SITE_TYPES = ['residential', 'commercial', 'industrial', 'institutional'] as const;
export type SiteType = (typeof SITE_TYPES)[number];

/** The field a search text matched, named in the search dialog ("phone", "contact"). */
const SITE_MATCH_FIELDS = ['siteNum', 'devNum', 'xmit', 'name', 'address', 'city', 'postalCode', 'phone', 'contact'] as const;
export type SiteMatchField = (typeof SITE_MATCH_FIELDS)[number];

/** What the account view warns about when it is missing (links to the section). */
export const SITE_WARNINGS = ['noPasscode', 'fewVerificationContacts', 'noAgency', 'noPremisePhone', 'noPermit'] as const;
export type SiteWarning = (typeof SITE_WARNINGS)[number];

const AGENCY_KINDS = ['police', 'fire', 'medical', 'guard'] as const;

/** Sort fields of GET /api/sites (id is the site number); without sort (and with q) the answer is by relevance. */
export const SITE_SORT_FIELDS = ['id', 'siteName', 'siteNum', 'city', 'status'] as const;

/** `filter` of GET /api/sites (JSON in the query string). */
export const siteFilterSchema = closedSchema('SiteFilter', [], {
  /** A substring, case- and accent-insensitive, of the name, address, city, postal code, phones (digits), contact names, transmitter, site or device number. */
  q: { type: 'string', maxLength: 100 },
  status: {
    anyOf: [
      { type: 'string', enum: SITE_STATUSES },
      { type: 'array', items: { type: 'string', enum: SITE_STATUSES }, maxItems: SITE_STATUSES.length },
    ],
  },
  siteType: { type: 'string', enum: SITE_TYPES },
  city: { type: 'string', maxLength: 100 },
  state: { type: 'string', maxLength: 2 },
  favorite: { type: 'boolean' },
  /** react-admin getMany: `filter={"id":[…]}`. */
  id: idsFilter,
});
export type SiteFilter = FromSchema<typeof siteFilterSchema>;

/** Where the search text was found: `value` is the matched field's text, `start`/`end` the matched part of it (UTF-16 indexes). */
export const siteMatchSchema = closedObject({
  field: { type: 'string', enum: SITE_MATCH_FIELDS },
  value: { type: 'string' },
  start: { type: 'integer', minimum: 0 },
  end: { type: 'integer', minimum: 0 },
});
export type SiteMatch = FromSchema<typeof siteMatchSchema>;

/** A row of GET /api/sites. `id` is the site number (react-admin's record id). */
export const siteRecordSchema = closedSchema('SiteRecord', {
  id: { type: 'integer', ...int4Range },
  siteNum: { type: 'integer', ...int4Range },
  siteName: { type: 'string' },
  /** The first device (or the one the search matched); null when the site has none. */
  devNum: { type: ['integer', 'null'], ...int4Range },
  transmitterCode: { type: ['string', 'null'] },
  addressDisplay: { type: 'string' },
  city: { type: 'string' },
  state: { type: 'string' },
  status: { type: 'string', enum: SITE_STATUSES },
  siteType: { type: 'string', enum: SITE_TYPES },
  isFavorite: { type: 'boolean' },
  /** Null without filter.q. */
  match: { anyOf: [siteMatchSchema, { type: 'null' }] },
});
export type SiteRecord = FromSchema<typeof siteRecordSchema>;

const nullableText = { type: ['string', 'null'] } as const;

/** GET /api/sites/{siteNum}: the whole account. Passcodes are masked; the clear value only through the reveal call. */
export const siteDetailSchema = closedSchema('SiteDetail', {
  id: { type: 'integer', ...int4Range },
  siteNum: { type: 'integer', ...int4Range },
  siteName: { type: 'string' },
  siteGroupNum: { type: 'integer', ...int4Range },
  status: { type: 'string', enum: SITE_STATUSES },
  siteType: { type: 'string', enum: SITE_TYPES },
  /** IANA time zone of the premises. */
  timeZone: { type: 'string' },
  address: closedObject({
    line1: { type: 'string' },
    line2: nullableText,
    city: { type: 'string' },
    state: { type: 'string' },
    postalCode: { type: 'string' },
  }),
  addressDisplay: { type: 'string' },
  isFavorite: { type: 'boolean' },
  devices: closedObjectArray(['devNum', 'transmitterCode', 'panelType', 'description', 'onTestUntil'], {
    devNum: { type: 'integer', ...int4Range },
    transmitterCode: { type: 'string' },
    panelType: nullableText,
    description: nullableText,
    /** The device is on test until then (null: not on test). */
    onTestUntil: { type: ['string', 'null'], format: 'date-time' },
    /** The last signal the device sent (any kind but a change to the account); null: none yet. */
    lastSignalAt: { type: ['string', 'null'], format: 'date-time' },
    /** The device's last test signal; null: none yet. */
    lastTestAt: { type: ['string', 'null'], format: 'date-time' },
  }),
  zones: closedObjectArray({
    devNum: { type: 'integer', ...int4Range },
    zoneNum: { type: 'integer', ...int4Range },
    description: { type: 'string' },
    eventType: { type: 'string' },
  }),
  /** The call list, in calling order. */
  contacts: closedObjectArray({
    contactId: { type: 'integer', ...int4Range },
    position: { type: 'integer', ...int4Range },
    name: { type: 'string' },
    relation: nullableText,
    phoneNumber: nullableText,
    email: nullableText,
    hasKey: { type: 'boolean' },
    /** May verify an alarm (counts towards 'fewer than two verification contacts'). */
    verifies: { type: 'boolean' },
    /** The contact's own passcode as bullets; null without one. */
    passcodeMasked: nullableText,
  }),
  passcodes: closedObjectArray({
    passcodeId: { type: 'integer', ...int4Range },
    name: { type: 'string' },
    /** Bullets as long as the passcode ('••••'). */
    masked: { type: 'string' },
    /** The duress passcode. */
    isDuress: { type: 'boolean' },
  }),
  schedules: closedObjectArray({
    scheduleId: { type: 'integer', ...int4Range },
    name: { type: 'string' },
    /** 0 = Sunday … 6 = Saturday. */
    dayOfWeek: { type: 'integer', minimum: 0, maximum: 6 },
    /** 'HH:MM', local time of the premises. */
    opensAt: { type: 'string' },
    closesAt: { type: 'string' },
  }),
  /** Days the weekly schedule does not apply: closed all day (times null) or special times. */
  holidays: closedObjectArray({
    holidayId: { type: 'integer', ...int4Range },
    /** 'YYYY-MM-DD'. */
    date: { type: 'string', format: 'date' },
    name: { type: 'string' },
    opensAt: nullableText,
    closesAt: nullableText,
  }),
  /** Police, fire, medical and guard agencies, each with its permit when one is held. */
  agencies: closedObjectArray({
    agencyId: { type: 'integer', ...int4Range },
    kind: { type: 'string', enum: AGENCY_KINDS },
    name: { type: 'string' },
    phoneNumber: nullableText,
    permitNumber: nullableText,
    /** 'YYYY-MM-DD'. */
    permitExpiresOn: { type: ['string', 'null'], format: 'date' },
  }),
  premisePhones: closedObjectArray({
    phoneId: { type: 'integer', ...int4Range },
    label: { type: 'string' },
    phoneNumber: { type: 'string' },
  }),
  warnings: { type: 'array', items: { type: 'string', enum: SITE_WARNINGS } },
});
export type SiteDetail = FromSchema<typeof siteDetailSchema>;

/** POST /api/sites/{siteNum}/passcodes/{passcodeId}/reveal (audited; passcodes.reveal). */
export const passcodeRevealSchema = closedSchema('PasscodeReveal', {
  passcodeId: { type: 'integer', ...int4Range },
  passcode: { type: 'string' },
});
export type PasscodeReveal = FromSchema<typeof passcodeRevealSchema>;

/** The customer's reveal: only after re-entering their password. */
export const msaPasscodeRevealBodySchema = {
  $id: 'MsaPasscodeRevealBody',
  ...closedObject({ password: { type: 'string', minLength: 1, maxLength: 128 } }),
} as const;
