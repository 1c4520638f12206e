import type { Db } from '../db/database.js';
import { apiKeyFromAuthorization, parseApiKey, secretMatches } from './apiKeyFormat.js';
import { apiKeysRepository } from './apiKeysRepository.js';

/** What the auth plugin needs to authenticate a call by a dealer API key (handed to it in app.ts). */
export function apiKeyStore(db: Db) {
  const keys = apiKeysRepository(db);
  return {
    fromAuthorization: apiKeyFromAuthorization,
    parse: parseApiKey,
    matches: secretMatches,
    find: (prefix: string) => keys.findByPrefix(prefix),
    touch: (apiKeyId: number, address: string, now?: Date) => keys.touch(apiKeyId, address, now),
  };
}
