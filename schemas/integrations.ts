import type { FromSchema } from 'json-schema-to-ts';
import { closedSchema, int4IdsFilter, int4Range, notBlank, nullableDateTime } from './shared.js';

/**
 * A dealer's API keys (Account Group › Integrations, xtAdmin): a name, scopes, an expiry within a
 * year and optionally the client addresses it may be used from. The secret is answered once, by
 * the create call (`key`); afterwards only its prefix is shown.
 */
/** What a key may do; src/common/integrations/apiKeyRules.ts says which resource actions each opens. */
export const API_KEY_SCOPES = ['sites:read', 'events:read', 'tests:write', 'contacts:write', 'reports:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

const apiKeyFields = {
  name: { type: 'string', minLength: 1, maxLength: 80, ...notBlank },
  scopes: {
    type: 'array',
    items: { type: 'string', enum: [...API_KEY_SCOPES] },
    minItems: 1,
    uniqueItems: true,
    maxItems: API_KEY_SCOPES.length,
  },
  expiresAt: { type: 'string', format: 'date-time' },
  allowedAddresses: { type: 'array', items: { type: 'string', minLength: 2, maxLength: 49 }, maxItems: 20 },
} as const;

export const apiKeyInputSchema = closedSchema('ApiKeyInput', ['name', 'scopes', 'expiresAt'], apiKeyFields);
export type ApiKeyInput = FromSchema<typeof apiKeyInputSchema>;

export const API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;

export const apiKeySchema = closedSchema('ApiKey', {
  id: { type: 'integer', ...int4Range },
  ...apiKeyFields,
  prefix: { type: 'string' },
  status: { type: 'string', enum: [...API_KEY_STATUSES] },
  createdAt: { type: 'string', format: 'date-time' },
  createdBy: { type: ['string', 'null'] },
  lastUsedAt: nullableDateTime,
  lastUsedAddress: { type: ['string', 'null'] },
  revokedAt: nullableDateTime,
  /** The whole key: in the create answer only, null everywhere else. */
  key: { type: ['string', 'null'] },
});
export type ApiKey = FromSchema<typeof apiKeySchema>;

export const apiKeyFilterSchema = closedSchema('ApiKeyFilter', [], {
  q: { type: 'string', maxLength: 200 },
  status: { type: 'string', enum: [...API_KEY_STATUSES] },
  id: int4IdsFilter,
});
export type ApiKeyFilter = FromSchema<typeof apiKeyFilterSchema>;

export const API_KEY_SORT_FIELDS = ['id', 'name', 'createdAt', 'expiresAt', 'lastUsedAt'] as const;
