import { APPLICATION } from '../../common/constants.js';
import { drawerItemsFor, holdsItem, type MenuUser } from '../shell/menuRules.js';

/**
 * SPEC §2 routes of the areas later work owns (each a titled, lazily loaded page for now),
 * with who may open them (§6): the applications, and the drawer item whose flags and role gate it.
 */
export interface AreaRoute {
  path: string;
  titleKey: string;
  apps: readonly number[];
  /** The drawer item (of the user's application) that gates the page. */
  item?: string;
  site?: boolean;
}

const { internal, dealer, customer } = APPLICATION;
const staff = [internal, dealer] as const;

export const AREA_ROUTES: readonly AreaRoute[] = [
  { path: '/home', titleKey: 'shell.pages.home', apps: staff },
  { path: '/home/dashboard', titleKey: 'shell.pages.dashboard', apps: staff },
  { path: '/home/contact-us', titleKey: 'shell.pages.contactUs', apps: staff },
  { path: '/home/product-roadmap', titleKey: 'shell.pages.productRoadmap', apps: staff },
  { path: '/resources', titleKey: 'shell.pages.resources', apps: staff },
  { path: '/reports', titleKey: 'shell.pages.reports', apps: staff, item: 'reports' },
  { path: '/reports/inbox', titleKey: 'shell.pages.reportsInbox', apps: staff, item: 'reports' },
  { path: '/support', titleKey: 'shell.pages.support', apps: [internal], item: 'support' },
  { path: '/marketing', titleKey: 'shell.pages.marketing', apps: [internal] },
  { path: '/ans-service/messages', titleKey: 'shell.pages.ansMessages', apps: [dealer], item: 'answeringService' },
  { path: '/ans-service/on-call', titleKey: 'shell.pages.ansOnCall', apps: [dealer], item: 'answeringService' },
  { path: '/ans-service/auto-notify', titleKey: 'shell.pages.ansAutoNotify', apps: [dealer], item: 'answeringService' },
  { path: '/ans-service/business-hours', titleKey: 'shell.pages.ansBusinessHours', apps: [dealer], item: 'answeringService' },
  { path: '/ans-service/temp-business-hours', titleKey: 'shell.pages.ansTempBusinessHours', apps: [dealer], item: 'answeringService' },
  { path: '/account-group/info', titleKey: 'shell.pages.accountGroup', apps: [dealer], item: 'accountGroupSettings' },
  { path: '/branding', titleKey: 'shell.pages.branding', apps: [dealer], item: 'branding' },
  { path: '/billing', titleKey: 'shell.pages.billing', apps: [dealer, customer], item: 'billing' },
  { path: '/site/create', titleKey: 'shell.pages.createAccount', apps: [dealer], item: 'createAccount' },
  { path: '/site/info', titleKey: 'shell.pages.siteInfo', apps: staff, site: true },
  { path: '/site/history', titleKey: 'shell.pages.siteHistory', apps: staff, site: true },
  { path: '/site/alarm-history', titleKey: 'shell.pages.siteAlarmHistory', apps: staff, site: true },
  { path: '/msa/summary', titleKey: 'shell.pages.msaSummary', apps: [customer] },
  { path: '/msa/account-info', titleKey: 'shell.pages.msaAccountInfo', apps: [customer] },
  { path: '/msa/panel-info', titleKey: 'shell.pages.msaPanelInfo', apps: [customer] },
  { path: '/msa/no-action', titleKey: 'shell.pages.msaNoAction', apps: [customer], item: 'noAction' },
  { path: '/msa/contacts', titleKey: 'shell.pages.msaContacts', apps: [customer], item: 'contacts' },
  { path: '/msa/zones', titleKey: 'shell.pages.msaZones', apps: [customer], item: 'zones' },
  { path: '/msa/passcodes', titleKey: 'shell.pages.msaPasscodes', apps: [customer], item: 'passcodes' },
  { path: '/msa/schedules', titleKey: 'shell.pages.msaSchedules', apps: [customer], item: 'schedules' },
  { path: '/user-account', titleKey: 'shell.pages.userAccount', apps: [internal, dealer, customer] },
];

/** §6 route gate: the user's application, then the flags and role of the gating drawer item. */
export function mayOpen(user: MenuUser, route: Pick<AreaRoute, 'apps' | 'item'>): boolean {
  if (!route.apps.includes(user.applicationNum)) return false;
  if (!route.item) return true;
  const item = drawerItemsFor(user.applicationNum).find((i) => i.key === route.item);
  return !!item && holdsItem(user, item);
}
