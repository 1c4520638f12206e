import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route } from 'react-router-dom';
import { AdminContext, AdminUI, CustomRoutes, Resource, localStorageStore, type I18nProvider, type ResourceProps } from 'react-admin';
import { authProvider, loadClientConfig } from '../providers/authProvider.js';
import { createDataProvider } from '../providers/dataProvider.js';
import { SERVER_ERROR_ROUTE, configureTransport } from '../providers/transport.js';
import { createI18nProvider } from '../providers/i18nProvider.js';
import { ansMessages, autoNotify, hoursExceptions, onCall } from '../ansService/index.js';
import { auditLog } from '../auditLog/index.js';
import { invoices } from '../billing/index.js';
import { changeRequests } from '../changeRequests/index.js';
import { contactRequests } from '../contactRequests/index.js';
import { marketingLibrary, resourcesLibrary } from '../documents/index.js';
import { accountLinks, msaChangeRequests, msaSites, msaUsers } from '../msa/index.js';
import { news } from '../news/index.js';
import { reportRuns, reportSchedules, reportsInbox } from '../reports/index.js';
import { privacyPolicies } from '../privacyPolicies/index.js';
import { PRIVACY_POLICY_PATH } from '../privacyPolicies/privacyPolicyRules.js';
import { AccessDeniedContext, PageCatalogues, PageGate, PageLoading, lazyPage } from '../resources/resourcePage.js';
import { roadmapItems } from '../roadmap/index.js';
import { contacts, events, holidays, passcodes, schedules, siteDrafts, zones } from '../site/index.js';
import { tests } from '../siteTests/index.js';
import { sites } from '../sites/index.js';
import { staff } from '../users/index.js';
import { integrations } from '../integrations/index.js';
import { NEWS_SETUP_PATH } from '../news/newsRoutes.js';
import { homePath } from '../shell/menuRules.js';
import { ShellLayout } from '../shell/ShellLayout.js';
import { useShellSession } from '../shell/useShellSession.js';
import { portalTheme } from '../theme/theme.js';
import { AREA_ROUTES, type AreaRoute } from './areaRoutes.js';
import { AccessDeniedPage, NotFoundPage, ServerErrorPage } from './ErrorPages.js';

const dataProvider = createDataProvider();
const store = localStorageStore();

/** The login app's themes (WCAG AA colours), light and dark; the mode is shared with the login page. */
const lightTheme = portalTheme('light');
const darkTheme = portalTheme('dark');

// The areas of SPEC §2 are lazily loaded.
const SiteListRoute = lazyPage(() => import('./SiteListRoute.js').then((m) => m.SiteListRoute));
const NewsSetup = lazyPage(() => import('../news/NewsSetup.js').then((m) => m.NewsSetup));
const SiteInfoRoute = lazy(() => import('./SiteRoutes.js').then((m) => ({ default: m.SiteInfoRoute })));
const SiteHistoryRoute = lazy(() => import('./SiteRoutes.js').then((m) => ({ default: m.SiteHistoryRoute })));
const IconsPage = lazy(() => import('./IconsPage.js').then((m) => ({ default: m.IconsPage })));
const DashboardRoute = lazy(() => import('./DashboardRoute.js').then((m) => ({ default: m.DashboardRoute })));
const SiteCreateRoute = lazy(() => import('./SiteCreateRoute.js').then((m) => ({ default: m.SiteCreateRoute })));
const SiteImportRoute = lazy(() => import('./SiteImportRoute.js').then((m) => ({ default: m.SiteImportRoute })));
const ReportsRoute = lazy(() => import('./ReportRoutes.js').then((m) => ({ default: m.ReportsRoute })));
const MsaRoute = lazy(() => import('./MsaRoutes.js').then((m) => ({ default: m.MsaRoute })));
const AccountGroupRoute = lazy(() => import('./AdminRoutes.js').then((m) => ({ default: m.AccountGroupRoute })));
const BrandingRoute = lazy(() => import('./AdminRoutes.js').then((m) => ({ default: m.BrandingRoute })));
const BusinessHoursRoute = lazy(() => import('./BusinessHoursRoute.js').then((m) => ({ default: m.BusinessHoursRoute })));
const BillingRoute = lazy(() => import('./BillingRoute.js').then((m) => ({ default: m.BillingRoute })));
const UserAccountRoute = lazy(() => import('./UserRoutes.js').then((m) => ({ default: m.UserAccountRoute })));
const SupportRoute = lazy(() => import('./SupportRoutes.js').then((m) => ({ default: m.SupportRoute })));
const SupportUserRoute = lazy(() => import('./SupportRoutes.js').then((m) => ({ default: m.SupportUserRoute })));
const ContactUsRoute = lazy(() => import('./ContactUsRoute.js').then((m) => ({ default: m.ContactUsRoute })));
const PrivacyPolicyPage = lazy(() => import('../privacyPolicies/PrivacyPolicyPage.js').then((m) => ({ default: m.PrivacyPolicyPage })));
const KnowledgeBasePage = lazy(() => import('./KnowledgeBasePage.js').then((m) => ({ default: m.KnowledgeBasePage })));

