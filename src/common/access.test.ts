import { describe, expect, it } from 'vitest';
import { AUTH_FLAGS, ROLE_NAMES, type AuthFlag } from '../../schemas/user.js';
import { ACTIONS, RESOURCES, canAccess, rulesFor, type AccessUser } from './access.js';

const staff: AccessUser = { applicationNum: 1, canEdit: true, roles: ['reportRead'] };
const staffReadOnly: AccessUser = { ...staff, canEdit: false };
const dealer: AccessUser = { applicationNum: 2, canEdit: false, roles: [] };
const customer: AccessUser = { applicationNum: 3, canEdit: false, roles: [] };

describe('news access (SPEC §6)', () => {
  it("lets applications 1 and 2 read: 'News page: applications 1 and 2'", () => {
    expect([staff, dealer, customer].map((u) => canAccess(u, { resource: 'news', action: 'list' }))).toEqual([true, true, false]);
  });
  it("opens setup to application 1 only: 'News setup: application 1 only'", () => {
    expect([staff, staffReadOnly, dealer].map((u) => canAccess(u, { resource: 'news', action: 'setup' }))).toEqual([true, true, false]);
  });
  it("lets only canEdit users write: 'with editing only when the user has canEdit'", () => {
    for (const action of ['create', 'edit', 'delete'] as const) {
      expect([staff, staffReadOnly, dealer].map((u) => canAccess(u, { resource: 'news', action }))).toEqual([true, false, false]);
    }
  });
  it('refuses anyone not signed in, and unknown resources', () => {
    expect(canAccess(null, { resource: 'news', action: 'list' })).toBe(false);
    expect(canAccess(staff, { resource: 'nothing', action: 'list' })).toBe(false);
  });
});

describe('status banner and privacy policy editing (SPEC §6 Banner Settings, app 1)', () => {
  it('lets only application-1 users with canEdit edit them', () => {
    for (const resource of ['statusBanner', 'privacyPolicy']) {
      expect([staff, staffReadOnly, dealer, customer].map((u) => canAccess(u, { resource, action: 'edit' }))).toEqual([
        true,
        false,
        false,
        false,
      ]);
    }
  });
});

const ALL_FLAGS = Object.fromEntries(AUTH_FLAGS.map((f) => [f, true])) as Record<AuthFlag, boolean>;
function who(
  applicationNum: number,
  roles: readonly string[] = [],
  flags: Partial<Record<AuthFlag, boolean>> = {},
  extra: Partial<AccessUser> = {},
): AccessUser {
  return { applicationNum, roles, authItems: flags, canEdit: false, ...extra };
}
const ansDealer = who(2, ['level8'], { ansServiceBlockFlag: true }, { dealer: { hasAnsweringService: true } });

