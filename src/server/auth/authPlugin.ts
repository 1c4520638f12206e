import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { Selectable } from 'kysely';
import { canAccess, type Action } from '../../common/access.js';
import { LOGIN_ACTION_ALLOW_LIST, apiPath, matchesAny } from '../../common/transportLists.js';
import type { UsersTable } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { readBearer } from './bearer.js';
import { mfaCodes, type MfaCodes } from './mfaCodes.js';
import { actionRequired, type Pending, type PendingFlag } from './requirements.js';
import { csrfPlugin, issuePresessionXsrf, issueSessionXsrf } from './csrf.js';
import { sessionStore, type Session, type SessionStore } from './sessions.js';

export const SESSION_COOKIE = 'portal_session';
export const REFRESH_COOKIE = 'portal_refresh';
export const REFRESH_PATH = '/api/token';

/** Calls a session with pending login requirements may make (SPEC §7 allow-list, plus leaving and reading who one is). */
export const PENDING_ALLOWED = [
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
export interface Auth {
  user: UserRow;
  session: Session;
  pending: Pending;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
    /** One-time codes by email or text (mfaCodes.ts). */
    mfaCodes: MfaCodes;
    /** preHandler: the request must come from a signed-in user. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** preHandler factory: the signed-in user must be allowed `action` on `resource` (src/common/access.ts). */
    requireAccess: (resource: string, action: Action) => (request: FastifyRequest) => Promise<void>;
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

/** Cookie flags: Secure everywhere but plain-http localhost development. */
export function cookieSecurity(publicUrl: string) {
  const url = new URL(publicUrl);
  const localHttp = url.protocol === 'http:' && /^(localhost|127\.0\.0\.1|\[::1\]|[a-z0-9-]+\.localhost)$/.test(url.hostname);
  return { secure: !localHttp, sameSite: 'lax' as const };
}

/**
 * Who is calling, and may they: the XSRF double-submit check on every write,
 * the bearer token or session cookie, and the server's own enforcement of the
 * login-action allow-list while requirements are pending.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  await app.register(cookie);
  // Cross-site request forgery: csrf.ts checks every write before anything below reads the session.
  await app.register(csrfPlugin);
  const sessions = sessionStore(app.db, app.sessionSecret);
  app.decorate('sessions', sessions);
  app.decorate('mfaCodes', mfaCodes(app.db, app.sessionSecret));
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/api/')) return;
    const path = apiPath(request.url);

    if (request.routeOptions.config?.anonymous) return;

    // Authentication: a bearer token, else the session cookie.
    let session: Session | undefined;
    const authorization = request.headers.authorization;
    if (authorization?.startsWith('Bearer ')) {
      const bearer = readBearer(app.sessionSecret, authorization.slice('Bearer '.length).trim());
      if (!bearer) throw new HttpError(401, 'errors.invalidToken');
      session = await sessions.open(bearer.sessionId);
      if (!session) {
        reply.header('Invalid-Session', 'true');
        throw new HttpError(401, 'errors.sessionEnded');
      }
      if (bearer.expired) {
        reply.header('WWW-Authenticate', 'Bearer error="invalid_token", error_description="expired"');
        throw new HttpError(401, 'errors.loginExpired');
      }
    } else if (request.cookies[SESSION_COOKIE]) {
      session = await sessions.byCookie(request.cookies[SESSION_COOKIE]!);
    }
    if (!session) return;

    const user = await app.db.selectFrom('users').selectAll().where('user_id', '=', session.user_id).executeTakeFirst();
    if (!user || user.disabled_at) {
      await sessions.end(session.session_id, 'user-disabled');
      reply.header('Invalid-Session', 'true');
      throw new HttpError(401, 'errors.sessionEnded');
    }
    const pending = (session.pending_requirements ?? {}) as Pending;
    request.auth = { user, session, pending };

    // While a login action is pending, only the steps' own calls pass (SPEC §7).
    if (actionRequired(pending) && !matchesAny(path, PENDING_ALLOWED)) {
      throw new HttpError(403, 'errors.loginActionRequired');
    }
  });

  const requireUser = async (request: FastifyRequest) => {
    if (!request.auth) throw new HttpError(401, 'errors.signInRequired');
  };
  app.decorate('requireUser', requireUser);
  app.decorate('requireAccess', (resource: string, action: Action) => async (request: FastifyRequest) => {
    await requireUser(request);
    if (!mayAccess(request, resource, action)) throw new HttpError(403, 'errors.forbidden');
  });
});

/** Whether the signed-in user of a request may do `action` on `resource` (src/common/access.ts). */
export function mayAccess(request: FastifyRequest, resource: string, action: Action): boolean {
  const user = request.auth?.user;
  if (!user) return false;
  return canAccess({ applicationNum: user.application_num, canEdit: user.can_edit_news, roles: user.roles }, { resource, action });
}

/**
 * A login step done: its flags leave the session's pending requirements (and
 * this request's view of them). Answers what is still pending.
 */
export async function clearPending(app: FastifyInstance, request: FastifyRequest, ...flags: PendingFlag[]): Promise<Pending> {
  const auth = request.auth;
  if (!auth) throw new HttpError(401, 'errors.signInRequired');
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