function Lazy({ children }: { children: ReactNode }) {
  return (
    <PageCatalogues>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </PageCatalogues>
  );
}

/** §2 '(empty path) Redirects to /msa/summary for the customer variant, else /home/dashboard'. */
function HomeRedirect() {
  const { user } = useShellSession();
  return <Navigate to={homePath(user?.applicationNum)} replace />;
}

/** §6 route gate: the page, or access denied. */
function Area({ route }: { route: AreaRoute }) {
  return (
    <PageGate access={route.access} area={route.page}>
      <AreaContent route={route} />
    </PageGate>
  );
}

/** The page the route names (areaRoutes.ts); every route names one, and the compiler checks the switch covers them all. */
function AreaContent({ route }: { route: AreaRoute }) {
  switch (route.page) {
    case 'dashboard':
      return <DashboardRoute />;
    case 'siteInfo':
      return <SiteInfoRoute titleKey={route.titleKey} />;
    case 'siteCreate':
      return <SiteCreateRoute titleKey={route.titleKey} />;
    case 'siteImport':
      return <SiteImportRoute titleKey={route.titleKey} />;
    case 'siteHistory':
    case 'alarmHistory':
      return <SiteHistoryRoute key={route.path} titleKey={route.titleKey} alarmOnly={route.page === 'alarmHistory'} />;
    case 'reportCatalogue':
    case 'reportRun':
      return <ReportsRoute titleKey={route.titleKey} page={route.page} />;
    case 'billing':
      return <BillingRoute titleKey={route.titleKey} />;
    case 'accountGroup':
      return <AccountGroupRoute titleKey={route.titleKey} />;
    case 'branding':
      return <BrandingRoute titleKey={route.titleKey} />;
    case 'userAccount':
      return <UserAccountRoute titleKey={route.titleKey} />;
    case 'support':
      return <SupportRoute titleKey={route.titleKey} />;
    case 'supportUser':
      return <SupportUserRoute titleKey={route.titleKey} />;
    case 'ansBusinessHours':
      return <BusinessHoursRoute titleKey={route.titleKey} />;
    case 'contactUs':
      return <ContactUsRoute titleKey={route.titleKey} />;
    case 'msaSummary':
    case 'msaAccountInfo':
    case 'msaPanelInfo':
    case 'msaNoAction':
    case 'msaContacts':
    case 'msaZones':
    case 'msaPasscodes':
    case 'msaSchedules':
    case 'msaHistory':
      return <MsaRoute key={route.path} titleKey={route.titleKey} page={route.page} />;
  }
  // A page named in areaRoutes.ts and served by no case above does not compile.
  const unserved: never = route.page;
  throw new Error(`no page serves ${String(unserved)}`);
}

/** §6 route gate of the editors' privacy policy page (and its version drawer): the page, or access denied. */
function PrivacyPolicyRoute() {
  return (
    <PageGate access={{ resource: 'privacyPolicies', action: 'list' }}>
      <PrivacyPolicyPage />
    </PageGate>
  );
}

/**
 * A resource with no page of its own (its records are shown in composed pages): registered as any
 * resource, its own paths are not found rather than an empty page (react-admin's custom Resource).
 */
function RecordResource(props: ResourceProps) {
  return (
    <Resource {...props}>
      <Route path="*" element={<NotFoundPage />} />
    </Resource>
  );
}
RecordResource.raName = Resource.raName;
RecordResource.registerResource = Resource.registerResource;

