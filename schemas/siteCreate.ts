import type { FromSchema } from 'json-schema-to-ts';
import { closedObject, closedSchema, idsFilter, INT4_MAX, notBlank } from './shared.js';
import { SITE_TYPES } from './sites.js';
import { ZONE_EVENT_TYPES } from './zones.js';

/**
 * Create New Account (SPEC §6 allowCreateAccountFlag): the body of
 * POST /api/sites, the transmitter check of the devices step and the drafts
 * the stepper saves (site_drafts, migration 0010).
 *
 * The item schemas below (newSiteDevice, newSiteContact, newSiteZone,
 * newSitePasscode) are the create payload's own, kept minimal: the edit
 * screens' shared schemas (schemas/contacts.ts, zones.ts, passcodes.ts) may
 * replace them when both exist.
 */

/** Countries an account can be created in; their address rules are src/common/postalAddress.ts. */
export const SITE_COUNTRIES = ['US', 'CA', 'MX'] as const;
export type SiteCountry = (typeof SITE_COUNTRIES)[number];

/** How many rows each repeating step takes. */
export const SITE_CREATE_LIMITS = {
  devices: 8,
  contacts: 20,
  zonesPerDevice: 96,
  zones: 200,
  passcodes: 10,
  draftBytes: 64 * 1024,
  draftsPerUser: 20,
} as const;

/** A transmitter code as typed: letters, digits and dashes; normalised to upper case (src/common/transmitter.ts). */
export const TRANSMITTER_PATTERN = '^\\s*[A-Za-z0-9-]{3,20}\\s*$';

const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max, ...notBlank }) as const;
const optionalText = (max: number) => ({ type: 'string', maxLength: max }) as const;

/** Step 1: the account. */
export const newSiteAccountSchema = closedObject({
  siteName: text(100),
  siteType: { type: 'string', enum: SITE_TYPES },
  timeZone: { type: 'string', minLength: 1, maxLength: 64 },
});

/** Step 2: the premises' address; which fields are required and their formats depend on the country. */
export const newSiteAddressSchema = closedObject(['country', 'line1', 'city', 'state', 'postalCode'], {
  country: { type: 'string', enum: SITE_COUNTRIES },
  line1: text(100),
  line2: optionalText(100),
  city: text(60),
  state: { type: 'string', minLength: 1, maxLength: 3 },
  postalCode: { type: 'string', minLength: 1, maxLength: 10 },
  phoneNumber: optionalText(40),
});

/** Step 3: a device (panel) and its transmitter. */
export const newSiteDeviceSchema = closedObject(['transmitterCode'], {
  transmitterCode: {
    type: 'string',
    minLength: 1,
    maxLength: 24,
    pattern: TRANSMITTER_PATTERN,
    errorMessage: { pattern: 'siteCreate.errors.transmitterFormat' },
  },
  panelType: optionalText(60),
  description: optionalText(100),
});
export type NewSiteDevice = FromSchema<typeof newSiteDeviceSchema>;

/** Step 4: a contact of the call list, in calling order. */
export const newSiteContactSchema = closedObject(['name', 'phoneNumber'], {
  name: text(80),
  relation: optionalText(40),
  phoneNumber: { type: 'string', minLength: 1, maxLength: 40 },
  email: {
    type: 'string',
    maxLength: 128,
    pattern: '^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
    errorMessage: { pattern: 'validation.format.email' },
  },
  verifies: { type: 'boolean' },
  hasKey: { type: 'boolean' },
});
export type NewSiteContact = FromSchema<typeof newSiteContactSchema>;

/** Step 5: a zone of one of the devices (`device`: its position in `devices`, from 0). */
export const newSiteZoneSchema = closedObject({
  device: { type: 'integer', minimum: 0, maximum: SITE_CREATE_LIMITS.devices - 1 },
  zoneNum: { type: 'integer', minimum: 1, maximum: 999 },
  description: text(60),
  eventType: { type: 'string', enum: ZONE_EVENT_TYPES },
});
export type NewSiteZone = FromSchema<typeof newSiteZoneSchema>;

/** Step 6: a passcode someone gives the operator to identify themselves. */
export const newSitePasscodeSchema = closedObject(['name', 'passcode'], {
  name: text(40),
  /** Length and characters: src/common/passcodeRules.ts, the account editor's rule. */
  passcode: { type: 'string', minLength: 1, maxLength: 64 },
  /** The passcode a person under duress gives; at most one per account. */
  isDuress: { type: 'boolean' },
});
export type NewSitePasscode = FromSchema<typeof newSitePasscodeSchema>;

