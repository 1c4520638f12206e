import type { FromSchema } from 'json-schema-to-ts';
import { closedSchema, idsFilter, INT4_MAX, int4Range, notBlank, siteRowsFilterSchema } from './shared.js';
import type { UiHints } from './uiHints.js';

/**
 * My Security Account: what a customer asks the dealer to change of what only the
 * dealer may change (SPEC §1: the dealer keeps the account's address, type, time zone, premise
 * phones and agencies). `GET /api/msa/changeRequests?filter={"siteNum":N}` lists them newest
 * first (the active account when no siteNum); `POST` sends one. The customer's contacts, zones,
 * passcodes, schedules and tests are the dealer's resources again under /api/msa (their schemas:
 * contacts.ts, zones.ts, passcodes.ts, schedules.ts, tests.ts).
 */

export const CHANGE_REQUEST_FIELDS = ['siteName', 'address', 'siteType', 'timeZone', 'premisePhones', 'agencies', 'other'] as const;
export type ChangeRequestField = (typeof CHANGE_REQUEST_FIELDS)[number];
export const CHANGE_REQUEST_STATUSES = ['pending', 'done', 'declined', 'withdrawn'] as const;
export const CHANGE_REQUEST_LIMITS = { valueMax: 500, noteMax: 500 } as const;

const siteNum = { type: 'integer', minimum: 1, maximum: INT4_MAX } as const;

export const changeRequestSchema = closedSchema('MsaChangeRequest', {
  id: { type: 'integer', ...int4Range },
  siteNum,
  field: { type: 'string', enum: CHANGE_REQUEST_FIELDS },
  /** What the account said when the request was made. */
  currentValue: { type: ['string', 'null'] },
  requestedValue: { type: 'string' },
  note: { type: ['string', 'null'] },
  status: { type: 'string', enum: CHANGE_REQUEST_STATUSES },
  createdAt: { type: 'string', format: 'date-time' },
  resolvedAt: { type: ['string', 'null'], format: 'date-time' },
  /** The dealer's answer when they marked it done or declined (/change-requests). */
  resolutionNote: { type: ['string', 'null'] },
});
export type ChangeRequest = FromSchema<typeof changeRequestSchema>;

export const changeRequestInputSchema = closedSchema('MsaChangeRequestInput', ['field', 'requestedValue'], {
  /** Absent: the active linked account. */
  siteNum,
  field: { type: 'string', enum: CHANGE_REQUEST_FIELDS },
  requestedValue: { type: 'string', minLength: 1, maxLength: CHANGE_REQUEST_LIMITS.valueMax, ...notBlank },
  note: { type: ['string', 'null'], maxLength: CHANGE_REQUEST_LIMITS.noteMax },
});
export type ChangeRequestInput = FromSchema<typeof changeRequestInputSchema>;

/** The customer's change request form (uiHints.ts): the account is the one the page shows. */
export const changeRequestUi = {
  order: ['field', 'requestedValue', 'note'],
  hidden: ['siteNum'],
  fields: {
    field: { widget: 'changeField', optionLabels: 'msa.accountInfo.fields', label: 'msa.accountInfo.field' },
    requestedValue: { widget: 'textarea', label: 'msa.accountInfo.requestedValue' },
    note: { widget: 'textarea', label: 'msa.accountInfo.note', hint: 'msa.accountInfo.noteHelp' },
  },
} as const satisfies UiHints<keyof typeof changeRequestInputSchema.properties>;

/** `filter` of GET /api/msa/changeRequests: one linked account's requests, or requests by id (getMany). */
export const changeRequestFilterSchema = siteRowsFilterSchema('MsaChangeRequestFilter', {
  siteNum,
  status: { type: 'string', enum: CHANGE_REQUEST_STATUSES },
  id: idsFilter,
});
export type ChangeRequestFilter = FromSchema<typeof changeRequestFilterSchema>;

// ---- The dealer's side (/change-requests, GET/PUT /api/changeRequests) ----

/** What the dealer can answer a pending request with. */
export const CHANGE_REQUEST_RESOLUTIONS = ['done', 'declined'] as const;
export type ChangeRequestResolution = (typeof CHANGE_REQUEST_RESOLUTIONS)[number];
export const CHANGE_REQUEST_SORT_FIELDS = ['id', 'createdAt', 'status', 'siteNum'] as const;
export type ChangeRequestSortField = (typeof CHANGE_REQUEST_SORT_FIELDS)[number];

/** A customer's request as the dealer of the account's group reads it: the account and who asked. */
export const dealerChangeRequestSchema = closedSchema('DealerChangeRequest', {
  ...changeRequestSchema.properties,
  siteName: { type: 'string' },
  customerName: { type: ['string', 'null'] },
  customerEmail: { type: ['string', 'null'] },
  /** The username of the dealer user who resolved it. */
  resolvedBy: { type: ['string', 'null'] },
});
export type DealerChangeRequest = FromSchema<typeof dealerChangeRequestSchema>;

export const dealerChangeRequestFilterSchema = closedSchema('DealerChangeRequestFilter', [], {
  status: { type: 'string', enum: CHANGE_REQUEST_STATUSES },
  siteNum,
  /** The account's name or number, the requested value, or the customer's name or email (part of it, any case). */
  q: { type: 'string', maxLength: 200 },
  id: idsFilter,
});
export type DealerChangeRequestFilter = FromSchema<typeof dealerChangeRequestFilterSchema>;

/** PUT changeRequests/:id: mark a pending request done or declined, with a note for the customer. */
export const changeRequestResolutionSchema = closedSchema('ChangeRequestResolution', ['status'], {
  status: { type: 'string', enum: CHANGE_REQUEST_RESOLUTIONS },
  note: { type: ['string', 'null'], maxLength: CHANGE_REQUEST_LIMITS.noteMax },
});
export type ChangeRequestResolutionInput = FromSchema<typeof changeRequestResolutionSchema>;