/** The authenticated portal inside the application shell (SPEC §2). */
export function App() {
  const [i18nProvider, setI18nProvider] = useState<I18nProvider>();
  useEffect(() => {
    // The host's version and environment go on every call (SPEC §7), as on the login page.
    void Promise.all([createI18nProvider(), loadClientConfig()]).then(([provider]) => {
      // The transport's own messages (§8) in the user's language.
      configureTransport({ translate: (key, args) => provider.translate(key, args) });
      setI18nProvider(provider);
    });
  }, []);
  if (!i18nProvider) return null;
  return (
    // Real paths (SPEC §2 routes), not react-admin's default hash router.
    <BrowserRouter>
      {/* What a page shows a user its gate refuses (src/web/resources/resourcePage.tsx). */}
      <AccessDeniedContext value={<AccessDeniedPage />}>
        {/*
          react-admin's Admin is these two with its own English polyglot translator as the default
          (node-polyglot and its polyfills, some 6 KB in the first load); the portal always has its own.
        */}
        <AdminContext
          dataProvider={dataProvider}
          authProvider={authProvider}
          i18nProvider={i18nProvider}
          store={store}
          theme={lightTheme}
          darkTheme={darkTheme}
        >
          <AdminUI loginPage={false} layout={ShellLayout} dashboard={HomeRedirect} catchAll={NotFoundPage} requireAuth disableTelemetry>
            {/* Every entity (src/web/resources/resourceNames.ts): a page's resource is named by its SPEC §2 path. */}
            <Resource name="news" {...news} />
            <Resource name="sites" {...sites} list={SiteListRoute} />
            <Resource name="privacyPolicies" {...privacyPolicies} />
            <Resource name="ans-service/messages" {...ansMessages} />
            <Resource name="ans-service/on-call" {...onCall} />
            <Resource name="ans-service/auto-notify" {...autoNotify} />
            <Resource name="ans-service/temp-business-hours" {...hoursExceptions} />
            <Resource name="audit-log" {...auditLog} />
            <Resource name="contact-requests" {...contactRequests} />
            <Resource name="change-requests" {...changeRequests} />
            <Resource name="account-group/users" {...staff} />
            <Resource name="account-group/integrations" {...integrations} />
            <Resource name="reports/inbox" {...reportsInbox} />
            <Resource name="reports/schedules" {...reportSchedules} />
            <Resource name="resources" {...resourcesLibrary} />
            <Resource name="marketing" {...marketingLibrary} />
            <Resource name="home/product-roadmap" {...roadmapItems} />
            {/* No page of their own: the site pages, the create stepper, /billing and the customer's screens show them. */}
            <RecordResource name="contacts" {...contacts} />
            <RecordResource name="zones" {...zones} />
            <RecordResource name="passcodes" {...passcodes} />
            <RecordResource name="schedules" {...schedules} />
            <RecordResource name="holidays" {...holidays} />
            <RecordResource name="tests" {...tests} />
            <RecordResource name="events" {...events} />
            <RecordResource name="siteDrafts" {...siteDrafts} />
            <RecordResource name="invoices" {...invoices} />
            {/* A run's page is /reports/{id} (an area route below renders this resource's show view). */}
            <RecordResource name="reportRuns" {...reportRuns} />
            <RecordResource name="msa/sites" {...msaSites} />
            <RecordResource name="msa/accountLinks" {...accountLinks} />
            <RecordResource name="msa/changeRequests" {...msaChangeRequests} />
            <RecordResource name="msa/contacts" {...contacts} />
            <RecordResource name="msa/zones" {...zones} />
            <RecordResource name="msa/passcodes" {...passcodes} />
            <RecordResource name="msa/schedules" {...schedules} />
            <RecordResource name="msa/holidays" {...holidays} />
            <RecordResource name="msa/tests" {...tests} />
            <RecordResource name="msa/invoices" {...invoices} />
            <RecordResource name="msa/users" {...msaUsers} />
            <CustomRoutes>
              {/* The page and its slide-over routes (/news/setup/create, /news/setup/:id). */}
              <Route path={`${NEWS_SETUP_PATH}/*`} element={<NewsSetup />} />
              {/* The page and its version drawer (/privacy-policy/:id). */}
              <Route path={`${PRIVACY_POLICY_PATH}/*`} element={<PrivacyPolicyRoute />} />
              {AREA_ROUTES.map((route) => (
                <Route key={route.path} path={route.path} element={<Area route={route} />} />
              ))}
              <Route
                path="/knowledge-base"
                element={
                  <Lazy>
                    <KnowledgeBasePage />
                  </Lazy>
                }
              />
              <Route path="/access-denied" element={<AccessDeniedPage />} />
              <Route path={SERVER_ERROR_ROUTE} element={<ServerErrorPage />} />
            </CustomRoutes>
            <CustomRoutes noLayout>
              <Route
                path="/icons"
                element={
                  <Lazy>
                    <IconsPage />
                  </Lazy>
                }
              />
            </CustomRoutes>
          </AdminUI>
        </AdminContext>
      </AccessDeniedContext>
    </BrowserRouter>
  );
}
