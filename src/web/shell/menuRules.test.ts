import { describe, expect, it } from 'vitest';
import { AUTH_FLAGS, ROLE_NAMES, type AuthFlag } from '../../../schemas/user.js';
import { rulesFor } from '../../common/access.js';
import {
  classicPortalBlocked,
  displayAccountName,
  headerLogo,
  drawerItemsFor,
  helpMenuItems,
  holdsItem,
  homePath,
  splitMoreOptions,
  visibleDrawerItems,
  type MenuUser,
} from './menuRules.js';

const noFlags = Object.fromEntries(AUTH_FLAGS.map((f) => [f, false])) as Record<AuthFlag, boolean>;
const allFlags = Object.fromEntries(AUTH_FLAGS.map((f) => [f, true])) as Record<AuthFlag, boolean>;

function user(
  applicationNum: number,
  roles: readonly string[] = [],
  flags: Partial<Record<AuthFlag, boolean>> = {},
  canEdit = false,
): MenuUser {
  return { applicationNum, roles, authItems: { ...noFlags, ...flags }, canEdit };
}
const keys = (u: MenuUser, ans = false) => visibleDrawerItems(u, ans).map((i) => i.key);

describe('drawer items by application (SPEC §2, §6)', () => {
  it("items that open an entity's page name its resource and take its path and gate (resourceNames.ts)", () => {
    const items = [1, 2, 3].flatMap((app) => drawerItemsFor(app)).filter((item) => item.resource);
    expect(Object.fromEntries(items.map((item) => [item.key, [item.resource, item.to, item.access.resource, item.access.action]]))).toEqual(
      {
        news: ['news', '/news', 'news', 'list'],
        marketing: ['marketing', '/marketing', 'marketing', 'list'],
        contactRequests: ['contact-requests', '/contact-requests', 'contactRequests', 'list'],
        auditLog: ['audit-log', '/audit-log', 'auditLog', 'list'],
        accounts: ['sites', '/sites', 'sites', 'list'],
        answeringService: ['ans-service/messages', '/ans-service/messages', 'ansMessages', 'list'],
        users: ['account-group/users', '/account-group/users', 'users', 'list'],
        integrations: ['account-group/integrations', '/account-group/integrations', 'apiKeys', 'list'],
        changeRequests: ['change-requests', '/change-requests', 'changeRequests', 'list'],
      },
    );
  });
  it('app 1 with every role: Home, Reports, Support, News, News Setup, Marketing, and the contact requests and audit log', () => {
    expect(keys(user(1, ROLE_NAMES))).toEqual([
      'home',
      'reports',
      'support',
      'news',
      'newsSetup',
      'marketing',
      'contactRequests',
      'auditLog',
    ]);
  });
  it('app 1 without reportRead loses Reports, Support and News Setup', () => {
    expect(keys(user(1))).toEqual(['home', 'news', 'marketing', 'contactRequests', 'auditLog']);
  });
  it('app 2 with everything', () => {
    expect(keys(user(2, ROLE_NAMES, allFlags), true)).toEqual([
      'home',
      'accounts',
      'advancedSearch',
      'createAccount',
      'importAccounts',
      'answeringService',
      'reports',
      'news',
      'accountGroupSettings',
      'branding',
      'users',
      'integrations',
      'changeRequests',
      'billing',
    ]);
  });
  it("app 2 with nothing: Home, Accounts, Advanced Search, News, and the customers' change requests", () => {
    expect(keys(user(2))).toEqual(['home', 'accounts', 'advancedSearch', 'news', 'changeRequests']);
  });
  it('Create New Account needs allowCreateAccountFlag', () => {
    expect(keys(user(2, [], { allowCreateAccountFlag: true }))).toContain('createAccount');
    expect(keys(user(2, [], { allowCreateAccountFlag: true }))).toContain('importAccounts');
    expect(keys(user(2))).not.toContain('importAccounts');
  });
  it('Answering Service needs the flag, level8 and a dealer with an answering service', () => {
    expect(keys(user(2, ['level8'], { ansServiceBlockFlag: true }), true)).toContain('answeringService');
    expect(keys(user(2, ['level8'], { ansServiceBlockFlag: true }), false)).not.toContain('answeringService');
    expect(keys(user(2, [], { ansServiceBlockFlag: true }), true)).not.toContain('answeringService');
    expect(keys(user(2, ['level8']), true)).not.toContain('answeringService');
    // Without an explicit answer, the user's current account group says.
    const withService = { ...user(2, ['level8'], { ansServiceBlockFlag: true }), dealer: { hasAnsweringService: true } };
    expect(visibleDrawerItems(withService).map((i) => i.key)).toContain('answeringService');
    expect(visibleDrawerItems({ ...withService, dealer: { hasAnsweringService: false } }).map((i) => i.key)).not.toContain(
      'answeringService',
    );
  });
  it('Account Group Settings, Branding, Users and Integrations need xtAdmin; Billing needs billingRead; Reports reportRead', () => {
    expect(keys(user(2, [], { xtAdmin: true }))).toEqual([
      'home',
      'accounts',
      'advancedSearch',
      'news',
      'accountGroupSettings',
      'branding',
      'users',
      'integrations',
      'changeRequests',
    ]);
    expect(keys(user(2, ['billingRead']))).toContain('billing');
    expect(keys(user(2, ['reportRead']))).toContain('reports');
  });
  it('app 3 with every role', () => {
    expect(keys(user(3, ROLE_NAMES))).toEqual([
      'home',
      'accountInfo',
      'history',
      'noAction',
      'contacts',
      'zones',
      'passcodes',
      'schedules',
      'billing',
    ]);
  });
  it('app 3 without roles: Home, Account Info and History', () => {
    expect(keys(user(3))).toEqual(['home', 'accountInfo', 'history']);
  });
  it.each([
    ['noActionRead', 'noAction'],
    ['contactsRead', 'contacts'],
    ['zonesRead', 'zones'],
    ['sitePasscodeRead', 'passcodes'],
    ['scheduleRead', 'schedules'],
    ['billingRead', 'billing'],
  ])('app 3: %s shows %s', (role, key) => {
    expect(keys(user(3, [role]))).toEqual(['home', 'accountInfo', 'history', key]);
  });
  it('every combination of one flag and one role only adds what that flag or role gates', () => {
    for (const app of [1, 2, 3]) {
      for (const flag of AUTH_FLAGS) {
        for (const role of ROLE_NAMES) {
          const shown = visibleDrawerItems(user(app, [role], { [flag]: true }), true);
          for (const item of shown) expect(holdsItem(user(app, [role], { [flag]: true }), item, true)).toBe(true);
          const hidden = drawerItemsFor(app).filter((i) => !shown.includes(i));
          // A hidden item needs another flag or another role in every rule of its table entry for the application.
          for (const item of hidden)
            for (const rule of rulesFor(item.access.resource, item.access.action).filter((r) => r.apps.includes(app)))
              expect((rule.flags ?? []).some((f) => f !== flag) || (rule.roles ?? []).some((r) => r !== role)).toBe(true);
        }
      }
    }
  });
  it('unknown application: nothing', () => {
    expect(keys(user(9, ROLE_NAMES, allFlags))).toEqual([]);
  });
});

