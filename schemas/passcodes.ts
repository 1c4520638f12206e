import type { FromSchema } from 'json-schema-to-ts';
import { closedSchema, idsFilter, INT4_MAX, int4Range, notBlank, serialId, siteRowsFilterSchema } from './shared.js';
import type { UiHints } from './uiHints.js';

/**
 * The account's passcodes (editing the account): `GET /api/passcodes?filter={"siteNum":N}`
 * (masked), `POST`, `PUT /{id}`, `DELETE /{id}`. The clear value only ever comes from the audited
 * reveal (POST /api/sites/{siteNum}/passcodes/{id}/reveal). Rules (length, characters, no two
 * alike, at most one duress passcode): src/common/passcodeRules.ts.
 */

const PASSCODE_NAME_MAX = 40;

const passcodeFields = {
  name: { type: 'string', minLength: 1, maxLength: PASSCODE_NAME_MAX, ...notBlank },
  /** Required on create; on update left out (or null) keeps the current value. */
  passcode: { type: ['string', 'null'], maxLength: 64 },
  /** The passcode a person under duress gives: the operator acts silently. At most one per account. */
  isDuress: { type: 'boolean' },
} as const;

export const passcodeInputSchema = closedSchema('PasscodeInput', ['name'], {
  siteNum: { type: 'integer', minimum: 1, maximum: INT4_MAX },
  ...passcodeFields,
  id: { type: 'integer', readOnly: true, ...int4Range },
  passcodeId: { type: 'integer', readOnly: true, ...int4Range },
  masked: { type: 'string', readOnly: true },
});
export type PasscodeInput = FromSchema<typeof passcodeInputSchema>;

export const passcodeSchema = closedSchema('Passcode', {
  id: { type: 'integer', ...int4Range },
  passcodeId: { type: 'integer', ...int4Range },
  siteNum: { type: 'integer', ...int4Range },
  name: { type: 'string' },
  /** Bullets as long as the passcode. */
  masked: { type: 'string' },
  isDuress: { type: 'boolean' },
});
export type Passcode = FromSchema<typeof passcodeSchema>;

/** `filter` of GET /api/passcodes: one account's passcodes, or passcodes by id (getMany). */
export const passcodeFilterSchema = siteRowsFilterSchema('PasscodeFilter', { siteNum: serialId, id: idsFilter });
export type PasscodeFilter = FromSchema<typeof passcodeFilterSchema>;

/**
 * The form's layout (uiHints.ts). A new passcode needs its value (the required mark; the rule is
 * passcodeRules.ts'); a stored one says so by its `masked` and is kept when left empty.
 */
export const passcodesUi = {
  order: ['name', 'passcode', 'isDuress'],
  hidden: ['siteNum'],
  fields: {
    name: { label: 'accountEdits.passcodes.fields.name', autoFocus: true },
    passcode: {
      widget: 'passcode',
      label: 'accountEdits.passcodes.fields.passcode',
      options: { current: 'masked', keepText: 'accountEdits.passcodes.fields.passcodeKeep', requiredWhenNew: true },
    },
    isDuress: { widget: 'checkbox', label: 'accountEdits.passcodes.fields.isDuress' },
  },
} as const satisfies UiHints<keyof typeof passcodeFields | 'siteNum'>;
