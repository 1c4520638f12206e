import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { normaliseAddress } from '../../common/integrations/apiKeyRules.js';

/**
 * Server-side request forgery: a webhook may only reach the public internet. Every address a
 * target resolves to must be ordinary unicast; loopback, private, link-local (which holds the
 * cloud metadata address 169.254.169.254), unique-local, carrier-grade NAT, multicast and
 * reserved ranges are refused, at save time and again at each delivery (the name is resolved
 * anew and the connection pinned to the checked address, so a rebinding DNS answer cannot slip
 * in between). `allowLoopback` (WEBHOOKS_ALLOW_LOOPBACK) lets demos and tests use 127.0.0.1.
 */
export type TargetProblem =
  | 'integrations.webhooks.notHttps'
  | 'integrations.webhooks.badUrl'
  | 'integrations.webhooks.privateAddress'
  | 'integrations.webhooks.unresolved';

export interface TargetOptions {
  allowLoopback: boolean;
}

/** Whether the portal may connect to `address` (a literal IPv4 or IPv6 address). */
export function isAllowedAddress(address: string, { allowLoopback }: TargetOptions): boolean {
  const parsed = normaliseAddress(address);
  if (!parsed) return false;
  const range = parsed.range();
  if (range === 'unicast') return true;
  return allowLoopback && range === 'loopback';
}

/** The URL's own problem before any lookup: https only (http to loopback when allowed), no credentials. */
export function urlProblem(raw: string, options: TargetOptions): TargetProblem | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'integrations.webhooks.badUrl';
  }
  if (url.username || url.password) return 'integrations.webhooks.badUrl';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && options.allowLoopback) return null;
  return 'integrations.webhooks.notHttps';
}

export interface CheckedTarget {
  url: URL;
  /** The address the connection must use (pinned). */
  address: string;
  family: 4 | 6;
}

type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;
const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * Resolves the target and checks every address it resolves to (one private answer among public
 * ones refuses it: a round-robin name must not reach inside by chance). Returns the first
 * address to pin the connection to.
 */
export async function checkTarget(
  raw: string,
  options: TargetOptions,
  resolve: Resolver = systemResolver,
): Promise<CheckedTarget | TargetProblem> {
  const problem = urlProblem(raw, options);
  if (problem) return problem;
  const url = new URL(raw);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await resolve(host);
    } catch {
      return 'integrations.webhooks.unresolved';
    }
  }
  if (addresses.length === 0) return 'integrations.webhooks.unresolved';
  if (!addresses.every(({ address }) => isAllowedAddress(address, options))) return 'integrations.webhooks.privateAddress';
  if (url.protocol === 'http:' && !addresses.every(({ address }) => normaliseAddress(address)?.range() === 'loopback')) {
    return 'integrations.webhooks.notHttps';
  }
  const [first] = addresses;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
