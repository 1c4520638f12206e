import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { Selectable } from 'kysely';
import { canAccess, type Action } from '../../common/access.js';
import { accessUserOf } from './accessGuard.js';
import { scopeAllows } from '../../common/integrations/apiKeyRules.js';
import { LOGIN_ACTION_ALLOW_LIST, apiPath, matchesAny } from '../../common/transportLists.js';
import type { UsersTable } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { readBearer } from './bearer.js';
import { mfaCodes, type MfaCodes } from './mfaCodes.js';
import { actionRequired, type Pending, type PendingFlag } from './requirements.js';
import { cookieSecurity, SESSION_COOKIE } from './cookies.js';
import { sha256 } from './secrets.js';
import { sessionCache } from './sessionCache.js';
import { csrfPlugin, issuePresessionXsrf, issueSessionXsrf, WRITE_METHODS } from './csrf.js';
import { sessionStore, type Session, type SessionStore } from './sessions.js';
import { apiKeyAuth, type ApiKeyPrincipal, type ApiKeyStore } from './apiKeyAuth.js';

export const REFRESH_COOKIE = 'portal_refresh';
const REFRESH_PATH = '/api/token';

/** Calls a session with pending login requirements may make (SPEC §7 allow-list, plus leaving and reading who one is). */
const PENDING_ALLOWED = [
  ...LOGIN_ACTION_ALLOW_LIST,
  'privacyPolicy*',
  'logout',
  'token/refresh',
  'me',
  'statusBanner',
  'account/requirements',
  'account/securityQuestions/options',
  'assets/config',
  'branding',
];

export type UserRow = Selectable<UsersTable>;
/**
 * Who a request acts as. A signed-in user has a session; a dealer API key has none: its `user` is
 * its creator placed in the key's account group, and `apiKey` names the key (apiKeyAuth.ts).
 */
export interface Auth {
  user: UserRow;
  session: Session | null;
  pending: Pending;
  apiKey?: ApiKeyPrincipal;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
    /** One-time codes by email or text (mfaCodes.ts). */
    mfaCodes: MfaCodes;
  }
  interface FastifyRequest {
    auth: Auth | null;
  }
  interface FastifyContextConfig {
    /** Server-to-server routes authenticated otherwise (API key, one-time key) skip the XSRF check. */
    xsrf?: boolean;
    /**
     * Routes that never look at who is signed in (server-to-server calls with an API key in
     * Authorization, SSO browser navigations): no bearer token or session cookie is read, so
     * neither a stale one nor pending login steps can refuse the call.
     */
    anonymous?: boolean;
  }
}

/**
 * Who is calling, and may they: the XSRF double-submit check on every write,
 * the bearer token or session cookie, and the server's own enforcement of the
 * login-action allow-list while requirements are pending.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: { apiKeys?: ApiKeyStore } = {}) => {
  await app.register(cookie);
  // Cross-site request forgery: csrf.ts checks every write before anything below reads the session.
  await app.register(csrfPlugin, {
    withoutCookies: (request: FastifyRequest) => !!options.apiKeys?.fromAuthorization(request.headers.authorization),
  });
  // Sign-ins kept in memory for a moment (sessionCache.ts); invalidations cross processes on a
  // backplane channel of their own when REDIS_URL is set.
  const backplane = app.redisBus ? await app.redisBus.channel(`${app.config.redisChannel}:auth`) : undefined;
  // While Redis is away the bus has warned once; every write would otherwise log that it could not tell the others.
  const cache = sessionCache({
    backplane,
    onError: (error) =>
      backplane?.isConnected() === false
        ? app.log.debug({ err: error }, 'session cache invalidation not published: Redis is away')
        : app.log.error({ err: error }, 'session cache invalidation not published'),
  });
  app.addHook('onClose', async () => backplane?.close());
  const sessions = sessionStore(app.db, app.secrets.sessionSecret, { changed: cache.changed });
  const keys =
    options.apiKeys &&
    apiKeyAuth({
      store: options.apiKeys,
      db: app.db,
      cache,
      onTouchError: (error) => app.log.warn({ err: error }, 'API key use not noted'),
    });
  app.decorate('sessions', sessions);
  app.decorate('mfaCodes', mfaCodes(app.db, app.secrets.sessionSecret));
  app.decorateRequest('auth', null);

  /** The request's sign-in, from rows of its own (what a route does to them stays out of the cache). */
  const signIn = (request: FastifyRequest, session: Session, user: UserRow) => {
    const pending = (session.pending_requirements ?? {}) as Pending;
    request.auth = { user: { ...user }, session: { ...session }, pending };
    // While a login action is pending, only the steps' own calls pass (SPEC §7).
    if (actionRequired(pending) && !matchesAny(apiPath(request.url), PENDING_ALLOWED)) {
      throw new HttpError(403, 'errors.loginActionRequired');
    }
  };

  /** The session and its user read from the database (a write, or a read the cache could not answer). */
  const lookUp = async (request: FastifyRequest, reply: FastifyReply, key: string, bearerExpired: boolean, cacheable: boolean) => {
    const since = cache.generation;
    const bearerId = key.startsWith('bearer:') ? key.slice('bearer:'.length) : undefined;
    const session = bearerId !== undefined ? await sessions.open(bearerId) : await sessions.byCookie(request.cookies[SESSION_COOKIE]!);
    if (!session && bearerId !== undefined) {
      // SPEC §8: an impersonation that expired or ended answers Invalid-Impersonation (the browser
      // returns the support user to the internal login with returnUrl=support), any other Invalid-Session.
      if (await sessions.isImpersonation(bearerId)) {
        reply.header('Invalid-Impersonation', 'true');
        throw new HttpError(401, 'support.errors.impersonationEnded');
      }
      reply.header('Invalid-Session', 'true');
      throw new HttpError(401, 'errors.sessionEnded');
    }
    if (bearerExpired) throw expiredBearer(reply);
    if (!session) return;
    const user = await app.db.selectFrom('users').selectAll().where('user_id', '=', session.user_id).executeTakeFirst();
    if (!user || user.disabled_at) {
      await sessions.end(session.session_id, 'user-disabled');
      reply.header('Invalid-Session', 'true');
      throw new HttpError(401, 'errors.sessionEnded');
    }
    // Kept as copies: rows as a driver builds them can be slow to copy (PGlite's: some 8 µs a call
    // for a session and its user), a copy of a copy is not, and every cached read copies them.
    if (cacheable) cache.store(key, { session: { ...session }, user: { ...user } }, since);
    signIn(request, session, user);
  };

  // Authentication: a bearer token, else the session cookie. Reads may be answered from the
  // session cache, without waiting on anything; writes always read both afresh.
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config?.anonymous) return done();
    const cacheable = request.method === 'GET' || request.method === 'HEAD';
    let key: string | undefined;
    let bearerExpired = false;
    let answered = false;
    const authorization = request.headers.authorization;
    // A dealer API key (`Authorization: Bearer pak_…`): no session, no cookie read.
    const presentedKey = keys?.fromAuthorization(authorization);
    if (keys && presentedKey) return void keys.authenticate(request, reply, presentedKey).then(() => done(), done);
    try {
      if (authorization?.startsWith('Bearer ')) {
        const bearer = readBearer(app.secrets.sessionSecret, authorization.slice('Bearer '.length).trim());
        if (!bearer) throw new HttpError(401, 'errors.invalidToken');
        key = `bearer:${bearer.sessionId}`;
        bearerExpired = bearer.expired;
      } else if (request.cookies[SESSION_COOKIE]) {
        key = `cookie:${sha256(request.cookies[SESSION_COOKIE]!)}`;
      }
      const cached = key !== undefined && cacheable ? cache.read(key) : undefined;
      if (cached) {
        if (bearerExpired) throw expiredBearer(reply);
        signIn(request, cached.session, cached.user);
        answered = true;
      }
    } catch (error) {
      return done(error as Error);
    }
    if (key === undefined || answered) return done();
    lookUp(request, reply, key, bearerExpired, cacheable).then(() => done(), done);
  });

  // Whatever a write changed (a sign-out, a user disabled, their access or groups, a password),
  // no process answers the next call from what it kept: dropped before the response leaves. Only
  // routes that take a write method carry the hook; a read's answer waits on nothing.
  const dropCached = async (request: FastifyRequest) => {
    if (WRITE_METHODS.has(request.method)) await cache.changed();
  };
  app.addHook('onRoute', (route) => {
    if (![route.method].flat().some((method) => WRITE_METHODS.has(method.toUpperCase()))) return;
    route.onSend = [...(route.onSend ? [route.onSend].flat() : []), dropCached];
  });
});

