import { APPLICATION } from './constants.js';
import type { AuthFlag, RoleName } from '../../schemas/user.js';

/**
 * Who may do what (SPEC §6), as one table and one pure function every side asks:
 * the server's access guard before a route runs (src/server/auth/accessGuard.ts),
 * react-admin's authProvider.canAccess, the drawer (menuRules.ts) and the page
 * gate (resourcePage.tsx: an area route's entry, or a resource's from resourceNames.ts) before they show. Menu items and routes name an entry
 * ({resource, action}) and hold no rule of their own.
 */
export interface AccessUser {
  applicationNum: number;
  canEdit: boolean;
  roles: readonly string[];
  /** Permission flags (§3 authItems); a missing flag is not held. */
  authItems?: Readonly<Partial<Record<AuthFlag, boolean>>>;
  /** The current account group; §6 Answering Service needs one that has the service. */
  dealer?: { siteGroupNum?: number; hasAnsweringService?: boolean } | null;
  /** The account groups the user may use (tenant check of a record); else only the current one. */
  siteGroupNums?: readonly number[];
  /** The user's own id (a record owned by a user). */
  userId?: number;
}

export const ACTIONS = [
  'list',
  'show',
  'create',
  'edit',
  'delete',
  'export',
  /** News setup, and other setup pages. */
  'setup',
  /** Show a passcode in clear. */
  'reveal',
  /** Sign in as another user. */
  'impersonate',
  /** Mark as favourite (sites, account links). */
  'favorite',
  /** Make current (account group, active account). */
  'switch',
  /** Accept (privacy policy). */
  'accept',
] as const;
export type Action = (typeof ACTIONS)[number];

const { internal, dealer, customer } = APPLICATION;
const ALL = [internal, dealer, customer] as const;
const STAFF = [internal, dealer] as const;

/** One way to be allowed: every condition must hold. */
export interface AccessRule {
  /** Applications allowed (1 internal, 2 dealer, 3 customer). */
  apps: readonly number[];
  /** Roles the user must hold, all of them. */
  roles?: readonly RoleName[];
  /** Permission flags the user must hold, all of them. */
  flags?: readonly AuthFlag[];
  /** The user must have canEdit (the editing role, §6 'not shown'). */
  canEdit?: true;
  /** 'the dealer has an answering service': the current account group has it. */
  answeringService?: true;
}

/** An action is allowed when any one of its rules holds; an action not listed is denied. */
export type AccessEntry = Partial<Record<Action, AccessRule | readonly AccessRule[]>>;

/** Answering Service (§6): level8, ansServiceBlockFlag and a dealer that has the service. */
const ANS: AccessRule = { apps: [dealer], roles: ['level8'], flags: ['ansServiceBlockFlag'], answeringService: true };
const ANS_ALL: AccessEntry = { list: ANS, show: ANS, create: ANS, edit: ANS, delete: ANS };

/**
 * Who edits an account: a dealer with xtAdmin (§6, the dealer's
 * administrator). The README's 'Who sees what' names it. The customer's screens: msaDetail.
 */
const ACCOUNT_EDIT: AccessRule = { apps: [dealer], flags: ['xtAdmin'] };

/** Support staff (§6 'reportRead: Reports, Support and News Setup'): application 1 with reportRead (/support). */
const SUPPORT: AccessRule = { apps: [internal], roles: ['reportRead'] };

/** Reports (§6 reportRead): staff of applications 1 and 2 with reportRead, each on their own runs and schedules. */
const REPORTS: AccessRule = { apps: STAFF, roles: ['reportRead'] };

/** A dealer's administrator (§6 xtAdmin) managing their account group's staff (src/common/userPermissions.ts). */
const USERS_ADMIN: AccessRule = { apps: [dealer], flags: ['xtAdmin'] };

/** A site's details on the dealer side: staff of the site's account group read, `writeRule` changes. */
function siteDetail(write: Action[] = ['create', 'edit', 'delete'], writeRule: AccessRule = { apps: [dealer] }): AccessEntry {
  const entry: AccessEntry = { list: { apps: STAFF }, show: { apps: STAFF } };
  for (const action of write) entry[action] = writeRule;
  return entry;
}

/**
 * The customer's screens (SPEC §6 'noActionRead, contactsRead, zonesRead,
 * sitePasscodeRead, scheduleRead: the matching MSA screens'): /api/msa/* over the customer's
 * linked accounts (the repositories' scope), read and changed by a customer holding the role.
 */
