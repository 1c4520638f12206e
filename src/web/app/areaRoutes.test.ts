import { readFileSync } from 'node:fs';
import path from 'node:path';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AUTH_FLAGS, ROLE_NAMES, type AuthFlag } from '../../../schemas/user.js';
import { canAccess, rulesFor, type AccessUser } from '../../common/access.js';
import { RESOURCE_NAMES, RESOURCE_PAGES, resourceGate, type ResourcePageName } from '../resources/resourceNames.js';
import { AREA_ROUTES, type AreaRoute } from './areaRoutes.js';

const noFlags = Object.fromEntries(AUTH_FLAGS.map((f) => [f, false])) as Record<AuthFlag, boolean>;
const user = (applicationNum: number, roles: string[] = [], flags: Partial<Record<AuthFlag, boolean>> = {}) => ({
  applicationNum,
  roles,
  authItems: { ...noFlags, ...flags },
  canEdit: false,
});
const route = (path: string) => AREA_ROUTES.find((r) => r.path === path)!;
const mayOpen = (u: AccessUser, r: Pick<AreaRoute, 'access'>) => canAccess(u, r.access);

describe('area routes (SPEC §2, §6)', () => {
  it('every route has a unique path and a page title', () => {
    expect(new Set(AREA_ROUTES.map((r) => r.path)).size).toBe(AREA_ROUTES.length);
    for (const r of AREA_ROUTES) expect(r.titleKey).toMatch(/^shell\.pages\./);
  });
  it('customers cannot open dealer pages and dealers cannot open MSA pages', () => {
    expect(mayOpen(user(3), route('/home/dashboard'))).toBe(false);
    expect(mayOpen(user(2), route('/msa/summary'))).toBe(false);
    expect(mayOpen(user(3), route('/msa/summary'))).toBe(true);
  });
  it('gated pages follow their drawer item', () => {
    expect(mayOpen(user(2), route('/billing'))).toBe(false);
    expect(mayOpen(user(2, ['billingRead']), route('/billing'))).toBe(true);
    expect(mayOpen(user(2, [], { xtAdmin: true }), route('/branding'))).toBe(true);
    expect(mayOpen(user(1, ['reportRead']), route('/support'))).toBe(true);
    expect(mayOpen(user(2, ['reportRead']), route('/support'))).toBe(false);
    expect(mayOpen(user(3, ['contactsRead']), route('/msa/contacts'))).toBe(true);
    expect(mayOpen(user(3), route('/msa/contacts'))).toBe(false);
  });
  it('every route names an entry of the access table', () => {
    for (const r of AREA_ROUTES) expect(rulesFor(r.access.resource, r.access.action).length, r.path).toBeGreaterThan(0);
  });
  it('the business hours (the answering service) need level8, ansServiceBlockFlag and a dealer with the service', () => {
    const ans = { ...user(2, ['level8'], { ansServiceBlockFlag: true }), dealer: { hasAnsweringService: true } };
    const r = route('/ans-service/business-hours');
    expect(mayOpen(ans, r)).toBe(true);
    expect(mayOpen({ ...ans, dealer: { hasAnsweringService: false } }, r)).toBe(false);
    expect(mayOpen({ ...ans, roles: [] }, r)).toBe(false);
    expect(mayOpen(user(2, ['level8']), r)).toBe(false);
  });
  it('the customer pages are application 3 only, whatever roles a dealer holds', () => {
    for (const r of AREA_ROUTES.filter((r) => r.path.startsWith('/msa/'))) {
      expect(mayOpen(user(2, [...ROLE_NAMES]), r), r.path).toBe(false);
      expect(mayOpen(user(1, [...ROLE_NAMES]), r), r.path).toBe(false);
      expect(mayOpen(user(3, [...ROLE_NAMES]), r), r.path).toBe(true);
    }
  });
  it('the report catalogue and a run need reportRead, for staff only', () => {
    for (const path of ['/reports', '/reports/:id']) {
      expect(mayOpen(user(2, ['reportRead']), route(path)), path).toBe(true);
      expect(mayOpen(user(1, ['reportRead']), route(path)), path).toBe(true);
      expect(mayOpen(user(2), route(path)), path).toBe(false);
      expect(mayOpen(user(3, ['reportRead']), route(path)), path).toBe(false);
    }
  });
  it('site pages and create account: staff, and the allowCreateAccountFlag', () => {
    expect(mayOpen(user(1), route('/site/info'))).toBe(true);
    expect(mayOpen(user(3), route('/site/info'))).toBe(false);
    expect(mayOpen(user(2), route('/site/create'))).toBe(false);
    expect(mayOpen(user(2, [], { allowCreateAccountFlag: true }), route('/site/create'))).toBe(true);
    expect(mayOpen(user(2), route('/site/import'))).toBe(false);
    expect(mayOpen(user(1), route('/site/import'))).toBe(false);
    expect(mayOpen(user(2, [], { allowCreateAccountFlag: true }), route('/site/import'))).toBe(true);
    expect(mayOpen(user(3), route('/user-account'))).toBe(true);
  });
  it('every area names the page that serves it: the pages that are not one entity', () => {
    const pages = Object.fromEntries(AREA_ROUTES.filter((r) => r.page).map((r) => [r.path, r.page]));
    expect(pages).toEqual({
      '/home': 'dashboard',
      '/home/dashboard': 'dashboard',
      '/site/info': 'siteInfo',
      '/site/history': 'siteHistory',
      '/site/alarm-history': 'alarmHistory',
      '/site/create': 'siteCreate',
      '/site/import': 'siteImport',
      // The catalogue and a run's page (the inbox and the schedules are resources).
      '/reports': 'reportCatalogue',
      '/reports/:id': 'reportRun',
      // The customers' billing and the dealers': BillingRoute.tsx.
      '/billing': 'billing',
      // Account group settings and branding.
      '/account-group/info': 'accountGroup',
      '/branding': 'branding',
      // The answering service's week of hours (its lists are resources).
      '/ans-service/business-hours': 'ansBusinessHours',
      // Contact us (the libraries and the roadmap are resources).
      '/home/contact-us': 'contactUs',
      // My Security Account.
      '/msa/summary': 'msaSummary',
      '/msa/account-info': 'msaAccountInfo',
      '/msa/panel-info': 'msaPanelInfo',
      '/msa/no-action': 'msaNoAction',
      '/msa/contacts': 'msaContacts',
      '/msa/zones': 'msaZones',
      '/msa/passcodes': 'msaPasscodes',
      '/msa/history': 'msaHistory',
      '/msa/schedules': 'msaSchedules',
      // Support.
      '/support': 'support',
      '/support/users/:id': 'supportUser',
      '/user-account': 'userAccount',
    });
  });
});

