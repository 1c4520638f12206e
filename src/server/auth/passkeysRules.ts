import type { LoginVariant } from '../../common/loginFlow.js';
import type { Pending } from './requirements.js';

/**
 * The passkey rules of the server, pure: which relying party a request speaks to,
 * what a passkey sign-in leaves pending, and the throttle keys of passkey failures.
 */

/** A ceremony's challenge is good for this long (the browser's own timeout is shorter). */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
/** What the browser is told to wait for the user (WebAuthn `timeout`). */
export const PASSKEY_CEREMONY_TIMEOUT_MS = 2 * 60_000;

export interface RelyingParty {
  /** The WebAuthn RP ID: the host name the passkey belongs to. */
  rpID: string;
  /** The page origin the browser reports in clientDataJSON. */
  origin: string;
  /** The sign-in page this host serves. */
  variant: LoginVariant;
}

/**
 * The relying party of a request by its host name: a customer host (MSA_HOSTS) is its own RP
 * (customer.example.com cannot use a passkey of portal.example.com), any other host is the
 * portal's (PUBLIC_URL's host name and origin), as csrf.ts's allowedOrigins and the login page's
 * variant (assetsRoutes.ts) read the host.
 */
export function relyingParty(hostname: string, config: { publicUrl: string; msaHosts: readonly string[] }): RelyingParty {
  const url = new URL(config.publicUrl);
  const host = hostname.toLowerCase().replace(/:\d+$/, '');
  if (config.msaHosts.includes(host)) {
    const port = url.port ? `:${url.port}` : '';
    return { rpID: host, origin: `${url.protocol}//${host}${port}`, variant: 'customer' };
  }
  return { rpID: url.hostname, origin: url.origin, variant: 'dealer' };
}

/**
 * What a session started by a passkey still asks for: the passkey proved the person (user
 * verification) with something they have, so the MFA step is done; the other steps (terms,
 * password reset, security questions…) stay. Without contact information the contact step and
 * its code stay too: the code confirms the new contact, not the person.
 */
export function pendingAfterPasskey(pending: Pending): Pending {
  return { ...pending, mfaRequired: !!pending.noContactInfo };
}

/**
 * Passkey sign-in failures are throttled like password ones (throttle.ts): per address (blocked
 * with growing delays after many failures), and per passkey from that address. The address's
 * failures also count toward the captcha its password sign-ins are then asked for.
 */
export function passkeyThrottleKeys(ip: string, credentialId?: string) {
  return {
    address: `passkey-ip:${ip}`,
    pair: credentialId ? `passkey:${credentialId.slice(0, 200)}|${ip}` : undefined,
  };
}

/** The MFA step's passkey failures, per user (like wrong codes). */
export const passkeyMfaThrottleKey = (userId: number) => `passkey-mfa:${userId}`;
