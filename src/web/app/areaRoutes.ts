import { canAccess, type AccessRequest } from '../../common/access.js';
import type { MenuUser } from '../shell/menuRules.js';
import type { AnsServicePage } from './AnsServiceRoute.js';
import type { HelpPage } from './HelpPagesRoute.js';
import type { InboxPage } from './InboxRoutes.js';
import type { MsaPage } from './MsaRoutes.js';

/**
 * SPEC §2 routes of the areas, each naming the page that serves it (lazily loaded) and the access-table entry (src/common/access.ts) that says who
 * may open it (§6).
 */
export interface AreaRoute {
  path: string;
  titleKey: string;
  /** The access-table entry that gates the page. */
  access: Pick<AccessRequest, 'resource' | 'action'>;
  /** The page that serves the route (App.tsx). */
  page:
    | 'dashboard'
    | 'siteInfo'
    | 'siteHistory'
    | 'alarmHistory'
    | 'siteCreate'
    | 'reportCatalogue'
    | 'reportInbox'
    | 'reportSchedules'
    | 'reportRun'
    | 'billing'
    | 'accountGroup'
    | 'branding'
    | 'userAccount'
    | 'users'
    | 'support'
    | 'supportUser'
    | AnsServicePage
    | HelpPage
    | InboxPage
    | MsaPage;
}

