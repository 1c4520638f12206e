import { hmac, safeEqual } from './secrets.js';

/**
 * The short-lived bearer token: `<sessionId>.<expiresEpochSeconds>.<signature>`,
 * signed with a key derived from the session secret. It names its session,
 * which must still be open when the token is used; it cannot be extended,
 * only replaced through a refresh.
 */
export const BEARER_LIFETIME_MS = 15 * 60_000;

const keyOf = (secret: string) => hmac(secret, 'bearer-token-v1');

export function signBearer(secret: string, sessionId: string, expires: Date): string {
  const body = `${sessionId}.${Math.floor(expires.getTime() / 1000)}`;
  return `${body}.${hmac(keyOf(secret), body)}`;
}

export type BearerCheck = { sessionId: string; expires: Date; expired: boolean } | undefined;

/** The session a well-signed token names, and whether it has expired; undefined when forged or malformed. */
export function readBearer(secret: string, token: string, now = new Date()): BearerCheck {
  const parts = token.split('.');
  if (parts.length !== 3 || !/^[0-9a-f-]{36}$/.test(parts[0]) || !/^\d{1,12}$/.test(parts[1])) return undefined;
  const body = `${parts[0]}.${parts[1]}`;
  if (!safeEqual(parts[2], hmac(keyOf(secret), body))) return undefined;
  const expires = new Date(Number(parts[1]) * 1000);
  return { sessionId: parts[0], expires, expired: expires <= now };
}
