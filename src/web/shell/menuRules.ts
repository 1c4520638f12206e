import { APPLICATION } from '../../common/constants.js';
import { canAccess, type AccessRequest } from '../../common/access.js';
import type { AuthFlag } from '../../../schemas/user.js';
import { resourceGate, resourcePath, type ResourcePageName } from '../resources/resourceNames.js';

/**
 * SPEC §2 'Drawer items by application', 'Help menu' and §6 'Roles and
 * permissions' as pure data and functions: each drawer item names its entry of
 * the access table (src/common/access.ts), which says who sees it.
 */
export interface MenuUser {
  applicationNum: number;
  roles: readonly string[];
  authItems: Readonly<Record<AuthFlag, boolean>>;
  canEdit: boolean;
  /** The current account group; §6 Answering Service needs one that has the service. */
  dealer?: { hasAnsweringService?: boolean } | null;
}

export interface DrawerItem {
  /** Key under shell.drawer.* */
  key: string;
  /** The registered resource whose page the item opens (its `to` and `access` are the resource's). */
  resource?: ResourcePageName;
  /** Route, or an action the shell runs ('accountSearch'). */
  to?: string;
  action?: 'accountSearch';
  /** The access-table entry that gates the item. */
  access: Pick<AccessRequest, 'resource' | 'action'>;
  /** App 2: collapses into 'More Options' on a short screen. */
  collapsible?: boolean;
}

/** An item that opens an entity's page: its path and its gate are its resource's (src/web/resources/resourceNames.ts). */
function pageItem(key: string, resource: ResourcePageName, more: Pick<DrawerItem, 'collapsible'> = {}): DrawerItem {
  return { key, resource, to: resourcePath(resource), access: resourceGate(resource), ...more };
}

const DRAWERS: Record<number, readonly DrawerItem[]> = {
  [APPLICATION.internal]: [
    { key: 'home', to: '/home/dashboard', access: { resource: 'dashboard', action: 'list' } },
    { key: 'reports', to: '/reports', access: { resource: 'reports', action: 'list' } },
    { key: 'support', to: '/support', access: { resource: 'support', action: 'list' } },
    pageItem('news', 'news'),
    { key: 'newsSetup', to: '/news/setup', access: { resource: 'news', action: 'setup' } },
    pageItem('marketing', 'marketing'),
    pageItem('contactRequests', 'contact-requests'),
    pageItem('auditLog', 'audit-log'),
  ],
  [APPLICATION.dealer]: [
    { key: 'home', to: '/home/dashboard', access: { resource: 'dashboard', action: 'list' } },
    pageItem('accounts', 'sites'),
    { key: 'advancedSearch', action: 'accountSearch', access: { resource: 'sites', action: 'list' } },
    { key: 'createAccount', to: '/site/create', access: { resource: 'sites', action: 'create' } },
    { key: 'importAccounts', to: '/site/import', access: { resource: 'siteImports', action: 'list' } },
    // The answering service's first screen; its tabs lead to the others.
    pageItem('answeringService', 'ans-service/messages', { collapsible: true }),
    { key: 'reports', to: '/reports', access: { resource: 'reports', action: 'list' } },
    pageItem('news', 'news', { collapsible: true }),
    { key: 'accountGroupSettings', to: '/account-group/info', access: { resource: 'accountGroup', action: 'edit' }, collapsible: true },
    { key: 'branding', to: '/branding', access: { resource: 'branding', action: 'edit' }, collapsible: true },
    pageItem('users', 'account-group/users', { collapsible: true }),
    pageItem('integrations', 'account-group/integrations', { collapsible: true }),
    pageItem('changeRequests', 'change-requests', { collapsible: true }),
    { key: 'billing', to: '/billing', access: { resource: 'invoices', action: 'list' }, collapsible: true },
  ],
  [APPLICATION.customer]: [
    { key: 'home', to: '/msa/summary', access: { resource: 'accountLinks', action: 'list' } },
    { key: 'accountInfo', to: '/msa/account-info', access: { resource: 'accountLinks', action: 'show' } },
    // Not in SPEC §2's drawer: the account's history, also the summary's View History.
    { key: 'history', to: '/msa/history', access: { resource: 'msaAccount', action: 'show' } },
    { key: 'noAction', to: '/msa/no-action', access: { resource: 'msaTests', action: 'list' } },
    { key: 'contacts', to: '/msa/contacts', access: { resource: 'msaContacts', action: 'list' } },
    { key: 'zones', to: '/msa/zones', access: { resource: 'msaZones', action: 'list' } },
    { key: 'passcodes', to: '/msa/passcodes', access: { resource: 'msaPasscodes', action: 'list' } },
    { key: 'schedules', to: '/msa/schedules', access: { resource: 'msaSchedules', action: 'list' } },
    { key: 'billing', to: '/billing', access: { resource: 'invoices', action: 'list' } },
  ],
};