describe('the access table (SPEC §6), row by row', () => {
  it.each([
    // Role gates: 'billingRead: Billing'.
    ['dealer with billingRead: billing', who(2, ['billingRead']), 'invoices', 'list', true],
    ['dealer without billingRead: no billing', who(2), 'invoices', 'list', false],
    ['customer with billingRead: billing', who(3, ['billingRead']), 'invoices', 'list', true],
    ['staff: no billing', who(1, ['billingRead']), 'invoices', 'list', false],
    // The customer's billing: customers with billingRead only; dealers have their own (invoices).
    ['customer with billingRead: own invoices', who(3, ['billingRead']), 'msaInvoices', 'list', true],
    ['customer with billingRead: invoice PDF', who(3, ['billingRead']), 'msaInvoices', 'export', true],
    ['customer without billingRead: no invoices', who(3), 'msaInvoices', 'show', false],
    ['dealer with billingRead: not the customer invoices', who(2, ['billingRead']), 'msaInvoices', 'list', false],
    // 'reportRead: Reports, Support and News Setup.'
    ['staff with reportRead: reports', who(1, ['reportRead']), 'reports', 'list', true],
    ['dealer with reportRead: reports', who(2, ['reportRead']), 'reports', 'list', true],
    ['dealer without reportRead: no reports', who(2), 'reports', 'list', false],
    ['customer with reportRead: no reports', who(3, ['reportRead']), 'reports', 'list', false],
    ['staff with reportRead: support', who(1, ['reportRead']), 'support', 'list', true],
    ['dealer with reportRead: no support', who(2, ['reportRead']), 'support', 'list', false],
    ['staff without reportRead: no news setup', who(1), 'news', 'setup', false],
    ['report runs need reportRead', who(2), 'reportRuns', 'create', false],
    ['report schedules with reportRead', who(2, ['reportRead']), 'reportSchedules', 'edit', true],
    // 'level8: Answering Service' + ansServiceBlockFlag + 'the dealer has an answering service'.
    ['answering service: all three', ansDealer, 'ansMessages', 'list', true],
    ['answering service without level8', { ...ansDealer, roles: [] }, 'ansMessages', 'list', false],
    ['answering service without the flag', { ...ansDealer, authItems: {} }, 'onCall', 'list', false],
    [
      'answering service, dealer without the service',
      { ...ansDealer, dealer: { hasAnsweringService: false } },
      'autoNotify',
      'list',
      false,
    ],
    [
      'answering service for staff with everything',
      who(1, ['level8'], ALL_FLAGS, { dealer: { hasAnsweringService: true } }),
      'businessHours',
      'list',
      false,
    ],
    // MSA screens: one role each.
    ['customer with noActionRead: no action', who(3, ['noActionRead']), 'msaTests', 'list', true],
    ['customer without noActionRead', who(3), 'msaTests', 'list', false],
    ['customer with contactsRead: contacts', who(3, ['contactsRead']), 'msaContacts', 'list', true],
    ['customer without contactsRead', who(3, ['zonesRead']), 'msaContacts', 'list', false],
    ['customer with zonesRead: zones', who(3, ['zonesRead']), 'msaZones', 'list', true],
    ['customer with sitePasscodeRead: passcodes', who(3, ['sitePasscodeRead']), 'msaPasscodes', 'reveal', true],
    ['customer without sitePasscodeRead: no reveal', who(3), 'msaPasscodes', 'reveal', false],
    ['customer with scheduleRead: schedules', who(3, ['scheduleRead']), 'msaSchedules', 'show', true],
    ['dealer reads a site contacts', who(2), 'contacts', 'list', true],
    // Editing the account: xtAdmin.
    ['dealer with xtAdmin edits the call list', who(2, [], { xtAdmin: true }), 'contacts', 'edit', true],
    ['dealer with xtAdmin adds holidays', who(2, [], { xtAdmin: true }), 'holidays', 'create', true],
    ['dealer without xtAdmin: no call-list edits', who(2), 'contacts', 'edit', false],
    ['dealer without xtAdmin: no passcode changes', who(2), 'passcodes', 'delete', false],
    ['dealer without xtAdmin: no zone edits', who(2), 'zones', 'edit', false],
    ['customer with scheduleRead edits their schedules', who(3, ['scheduleRead']), 'msaSchedules', 'create', true],
    ["customers do not use the dealer's schedules", who(3, ['scheduleRead'], ALL_FLAGS), 'schedules', 'list', false],
    ['customer with noActionRead: at most their own tests, not the dealer side', who(3, ['noActionRead']), 'tests', 'list', false],
    ["dealers do not use the customer's contacts", who(2, [], ALL_FLAGS), 'msaContacts', 'list', false],
    ['customer adds a linked account', who(3), 'accountLinks', 'create', true],
    ['customer deletes a linked account', who(3), 'accountLinks', 'delete', true],
    ['staff with xtAdmin: no call-list edits', who(1, [], { xtAdmin: true }), 'contacts', 'create', false],
    // Flags: allowCreateAccountFlag (Create New Account), xtAdmin (Account Group Settings and Branding).
    ['dealer with allowCreateAccountFlag: create account', who(2, [], { allowCreateAccountFlag: true }), 'sites', 'create', true],
    ['dealer without allowCreateAccountFlag', who(2), 'sites', 'create', false],
    ['dealer with xtAdmin: account group settings', who(2, [], { xtAdmin: true }), 'accountGroup', 'edit', true],
    ['dealer without xtAdmin: no account group settings', who(2), 'accountGroup', 'edit', false],
    ['dealer with xtAdmin: branding', who(2, [], { xtAdmin: true }), 'branding', 'edit', true],
    ['staff with xtAdmin: no branding settings', who(1, [], { xtAdmin: true }), 'branding', 'edit', false],
    // Applications.
    ['customers have no sites', who(3, [], ALL_FLAGS), 'sites', 'list', false],
    ['dealers have no account links', who(2), 'accountLinks', 'list', false],
    ['customers do not switch account groups', who(3), 'accountGroup', 'switch', false],
    ['only dealers get a classic key', who(1), 'classicPortal', 'create', false],
    ['dealers get a classic key', who(2), 'classicPortal', 'create', true],
    ['only staff impersonate', who(2, [], ALL_FLAGS), 'users', 'impersonate', false],
    // /support's directory, actions and impersonation are the support staff's (§6 reportRead).
    ['support staff impersonate', who(1, ['reportRead']), 'users', 'impersonate', true],
    ['staff without reportRead do not impersonate', who(1), 'users', 'impersonate', false],
    ['support staff list every user', who(1, ['reportRead']), 'users', 'list', true],
    ['staff without reportRead: no directory', who(1), 'users', 'show', false],
    ['a dealer administrator still lists their staff', who(2, [], { xtAdmin: true }), 'users', 'list', true],
    ['support actions: support staff', who(1, ['reportRead']), 'supportActions', 'edit', true],
    ['support actions: not dealers', who(2, ['reportRead'], ALL_FLAGS), 'supportActions', 'edit', false],
    ['staff impersonate', who(1), 'impersonation', 'create', true],
    ['anyone ends an impersonation', who(3), 'impersonation', 'delete', true],
    ['audit log: staff', who(1), 'auditLog', 'list', true],
    ['audit log: not dealers', who(2, [], ALL_FLAGS), 'auditLog', 'list', false],
    [
      'audit log: never changed or deleted, not even by staff',
      who(1, [...ROLE_NAMES], ALL_FLAGS, { canEdit: true }),
      'auditLog',
      'edit',
      false,
    ],
    ['audit log: no deletion', who(1, [...ROLE_NAMES], ALL_FLAGS, { canEdit: true }), 'auditLog', 'delete', false],
    ['contact requests: staff read them', who(1), 'contactRequests', 'list', true],
    ['contact requests: staff handle them', who(1), 'contactRequests', 'edit', true],
    ['contact requests: dealers send but do not read them', who(2, [], ALL_FLAGS), 'contactRequests', 'list', false],
    ['change requests: dealers read them', who(2), 'changeRequests', 'list', true],
    ['change requests: xtAdmin answers them', who(2, [], { xtAdmin: true }), 'changeRequests', 'edit', true],
    ['change requests: not without xtAdmin', who(2), 'changeRequests', 'edit', false],
    ['change requests: not staff nor customers', who(1, [...ROLE_NAMES], ALL_FLAGS), 'changeRequests', 'list', false],
    ['roadmap edits need canEdit', who(1), 'roadmapItems', 'edit', false],
    ['roadmap edits with canEdit', who(1, [], {}, { canEdit: true }), 'roadmapItems', 'edit', true],
    ['own account page: everyone', who(3), 'userAccount', 'edit', true],
  ] as const)('%s', (_name, user, resource, action, expected) => {
    expect(canAccess(user, { resource, action })).toBe(expected);
  });

  it('names every resource later issues add, with only known applications, roles and flags', () => {
    for (const resource of [
      'sites',
      'events',
      'tests',
      'contacts',
      'zones',
      'passcodes',
      'schedules',
      'holidays',
      'reports',
      'reportRuns',
      'reportSchedules',
      'users',
      'auditLog',
      'impersonation',
      'ansMessages',
      'onCall',
      'autoNotify',
      'businessHours',
      'invoices',
      'documents',
      'roadmapItems',
      'branding',
      'accountGroup',
      'userAccount',
    ])
      expect(RESOURCES).toContain(resource);
    for (const resource of RESOURCES)
      for (const action of ACTIONS)
        for (const rule of rulesFor(resource, action)) {
          expect(rule.apps.length).toBeGreaterThan(0);
          for (const app of rule.apps) expect([1, 2, 3]).toContain(app);
          for (const role of rule.roles ?? []) expect(ROLE_NAMES).toContain(role);
          for (const flag of rule.flags ?? []) expect(AUTH_FLAGS).toContain(flag);
        }
  });

  it('a role, a flag, canEdit or the answering service never takes access away', () => {
    const base = [who(1), who(2), who(3)];
    for (const user of base)
      for (const resource of RESOURCES)
        for (const action of ACTIONS) {
          const before = canAccess(user, { resource, action });
          const richer = [
            ...ROLE_NAMES.map((role) => ({ ...user, roles: [role] })),
            ...AUTH_FLAGS.map((flag) => ({ ...user, authItems: { [flag]: true } })),
            { ...user, canEdit: true },
            { ...user, dealer: { hasAnsweringService: true } },
          ];
          if (before) for (const more of richer) expect(canAccess(more, { resource, action })).toBe(true);
        }
  });

  it('an action the table does not list is denied, as is a name of Object.prototype', () => {
    expect(canAccess(who(1, ROLE_NAMES, ALL_FLAGS, { canEdit: true }), { resource: 'news', action: 'export' })).toBe(false);
    expect(canAccess(who(1), { resource: 'constructor', action: 'list' })).toBe(false);
    expect(canAccess(who(1), { resource: 'news', action: 'constructor' })).toBe(false);
    expect(canAccess(who(1), { resource: 'news', action: 'hasOwnProperty' })).toBe(false);
  });
});

