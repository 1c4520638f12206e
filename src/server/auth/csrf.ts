import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { XSRF } from '../../common/constants.js';
import { HttpError } from '../http/errors.js';
import { cookieSecurity, SESSION_COOKIE } from './cookies.js';
import { hmac, randomToken, safeEqual, sha256 } from './secrets.js';

/**
 * Cross-site request forgery (SPEC §7 'A cross-site request token is read
 * from the cookie XSRF-Token and sent in the header X-XSRF-Token on write
 * calls'), in two layers on every write to /api (routes with `config.xsrf ===
 * false`, server-to-server, are exempt):
 *
 * - The token is bound to the session: an HMAC, under the server's session
 *   secret, of the session cookie (one per session, re-issued at sign-in and
 *   sign-out), or before sign-in of an anonymous pre-session cookie. A token
 *   copied from another session or browser, or a cookie planted by a sibling
 *   host, matches nothing.
 * - The browser's own word on where the call comes from: an Origin header,
 *   when sent, must be the portal's (PUBLIC_URL), a customer host's
 *   (MSA_HOSTS, same scheme and port) or the request's own (the page was
 *   served from the address the call goes to: http://127.0.0.1:8080 for a
 *   portal whose PUBLIC_URL says localhost; Host, or X-Forwarded-Host and
 *   -Proto behind a trusted proxy); Sec-Fetch-Site 'cross-site' is refused.
 */

/** The anonymous pre-session the token is bound to before sign-in (httpOnly, random). */
const PRESESSION_COOKIE = 'portal_presession';

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What a token is bound to: the session cookie, else the pre-session cookie. */
export function xsrfBinding(cookies: Record<string, string | undefined>): string | undefined {
  const session = cookies[SESSION_COOKIE];
  if (session) return `session:${sha256(session)}`;
  const presession = cookies[PRESESSION_COOKIE];
  return presession ? `presession:${presession}` : undefined;
}

/** The token for a binding: HMAC-SHA256 under the session secret. */
export function xsrfToken(secret: string, binding: string): string {
  return hmac(secret, `xsrf:${binding}`);
}

/** The origins writes may come from: PUBLIC_URL's, and each customer host with its scheme and port. */
export function allowedOrigins(publicUrl: string, msaHosts: readonly string[]): Set<string> {
  const url = new URL(publicUrl);
  const port = url.port ? `:${url.port}` : '';
  return new Set([url.origin, ...msaHosts.map((host) => `${url.protocol}//${host.toLowerCase()}${port}`)]);
}

/**
 * Whether the browser's headers say the write comes from the portal itself (absent headers say
 * nothing against it): an allowed origin, or `own`, the origin the request was sent to.
 */
export function sameOriginWrite(headers: { origin?: string; secFetchSite?: string }, allowed: ReadonlySet<string>, own?: string): boolean {
  if (headers.secFetchSite?.toLowerCase() === 'cross-site') return false;
  if (headers.origin === undefined) return true;
  const origin = headers.origin.toLowerCase();
  return allowed.has(origin) || (own !== undefined && origin === own.toLowerCase());
}

/** The origin a request was sent to (scheme and host as Fastify reads them, trusting a proxy's headers only under TRUST_PROXY). */
export function requestOrigin(request: Pick<FastifyRequest, 'protocol' | 'host'>): string | undefined {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return undefined;
  }
}

/** Whether the header token is the one bound to the request's session or pre-session. */
export function validXsrf(secret: string, binding: string | undefined, header: unknown): boolean {
  if (!binding || typeof header !== 'string' || !header) return false;
  return safeEqual(header, xsrfToken(secret, binding));
}

function cookieFlags(reply: FastifyReply) {
  return { path: '/', secure: cookieSecurity(reply.server.config.publicUrl).secure };
}

/** Sets the XSRF cookie for a binding (readable by the page, which echoes it in the header). */
function issueXsrf(reply: FastifyReply, binding: string): void {
  reply.setCookie(XSRF.cookie, xsrfToken(reply.server.secrets.sessionSecret, binding), {
    ...cookieFlags(reply),
    httpOnly: false,
    sameSite: 'strict',
  });
}

/** A new session: its token replaces the pre-session's (called where the session cookie is set). */
export function issueSessionXsrf(reply: FastifyReply, sessionToken: string): void {
  issueXsrf(reply, `session:${sha256(sessionToken)}`);
}

/** Signed out: back to a token of the (new) pre-session (called where the session cookie is cleared). */
export function issuePresessionXsrf(reply: FastifyReply): void {
  const presession = randomToken(24);
  reply.setCookie(PRESESSION_COOKIE, presession, { ...cookieFlags(reply), httpOnly: true, sameSite: 'lax' });
  issueXsrf(reply, `presession:${presession}`);
}

/** How many bindings' tokens a process keeps worked out (a signed-in call would otherwise compute an HMAC each time). */
const KEPT_TOKENS = 10_000;

/**
 * The XSRF token of a binding, computed once and kept: the same HMAC under the same secret, so
 * keeping it changes no answer. The keys are bindings (a hash of the session cookie, or the
 * anonymous pre-session), never a session cookie itself; the oldest goes when the map is full.
 */
function keptXsrfTokens(secret: string): (binding: string) => string {
  const tokens = new Map<string, string>();
  return (binding) => {
    let token = tokens.get(binding);
    if (token === undefined) {
      token = xsrfToken(secret, binding);
      if (tokens.size >= KEPT_TOKENS) tokens.delete(tokens.keys().next().value!);
      tokens.set(binding, token);
    }
    return token;
  };
}

/**
 * The check on every /api write, and the cookies it needs: a pre-session
 * cookie when the browser has none, and the XSRF cookie when the browser's
 * does not match its binding (a new browser, a session that changed).
 */
export const csrfPlugin = fp(async (app: FastifyInstance, options: { withoutCookies?: (request: FastifyRequest) => boolean } = {}) => {
  const allowed = allowedOrigins(app.config.publicUrl, app.config.msaHosts);
  const secret = app.secrets.sessionSecret;
  const tokenOf = keptXsrfTokens(secret);

  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    if (!request.url.startsWith('/api/')) return done();
    // A call authenticated by a header a page cannot be made to send cross-site (a dealer API
    // key): no cookie is read for it, so there is nothing to forge, and none is set.
    if (options.withoutCookies?.(request)) return done();
    let binding = xsrfBinding(request.cookies);
    if (!binding) {
      const presession = randomToken(24);
      reply.setCookie(PRESESSION_COOKIE, presession, { ...cookieFlags(reply), httpOnly: true, sameSite: 'lax' });
      request.cookies[PRESESSION_COOKIE] = presession;
      binding = xsrfBinding(request.cookies)!;
    }
    const expected = tokenOf(binding);
    if (request.cookies[XSRF.cookie] !== expected) issueXsrf(reply, binding);

    if (!WRITE_METHODS.has(request.method) || request.routeOptions.config?.xsrf === false) return done();
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    if (
      !sameOriginWrite({ origin, secFetchSite: typeof fetchSite === 'string' ? fetchSite : undefined }, allowed, requestOrigin(request))
    ) {
      return done(new HttpError(403, 'errors.xsrf'));
    }
    if (!validXsrf(secret, binding, request.headers[XSRF.header.toLowerCase()])) return done(new HttpError(403, 'errors.xsrf'));
    done();
  });
});
