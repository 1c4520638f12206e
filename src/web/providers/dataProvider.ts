import simpleRestProvider from 'ra-data-simple-rest';
import { HttpError, type DataProvider, type Identifier } from 'react-admin';
import type { ReportRun } from '../../../schemas/reports.js';
import { apiPath } from '../resources/resourceNames.js';
import { serverText } from './errorMessages.js';
import { httpClient, isApiError, type HttpOptions } from './http.js';
import { accountGroupMethods, type AccountGroupMethods } from './methods/accountGroupMethods.js';
import { ansServiceMethods, type AnsServiceMethods } from './methods/ansServiceMethods.js';
import { bannerMethods, type BannerMethods } from './methods/bannerMethods.js';
import { billingMethods, type BillingMethods } from './methods/billingMethods.js';
import { brandingMethods, type BrandingMethods } from './methods/brandingMethods.js';
import { contactUsMethods, type ContactUsMethods } from './methods/contactUsMethods.js';
import { dashboardMethods, type DashboardMethods } from './methods/dashboardMethods.js';
import { documentsMethods, type DocumentsMethods } from './methods/documentsMethods.js';
import { eventsMethods, type EventsMethods } from './methods/eventsMethods.js';
import { integrationsMethods, type IntegrationsMethods } from './methods/integrationsMethods.js';
import { liveMethods, type LiveMethods } from './methods/liveMethods.js';
import { msaMethods, type MsaMethods } from './methods/msaMethods.js';
import { newsMethods, type NewsMethods } from './methods/newsMethods.js';
import { reportsMethods, type ReportsMethods } from './methods/reportsMethods.js';
import { shellMethods, type ShellMethods } from './methods/shellMethods.js';
import { siteCreateMethods, type SiteCreateMethods } from './methods/siteCreateMethods.js';
import { siteImportMethods, type SiteImportMethods } from './methods/siteImportMethods.js';
import { siteInfoMethods, type SiteInfoMethods } from './methods/siteInfoMethods.js';
import { siteTestsMethods, type SiteTestsMethods } from './methods/siteTestsMethods.js';
import { staffMethods, type StaffMethods } from './methods/staffMethods.js';
import { supportMethods, type SupportMethods } from './methods/supportMethods.js';
import { userAccountMethods, type UserAccountMethods } from './methods/userAccountMethods.js';

/** The API's base URL: the same origin that served the app. */
const API_URL = '/api';

/**
 * The transport for react-admin: a failed call becomes react-admin's HttpError with the
 * server's status and body (a 400's `errors` go beside the inputs) and, as its message,
 * the text SPEC §8 shows (errorMessages.ts): the server's, or none, so react-admin's own
 * notifications fall back to their default instead of 'HTTP 500'.
 */
async function adminHttpClient(url: string, options?: HttpOptions) {
  try {
    return await httpClient(withoutEmptySort(url), options);
  } catch (error) {
    if (isApiError(error)) throw new HttpError(serverText(error) ?? '', error.status, error.body);
    throw error;
  }
}

/**
 * react-admin always sends a sort (`sort=["field","ASC"]`); a list whose sort field is empty
 * asks for the server's own order instead (the accounts search: by relevance), so
 * the parameter is left out. Any other URL goes as it is.
 */
export function withoutEmptySort(url: string): string {
  const [path, search] = url.split('?', 2);
  if (!search) return url;
  const parts = search.split('&');
  const sort = parts.find((part) => part.startsWith('sort='));
  if (!sort) return url;
  try {
    const value: unknown = JSON.parse(decodeURIComponent(sort.slice('sort='.length)));
    if (!Array.isArray(value) || value[0]) return url;
  } catch {
    return url;
  }
  const rest = parts.filter((part) => part !== sort);
  return rest.length ? `${path}?${rest.join('&')}` : path;
}

/**
 * The calls that are not list, one, many, create, update or delete (ARCHITECTURE: typed methods on
 * the dataProvider, read through useDataProvider): a report run's re-run (a new run) and cancel,
 * and each feature's methods (./methods).
 */
export interface PortalDataProvider
  extends
    DataProvider,
    AccountGroupMethods,
    AnsServiceMethods,
    BannerMethods,
    BillingMethods,
    BrandingMethods,
    ContactUsMethods,
    DashboardMethods,
    DocumentsMethods,
    EventsMethods,
    IntegrationsMethods,
    LiveMethods,
    MsaMethods,
    NewsMethods,
    ReportsMethods,
    ShellMethods,
    SiteCreateMethods,
    SiteImportMethods,
    SiteInfoMethods,
    SiteTestsMethods,
    StaffMethods,
    SupportMethods,
    UserAccountMethods {
  rerunReportRun(id: Identifier): Promise<{ data: ReportRun }>;
  cancelReportRun(id: Identifier): Promise<{ data: ReportRun }>;
}

const postRun = async (id: Identifier, action: 'rerun' | 'cancel') => {
  const { json } = await adminHttpClient(`${API_URL}/reportRuns/${encodeURIComponent(String(id))}/${action}`, {
    method: 'POST',
    body: '{}',
  });
  return { data: json as ReportRun };
};

/**
 * The CRUD calls at the API path of the resource (resourceNames.ts): a page's resource is named by
 * its SPEC §2 path (`ans-service/on-call`), its records live at /api/onCall.
 */
function atApiPaths(provider: DataProvider): DataProvider {
  return {
    getList: (resource, params) => provider.getList(apiPath(resource), params),
    getOne: (resource, params) => provider.getOne(apiPath(resource), params),
    getMany: (resource, params) => provider.getMany(apiPath(resource), params),
    getManyReference: (resource, params) => provider.getManyReference(apiPath(resource), params),
    create: (resource, params) => provider.create(apiPath(resource), params),
    update: (resource, params) => provider.update(apiPath(resource), params),
    updateMany: (resource, params) => provider.updateMany(apiPath(resource), params),
    delete: (resource, params) => provider.delete(apiPath(resource), params),
    deleteMany: (resource, params) => provider.deleteMany(apiPath(resource), params),
  };
}

/** react-admin's simple-rest provider over the portal API, with the portal's own methods. */
export function createDataProvider(): PortalDataProvider {
  return {
    ...atApiPaths(simpleRestProvider(API_URL, adminHttpClient)),
    ...accountGroupMethods(adminHttpClient),
    ...ansServiceMethods(adminHttpClient),
    ...bannerMethods(adminHttpClient),
    ...billingMethods(adminHttpClient),
    ...brandingMethods(adminHttpClient),
    ...contactUsMethods(adminHttpClient),
    ...dashboardMethods(adminHttpClient),
    ...documentsMethods(adminHttpClient),
    ...eventsMethods(adminHttpClient),
    ...integrationsMethods(adminHttpClient),
    ...liveMethods(adminHttpClient),
    ...msaMethods(adminHttpClient),
    ...newsMethods(adminHttpClient),
    ...reportsMethods(adminHttpClient),
    ...shellMethods(adminHttpClient),
    ...siteCreateMethods(adminHttpClient),
    ...siteImportMethods(adminHttpClient),
    ...siteInfoMethods(adminHttpClient),
    ...siteTestsMethods(adminHttpClient),
    ...staffMethods(adminHttpClient),
    ...supportMethods(adminHttpClient),
    ...userAccountMethods(adminHttpClient),
    rerunReportRun: (id) => postRun(id, 'rerun'),
    cancelReportRun: (id) => postRun(id, 'cancel'),
  };
}
