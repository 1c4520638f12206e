import type { AccessRequest, Resource as AccessResource } from '../../common/access.js';

/** Where a registered resource's records live and who may open them. */
interface ResourceEntry {
  /** The API path under /api (ra-data-simple-rest's resource). */
  api: string;
  /** Its entry of the access table (src/common/access.ts). */
  access: AccessResource;
}

/**
 * The resources whose list is a page, each named by the page's SPEC §2 path without the leading
 * slash: react-admin serves the list there (`/ans-service/on-call/*`, whose `/create` and `/:id`
 * open the page's slide-over), and `useCreatePath` and the drawer lead there.
 */
export const RESOURCE_PAGES = {
  news: { api: 'news', access: 'news' },
  sites: { api: 'sites', access: 'sites' },
  privacyPolicies: { api: 'privacyPolicies', access: 'privacyPolicies' },
  'ans-service/messages': { api: 'ansMessages', access: 'ansMessages' },
  'ans-service/on-call': { api: 'onCall', access: 'onCall' },
  'ans-service/auto-notify': { api: 'autoNotify', access: 'autoNotify' },
  'ans-service/temp-business-hours': { api: 'businessHours/exceptions', access: 'businessHours' },
  'audit-log': { api: 'auditLog', access: 'auditLog' },
  'contact-requests': { api: 'contactRequests', access: 'contactRequests' },
  'change-requests': { api: 'changeRequests', access: 'changeRequests' },
  'account-group/users': { api: 'users', access: 'users' },
  // The API keys' list is the page's own; its webhook subscriptions and deliveries are named by their API paths.
  'account-group/integrations': { api: 'apiKeys', access: 'apiKeys' },
  // The runs' list; a run's own page is /reports/{id}, the reportRuns resource's show view (App.tsx).
  'reports/inbox': { api: 'reportRuns', access: 'reportRuns' },
  'reports/schedules': { api: 'reportSchedules', access: 'reportSchedules' },
  // The document libraries: one entity, two pages with their own gates.
  resources: { api: 'documents', access: 'documents' },
  marketing: { api: 'documents', access: 'marketing' },
  'home/product-roadmap': { api: 'roadmapItems', access: 'roadmapItems' },
} as const satisfies Record<string, ResourceEntry>;

/**
 * The resources with no page of their own, named by their API path: the account's parts (shown by
 * the site pages and the create stepper), the invoices (/billing) and the customer's (/msa/*).
 */
const RECORD_RESOURCES = {
  contacts: { api: 'contacts', access: 'contacts' },
  zones: { api: 'zones', access: 'zones' },
  passcodes: { api: 'passcodes', access: 'passcodes' },
  schedules: { api: 'schedules', access: 'schedules' },
  holidays: { api: 'holidays', access: 'holidays' },
  tests: { api: 'tests', access: 'tests' },
  events: { api: 'events', access: 'events' },
  siteDrafts: { api: 'siteDrafts', access: 'siteDrafts' },
  // Its show view is a run's page, /reports/{id}; react-admin's links to it (/reportRuns/{id}/show) lead there.
  reportRuns: { api: 'reportRuns', access: 'reportRuns' },
  // The dealer's invoices (/billing). The server guards them with `dealerInvoices`, the same rule for a dealer.
  invoices: { api: 'invoices', access: 'invoices' },
  'msa/sites': { api: 'msa/sites', access: 'msaAccount' },
  'msa/accountLinks': { api: 'msa/accountLinks', access: 'accountLinks' },
  'msa/changeRequests': { api: 'msa/changeRequests', access: 'msaAccount' },
  'msa/contacts': { api: 'msa/contacts', access: 'msaContacts' },
  'msa/zones': { api: 'msa/zones', access: 'msaZones' },
  'msa/passcodes': { api: 'msa/passcodes', access: 'msaPasscodes' },
  'msa/schedules': { api: 'msa/schedules', access: 'msaSchedules' },
  'msa/holidays': { api: 'msa/holidays', access: 'msaHolidays' },
  'msa/tests': { api: 'msa/tests', access: 'msaTests' },
  'msa/invoices': { api: 'msa/invoices', access: 'msaInvoices' },
  'msa/users': { api: 'msa/users', access: 'msaUsers' },
} as const satisfies Record<string, ResourceEntry>;

/**
 * Every react-admin resource App.tsx registers, with where its records live and who may open them.
 * The dataProvider and authProvider.canAccess read a registered name through this table; any other
 * name (the API paths and access entries the pages name themselves: `onCall`, `reportRuns`) goes
 * through unchanged. A name that is also an access entry keeps that entry, so a check naming the
 * entry means what it always meant.
 */
export const RESOURCE_NAMES = { ...RESOURCE_PAGES, ...RECORD_RESOURCES };

export type ResourceName = keyof typeof RESOURCE_NAMES;
/** A resource whose list is a page (react-admin serves it at `/${name}`). */
export type ResourcePageName = keyof typeof RESOURCE_PAGES;

function entryOf(resource: string): ResourceEntry | undefined {
  return Object.hasOwn(RESOURCE_NAMES, resource) ? RESOURCE_NAMES[resource as ResourceName] : undefined;
}

/** The API path of a resource name (the name itself when it is not a registered one). */
export function apiPath(resource: string): string {
  return entryOf(resource)?.api ?? resource;
}

/** The access-table entry of a resource name (the name itself when it is not a registered one). */
export function accessResource(resource: string): string {
  return entryOf(resource)?.access ?? resource;
}

/** Where a resource's page is: its list route (react-admin's `/${name}`). */
export function resourcePath(name: ResourcePageName): string {
  return `/${name}`;
}

/** §6 route gate of a resource's page: its access entry's `list`. */
export function resourceGate(resource: string): Pick<AccessRequest, 'resource' | 'action'> {
  return { resource: accessResource(resource), action: 'list' };
}
