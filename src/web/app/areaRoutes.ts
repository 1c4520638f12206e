import type { AccessRequest } from '../../common/access.js';
import type { MsaPage } from './MsaRoutes.js';

/**
 * SPEC §2 routes of the pages that are not one entity's (the dashboard, the report catalogue, support's
 * search, a site's pages, the customer's screens, settings and help), each naming the page that serves
 * it (lazily loaded) and the access-table entry (src/common/access.ts) that says who may open it (§6).
 * An entity's page is its registered resource's list instead (App.tsx, src/web/resources/resourceNames.ts).
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
    | 'siteImport'
    | 'reportCatalogue'
    | 'reportRun'
    | 'billing'
    | 'accountGroup'
    | 'branding'
    | 'userAccount'
    | 'support'
    | 'supportUser'
    | 'ansBusinessHours'
    | 'contactUs'
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
  { path: '/reports', titleKey: 'shell.pages.reports', access: { resource: 'reports', action: 'list' }, page: 'reportCatalogue' },
  // A run's page (SPEC §4 'Verified: go to /reports/{id}'), the reportRuns show view: the router prefers the
  // resources' static paths (/reports/inbox/*, /reports/schedules/*), so it never takes the inbox or the schedules.
  { path: '/reports/:id', titleKey: 'shell.pages.reportRun', access: { resource: 'reportRuns', action: 'show' }, page: 'reportRun' },
  { path: '/support', titleKey: 'shell.pages.support', access: { resource: 'support', action: 'list' }, page: 'support' },
  // A user's page of /support: the support entry gates it, as the directory.
  {
    path: '/support/users/:id',
    titleKey: 'shell.pages.supportUser',
    access: { resource: 'support', action: 'list' },
    page: 'supportUser',
  },
  // The answering service's week of hours, one form (its lists are resources, under the same tabs).
  {
    path: '/ans-service/business-hours',
    titleKey: 'shell.pages.ansBusinessHours',
    access: { resource: 'businessHours', action: 'list' },
    page: 'ansBusinessHours',
  },
  {
    path: '/account-group/info',
    titleKey: 'shell.pages.accountGroup',
    access: { resource: 'accountGroup', action: 'edit' },
    page: 'accountGroup',
  },
  { path: '/branding', titleKey: 'shell.pages.branding', access: { resource: 'branding', action: 'edit' }, page: 'branding' },
  // Customers: their billing; dealers: the station's invoices.
  { path: '/billing', titleKey: 'shell.pages.billing', access: { resource: 'invoices', action: 'list' }, page: 'billing' },
  { path: '/site/create', titleKey: 'shell.pages.createAccount', access: { resource: 'sites', action: 'create' }, page: 'siteCreate' },
  { path: '/site/import', titleKey: 'shell.pages.importAccounts', access: { resource: 'siteImports', action: 'list' }, page: 'siteImport' },
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
