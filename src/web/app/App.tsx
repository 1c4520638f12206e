import { useEffect, useState } from 'react';
import { BrowserRouter, Route } from 'react-router-dom';
import { Admin, CustomRoutes, Resource, type I18nProvider, type LayoutProps } from 'react-admin';
import { authProvider, loadClientConfig } from '../providers/authProvider.js';
import { createDataProvider } from '../providers/dataProvider.js';
import { configureTransport } from '../providers/transport.js';
import { createI18nProvider } from '../providers/i18nProvider.js';
import { news, NEWS_SETUP_PATH } from '../news/index.js';
import { NewsMenu } from '../news/NewsMenu.js';
import { NewsSetup } from '../news/NewsSetup.js';
import { BannerLayout } from '../banner/BannerLayout.js';
import { portalTheme } from '../theme/theme.js';

const dataProvider = createDataProvider();

/** Until the shell (issue 4): the status banner and Banner Settings, with the news menu. */
/** The login app's themes (WCAG AA colours), light and dark. */
const lightTheme = portalTheme('light');
const darkTheme = portalTheme('dark');

const PortalLayout = ({ children }: LayoutProps) => <BannerLayout menu={NewsMenu}>{children}</BannerLayout>;

/** The authenticated portal. Sign-in, the shell and the other areas join here. */
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
      <Admin dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} loginPage={false} layout={PortalLayout} theme={lightTheme} darkTheme={darkTheme} requireAuth disableTelemetry>
        <Resource name="news" {...news} />
        <CustomRoutes>
          <Route path={NEWS_SETUP_PATH} element={<NewsSetup />} />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
