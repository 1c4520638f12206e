import { describe, expect, it } from 'vitest';
import { canAccess, type AccessUser } from '../../src/common/access.js';
import { DEMO_PASSWORD } from '../../src/common/constants.js';
import { AREA_ROUTES } from '../../src/web/app/areaRoutes.js';
import { RESOURCE_PAGES, resourceGate, resourcePath, type ResourcePageName } from '../../src/web/resources/resourceNames.js';
import { drawerItemsFor, helpMenuItems, holdsItem, visibleDrawerItems, type MenuUser } from '../../src/web/shell/menuRules.js';
import type { RouteAccess } from '../../src/server/auth/accessGuard.js';
import { scopeAllows } from '../../src/common/integrations/apiKeyRules.js';
import { API_KEY_SCOPES } from '../../schemas/integrations.js';
import { signedInClient, TestClient } from './client.js';
import { ONCE, ONCE_TABLE } from './harness.js';
import { demoSuite, deviceIn } from './fixtures.js';

/**
 * The access matrix, generated from the OpenAPI document: every operation's
 * x-access (its route's config.access) says who may call it; every demo role,
 * and a caller with no session, calls every operation, and an answer the access
 * table does not allow fails. New routes join by themselves.
 */
interface Operation {
  method: string;
  path: string;
  access: RouteAccess;
}

interface Role {
  name: string;
  username?: string;
  extra?: Record<string, unknown>;
  /** A dealer API key with every scope, created by this user: it may call what both allow (accessGuard.ts). */
  apiKeyOf?: string;
}

const ROLES: Role[] = [
  { name: 'no session' },
  { name: 'support.admin', username: 'support.admin', extra: { internal: true } },
  { name: 'dealer.beta', username: 'dealer.beta' },
  { name: 'dealer.summit', username: 'dealer.summit' },
  { name: 'customer@example.com', username: 'customer@example.com' },
  { name: 'support.viewer', username: 'support.viewer', extra: { internal: true } },
  { name: 'customer.basic@example.com', username: 'customer.basic@example.com' },
  { name: 'API key of dealer.beta', apiKeyOf: 'dealer.beta' },
];

/** Calls that end or change the caller's session or sign-in: made on a fresh client of their own. */
const FRESH_CLIENT = new Set(['POST /api/logout', 'PUT /api/account/password', 'POST /api/rw3k/key', 'POST /api/impersonation/end']);

/** Example bodies, where an empty one would stop an allowed call at validation (a 400 is otherwise accepted). */
const EXAMPLE_BODIES: Record<string, unknown> = {
  'POST /api/news': { title: 'Access matrix', body: 'Made by the access matrix test' },
  'PUT /api/news/{id}': { title: 'Access matrix', body: 'Edited by the access matrix test' },
  // Sensitive changes (stepUp.ts): the current password, as no code was verified in the session lately.
  'POST /api/user/authenticator': { currentPassword: DEMO_PASSWORD },
  'POST /api/user/authenticator/recoveryCodes': { currentPassword: DEMO_PASSWORD },
  'POST /api/user/authenticator/disable': { currentPassword: DEMO_PASSWORD },
  // Adding a passkey asks for the password (or a recent code) first, as other sensitive changes do.
  'POST /api/user/passkeys/registration/options': { currentPassword: DEMO_PASSWORD },
};

/** Path parameters that name a record of a tenant (an account group): called with one of another tenant too. */
const TENANT_PARAMS = new Set(['siteNum', 'xmit', 'passcodeId']);

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

