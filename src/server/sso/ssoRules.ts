import { safeReturnUrl } from '../../common/loginFlow.js';

/**
 * The single sign-on rules (SPEC §2 'SSO dialogs', §8 'There was an error
 * logging you in with SSO') as pure functions; ssoRoutes.ts wires them.
 */

/** How long each SSO artefact lives. */
export const SSO_TIMINGS = {
  /** From the redirect to the identity provider until its answer comes back. */
  stateMs: 10 * 60_000,
  /** From the callback until the login page exchanges the code. */
  codeMs: 60_000,
} as const;

/** The login page's query parameters (SPEC §2 login: ssoCode, error=ssoError). */
export const SSO_ERROR_LOCATION = '/login?error=ssoError';

/** Team domains compare trimmed and without regard to case. */
export function normaliseTeamDomain(input: string): string {
  return input.trim().toLowerCase();
}

/** Where the browser goes after a successful callback: the login page with the code (and a local returnUrl). */
export function ssoSuccessLocation(ssoCode: string, returnUrl?: string | null): string {
  const params = new URLSearchParams({ ssoCode });
  const local = safeReturnUrl(returnUrl);
  if (local) params.set('returnUrl', local);
  return `/login?${params.toString()}`;
}

export type SsoIdentity = { ok: true; email: string } | { ok: false; reason: 'noEmail' | 'emailNotVerified' };

/**
 * The email the identity provider vouches for: present, a string, and not
 * marked unverified (email_verified false). A provider that does not send
 * email_verified at all is trusted for its own directory's addresses.
 */
export function ssoIdentity(claims: { email?: unknown; email_verified?: unknown }): SsoIdentity {
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  if (!email || !email.includes('@')) return { ok: false, reason: 'noEmail' };
  if (claims.email_verified === false || claims.email_verified === 'false') return { ok: false, reason: 'emailNotVerified' };
  return { ok: true, email: email.toLowerCase() };
}

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|[a-z0-9-]+\.localhost)$/i;

/**
 * Whether an issuer may be reached over plain http: only the portal's own
 * demo provider and loopback addresses (development); any real provider
 * must use https.
 */
export function insecureIssuerAllowed(issuer: string, localIssuer: string | undefined): boolean {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return false;
  if (url.protocol !== 'http:') return false;
  return issuer === localIssuer || LOOPBACK.test(url.hostname);
}
