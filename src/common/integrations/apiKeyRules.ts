import ipaddr from 'ipaddr.js';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../../schemas/integrations.js';
import type { Action, Resource } from '../access.js';

/**
 * Dealer API keys: what a key may do (its scopes), how long it may live and from where it may be
 * used. A key acts through the same access table as a signed-in dealer (src/common/access.ts),
 * within its account group; a scope opens only the resource actions listed here.
 */

/** The resource actions each scope opens; everything else answers 403 to a key. */
const SCOPE_ACCESS: Readonly<Record<ApiKeyScope, readonly (readonly [Resource, Action])[]>> = {
  'sites:read': [
    ['sites', 'list'],
    ['sites', 'show'],
  ],
  'events:read': [
    ['events', 'list'],
    ['events', 'show'],
    ['events', 'export'],
  ],
  'tests:write': [
    ['tests', 'list'],
    ['tests', 'show'],
    ['tests', 'create'],
    ['tests', 'edit'],
    ['tests', 'delete'],
  ],
  'contacts:write': [
    ['contacts', 'list'],
    ['contacts', 'show'],
    ['contacts', 'create'],
    ['contacts', 'edit'],
    ['contacts', 'delete'],
  ],
  'reports:read': [
    ['reportRuns', 'list'],
    ['reportRuns', 'show'],
  ],
};

/** Whether a key holding `scopes` may perform `action` on `resource` (the access table must allow it too). */
export function scopeAllows(scopes: readonly string[], resource: string, action: string): boolean {
  return scopes.some((scope) => SCOPE_ACCESS[scope as ApiKeyScope]?.some(([r, a]) => r === resource && a === action) ?? false);
}

/** The scopes that would open `resource`/`action`, for the OpenAPI document and a 403's message. */
export function scopesFor(resource: string, action: string): ApiKeyScope[] {
  return API_KEY_SCOPES.filter((scope) => SCOPE_ACCESS[scope].some(([r, a]) => r === resource && a === action));
}

/** A key lives at most a year. */
const API_KEY_MAX_DAYS = 365;
const DAY_MS = 86_400_000;

/** Why an expiry is refused (a locale key), or null when it is in the future and within a year of `now`. */
export function expiryProblem(expiresAt: Date, now: Date): 'integrations.keys.expiryPast' | 'integrations.keys.expiryTooFar' | null {
  if (!(expiresAt.getTime() > now.getTime())) return 'integrations.keys.expiryPast';
  if (expiresAt.getTime() - now.getTime() > API_KEY_MAX_DAYS * DAY_MS) return 'integrations.keys.expiryTooFar';
  return null;
}

/** An allowed-address entry: one IPv4/IPv6 address or a CIDR range. */
function parseAddressRange(entry: string): [ipaddr.IPv4 | ipaddr.IPv6, number] | null {
  const text = entry.trim();
  try {
    if (text.includes('/')) return ipaddr.parseCIDR(text);
    const address = ipaddr.parse(text);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return null;
  }
}

/** The entries of an allowed-address list that are neither an address nor a CIDR range. */
export function invalidAddressRanges(entries: readonly string[]): string[] {
  return entries.filter((entry) => parseAddressRange(entry) === null);
}

/** An address as one kind: IPv4-mapped IPv6 (::ffff:a.b.c.d, as Node reports IPv4 clients on a dual-stack socket) becomes IPv4. */
export function normaliseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  try {
    return ipaddr.process(address);
  } catch {
    return null;
  }
}

/** Whether a client address may use a key: any when the list is empty, else within one of its entries. */
export function addressAllowed(allowed: readonly string[], client: string): boolean {
  if (allowed.length === 0) return true;
  const address = normaliseAddress(client);
  if (!address) return false;
  return allowed.some((entry) => {
    const range = parseAddressRange(entry);
    if (!range) return false;
    const [base, bits] = range;
    const start = base.kind() === 'ipv6' && (base as ipaddr.IPv6).isIPv4MappedAddress() ? (base as ipaddr.IPv6).toIPv4Address() : base;
    const width = start !== base && start.kind() === 'ipv4' ? Math.max(0, bits - 96) : bits;
    return address.kind() === start.kind() && address.match(start as never, width);
  });
}
