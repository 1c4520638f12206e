import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route } from 'react-router-dom';
import { Admin, CustomRoutes, LinearProgress, Resource, useTranslate, type I18nProvider } from 'react-admin';
import { authProvider, loadClientConfig } from '../providers/authProvider.js';
import { createDataProvider } from '../providers/dataProvider.js';
import { SERVER_ERROR_ROUTE, configureTransport } from '../providers/transport.js';
import { createI18nProvider } from '../providers/i18nProvider.js';
import { news } from '../news/index.js';
import { reportRuns } from '../reports/index.js';
import { privacyPolicies } from '../privacyPolicies/index.js';
import { PRIVACY_POLICY_PATH } from '../privacyPolicies/privacyPolicyRules.js';
import { sites } from '../sites/index.js';
import { SiteListRoute } from './SiteListRoute.js';
import { NEWS_SETUP_PATH } from '../news/newsRoutes.js';
import { NewsSetup } from '../news/NewsSetup.js';
import { homePath } from '../shell/menuRules.js';
import { ShellLayout } from '../shell/ShellLayout.js';
import { useShellSession } from '../shell/useShellSession.js';
import { portalTheme } from '../theme/theme.js';
import { AREA_ROUTES, mayOpen, type AreaRoute } from './areaRoutes.js';
import { AccessDeniedPage, NotFoundPage, ServerErrorPage } from './ErrorPages.js';

const dataProvider = createDataProvider();

/** The login app's themes (WCAG AA colours), light and dark; the mode is shared with the login page. */
const lightTheme = portalTheme('light');
const darkTheme = portalTheme('dark');

// The areas of SPEC §2 are lazily loaded.
const SiteInfoRoute = lazy(() => import('./SiteRoutes.js').then((m) => ({ default: m.SiteInfoRoute })));
const SiteHistoryRoute = lazy(() => import('./SiteRoutes.js').then((m) => ({ default: m.SiteHistoryRoute })));
const IconsPage = lazy(() => import('./IconsPage.js').then((m) => ({ default: m.IconsPage })));
const DashboardRoute = lazy(() => import('./DashboardRoute.js').then((m) => ({ default: m.DashboardRoute })));
const SiteCreateRoute = lazy(() => import('./SiteCreateRoute.js').then((m) => ({ default: m.SiteCreateRoute })));
const ReportsRoute = lazy(() => import('./ReportRoutes.js').then((m) => ({ default: m.ReportsRoute })));
const MsaRoute = lazy(() => import('./MsaRoutes.js').then((m) => ({ default: m.MsaRoute })));
const AccountGroupRoute = lazy(() => import('./AdminRoutes.js').then((m) => ({ default: m.AccountGroupRoute })));
const BrandingRoute = lazy(() => import('./AdminRoutes.js').then((m) => ({ default: m.BrandingRoute })));
const AnsServiceRoute = lazy(() => import('./AnsServiceRoute.js').then((m) => ({ default: m.AnsServiceRoute })));
const BillingRoute = lazy(() => import('./BillingRoute.js').then((m) => ({ default: m.BillingRoute })));
const UserAccountRoute = lazy(() => import('./UserRoutes.js').then((m) => ({ default: m.UserAccountRoute })));
const StaffRoute = lazy(() => import('./UserRoutes.js').then((m) => ({ default: m.StaffRoute })));
const SupportRoute = lazy(() => import('./SupportRoutes.js').then((m) => ({ default: m.SupportRoute })));
const SupportUserRoute = lazy(() => import('./SupportRoutes.js').then((m) => ({ default: m.SupportUserRoute })));
const HelpPagesRoute = lazy(() => import('./HelpPagesRoute.js').then((m) => ({ default: m.HelpPagesRoute })));
const InboxRoute = lazy(() => import('./InboxRoutes.js').then((m) => ({ default: m.InboxRoute })));
const PrivacyPolicyPage = lazy(() => import('../privacyPolicies/PrivacyPolicyPage.js').then((m) => ({ default: m.PrivacyPolicyPage })));
const KnowledgeBasePage = lazy(() => import('./KnowledgeBasePage.js').then((m) => ({ default: m.KnowledgeBasePage })));

/** While a page's code loads: a progress bar after half a second (none flashes on a quick load). */
function PageLoading() {
  const translate = useTranslate();
  return <LinearProgress timeout={500} aria-label={translate('ra.page.loading')} sx={{ m: 2, width: 'auto' }} />;
}

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

/** §2 '(empty path) Redirects to /msa/summary for the customer variant, else /home/dashboard'. */
function HomeRedirect() {
  const { user } = useShellSession();
  return <Navigate to={homePath(user?.applicationNum)} replace />;
}

/** §6 route gate: the page, or access denied. */
function Area({ route }: { route: AreaRoute }) {
  const { user } = useShellSession();
  if (!user) return null;
  if (!mayOpen(user, route)) return <AccessDeniedPage />;
  return (
    <Lazy>
      <AreaContent route={route} />
    </Lazy>
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
    case 'siteHistory':
    case 'alarmHistory':
      return <SiteHistoryRoute key={route.path} titleKey={route.titleKey} alarmOnly={route.page === 'alarmHistory'} />;
    case 'reportCatalogue':
    case 'reportInbox':
    case 'reportSchedules':
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
    case 'users':
      return <StaffRoute titleKey={route.titleKey} />;
    case 'support':
      return <SupportRoute titleKey={route.titleKey} />;
    case 'supportUser':
      return <SupportUserRoute titleKey={route.titleKey} />;
    case 'ansMessages':
    case 'ansOnCall':
    case 'ansAutoNotify':
    case 'ansBusinessHours':
    case 'ansTempBusinessHours':
      return <AnsServiceRoute key={route.path} titleKey={route.titleKey} page={route.page} />;
    case 'resources':
    case 'marketing':
    case 'contactUs':
    case 'productRoadmap':
      return <HelpPagesRoute titleKey={route.titleKey} page={route.page} />;
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
    case 'auditLog':
    case 'contactRequests':
    case 'changeRequests':
      return <InboxRoute key={route.path} titleKey={route.titleKey} page={route.page} />;
  }
  // A page named in areaRoutes.ts and served by no case above does not compile.
  const unserved: never = route.page;
  throw new Error(`no page serves ${String(unserved)}`);
}

/** §6 route gate of the editors' privacy policy page (and its version drawer): the page, or access denied. */
function PrivacyPolicyRoute() {
  const { user } = useShellSession();
  if (!user) return null;
  if (!mayOpen(user, { access: { resource: 'privacyPolicies', action: 'list' } })) return <AccessDeniedPage />;
  return (
    <Lazy>
      <PrivacyPolicyPage />
    </Lazy>
  );
}

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
      <Admin
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        loginPage={false}
        layout={ShellLayout}
        dashboard={HomeRedirect}
        catchAll={NotFoundPage}
        theme={lightTheme}
        darkTheme={darkTheme}
        requireAuth
        disableTelemetry
      >
        <Resource name="news" {...news} />
        <Resource name="sites" {...sites} list={SiteListRoute} />
        {/* A run's page is /reports/{id} (an area route below renders this resource's show view). */}
        <Resource name="reportRuns" {...reportRuns} />
        <Resource name="privacyPolicies" {...privacyPolicies} />
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
      </Admin>
    </BrowserRouter>
  );
}