describe.skipIf(!ONCE).each(ONCE_TABLE)('access matrix on $name', (database) => {
  // The key role calls every route within a minute or two: its limit a minute is not what this counts.
  const { t } = demoSuite(database, {}, { RATE_LIMITS_API_KEY_PER_MINUTE: '1000000' });

  /** A site and one of its devices' transmitter codes in a group. */
  const siteOf = (groupNum: number) => deviceIn(t.db, groupNum);

  it('answers every route for every demo role as the access table says', async () => {
    const doc = await (await fetch(`${t.origin}/api/openapi.json`)).json();
    const operations: Operation[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { 'x-access'?: RouteAccess }>>))
      for (const [method, operation] of Object.entries(item))
        if (METHODS.has(method)) {
          expect(operation['x-access'], `${method} ${path} declares x-access`).toBeDefined();
          operations.push({ method: method.toUpperCase(), path, access: operation['x-access']! });
        }
    expect(operations.length).toBeGreaterThan(50);

    const newsId = (await t.db.selectFrom('news_items').select('news_id').orderBy('news_id').limit(1).executeTakeFirstOrThrow()).news_id;
    const failures: string[] = [];
    let calls = 0;
    let allowedCalls = 0;
    const cells = new Set<string>();

    // Each role's client, what the table knows of the user (as the web app reads it, GET /api/me, with the groups it may use) and its records.
    const callers = await Promise.all(
      ROLES.map(async (role) => {
        const person = role.username ?? role.apiKeyOf;
        const signIn = async () => (person ? signedInClient(t.origin, person, role.extra) : new TestClient(t.origin).init());
        const client = await signIn();
        const me = person ? await (await client.request('GET', '/api/me')).json() : null;
        const groups: { siteGroupNum: number }[] = person ? await (await client.request('GET', '/api/user/accountGroups')).json() : [];
        const user: AccessUser | null = me && { ...me, userId: me.appUserNum, siteGroupNums: groups.map((g) => g.siteGroupNum) };
        // The key's id must not be the one the routes' {id} is filled with, or a revocation in the matrix would end it.
        let apiKey: string | undefined;
        while (role.apiKeyOf && !apiKey) {
          const created = await (
            await client.request('POST', '/api/apiKeys', {
              name: 'Access matrix',
              scopes: [...API_KEY_SCOPES],
              expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
            })
          ).json();
          if (created.id !== newsId) apiKey = created.key;
        }
        const ownGroup: number = me?.dealer?.siteGroupNum ?? 9993;
        const own = await siteOf(ownGroup);
        // Another tenant: a group this user may not use (application 1 may use every group, and is not asked).
        const foreign = await siteOf(ownGroup === 5877 ? 9993 : 5877);
        return {
          role,
          signIn,
          client,
          user,
          apiKey,
          ownParams: { id: String(newsId), siteNum: String(own.site_num), xmit: own.transmitter_code } as Record<string, string>,
          foreignParams: { siteNum: String(foreign.site_num), xmit: foreign.transmitter_code } as Record<string, string>,
        };
      }),
    );

    // Deletions last (deepest paths first), so every role meets the records before one is gone.
    const ordered = [...operations].sort(
      (a, b) =>
        Number(a.method === 'DELETE') - Number(b.method === 'DELETE') || (a.method === 'DELETE' ? b.path.length - a.path.length : 0),
    );
    for (const operation of ordered) {
      const key = `${operation.method} ${operation.path}`;
      const { access } = operation;
      const params = [...operation.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const { role, signIn, client, user, apiKey, ownParams, foreignParams } of callers) {
        const fill = (values: Record<string, string>) =>
          operation.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(values[name] ?? ownParams[name] ?? '1'));

        const call = async (path: string) => {
          const caller = FRESH_CLIENT.has(key) ? await signIn() : client;
          const body = operation.method === 'GET' || operation.method === 'DELETE' ? undefined : (EXAMPLE_BODIES[key] ?? {});
          const url = `${t.origin}${path}`;
          const contentType: Record<string, string> = body === undefined ? {} : { 'Content-Type': 'application/json' };
          // A key sends itself and nothing else: no cookie, no XSRF token.
          const headers = apiKey
            ? { ...contentType, Authorization: `Bearer ${apiKey}` }
            : caller.headersFor(url, operation.method, contentType);
          const response = await fetch(url, {
            method: operation.method,
            headers,
            body: body === undefined ? undefined : JSON.stringify(body),
            redirect: 'manual',
          });
          await response.arrayBuffer();
          calls++;
          cells.add(`${key} ${role.name}`);
          return response.status;
        };
        const is2xx = (status: number) => status >= 200 && status < 300;
        const refused = (status: number) => status === 401 || status === 403;

        if (access === 'credential') {
          // The route's own credential (API key, refresh cookie, one-time key): none is sent, so none may pass.
          if (role.username || apiKey) continue;
          const status = await call(fill(ownParams));
          if (is2xx(status)) failures.push(`${key} without its credential answered ${status}`);
          continue;
        }

        let allowed: boolean;
        if (access === 'public') allowed = true;
        else if (access === 'signedIn') allowed = !!user && !apiKey;
        else
          allowed =
            canAccess(user, { resource: access.resource, action: access.action }) &&
            (!apiKey || scopeAllows(API_KEY_SCOPES, access.resource, access.action));

        const status = await call(fill(ownParams));
        if (allowed && refused(status)) failures.push(`${key} as ${role.name}: allowed, answered ${status}`);
        if (!allowed && !refused(status)) failures.push(`${key} as ${role.name}: denied, answered ${status}`);
        if (!allowed && !user && status !== 401) failures.push(`${key} with no session: answered ${status}, not 401`);
        if (allowed) allowedCalls++;

        // A record of another tenant: never served to a user outside its groups.
        const tenant = params.filter((p) => TENANT_PARAMS.has(p));
        if (tenant.length && user && user.applicationNum !== 1) {
          const foreignStatus = await call(fill(foreignParams));
          if (is2xx(foreignStatus)) failures.push(`${key} as ${role.name} for another tenant's record: answered ${foreignStatus}`);
        }
      }
    }
    console.log(
      `access matrix on ${database.name}: ${operations.length} routes x ${ROLES.length} roles, ${cells.size} cells, ${calls} calls (${allowedCalls} allowed)`,
    );
    expect(failures).toEqual([]);
  }, 300_000);

  it('every drawer item and page gate has a demo user who sees it and one of the same application who does not', async () => {
    const identities = new Map<string, MenuUser>();
    for (const role of ROLES.filter((r) => r.username)) {
      const client = await signedInClient(t.origin, role.username!, role.extra);
      identities.set(role.username!, await (await client.request('GET', '/api/me')).json());
    }
    const beta = await signedInClient(t.origin, 'dealer.beta');
    expect((await beta.request('PUT', '/api/user/accountGroup', { siteGroupNum: 4120 })).status).toBe(200);
    identities.set('dealer.beta in 4120', await (await beta.request('GET', '/api/me')).json());

    const drawer = (name: string) => visibleDrawerItems(identities.get(name)!).map((item) => item.key);
    // §6 Answering Service: dealer.beta in group 9993 (which has the service), not in 4120, nor dealer.summit.
    expect(drawer('dealer.beta')).toContain('answeringService');
    expect(drawer('dealer.beta in 4120')).not.toContain('answeringService');
    expect(drawer('dealer.summit')).not.toContain('answeringService');
    expect(helpMenuItems(identities.get('support.admin')!)).toContain('bannerSettings');
    expect(helpMenuItems(identities.get('support.viewer')!)).not.toContain('bannerSettings');

    const users = [...identities.entries()];
    const bare = (app: number): MenuUser => ({ applicationNum: app, roles: [], authItems: {} as MenuUser['authItems'], canEdit: false });
    for (const app of [1, 2, 3]) {
      const ofApp = users.filter(([, user]) => user.applicationNum === app);
      for (const item of drawerItemsFor(app)) {
        const seeing = ofApp.filter(([, user]) => holdsItem(user, item)).map(([name]) => name);
        expect(seeing.length, `app ${app} ${item.key}: someone sees it`).toBeGreaterThan(0);
        if (!holdsItem(bare(app), item))
          expect(seeing.length, `app ${app} ${item.key}: someone does not see it`).toBeLessThan(ofApp.length);
      }
    }
    // The area pages' gates and the entity pages' (their resources' access entries).
    const gates = [
      ...AREA_ROUTES.map((route) => [route.path, route.access] as const),
      ...(Object.keys(RESOURCE_PAGES) as ResourcePageName[]).map((name) => [resourcePath(name), resourceGate(name)] as const),
    ];
    for (const [path, access] of gates) {
      const opening = users.filter(([, user]) => canAccess(user, access));
      expect(opening.length, `${path}: someone opens it`).toBeGreaterThan(0);
      if ([1, 2, 3].some((app) => !canAccess(bare(app), access)))
        expect(opening.length, `${path}: someone does not`).toBeLessThan(users.length);
    }
  });
});