describe("the entity pages' gates (SPEC §6): their resources' access entries (resourceNames.ts)", () => {
  const opens = (u: AccessUser, name: ResourcePageName) => canAccess(u, resourceGate(name));
  const pages = Object.keys(RESOURCE_PAGES) as ResourcePageName[];

  it('each page has a gate, of its list', () => {
    for (const name of pages) expect(rulesFor(resourceGate(name).resource, 'list').length, name).toBeGreaterThan(0);
  });
  it('the answering service (/ans-service/*) needs level8, ansServiceBlockFlag and a dealer with the service', () => {
    const ans = { ...user(2, ['level8'], { ansServiceBlockFlag: true }), dealer: { hasAnsweringService: true } };
    const answering = pages.filter((name) => name.startsWith('ans-service/'));
    expect(answering).toHaveLength(4);
    for (const name of answering) {
      expect(opens(ans, name), name).toBe(true);
      expect(opens({ ...ans, dealer: { hasAnsweringService: false } }, name), name).toBe(false);
      expect(opens({ ...ans, roles: [] }, name), name).toBe(false);
      expect(opens(user(2, ['level8']), name), name).toBe(false);
    }
  });
  it("the audit log and contact requests are application 1 pages; change requests are the dealers'", () => {
    for (const name of ['audit-log', 'contact-requests'] as const) {
      expect(opens(user(1), name), name).toBe(true);
      expect(opens(user(2, [...ROLE_NAMES], { xtAdmin: true }), name), name).toBe(false);
      expect(opens(user(3, [...ROLE_NAMES]), name), name).toBe(false);
    }
    expect(opens(user(2), 'change-requests')).toBe(true);
    expect(opens(user(1, [...ROLE_NAMES]), 'change-requests')).toBe(false);
    expect(opens(user(3, [...ROLE_NAMES]), 'change-requests')).toBe(false);
  });
  it('the reports inbox and schedules need reportRead, for staff only', () => {
    for (const name of ['reports/inbox', 'reports/schedules'] as const) {
      expect(opens(user(2, ['reportRead']), name), name).toBe(true);
      expect(opens(user(1, ['reportRead']), name), name).toBe(true);
      expect(opens(user(2), name), name).toBe(false);
      expect(opens(user(3, ['reportRead']), name), name).toBe(false);
    }
  });
  it("the account group's users: its administrator (xtAdmin), and support (who is sent to /support)", () => {
    expect(opens(user(2, [], { xtAdmin: true }), 'account-group/users')).toBe(true);
    expect(opens(user(2), 'account-group/users')).toBe(false);
    expect(opens(user(1, ['reportRead']), 'account-group/users')).toBe(true);
    expect(opens(user(3, [...ROLE_NAMES], { xtAdmin: true }), 'account-group/users')).toBe(false);
  });
  it("the account group's integrations (API keys, webhooks): its administrator (xtAdmin) only", () => {
    expect(opens(user(2, [], { xtAdmin: true }), 'account-group/integrations')).toBe(true);
    expect(opens(user(2, [...ROLE_NAMES]), 'account-group/integrations')).toBe(false);
    expect(opens(user(1, [...ROLE_NAMES]), 'account-group/integrations')).toBe(false);
    expect(opens(user(3, [...ROLE_NAMES], { xtAdmin: true }), 'account-group/integrations')).toBe(false);
  });
  it('the help pages: resources and the roadmap for staff, marketing for application 1', () => {
    for (const name of ['resources', 'home/product-roadmap'] as const) {
      expect(opens(user(1), name), name).toBe(true);
      expect(opens(user(2), name), name).toBe(true);
      expect(opens(user(3, [...ROLE_NAMES]), name), name).toBe(false);
    }
    expect(opens(user(1), 'marketing')).toBe(true);
    expect(opens(user(2, [...ROLE_NAMES]), 'marketing')).toBe(false);
  });
});

