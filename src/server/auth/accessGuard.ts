import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { canAccess, rulesFor, type AccessUser, type Action, type Resource } from '../../common/access.js';
import { AUTH_FLAGS } from '../../../schemas/user.js';
import { scopeAllows, scopesFor } from '../../common/integrations/apiKeyRules.js';
import { HttpError } from '../http/errors.js';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../db/schema.js';

/**
 * What a route under /api declares in its config (`config: { access: … }`):
 * - 'public': anyone, signed in or not;
 * - 'signedIn': any signed-in user (also one with login steps pending, as the
 *   pending allow-list of authPlugin lets through);
 * - 'credential': the route checks a credential of its own instead of a session
 *   (an API key, the refresh cookie, a one-time key): the guard lets it through;
 * - { resource, action }: a signed-in user the access table (src/common/access.ts) allows;
 *   with enforcedBy: 'route' the guard only requires a session and the route itself
 *   refuses (mayAccess) with a message and audit of its own.
 */
export type RouteAccess = 'public' | 'signedIn' | 'credential' | TableAccess;
type TableAccess = { resource: Resource; action: Action; enforcedBy?: 'route' };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (accessGuard.ts); every route under /api must say. */
    access?: RouteAccess;
  }
}

/** Whether a declaration is one the guard knows (a table entry that exists, or one of the keywords). */
export function isValidAccess(access: unknown): access is RouteAccess {
  if (access === 'public' || access === 'signedIn' || access === 'credential') return true;
  if (!access || typeof access !== 'object') return false;
  const { resource, action, enforcedBy } = access as { resource?: unknown; action?: unknown; enforcedBy?: unknown };
  if (enforcedBy !== undefined && enforcedBy !== 'route') return false;
  return typeof resource === 'string' && typeof action === 'string' && rulesFor(resource, action).length > 0;
}

/** The table's view of a user row (the answering service and account groups as the caller knows them). */
export function accessUserOf(
  user: Selectable<UsersTable>,
  context: { hasAnsweringService?: boolean; siteGroupNums?: readonly number[] } = {},
): AccessUser {
  return {
    applicationNum: user.application_num,
    canEdit: user.can_edit_news,
    roles: user.roles,
    authItems: Object.fromEntries(AUTH_FLAGS.map((flag) => [flag, user.auth_flags.includes(flag)])),
    dealer:
      user.current_site_group_num === null
        ? null
        : { siteGroupNum: user.current_site_group_num, hasAnsweringService: context.hasAnsweringService },
    siteGroupNums: context.siteGroupNums,
    userId: user.user_id,
  };
}

/**
 * Why a dealer API key may not call a route, or undefined when its scopes open it. A key reaches
 * only table entries one of its scopes lists (apiKeyRules.ts), and public routes; never a route
 * that takes any session ('signedIn': account settings, MFA, passkeys…) or a credential of its own.
 * The entry's own rules are then checked as for its creator (the intersection).
 */
function apiKeyRefusal(scopes: readonly string[], access: RouteAccess | undefined): HttpError | undefined {
  if (access === 'public') return undefined;
  if (!access || typeof access === 'string') return new HttpError(403, 'integrations.keys.sessionOnly');
  return scopeAllows(scopes, access.resource, access.action) ? undefined : new HttpError(403, 'integrations.keys.outsideScopes');
}

const isApi = (url: string) => url === '/api' || url.startsWith('/api/');

/**
 * The server's access guard: every route under /api declares its access
 * (config.access), the server refuses to start while one does not, and before
 * a route validates its input the guard answers 401 without a session and 403
 * when the access table denies the signed-in user.
 */
export const accessGuard = fp(async (app: FastifyInstance) => {
  const apiRoutes: RouteOptions[] = [];

  async function hasAnsweringService(siteGroupNum: number | null): Promise<boolean> {
    if (siteGroupNum === null) return false;
    const group = await app.db
      .selectFrom('account_groups')
      .select('has_answering_service')
      .where('site_group_num', '=', siteGroupNum)
      .executeTakeFirst();
    return !!group?.has_answering_service;
  }

  /** Whether a route's entry asks for the group's answering service, worked out once per route. */
  const needsService = new WeakMap<object, boolean>();
  const asksForService = (access: TableAccess) => {
    let needed = needsService.get(access);
    if (needed === undefined)
      needsService.set(access, (needed = rulesFor(access.resource, access.action).some((rule) => rule.answeringService)));
    return needed;
  };
  const refusal = (user: Selectable<UsersTable>, access: TableAccess, context: { hasAnsweringService?: boolean }) =>
    canAccess(accessUserOf(user, context), access) ? undefined : new HttpError(403, 'errors.forbidden');

  // A callback hook: the common case decides at once, and only an entry that asks for the
  // answering service waits on the database.
  function enforce(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
    const access = request.routeOptions.config?.access;
    const keyRefusal = request.auth?.apiKey && apiKeyRefusal(request.auth.apiKey.scopes, access);
    if (keyRefusal) return done(keyRefusal);
    if (access === 'public' || access === 'credential') return done();
    const user = request.auth?.user;
    if (!user) return done(new HttpError(401, 'errors.signInRequired'));
    if (access === 'signedIn') return done();
    if (!access) return done(new HttpError(403, 'errors.forbidden'));
    if (access.enforcedBy === 'route') return done();
    if (!asksForService(access)) return done(refusal(user, access, {}));
    hasAnsweringService(user.current_site_group_num).then(
      (hasAnsweringService) => done(refusal(user, access, { hasAnsweringService })),
      done,
    );
  }

  app.addHook('onRoute', (route) => {
    if (!isApi(route.url)) return;
    apiRoutes.push(route);
    // Before validation: a caller who may not call the route learns nothing of its input rules.
    const own = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [enforce, ...own];
  });

  // Checked once every plugin's onRoute hooks have run (a plugin may declare for the routes it adds).
  app.addHook('onReady', async () => {
    const missing = apiRoutes.filter((route) => !isValidAccess(route.config?.access));
    if (missing.length) {
      const names = missing.map((route) => `${[route.method].flat().join(',')} ${route.url}`);
      throw new Error(`Routes under /api must declare config.access (src/server/auth/accessGuard.ts): ${names.join('; ')}`);
    }
  });
});

/**
 * @fastify/swagger transform: each operation carries its access as the `x-access` extension; an
 * operation a dealer API key may call says with which scopes (`x-api-key-scopes`, any one of them)
 * and takes the `apiKey` security scheme (a bearer `pak_…` key), so /api/docs can try it with one.
 */
export function withAccessExtension({ schema, url, route }: { schema: FastifySchema; url: string; route: RouteOptions }) {
  const access = route.config?.access;
  const scopes = access && typeof access === 'object' ? scopesFor(access.resource, access.action) : [];
  const keyed = scopes.length ? { 'x-api-key-scopes': scopes, security: scopes.map((scope) => ({ apiKey: [scope] })) } : {};
  return { schema: { ...schema, 'x-access': access, ...keyed } as unknown as FastifySchema, url };
}