describe('tenant records', () => {
  const beta = who(2, [], {}, { dealer: { siteGroupNum: 9993 }, siteGroupNums: [9993, 4120], userId: 7 });
  it('a dealer reaches records of its own account groups only', () => {
    expect(canAccess(beta, { resource: 'sites', action: 'show', record: { siteGroupNum: 4120 } })).toBe(true);
    expect(canAccess(beta, { resource: 'sites', action: 'show', record: { siteGroupNum: 5877 } })).toBe(false);
    expect(canAccess({ ...beta, siteGroupNums: undefined }, { resource: 'sites', action: 'show', record: { siteGroupNum: 4120 } })).toBe(
      false,
    );
    expect(canAccess({ ...beta, siteGroupNums: undefined }, { resource: 'sites', action: 'show', record: { siteGroupNum: 9993 } })).toBe(
      true,
    );
  });
  it('application-1 staff reach every group; a record still needs the table to allow the action', () => {
    expect(canAccess(who(1), { resource: 'sites', action: 'show', record: { siteGroupNum: 5877 } })).toBe(true);
    expect(canAccess(who(1), { resource: 'sites', action: 'create', record: { siteGroupNum: 5877 } })).toBe(false);
  });
  it('a customer reaches only records that are theirs', () => {
    const customer = who(3, ['contactsRead'], {}, { userId: 11 });
    expect(canAccess(customer, { resource: 'msaContacts', action: 'list', record: { userId: 11 } })).toBe(true);
    expect(canAccess(customer, { resource: 'msaContacts', action: 'list', record: { userId: 12 } })).toBe(false);
    expect(canAccess(customer, { resource: 'msaContacts', action: 'list', record: { siteGroupNum: 9993 } })).toBe(false);
  });
});
