import { APPLICATION } from '../../common/constants.js';
import type { AuthFlag, RoleName } from '../../../schemas/user.js';

/**
 * SPEC §2 'Drawer items by application', 'Help menu' and §6 'Roles and
 * permissions' as pure data and functions: an item shows only when the user
 * holds all its flags and its role.
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
  /** Route, or an action the shell runs ('accountSearch'). */
  to?: string;
  action?: 'accountSearch';
  flags?: readonly AuthFlag[];
  role?: RoleName;
  /** Answering Service: 'the dealer has an answering service'. */
  needsAnsweringService?: boolean;
  /** App 2: collapses into 'More Options' on a short screen. */
  collapsible?: boolean;
}

const DRAWERS: Record<number, readonly DrawerItem[]> = {
  [APPLICATION.internal]: [
    { key: 'home', to: '/home/dashboard' },
    { key: 'reports', to: '/reports', role: 'reportRead' },
    { key: 'support', to: '/support', role: 'reportRead' },
    { key: 'news', to: '/news' },
    { key: 'newsSetup', to: '/news/setup', role: 'reportRead' },
    { key: 'marketing', to: '/marketing' },
  ],
  [APPLICATION.dealer]: [
    { key: 'home', to: '/home/dashboard' },
    { key: 'advancedSearch', action: 'accountSearch' },
    { key: 'createAccount', to: '/site/create', flags: ['allowCreateAccountFlag'] },
    {
      key: 'answeringService',
      to: '/ans-service/messages',
      flags: ['ansServiceBlockFlag'],
      role: 'level8',
      needsAnsweringService: true,
      collapsible: true,
    },
    { key: 'reports', to: '/reports', role: 'reportRead' },
    { key: 'news', to: '/news', collapsible: true },
    { key: 'accountGroupSettings', to: '/account-group/info', flags: ['xtAdmin'], collapsible: true },
    { key: 'branding', to: '/branding', flags: ['xtAdmin'], collapsible: true },
    { key: 'billing', to: '/billing', role: 'billingRead', collapsible: true },
  ],
  [APPLICATION.customer]: [
    { key: 'home', to: '/msa/summary' },
    { key: 'accountInfo', to: '/msa/account-info' },
    { key: 'noAction', to: '/msa/no-action', role: 'noActionRead' },
    { key: 'contacts', to: '/msa/contacts', role: 'contactsRead' },
    { key: 'zones', to: '/msa/zones', role: 'zonesRead' },
    { key: 'passcodes', to: '/msa/passcodes', role: 'sitePasscodeRead' },
    { key: 'schedules', to: '/msa/schedules', role: 'scheduleRead' },
    { key: 'billing', to: '/billing', role: 'billingRead' },
  ],
};

/** Every item the application lists, before permissions. */
export function drawerItemsFor(applicationNum: number): readonly DrawerItem[] {
  return DRAWERS[applicationNum] ?? [];
}

/** §6 'Menu items show only if the user holds all of the item's permission flags and the role'. */
export function holdsItem(
  user: MenuUser,
  item: Pick<DrawerItem, 'flags' | 'role' | 'needsAnsweringService'>,
  dealerHasAnsweringService = !!user.dealer?.hasAnsweringService,
): boolean {
  if (item.flags?.some((flag) => !user.authItems[flag])) return false;
  if (item.role && !user.roles.includes(item.role)) return false;
  if (item.needsAnsweringService && !dealerHasAnsweringService) return false;
  return true;
}

/** The drawer the user sees (SPEC §2, §6). */
export function visibleDrawerItems(user: MenuUser, dealerHasAnsweringService = !!user.dealer?.hasAnsweringService): DrawerItem[] {
  return drawerItemsFor(user.applicationNum).filter((item) => holdsItem(user, item, dealerHasAnsweringService));
}

/** §9 'Small screen: width under 640 px or height under 768 px'; §2 'More Options' is by height. */
function isShortScreen(height: number): boolean {
  return height < 768;
}

/** App 2 on a short screen: the collapsible items move into the 'More Options' flyout. */
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
  | 'classicPortal'
  | 'stagingPortal'
  | 'resources'
  | 'submitBug'
  | 'provideFeedback'
  | 'contactUs'
  | 'productRoadmap';

/** §2 'Help menu (not for app 3)', in its order; Banner Settings for app 1 editors, the staging entry by flag. */
export function helpMenuItems(user: MenuUser): HelpItemKey[] {
  if (user.applicationNum === APPLICATION.customer) return [];
  const items: HelpItemKey[] = ['about', 'knowledgeBase'];
  if (user.applicationNum === APPLICATION.internal && user.canEdit) items.push('bannerSettings');
  items.push('classicPortal');
  if (user.authItems.stagesDealerURLFlag) items.push('stagingPortal');
  items.push('resources', 'submitBug', 'provideFeedback', 'contactUs', 'productRoadmap');
  return items;
}

/** §6 'the classic-portal block message apply to app 1'. */
export function classicPortalBlocked(applicationNum: number): boolean {
  return applicationNum === APPLICATION.internal;
}

/** §2 '(empty path) Redirects to /msa/summary for the customer variant, else /home/dashboard'. */
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