/** Every item the application lists, before permissions. */
export function drawerItemsFor(applicationNum: number): readonly DrawerItem[] {
  return DRAWERS[applicationNum] ?? [];
}

/** §6 'Menu items show only if the user holds all of the item's permission flags and the role': the item's table entry. */
export function holdsItem(
  user: MenuUser,
  item: Pick<DrawerItem, 'access'>,
  dealerHasAnsweringService = !!user.dealer?.hasAnsweringService,
): boolean {
  return canAccess({ ...user, dealer: { ...user.dealer, hasAnsweringService: dealerHasAnsweringService } }, item.access);
}

/** The drawer the user sees (SPEC §2, §6). */
export function visibleDrawerItems(user: MenuUser, dealerHasAnsweringService = !!user.dealer?.hasAnsweringService): DrawerItem[] {
  return drawerItemsFor(user.applicationNum).filter((item) => holdsItem(user, item, dealerHasAnsweringService));
}

/** §9 'Small screen: width under 640 px or height under 768 px'; §2 'More Options' is by height. */
function isShortScreen(height: number): boolean {
  return height < 768;
}

/** App 2 on a short screen: the collapsible items move into the 'More Options' flyout (a layout of app 2's drawer, not access). */
export function splitMoreOptions(
  items: readonly DrawerItem[],
  applicationNum: number,
  height: number,
): { main: DrawerItem[]; more: DrawerItem[] } {
  if (applicationNum !== APPLICATION.dealer || !isShortScreen(height)) return { main: [...items], more: [] };
  return { main: items.filter((i) => !i.collapsible), more: items.filter((i) => i.collapsible) };
}

export type HelpItemKey =
  | 'about'
  | 'knowledgeBase'
  | 'bannerSettings'
  | 'privacyPolicy'
  | 'classicPortal'
  | 'stagingPortal'
  | 'resources'
  | 'submitBug'
  | 'provideFeedback'
  | 'contactUs'
  | 'productRoadmap';

/**
 * §2 'Help menu (not for app 3)', in its order; Banner Settings and Privacy Policy (its versions and
 * publishing) for app 1 editors, the staging entry
 * by flag when the portal knows a staging address (STAGING_PORTAL_URL).
 */
export function helpMenuItems(user: MenuUser, { stagingPortal = false }: { stagingPortal?: boolean } = {}): HelpItemKey[] {
  if (!canAccess(user, { resource: 'helpMenu', action: 'list' })) return [];
  const items: HelpItemKey[] = ['about', 'knowledgeBase'];
  if (canAccess(user, { resource: 'statusBanner', action: 'edit' })) items.push('bannerSettings');
  if (canAccess(user, { resource: 'privacyPolicies', action: 'list' })) items.push('privacyPolicy');
  items.push('classicPortal');
  if (stagingPortal && canAccess(user, { resource: 'stagingPortal', action: 'show' })) items.push('stagingPortal');
  items.push('resources', 'submitBug', 'provideFeedback', 'contactUs', 'productRoadmap');
  return items;
}

/** §6 'the classic-portal block message apply to app 1': whoever the table refuses a classic key gets the message instead. */
export function classicPortalBlocked(user: MenuUser): boolean {
  return !canAccess(user, { resource: 'classicPortal', action: 'create' });
}

/** §2 '(empty path) Redirects to /msa/summary for the customer variant, else /home/dashboard' (where home is, not who may go there). */
export function homePath(applicationNum: number | undefined): string {
  return applicationNum === APPLICATION.customer ? '/msa/summary' : '/home/dashboard';
}

/** §9 'Account-name display: truncated to 20 characters'. */
export function displayAccountName(name: string, max = 20): string {
  return name.length > max ? `${name.slice(0, max)}…` : name;
}

/** The product logo for each mode, when no dealer or account logo is known. */
const PRODUCT_LOGO = { light: '/login/tagline.svg', dark: '/login/tagline-dark.svg' } as const;

/** §2 header logo: the dealer's (or the customer's account's) logo in the mode, the light one in dark mode when no dark one, else the product logo. */
export function headerLogo(
  mode: 'light' | 'dark',
  branding: { headerLogoUrl?: string | null; darkHeaderLogoUrl?: string | null } | null | undefined,
): string {
  const logo = mode === 'dark' ? (branding?.darkHeaderLogoUrl ?? branding?.headerLogoUrl) : branding?.headerLogoUrl;
  return logo || PRODUCT_LOGO[mode];
}
