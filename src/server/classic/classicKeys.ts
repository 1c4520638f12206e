/**
 * One-time keys that carry a dealer from the portal to the classic dealer
 * portal (SPEC §4 'A one-time key is created, Redirecting... is shown and the
 * browser navigates there'): 256 random bits, only the SHA-256 stored in
 * one_time_tokens (kind 'classic'), valid 60 seconds, spent once.
 */
export const CLASSIC_KEY_TTL_MS = 60_000;
/** The one_time_tokens kind of a classic key. */
export const CLASSIC_KEY_KIND = 'classic';

/** The classic portal's address with the key appended (keeping any query it already has). */
export function classicUrl(portalUrl: string, key: string): string {
  const url = new URL(portalUrl);
  url.searchParams.set('key', key);
  return url.href;
}