export const AREA_ROUTES: readonly AreaRoute[] = [
  { path: '/home', titleKey: 'shell.pages.home', access: { resource: 'dashboard', action: 'list' }, page: 'dashboard' },
  { path: '/home/dashboard', titleKey: 'shell.pages.dashboard', access: { resource: 'dashboard', action: 'list' }, page: 'dashboard' },
  {
    path: '/home/contact-us',
    titleKey: 'shell.pages.contactUs',
    access: { resource: 'contactRequests', action: 'create' },
    page: 'contactUs',
  },
  {
    path: '/home/product-roadmap',
    titleKey: 'shell.pages.productRoadmap',
    access: { resource: 'roadmapItems', action: 'list' },
    page: 'productRoadmap',
  },
  { path: '/resources', titleKey: 'shell.pages.resources', access: { resource: 'documents', action: 'list' }, page: 'resources' },
  { path: '/reports', titleKey: 'shell.pages.reports', access: { resource: 'reports', action: 'list' }, page: 'reportCatalogue' },
  { path: '/reports/inbox', titleKey: 'shell.pages.reportsInbox', access: { resource: 'reportRuns', action: 'list' }, page: 'reportInbox' },
  // The list and its slide-over (/reports/schedules/create, /reports/schedules/:id).
  {
    path: '/reports/schedules/*',
    titleKey: 'shell.pages.reportSchedules',
    access: { resource: 'reportSchedules', action: 'list' },
    page: 'reportSchedules',
  },
  // A run's page (SPEC §4 'Verified: go to /reports/{id}'): the router prefers the static paths above, so it
  // never takes /reports/inbox or /reports/schedules.
  { path: '/reports/:id', titleKey: 'shell.pages.reportRun', access: { resource: 'reportRuns', action: 'show' }, page: 'reportRun' },
  { path: '/support', titleKey: 'shell.pages.support', access: { resource: 'support', action: 'list' }, page: 'support' },
  // A user's page of /support: the support entry gates it, as the directory.
  {
    path: '/support/users/:id',
    titleKey: 'shell.pages.supportUser',
    access: { resource: 'support', action: 'list' },
    page: 'supportUser',
  },
  { path: '/marketing', titleKey: 'shell.pages.marketing', access: { resource: 'marketing', action: 'list' }, page: 'marketing' },
  // Staff: the audit log, an entry in its drawer at /audit-log/:id; support's contact-us inbox.
  { path: '/audit-log/*', titleKey: 'shell.pages.auditLog', access: { resource: 'auditLog', action: 'list' }, page: 'auditLog' },
  {
    path: '/contact-requests/*',
    titleKey: 'shell.pages.contactRequests',
    access: { resource: 'contactRequests', action: 'list' },
    page: 'contactRequests',
  },
  // Dealers: what their customers asked them to change (the customers' change requests).
  {
    path: '/change-requests',
    titleKey: 'shell.pages.changeRequests',
    access: { resource: 'changeRequests', action: 'list' },
    page: 'changeRequests',
  },
  // The answering service; the slide-over pages open their forms at /create and /:id.
  {
    path: '/ans-service/messages',
    titleKey: 'shell.pages.ansMessages',
    access: { resource: 'ansMessages', action: 'list' },
    page: 'ansMessages',
  },
  { path: '/ans-service/on-call/*', titleKey: 'shell.pages.ansOnCall', access: { resource: 'onCall', action: 'list' }, page: 'ansOnCall' },
  {
    path: '/ans-service/auto-notify/*',
    titleKey: 'shell.pages.ansAutoNotify',
    access: { resource: 'autoNotify', action: 'list' },
    page: 'ansAutoNotify',
  },
  {
    path: '/ans-service/business-hours',
    titleKey: 'shell.pages.ansBusinessHours',
    access: { resource: 'businessHours', action: 'list' },
    page: 'ansBusinessHours',
  },
  {
    path: '/ans-service/temp-business-hours/*',
    titleKey: 'shell.pages.ansTempBusinessHours',
    access: { resource: 'businessHours', action: 'list' },
    page: 'ansTempBusinessHours',
  },
  {
    path: '/account-group/info',
    titleKey: 'shell.pages.accountGroup',
    access: { resource: 'accountGroup', action: 'edit' },
    page: 'accountGroup',
  },
  { path: '/branding', titleKey: 'shell.pages.branding', access: { resource: 'branding', action: 'edit' }, page: 'branding' },
  // The account group's staff: its administrator (xtAdmin) invites and manages them.
  { path: '/account-group/users', titleKey: 'shell.pages.users', access: { resource: 'users', action: 'list' }, page: 'users' },
  // Customers: their billing; dealers: the station's invoices.
  { path: '/billing', titleKey: 'shell.pages.billing', access: { resource: 'invoices', action: 'list' }, page: 'billing' },
  { path: '/site/create', titleKey: 'shell.pages.createAccount', access: { resource: 'sites', action: 'create' }, page: 'siteCreate' },
  { path: '/site/info', titleKey: 'shell.pages.siteInfo', access: { resource: 'sites', action: 'show' }, page: 'siteInfo' },
  { path: '/site/history', titleKey: 'shell.pages.siteHistory', access: { resource: 'sites', action: 'show' }, page: 'siteHistory' },
  {
    path: '/site/alarm-history',
    titleKey: 'shell.pages.siteAlarmHistory',
    access: { resource: 'sites', action: 'show' },
    page: 'alarmHistory',
  },
  {
    path: '/msa/summary',
    titleKey: 'shell.pages.msaSummary',
    access: { resource: 'msaAccount', action: 'show' },
    page: 'msaSummary',
  },
  {
    path: '/msa/account-info',
    titleKey: 'shell.pages.msaAccountInfo',
    access: { resource: 'msaAccount', action: 'show' },
    page: 'msaAccountInfo',
  },
  {
    path: '/msa/panel-info',
    titleKey: 'shell.pages.msaPanelInfo',
    access: { resource: 'msaAccount', action: 'show' },
    page: 'msaPanelInfo',
  },
  {
    path: '/msa/no-action',
    titleKey: 'shell.pages.msaNoAction',
    access: { resource: 'msaTests', action: 'list' },
    page: 'msaNoAction',
  },
  {
    path: '/msa/contacts',
    titleKey: 'shell.pages.msaContacts',
    access: { resource: 'msaContacts', action: 'list' },
    page: 'msaContacts',
  },
  { path: '/msa/zones', titleKey: 'shell.pages.msaZones', access: { resource: 'msaZones', action: 'list' }, page: 'msaZones' },
  {
    path: '/msa/passcodes',
    titleKey: 'shell.pages.msaPasscodes',
    access: { resource: 'msaPasscodes', action: 'list' },
    page: 'msaPasscodes',
  },
  // Not a SPEC §2 route: the customer's full history, the summary's 'View History'.
  {
    path: '/msa/history',
    titleKey: 'shell.pages.msaHistory',
    access: { resource: 'msaAccount', action: 'show' },
    page: 'msaHistory',
  },
  {
    path: '/msa/schedules',
    titleKey: 'shell.pages.msaSchedules',
    access: { resource: 'msaSchedules', action: 'list' },
    page: 'msaSchedules',
  },
  { path: '/user-account', titleKey: 'shell.pages.userAccount', access: { resource: 'userAccount', action: 'show' }, page: 'userAccount' },
];

/** §6 route gate: the page's entry of the access table (whose msa* and accountLinks entries are application 3's only). */
export function mayOpen(user: MenuUser, route: Pick<AreaRoute, 'access'>): boolean {
  return canAccess(user, route.access);
}