/** An expired bearer token: 401 with the reason in WWW-Authenticate. */
function expiredBearer(reply: FastifyReply): HttpError {
  reply.header('WWW-Authenticate', 'Bearer error="invalid_token", error_description="expired"');
  return new HttpError(401, 'errors.loginExpired');
}

/**
 * The session of a request. Only a dealer API key's calls have none, and the access guard keeps
 * keys off every route that reads one: the refusal here is the same, should one get through.
 */
export function sessionOf(request: FastifyRequest): Session {
  const session = request.auth?.session;
  if (!session) throw new HttpError(request.auth ? 403 : 401, request.auth ? 'integrations.keys.sessionOnly' : 'errors.signInRequired');
  return session;
}

/**
 * Whether the signed-in user of a request may do `action` on `resource`, for a
 * route's finer choices once the access guard let the call in (src/common/access.ts).
 */
export function mayAccess(request: FastifyRequest, resource: string, action: Action): boolean {
  const auth = request.auth;
  if (!auth) return false;
  // A dealer API key: what its scopes open, and its creator may do (accessGuard.ts).
  if (auth.apiKey && !scopeAllows(auth.apiKey.scopes, resource, action)) return false;
  return canAccess(accessUserOf(auth.user), { resource, action });
}

/**
 * A login step done: its flags leave the session's pending requirements (and
 * this request's view of them). Answers what is still pending.
 */
export async function clearPending(app: FastifyInstance, request: FastifyRequest, ...flags: PendingFlag[]): Promise<Pending> {
  const auth = request.auth;
  if (!auth?.session) throw new HttpError(401, 'errors.signInRequired');
  const pending: Pending = { ...auth.pending };
  for (const flag of flags) pending[flag] = false;
  await app.sessions.setPending(auth.session.session_id, pending);
  auth.pending = pending;
  return pending;
}

/** Cookies that carry a new session to the browser. */
export function setSessionCookies(reply: FastifyReply, publicUrl: string, tokens: { sessionToken: string; refreshToken: string }) {
  reply.setCookie(SESSION_COOKIE, tokens.sessionToken, { path: '/', httpOnly: true, ...cookieSecurity(publicUrl) });
  setRefreshCookie(reply, publicUrl, tokens.refreshToken);
  issueSessionXsrf(reply, tokens.sessionToken);
}

/** The refresh cookie goes only to /api/token, so no other call carries it. */
export function setRefreshCookie(reply: FastifyReply, publicUrl: string, refreshToken: string) {
  reply.setCookie(REFRESH_COOKIE, refreshToken, { path: REFRESH_PATH, httpOnly: true, ...cookieSecurity(publicUrl) });
}

export function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_PATH });
  issuePresessionXsrf(reply);
}