/** POST /api/sites: the whole new account, created in one transaction with status 'pending'. */
export const siteCreateSchema = closedSchema('SiteCreate', ['account', 'address', 'devices', 'contacts', 'zones', 'passcodes'], {
  account: newSiteAccountSchema,
  address: newSiteAddressSchema,
  devices: { type: 'array', minItems: 1, maxItems: SITE_CREATE_LIMITS.devices, items: newSiteDeviceSchema },
  contacts: { type: 'array', maxItems: SITE_CREATE_LIMITS.contacts, items: newSiteContactSchema },
  zones: { type: 'array', maxItems: SITE_CREATE_LIMITS.zones, items: newSiteZoneSchema },
  passcodes: { type: 'array', maxItems: SITE_CREATE_LIMITS.passcodes, items: newSitePasscodeSchema },
  /** The draft the account was typed in: deleted with the creation. */
  draftId: { type: 'integer', minimum: 1, maximum: INT4_MAX },
});
export type SiteCreate = FromSchema<typeof siteCreateSchema>;

/** The answer of POST /api/sites. */
export const siteCreatedSchema = closedSchema('SiteCreated', {
  siteNum: { type: 'integer' },
  devNums: { type: 'array', items: { type: 'integer' } },
});
export type SiteCreated = FromSchema<typeof siteCreatedSchema>;

/** GET /api/transmitters/availability?code= */
export const transmitterQuerySchema = closedSchema('TransmitterQuery', {
  code: {
    type: 'string',
    minLength: 1,
    maxLength: 24,
    pattern: TRANSMITTER_PATTERN,
    errorMessage: { pattern: 'siteCreate.errors.transmitterFormat' },
  },
});

/**
 * Whether a transmitter code is free on the whole monitoring platform. When it
 * is taken by an account of the user's own account groups, `siteNum` and
 * `siteName` name it; another dealer's account is never named. `message` says
 * it in the user's language.
 */
export const transmitterAvailabilitySchema = closedSchema('TransmitterAvailability', ['code', 'available'], {
  code: { type: 'string' },
  available: { type: 'boolean' },
  siteNum: { type: 'integer' },
  siteName: { type: 'string' },
  message: { type: 'string' },
});
export type TransmitterAvailability = FromSchema<typeof transmitterAvailabilitySchema>;

/** The steps of the stepper, in order (a draft remembers the one it was on). */
export const SITE_CREATE_STEPS = ['account', 'address', 'devices', 'contacts', 'zones', 'passcodes', 'review'] as const;
export type SiteCreateStep = (typeof SITE_CREATE_STEPS)[number];

/** PUT /api/siteDrafts/{id} and POST /api/siteDrafts: what the user has typed so far (any shape: it is not valid yet). */
export const siteDraftInputSchema = closedSchema('SiteDraftInput', {
  step: { type: 'string', enum: SITE_CREATE_STEPS },
  data: { type: 'object' },
});
export type SiteDraftInput = FromSchema<typeof siteDraftInputSchema>;

/** Sort fields of GET /api/siteDrafts; without sort the latest saved first. */
export const SITE_DRAFT_SORT_FIELDS = ['id', 'updatedAt'] as const;

/** `filter` of GET /api/siteDrafts. */
export const siteDraftFilterSchema = closedSchema('SiteDraftFilter', [], {
  /** react-admin getMany: `filter={"id":[…]}`. */
  id: idsFilter,
});
export type SiteDraftFilter = FromSchema<typeof siteDraftFilterSchema>;

/** A draft as answered: `name` is the account name typed so far (empty when none). */
export const siteDraftSchema = closedSchema('SiteDraft', {
  id: { type: 'integer' },
  step: { type: 'string', enum: SITE_CREATE_STEPS },
  name: { type: 'string' },
  data: { type: 'object', additionalProperties: true },
  siteGroupNum: { type: ['integer', 'null'] },
  createdAt: { type: 'string', format: 'date-time' },
  updatedAt: { type: 'string', format: 'date-time' },
});
export type SiteDraft = FromSchema<typeof siteDraftSchema>;