function msaDetail(role: RoleName, actions: Action[] = ['list', 'show', 'create', 'edit', 'delete']): AccessEntry {
  const rule: AccessRule = { apps: [customer], roles: [role] };
  return Object.fromEntries(actions.map((action) => [action, rule]));
}

/**
 * The access table (SPEC §2 drawer, §6 roles and permissions). Resources later
 * issues add are here already: their routes only name an entry.
 */
export const ACCESS_TABLE = {
  // Home pages: the dashboard and help pages of applications 1 and 2 (§2).
  dashboard: { list: { apps: STAFF } },
  // §2 Marketing: application 1.
  marketing: { list: { apps: [internal] } },
  // §6 reportRead: Reports, Support and News Setup.
  support: { list: SUPPORT },
  // /support's actions on a user's sign-in (unlock, reset MFA, ...; src/common/supportActions.ts), each with a reason.
  supportActions: { edit: SUPPORT },
  reports: { list: REPORTS, show: REPORTS },
  reportRuns: {
    list: REPORTS,
    show: REPORTS,
    create: REPORTS,
    // Cancel (a run's only change) and delete: the routes act on the user's own runs only.
    edit: REPORTS,
    delete: REPORTS,
    export: REPORTS,
  },
  reportSchedules: { list: REPORTS, show: REPORTS, create: REPORTS, edit: REPORTS, delete: REPORTS },
  // §6 'News page: applications 1 and 2. News setup: application 1 only, with editing only when the user has canEdit.'
  news: {
    list: { apps: STAFF },
    show: { apps: STAFF },
    setup: { apps: [internal], roles: ['reportRead'] },
    create: { apps: [internal], canEdit: true },
    edit: { apps: [internal], canEdit: true },
    delete: { apps: [internal], canEdit: true },
  },
  // §6 'Banner Settings ... apply to app 1': edited by the staff who may edit news; read by anyone (public routes).
  statusBanner: { show: { apps: ALL }, edit: { apps: [internal], canEdit: true } },
  privacyPolicy: { show: { apps: ALL }, accept: { apps: ALL }, edit: { apps: [internal], canEdit: true } },
  // The staff screen of the policy's versions (Help menu 'Privacy Policy'): the editors who publish it read every version.
  privacyPolicies: {
    list: { apps: [internal], canEdit: true },
    show: { apps: [internal], canEdit: true },
    create: { apps: [internal], canEdit: true },
  },
  // §6 'the classic-portal block message apply to app 1': only dealers get a classic key.
  classicPortal: { create: { apps: [dealer] } },
  // Sites: staff of the site's account group (§7 'Dealer, site and live'); §6 allowCreateAccountFlag: Create New Account.
  sites: {
    list: { apps: STAFF },
    show: { apps: STAFF },
    favorite: { apps: STAFF },
    create: { apps: [dealer], flags: ['allowCreateAccountFlag'] },
    edit: { apps: [dealer] },
  },
  // The create-account stepper's drafts: whoever may create an account; each user's own (repository).
  siteDrafts: {
    list: { apps: [dealer], flags: ['allowCreateAccountFlag'] },
    show: { apps: [dealer], flags: ['allowCreateAccountFlag'] },
    create: { apps: [dealer], flags: ['allowCreateAccountFlag'] },
    edit: { apps: [dealer], flags: ['allowCreateAccountFlag'] },
    delete: { apps: [dealer], flags: ['allowCreateAccountFlag'] },
  },
  // Importing accounts from a file (/site/import): whoever may create an account; each user's own imports (repository).
  siteImports: {
    list: { apps: [dealer], flags: ['allowCreateAccountFlag'] },
    show: { apps: [dealer], flags: ['allowCreateAccountFlag'] },
    create: { apps: [dealer], flags: ['allowCreateAccountFlag'] },
    edit: { apps: [dealer], flags: ['allowCreateAccountFlag'] },
    delete: { apps: [dealer], flags: ['allowCreateAccountFlag'] },
  },
  // The account's history: staff of its group, and the customer of a linked account, each within the repository's scope.
  events: { list: { apps: ALL }, show: { apps: ALL }, export: { apps: ALL } },
  // The recent-alarms list (GET /api/alarms/recent): whoever hears the alarm hub, staff of a live account group (the route checks the group).
  liveAlarms: { list: { apps: STAFF } },
  // Place on test (the spec's "No Action" state): dealers of the account's group.
  tests: siteDetail(),
  // Editing the account: the call list, zones, passcodes, schedules and holidays; xtAdmin edits.
  contacts: siteDetail(undefined, ACCOUNT_EDIT),
  zones: siteDetail(['edit'], ACCOUNT_EDIT),
  passcodes: { ...siteDetail(undefined, ACCOUNT_EDIT), reveal: { apps: [dealer] } },
  schedules: siteDetail(undefined, ACCOUNT_EDIT),
  holidays: siteDetail(undefined, ACCOUNT_EDIT),
  // The customer's side of the same: §6 noActionRead is the MSA No Action screen.
  msaTests: msaDetail('noActionRead'),
  msaContacts: msaDetail('contactsRead'),
  msaZones: msaDetail('zonesRead', ['list', 'show', 'edit']),
  // Reveal: after the customer re-enters their password (the route checks it).
  msaPasscodes: msaDetail('sitePasscodeRead', ['list', 'show', 'create', 'edit', 'delete', 'reveal']),
  msaSchedules: msaDetail('scheduleRead'),
  msaHolidays: msaDetail('scheduleRead'),
  // The active account's summary, account and panel info; change requests to the dealer (create).
  msaAccount: { show: { apps: [customer] }, list: { apps: [customer] }, create: { apps: [customer] } },
  // §2 MSA account dialog, §7 'Update personal user: email, phone': the customer's own email and phone.
  msaUsers: { show: { apps: [customer] }, edit: { apps: [customer] } },
  // The customer's linked alarm accounts (MSA summary, account and panel info).
  accountLinks: {
    list: { apps: [customer] },
    show: { apps: [customer] },
    // §7 'Delete account link by siteNum'; adding one takes the account number and passcode (as at registration).
    create: { apps: [customer] },
    delete: { apps: [customer] },
    favorite: { apps: [customer] },
    switch: { apps: [customer] },
  },
  // §6 xtAdmin: Account Group Settings. The switcher: staff (customers switch accounts instead).
  accountGroup: {
    list: { apps: ALL },
    switch: { apps: STAFF },
    show: { apps: [dealer], flags: ['xtAdmin'] },
    edit: { apps: [dealer], flags: ['xtAdmin'] },
  },
  // Header logos: read by anyone signed in (and anonymously by route); §6 xtAdmin: Branding.
  branding: { show: { apps: ALL }, edit: { apps: [dealer], flags: ['xtAdmin'] } },
  // §6 billingRead: Billing (applications 2 and 3).
  invoices: {
    list: { apps: [dealer, customer], roles: ['billingRead'] },
    show: { apps: [dealer, customer], roles: ['billingRead'] },
    export: { apps: [dealer, customer], roles: ['billingRead'] },
  },
  // Billing for dealers (/api/invoices): what the station bills the selected account group; billingRead.
  dealerInvoices: {
    list: { apps: [dealer], roles: ['billingRead'] },
    show: { apps: [dealer], roles: ['billingRead'] },
    export: { apps: [dealer], roles: ['billingRead'] },
  },
  // Billing for customers (/api/msa/invoices): the customer's own linked accounts; the dealer's billing is `invoices`.
  msaInvoices: {
    list: { apps: [customer], roles: ['billingRead'] },
    show: { apps: [customer], roles: ['billingRead'] },
    export: { apps: [customer], roles: ['billingRead'] },
  },
  // §6 level8 + ansServiceBlockFlag + 'the dealer has an answering service': Answering Service.
  ansMessages: { ...ANS_ALL, export: ANS },
  onCall: ANS_ALL,
  autoNotify: ANS_ALL,
  businessHours: ANS_ALL,
  // /resources (and /marketing: its `marketing` entry): staff with canEdit upload, change and delete.
  documents: {
    list: { apps: STAFF },
    show: { apps: STAFF },
    create: { apps: [internal], canEdit: true },
    edit: { apps: [internal], canEdit: true },
    delete: { apps: [internal], canEdit: true },
  },
  // §2 help menu (not for app 3) 'Contact Us': a message to support.
  // Staff read the messages and handle them (/contact-requests): status and an internal note.
  contactRequests: { create: { apps: STAFF }, list: { apps: [internal] }, show: { apps: [internal] }, edit: { apps: [internal] } },
  roadmapItems: {
    list: { apps: STAFF },
    show: { apps: STAFF },
    create: { apps: [internal], canEdit: true },
    edit: { apps: [internal], canEdit: true },
    delete: { apps: [internal], canEdit: true },
  },
  // Staff administration (application 1); a dealer's administrator (§6 xtAdmin) manages their account group's staff.
  // Application 1's list and show are /support's directory of every user, §6 reportRead (the `support` entry's rule).
  users: {
    list: [SUPPORT, USERS_ADMIN],
    show: [SUPPORT, USERS_ADMIN],
    create: [{ apps: [internal], canEdit: true }, USERS_ADMIN],
    edit: [{ apps: [internal], canEdit: true }, USERS_ADMIN],
    delete: { apps: [internal], canEdit: true },
    impersonate: SUPPORT,
  },
  auditLog: { list: { apps: [internal] }, show: { apps: [internal] }, export: { apps: [internal] } },
  // A dealer's own systems (Account Group › Integrations): API keys, managed by the administrator (§6 xtAdmin).
  apiKeys: { list: USERS_ADMIN, show: USERS_ADMIN, create: USERS_ADMIN, delete: USERS_ADMIN },
  webhookSubscriptions: { list: USERS_ADMIN, show: USERS_ADMIN, create: USERS_ADMIN, edit: USERS_ADMIN, delete: USERS_ADMIN },
  webhookDeliveries: { list: USERS_ADMIN, show: USERS_ADMIN, edit: USERS_ADMIN },
  // Customers' change requests answered by the dealer of the account's group (/change-requests): read by its
  // staff, marked done or declined by its administrator (xtAdmin, who edits the account).
  changeRequests: { list: { apps: [dealer] }, show: { apps: [dealer] }, edit: ACCOUNT_EDIT },
  // §6 'Impersonation sessions exist': started by staff, ended by whoever is in one.
  impersonation: { create: { apps: [internal] }, delete: { apps: ALL } },
  // The user's own account page.
  userAccount: { show: { apps: ALL }, edit: { apps: ALL } },
  // §2 'Help menu (not for app 3)': staff open it; its Banner Settings and Privacy Policy items read their own entries.
  helpMenu: { list: { apps: STAFF } },
  // §2 help menu's staging entry: staff holding stagesDealerURLFlag (shown only when the portal knows a staging address).
  stagingPortal: { show: { apps: STAFF, flags: ['stagesDealerURLFlag'] } },
} as const satisfies Record<string, AccessEntry>;

