import type { FromSchema } from 'json-schema-to-ts';

/** §9 names no limit for the policy text; this cap only bounds the request body. */
export const PRIVACY_POLICY_TEXT_MAX = 100_000;

/** SPEC §3 privacy policy (markdown), GET privacyPolicy (§7). */
export const privacyPolicySchema = {
  $id: 'PrivacyPolicy',
  type: 'object',
  additionalProperties: false,
  required: ['policyText', 'version'],
  properties: {
    policyText: { type: 'string', description: 'Markdown.' },
    /** Which text a user accepted: raised on every update. */
    version: { type: 'integer', minimum: 0 },
  },
} as const;
export type PrivacyPolicy = FromSchema<typeof privacyPolicySchema>;

/** PUT privacyPolicy (§7). */
export const privacyPolicyUpdateSchema = {
  $id: 'PrivacyPolicyUpdate',
  type: 'object',
  additionalProperties: false,
  required: ['policyText'],
  properties: {
    policyText: { type: 'string', minLength: 1, maxLength: PRIVACY_POLICY_TEXT_MAX, description: 'Markdown.' },
  },
} as const;
export type PrivacyPolicyUpdate = FromSchema<typeof privacyPolicyUpdateSchema>;
