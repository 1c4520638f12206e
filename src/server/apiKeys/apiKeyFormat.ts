import { randomBytes } from 'node:crypto';
import { safeEqual, sha256 } from '../auth/secrets.js';

/**
 * A dealer API key as the integrator holds it: `pak_<prefix>_<secret>`. The prefix (8 characters)
 * is stored in clear so the key list can show it and the server can find the row by index; the
 * secret (256 random bits) is stored as its SHA-256 only, shown once at creation. A fast hash is
 * enough for a random secret of that length (as for session tokens, src/server/auth/secrets.ts).
 */
const KEY_PATTERN = /^pak_([A-Za-z0-9]{8})_([A-Za-z0-9_-]{43})$/;
const PREFIX_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

export interface NewApiKey {
  /** The whole key, shown once. */
  key: string;
  prefix: string;
  hash: string;
}

export function newApiKey(): NewApiKey {
  const prefix = Array.from(randomBytes(8), (byte) => PREFIX_ALPHABET[byte % PREFIX_ALPHABET.length]).join('');
  const secret = randomBytes(32).toString('base64url');
  return { key: `pak_${prefix}_${secret}`, prefix, hash: sha256(secret) };
}

/** The prefix and secret of a presented key, or null when it is not shaped like one. */
export function parseApiKey(presented: string): { prefix: string; secret: string } | null {
  const match = KEY_PATTERN.exec(presented.trim());
  return match ? { prefix: match[1], secret: match[2] } : null;
}

/** Whether a presented secret matches the stored hash (constant time). */
export function secretMatches(secret: string, storedHash: string): boolean {
  return safeEqual(sha256(secret), storedHash);
}

/** The key from an `Authorization: Bearer pak_…` header (other bearer tokens are not API keys). */
export function apiKeyFromAuthorization(authorization: string | undefined): string | null {
  if (!authorization?.startsWith('Bearer pak_')) return null;
  return authorization.slice('Bearer '.length).trim();
}