export type Resource = keyof typeof ACCESS_TABLE;
export const RESOURCES = Object.keys(ACCESS_TABLE) as Resource[];

/** A table entry: what a route, menu item or page names. */
export interface AccessRequest {
  resource: string;
  action: string;
  /** A record of a tenant: its account group, or the user it belongs to. */
  record?: { siteGroupNum?: number | null; userId?: number | null };
}

/** The rules of an entry, none when the table has no such resource or action. */
export function rulesFor(resource: string, action: string): readonly AccessRule[] {
  const entry = (ACCESS_TABLE as Record<string, AccessEntry>)[resource];
  const rules = entry && Object.hasOwn(entry, action) ? entry[action as Action] : undefined;
  if (!rules) return [];
  return 'apps' in rules ? [rules as AccessRule] : (rules as readonly AccessRule[]);
}

/** Whether the user meets every condition of one rule. */
function meetsRule(user: AccessUser, rule: AccessRule): boolean {
  if (!rule.apps.includes(user.applicationNum)) return false;
  if (rule.roles?.some((role) => !user.roles.includes(role))) return false;
  if (rule.flags?.some((flag) => !user.authItems?.[flag])) return false;
  if (rule.canEdit && !user.canEdit) return false;
  if (rule.answeringService && !user.dealer?.hasAnsweringService) return false;
  return true;
}

/** A record of another tenant: staff of application 1 see every group; others only their own groups, a customer only their own records. */
function ownsRecord(user: AccessUser, record: NonNullable<AccessRequest['record']>): boolean {
  if (user.applicationNum === internal) return true;
  if (record.siteGroupNum !== undefined && record.siteGroupNum !== null) {
    const groups = user.siteGroupNums ?? (user.dealer?.siteGroupNum !== undefined ? [user.dealer.siteGroupNum] : []);
    if (!groups.includes(record.siteGroupNum)) return false;
  }
  if (record.userId !== undefined && record.userId !== null && record.userId !== user.userId) return false;
  return true;
}

/** The one question: may this user do `action` on `resource` (and on this record)? */
export function canAccess(user: AccessUser | null | undefined, request: AccessRequest): boolean {
  if (!user) return false;
  if (!rulesFor(request.resource, request.action).some((rule) => meetsRule(user, rule))) return false;
  return !request.record || ownsRecord(user, request.record);
}