describe("'More Options' flyout", () => {
  const items = visibleDrawerItems(user(2, ROLE_NAMES, allFlags), true);
  it('app 2 under 768 px high collapses some items', () => {
    const { main, more } = splitMoreOptions(items, 2, 767);
    expect(main.map((i) => i.key)).toEqual(['home', 'accounts', 'advancedSearch', 'createAccount', 'importAccounts', 'reports']);
    expect(more.map((i) => i.key)).toEqual([
      'answeringService',
      'news',
      'accountGroupSettings',
      'branding',
      'users',
      'integrations',
      'changeRequests',
      'billing',
    ]);
  });
  it('768 px and taller, or other applications: no flyout', () => {
    expect(splitMoreOptions(items, 2, 768).more).toEqual([]);
    expect(splitMoreOptions(visibleDrawerItems(user(1, ROLE_NAMES)), 1, 500).more).toEqual([]);
  });
});

describe('help menu (SPEC §2)', () => {
  it('app 1 editor: with Banner Settings and Privacy Policy', () => {
    expect(helpMenuItems(user(1, [], {}, true))).toEqual([
      'about',
      'knowledgeBase',
      'bannerSettings',
      'privacyPolicy',
      'classicPortal',
      'resources',
      'submitBug',
      'provideFeedback',
      'contactUs',
      'productRoadmap',
    ]);
  });
  it('app 1 without edit right, and app 2: no Banner Settings, no Privacy Policy', () => {
    expect(helpMenuItems(user(1))).not.toContain('bannerSettings');
    expect(helpMenuItems(user(2, [], {}, true))).not.toContain('bannerSettings');
    expect(helpMenuItems(user(1))).not.toContain('privacyPolicy');
    expect(helpMenuItems(user(2, [], {}, true))).not.toContain('privacyPolicy');
  });
  it('staging entry by flag', () => {
    expect(helpMenuItems(user(2, [], { stagesDealerURLFlag: true }), { stagingPortal: true })).toContain('stagingPortal');
    expect(helpMenuItems(user(2), { stagingPortal: true })).not.toContain('stagingPortal');
    // No staging address configured: hidden even with the flag (it opened this portal again).
    expect(helpMenuItems(user(2, [], { stagesDealerURLFlag: true }))).not.toContain('stagingPortal');
  });
  it('none for app 3', () => {
    expect(helpMenuItems(user(3, ROLE_NAMES, allFlags, true))).toEqual([]);
  });
});

describe('other shell rules', () => {
  it('the classic portal is blocked for app 1 only', () => {
    expect(classicPortalBlocked(user(1))).toBe(true);
    expect(classicPortalBlocked(user(2))).toBe(false);
  });
  it('empty path by variant', () => {
    expect(homePath(3)).toBe('/msa/summary');
    expect(homePath(2)).toBe('/home/dashboard');
    expect(homePath(undefined)).toBe('/home/dashboard');
  });
  it('account names truncate at 20 characters', () => {
    expect(displayAccountName('12345678901234567890')).toBe('12345678901234567890');
    expect(displayAccountName('123456789012345678901')).toBe('12345678901234567890…');
  });
});

describe('header logo (SPEC §2)', () => {
  it('the branding logo by mode, the light one in dark mode when there is no dark one, else the product logo', () => {
    expect(headerLogo('light', { headerLogoUrl: '/l.png', darkHeaderLogoUrl: '/d.png' })).toBe('/l.png');
    expect(headerLogo('dark', { headerLogoUrl: '/l.png', darkHeaderLogoUrl: '/d.png' })).toBe('/d.png');
    expect(headerLogo('dark', { headerLogoUrl: '/l.png', darkHeaderLogoUrl: null })).toBe('/l.png');
    expect(headerLogo('light', null)).toBe('/login/tagline.svg');
    expect(headerLogo('dark', { headerLogoUrl: '', darkHeaderLogoUrl: null })).toBe('/login/tagline-dark.svg');
  });
});
