import type { FastifyInstance } from 'fastify';
import {
  API_KEY_SORT_FIELDS,
  apiKeyFilterSchema,
  apiKeyInputSchema,
  apiKeySchema,
  type ApiKey,
  type ApiKeyFilter,
  type ApiKeyInput,
} from '../../../schemas/integrations.js';
import { expiryProblem, invalidAddressRanges } from '../../common/integrations/apiKeyRules.js';
import { currentGroup, userId } from '../http/currentGroup.js';
import { HttpError } from '../http/errors.js';
import { simpleRestRoutes } from '../http/simpleRestRoutes.js';
import { apiKeysRepository } from './apiKeysRepository.js';

/** The rules the schema cannot say: an expiry within a year, addresses or CIDR ranges. */
function checkInput(input: ApiKeyInput, now = new Date()): void {
  const fields: Record<string, string> = {};
  const expiry = expiryProblem(new Date(input.expiresAt), now);
  if (expiry) fields.expiresAt = expiry;
  if (invalidAddressRanges(input.allowedAddresses ?? []).length) fields.allowedAddresses = 'integrations.keys.badAddress';
  if (Object.keys(fields).length) throw new HttpError(400, 'validation.invalidForm', {}, fields);
}

/**
 * /api/apiKeys: an account group's API keys (Account Group › Integrations, xtAdmin). Create
 * answers the whole key once; delete revokes (the row stays, listed as revoked). No update: a key
 * with other scopes is a new key.
 */
export async function apiKeysRoutes(app: FastifyInstance) {
  const keys = apiKeysRepository(app.db);
  await simpleRestRoutes<ApiKey, ApiKeyFilter, (typeof API_KEY_SORT_FIELDS)[number], ApiKeyInput>(app, {
    path: 'apiKeys',
    resource: 'apiKeys',
    tags: ['integrations'],
    record: apiKeySchema,
    filter: apiKeyFilterSchema,
    sortFields: API_KEY_SORT_FIELDS,
    summaries: { list: "List the account group's API keys (newest first unless sorted)", one: 'One API key (never its secret)' },
    list: (query, request) => keys.list(currentGroup(request), query),
    one: (id, request) => keys.get(currentGroup(request), Number(id)),
    create: {
      summary: 'Create an API key; the answer holds the whole key (`key`), shown this once',
      body: apiKeyInputSchema,
      handler: (input, request) => {
        checkInput(input);
        return keys.create(currentGroup(request), input, userId(request));
      },
    },
    delete: {
      summary: 'Revoke an API key; answers the revoked key',
      handler: (id, request) => keys.revoke(currentGroup(request), Number(id), userId(request)),
    },
    audit: {
      targetType: 'apiKey',
      prefix: 'apiKeys',
      details: (key) => ({ name: key.name, prefix: key.prefix, scopes: key.scopes }),
    },
  });
}
