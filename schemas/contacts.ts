import type { FromSchema } from 'json-schema-to-ts';
import { closedSchema, INT4_MAX, int4IdsFilter, int4Range, notBlank, siteRowsFilterSchema } from './shared.js';
import type { UiHints } from './uiHints.js';

/**
 * The call list (editing the account): the `contacts` resource in ra-data-simple-rest
 * conventions, `GET /api/contacts?filter={"siteNum":N}` in calling order, `POST`, `PUT /{id}`,
 * `DELETE /{id}`, and the new order in one call, `PUT /api/sites/{siteNum}/contacts/order`.
 * The rules beyond the schema (the phone through libphonenumber, at most MAX_CONTACTS, the
 * contact's passcode) are src/common/callList.ts, for the dealer's and the customer's screens alike.
 */

/** Limits of a contact's fields. */
const CONTACT_LIMITS = { nameMax: 60, relationMax: 40, phoneMax: 40, emailMax: 254 } as const;

const siteNum = { type: 'integer', minimum: 1, maximum: INT4_MAX } as const;

const contactFields = {
  name: { type: 'string', minLength: 1, maxLength: CONTACT_LIMITS.nameMax, ...notBlank },
  relation: { type: ['string', 'null'], maxLength: CONTACT_LIMITS.relationMax },
  /** Written any way; stored as E.164 (src/common/phone.ts). */
  phoneNumber: { type: 'string', minLength: 1, maxLength: CONTACT_LIMITS.phoneMax, ...notBlank },
  email: {
    type: ['string', 'null'],
    maxLength: CONTACT_LIMITS.emailMax,
    format: 'email',
    errorMessage: { format: 'validation.format.email' },
  },
  hasKey: { type: 'boolean' },
  /** The verification-contact flag: may verify an alarm. */
  verifies: { type: 'boolean' },
  /**
   * The contact's own passcode (src/common/passcodeRules.ts): left out, unchanged; null, removed.
   * Never answered in clear: the record has `passcodeMasked`.
   */
  passcode: { type: ['string', 'null'], maxLength: 64 },
} as const;

/** What react-admin sends back with a record on update: ignored. */
const readOnlyFields = {
  id: { type: 'integer', readOnly: true, ...int4Range },
  contactId: { type: 'integer', readOnly: true, ...int4Range },
  position: { type: 'integer', readOnly: true, ...int4Range },
  passcodeMasked: { type: ['string', 'null'], readOnly: true },
} as const;

/** Create (siteNum required) and update (siteNum ignored: a contact stays with its account) body. */
export const contactInputSchema = closedSchema('ContactInput', ['name', 'phoneNumber'], { siteNum, ...contactFields, ...readOnlyFields });
export type ContactInput = FromSchema<typeof contactInputSchema>;

/** A contact as the API returns it. `id` is contactId. */
export const contactSchema = closedSchema('Contact', {
  id: { type: 'integer', ...int4Range },
  contactId: { type: 'integer', ...int4Range },
  siteNum,
  /** 1 is called first. */
  position: { type: 'integer', ...int4Range },
  name: { type: 'string' },
  relation: { type: ['string', 'null'] },
  /** E.164 (with ';ext=' and the extension); older rows as they were typed. */
  phoneNumber: { type: ['string', 'null'] },
  email: { type: ['string', 'null'] },
  hasKey: { type: 'boolean' },
  verifies: { type: 'boolean' },
  /** Bullets as long as the contact's passcode; null without one. */
  passcodeMasked: { type: ['string', 'null'] },
});
export type Contact = FromSchema<typeof contactSchema>;

/** `filter` of GET /api/contacts: one account's call list, or contacts by id (getMany). */
export const contactFilterSchema = siteRowsFilterSchema('ContactFilter', {
  siteNum,
  id: int4IdsFilter,
});
export type ContactFilter = FromSchema<typeof contactFilterSchema>;

/** PUT /api/sites/{siteNum}/contacts/order: every contact of the account, first called first. */
export const contactOrderSchema = closedSchema('ContactOrder', {
  contactIds: { type: 'array', items: { type: 'integer', minimum: 1, maximum: INT4_MAX }, minItems: 1, maxItems: 100 },
});
export type ContactOrder = FromSchema<typeof contactOrderSchema>;

const contactLabel = (field: keyof typeof contactFields) => `accountEdits.contacts.fields.${field}`;

/**
 * The form's layout (uiHints.ts): the dealer's and the customer's dialog alike. The contact's
 * passcode says its current one by the record's `passcodeMasked`, and may be removed.
 */
export const contactsUi = {
  order: ['name', 'relation', 'phoneNumber', 'email', 'verifies', 'hasKey', 'passcode'],
  hidden: ['siteNum'],
  fields: {
    name: { label: contactLabel('name'), autoFocus: true },
    relation: { label: contactLabel('relation') },
    phoneNumber: { widget: 'phone', label: contactLabel('phoneNumber') },
    email: { label: contactLabel('email') },
    verifies: { widget: 'checkbox', label: contactLabel('verifies') },
    hasKey: { widget: 'checkbox', label: contactLabel('hasKey') },
    passcode: {
      widget: 'passcode',
      label: contactLabel('passcode'),
      options: {
        current: 'passcodeMasked',
        keepText: 'accountEdits.contacts.fields.passcodeKeep',
        removeLabel: 'accountEdits.contacts.fields.removePasscode',
      },
    },
  },
} as const satisfies UiHints<keyof typeof contactFields | 'siteNum'>;
