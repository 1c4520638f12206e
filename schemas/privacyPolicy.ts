import type { FromSchema } from 'json-schema-to-ts';
import { closedSchema, INT4_MAX, int4IdsFilter, int4Range, notBlank } from './shared.js';
import type { UiHints } from './uiHints.js';

/** §9 names no limit for the policy text; this cap only bounds the request body. */
const PRIVACY_POLICY_TEXT_MAX = 100_000;

/** SPEC §3 privacy policy (markdown), GET privacyPolicy (§7). */
export const privacyPolicySchema = closedSchema('PrivacyPolicy', {
  policyText: { type: 'string', description: 'Markdown.' },
  /** Which text a user accepted: raised on every update. */
  version: { type: 'integer', minimum: 0, maximum: INT4_MAX },
});
export type PrivacyPolicy = FromSchema<typeof privacyPolicySchema>;

/** PUT privacyPolicy (§7), and POST privacyPolicies (the staff screen's publish). */
export const privacyPolicyUpdateSchema = closedSchema('PrivacyPolicyUpdate', {
  policyText: { type: 'string', minLength: 1, maxLength: PRIVACY_POLICY_TEXT_MAX, ...notBlank, description: 'Markdown.' },
});
export type PrivacyPolicyUpdate = FromSchema<typeof privacyPolicyUpdateSchema>;

/** The publish form: the markdown in the editor with its rendered preview (a slot of the form, src/web/privacyPolicies). */
export const privacyPolicyUi = {
  order: ['policyText'],
  fields: { policyText: { widget: 'policyEditor' } },
} as const satisfies UiHints<keyof typeof privacyPolicyUpdateSchema.properties>;

/**
 * One published version as staff read it (GET privacyPolicies, GET privacyPolicies/{id}, the
 * answer of POST privacyPolicies): react-admin's `id` is the version number. The list leaves the
 * text out (a version may be 100,000 characters); the others carry it.
 */
export const privacyPolicyVersionSchema = closedSchema('PrivacyPolicyVersion', ['id', 'version', 'publishedAt', 'publishedBy'], {
  id: { type: 'integer', ...int4Range },
  version: { type: 'integer', ...int4Range },
  publishedAt: { type: 'string', format: 'date-time' },
  /** The publisher's name; null when their account no longer exists. */
  publishedBy: { type: ['string', 'null'] },
  policyText: { type: 'string', description: 'Markdown.' },
});
export type PrivacyPolicyVersion = FromSchema<typeof privacyPolicyVersionSchema>;

/** Filters of the versions list (react-admin's `filter`: getMany sends ids). */
export const privacyPolicyFilterSchema = closedSchema('PrivacyPolicyFilter', [], {
  id: int4IdsFilter,
});
export type PrivacyPolicyFilter = FromSchema<typeof privacyPolicyFilterSchema>;

/** Columns the versions list may be sorted by; all of them follow the publishing order. */
export const PRIVACY_POLICY_SORT_FIELDS = ['id', 'version', 'publishedAt'] as const;

/**
 * PUT privacyPolicy/accept (§7). The version the user read, when the client
 * knows it: accepting an older version than the latest is refused (409), so
 * nobody accepts a text they were not shown.
 */
export const privacyPolicyAcceptSchema = closedSchema('PrivacyPolicyAccept', [], {
  version: { type: 'integer', minimum: 1, maximum: INT4_MAX },
});
export type PrivacyPolicyAccept = FromSchema<typeof privacyPolicyAcceptSchema>;

/** Answer of PUT privacyPolicy/accept. */
export const privacyPolicyAcceptedSchema = closedSchema('PrivacyPolicyAccepted', {
  success: { type: 'boolean' },
  version: { type: 'integer', ...int4Range },
});

/** The privacy policy's schemas with an `$id`, for the catalog. */
export const PRIVACY_POLICY_SCHEMAS = [
  privacyPolicySchema,
  privacyPolicyUpdateSchema,
  privacyPolicyAcceptSchema,
  privacyPolicyAcceptedSchema,
  privacyPolicyVersionSchema,
  privacyPolicyFilterSchema,
];
