import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AUTH_FLAGS, ROLE_NAMES, type AuthFlag } from '../../../schemas/user.js';
import { rulesFor } from '../../common/access.js';
import { AREA_ROUTES, mayOpen } from './areaRoutes.js';

const noFlags = Object.fromEntries(AUTH_FLAGS.map((f) => [f, false])) as Record<AuthFlag, boolean>;
const user = (applicationNum: number, roles: string[] = [], flags: Partial<Record<AuthFlag, boolean>> = {}) => ({
  applicationNum,
  roles,
  authItems: { ...noFlags, ...flags },
  canEdit: false,
});
const route = (path: string) => AREA_ROUTES.find((r) => r.path === path)!;

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
  it("the audit log and contact requests are application 1 pages; change requests are the dealers'", () => {
    for (const path of ['/audit-log/*', '/contact-requests/*']) {
      expect(mayOpen(user(1), route(path)), path).toBe(true);
      expect(mayOpen(user(2, [...ROLE_NAMES], { xtAdmin: true }), route(path)), path).toBe(false);
      expect(mayOpen(user(3, [...ROLE_NAMES]), route(path)), path).toBe(false);
    }
    expect(mayOpen(user(2), route('/change-requests'))).toBe(true);
    expect(mayOpen(user(1, [...ROLE_NAMES]), route('/change-requests'))).toBe(false);
    expect(mayOpen(user(3, [...ROLE_NAMES]), route('/change-requests'))).toBe(false);
  });
  it('every route names an entry of the access table', () => {
    for (const r of AREA_ROUTES) expect(rulesFor(r.access.resource, r.access.action).length, r.path).toBeGreaterThan(0);
  });
  it('the answering-service pages need level8, ansServiceBlockFlag and a dealer with the service', () => {
    const ans = { ...user(2, ['level8'], { ansServiceBlockFlag: true }), dealer: { hasAnsweringService: true } };
    for (const r of AREA_ROUTES.filter((r) => r.path.startsWith('/ans-service/'))) {
      expect(mayOpen(ans, r), r.path).toBe(true);
      expect(mayOpen({ ...ans, dealer: { hasAnsweringService: false } }, r), r.path).toBe(false);
      expect(mayOpen({ ...ans, roles: [] }, r), r.path).toBe(false);
      expect(mayOpen(user(2, ['level8']), r), r.path).toBe(false);
    }
  });
  it('the customer pages are application 3 only, whatever roles a dealer holds', () => {
    for (const r of AREA_ROUTES.filter((r) => r.path.startsWith('/msa/'))) {
      expect(mayOpen(user(2, [...ROLE_NAMES]), r), r.path).toBe(false);
      expect(mayOpen(user(1, [...ROLE_NAMES]), r), r.path).toBe(false);
      expect(mayOpen(user(3, [...ROLE_NAMES]), r), r.path).toBe(true);
    }
  });
  it('the reports screens need reportRead, for staff only', () => {
    for (const path of ['/reports', '/reports/inbox', '/reports/schedules/*', '/reports/:id']) {
      expect(mayOpen(user(2, ['reportRead']), route(path)), path).toBe(true);
      expect(mayOpen(user(1, ['reportRead']), route(path)), path).toBe(true);
      expect(mayOpen(user(2), route(path)), path).toBe(false);
      expect(mayOpen(user(3, ['reportRead']), route(path)), path).toBe(false);
    }
  });
  it("a run's page (/reports/{id}) takes none of the other reports screens' paths", () => {
    const routes = AREA_ROUTES.map((r) => ({ path: r.path }));
    const served = (url: string) => matchRoutes(routes, url)?.[0].route.path;
    expect(served('/reports/inbox')).toBe('/reports/inbox');
    expect(served('/reports/schedules')).toBe('/reports/schedules/*');
    expect(served('/reports/schedules/create')).toBe('/reports/schedules/*');
    expect(served('/reports')).toBe('/reports');
    expect(served('/reports/42')).toBe('/reports/:id');
  });
  it('site pages and create account: staff, and the allowCreateAccountFlag', () => {
    expect(mayOpen(user(1), route('/site/info'))).toBe(true);
    expect(mayOpen(user(3), route('/site/info'))).toBe(false);
    expect(mayOpen(user(2), route('/site/create'))).toBe(false);
    expect(mayOpen(user(2, [], { allowCreateAccountFlag: true }), route('/site/create'))).toBe(true);
    expect(mayOpen(user(3), route('/user-account'))).toBe(true);
  });
  it('every area names the page that serves it', () => {
    const pages = Object.fromEntries(AREA_ROUTES.filter((r) => r.page).map((r) => [r.path, r.page]));
    expect(pages).toEqual({
      '/home': 'dashboard',
      '/home/dashboard': 'dashboard',
      '/site/info': 'siteInfo',
      '/site/history': 'siteHistory',
      '/site/alarm-history': 'alarmHistory',
      '/site/create': 'siteCreate',
      '/reports': 'reportCatalogue',
      '/reports/inbox': 'reportInbox',
      '/reports/schedules/*': 'reportSchedules',
      '/reports/:id': 'reportRun',
      // The customers' billing and the dealers': BillingRoute.tsx.
      '/billing': 'billing',
      // Account group settings and branding.
      '/account-group/info': 'accountGroup',
      '/branding': 'branding',
      // The answering service.
      '/ans-service/messages': 'ansMessages',
      '/ans-service/on-call/*': 'ansOnCall',
      '/ans-service/auto-notify/*': 'ansAutoNotify',
      '/ans-service/business-hours': 'ansBusinessHours',
      '/ans-service/temp-business-hours/*': 'ansTempBusinessHours',
      // The help pages: the document libraries, contact us and the product roadmap.
      '/resources': 'resources',
      '/marketing': 'marketing',
      '/home/contact-us': 'contactUs',
      '/home/product-roadmap': 'productRoadmap',
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
      // Users and profile.
      '/account-group/users': 'users',
      // Support.
      '/support': 'support',
      '/support/users/:id': 'supportUser',
      '/user-account': 'userAccount',
      // The audit log, support's contact requests and the dealer's change requests.
      '/audit-log/*': 'auditLog',
      '/contact-requests/*': 'contactRequests',
      '/change-requests': 'changeRequests',
    });
  });
});