describe('the routes of the areas and of the registered resources together', () => {
  // react-admin serves each registered resource at `/${name}/*`, beside the custom routes.
  const routes = [...AREA_ROUTES.map((r) => ({ path: r.path })), ...Object.keys(RESOURCE_NAMES).map((name) => ({ path: `/${name}/*` }))];
  const served = (url: string) => matchRoutes(routes, url)?.[0].route.path;
  it("a run's page (/reports/{id}) takes none of the other reports screens' paths", () => {
    expect(served('/reports/inbox')).toBe('/reports/inbox/*');
    expect(served('/reports/schedules')).toBe('/reports/schedules/*');
    expect(served('/reports/schedules/create')).toBe('/reports/schedules/*');
    expect(served('/reports')).toBe('/reports');
    expect(served('/reports/42')).toBe('/reports/:id');
  });
  it("an entity's page serves its slide-over's /create and /:id; the customer's screens keep their paths", () => {
    expect(served('/ans-service/on-call/create')).toBe('/ans-service/on-call/*');
    expect(served('/ans-service/business-hours')).toBe('/ans-service/business-hours');
    expect(served('/audit-log/12')).toBe('/audit-log/*');
    expect(served('/home/product-roadmap')).toBe('/home/product-roadmap/*');
    expect(served('/home/contact-us')).toBe('/home/contact-us');
    for (const page of ['contacts', 'zones', 'passcodes', 'schedules']) expect(served(`/msa/${page}`)).toBe(`/msa/${page}`);
  });
});

describe('App.tsx', () => {
  it('registers every resource of the table (resourceNames.ts), and no other', () => {
    const app = readFileSync(path.join(import.meta.dirname, 'App.tsx'), 'utf8');
    const registered = [...app.matchAll(/<(?:Record)?Resource name="([^"]+)"/g)].map((m) => m[1]);
    expect(registered.sort()).toEqual(Object.keys(RESOURCE_NAMES).sort());
  });
});
