import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { Layout, useTheme, useTranslate } from 'react-admin';
import { APPLICATION } from '../../common/constants.js';
import { ReactI18nBridge } from '../banner/ReactI18nBridge.js';
import { StatusBanner } from '../banner/StatusBanner.js';
import { COLOR_MODE_STORAGE_KEY } from '../theme/colorMode.js';
import { ImpersonationBanner } from './Impersonation.js';
import { LiveNotices, Prompts, UpdateCheck } from './LiveNotices.js';
import { MuiTexts } from './MuiTexts.js';
import { NotificationStack } from './NotificationStack.js';
import { SearchDialogs } from './SearchDialogs.js';
import { ShellAppBar } from './ShellAppBar.js';
import { ShellMenu } from './ShellMenu.js';
import { FavoriteProvider } from '../resources/favorites.js';
import { SITE_SIDEBAR_HIDDEN_KEY, SiteSidebar, useFavoriteToggle } from './SiteSidebar.js';
import { ShellContext } from './shellContext.js';
import { safeStorage, useShellSession } from './useShellSession.js';
import { useSavedPreferences } from '../providers/useSavedPreferences.js';

/** The react-admin theme follows the colour mode the login page shares (localStorage color-mode). */
function useSharedColorMode() {
  const [, setTheme] = useTheme();
  useEffect(() => {
    const stored = safeStorage.get(COLOR_MODE_STORAGE_KEY);
    if (stored === 'light' || stored === 'dark') setTheme(stored);
    const onStorage = (event: StorageEvent) => {
      if (event.key === COLOR_MODE_STORAGE_KEY && (event.newValue === 'light' || event.newValue === 'dark')) setTheme(event.newValue);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [setTheme]);
}

/**
 * The application shell (SPEC §2, §4): header bar, main drawer, the status and
 * impersonation banners, the site sidebar (not for MSA), the search dialogs,
 * the notifications stack, the live connections, the update check and prompts.
 */
export function ShellLayout({ children }: { children?: ReactNode }) {
  const translate = useTranslate();
  useSharedColorMode();
  useSavedPreferences();
  const { user } = useShellSession();
  const [pulse, setPulse] = useState(false);
  const [sidebarHidden, setSidebarHidden] = useState(() => safeStorage.get(SITE_SIDEBAR_HIDDEN_KEY) === 'true');
  const app = user?.applicationNum;
  const hasSites = app !== undefined && app !== APPLICATION.customer;
  const toggleSidebar = useCallback(() => {
    setSidebarHidden((hidden) => {
      safeStorage.set(SITE_SIDEBAR_HIDDEN_KEY, String(!hidden));
      return !hidden;
    });
  }, []);
  const controls = useMemo(
    () => ({ onPulse: setPulse, sidebarHidden, toggleSidebar: hasSites ? toggleSidebar : undefined }),
    [sidebarHidden, hasSites, toggleSidebar],
  );
  const toggleFavorite = useFavoriteToggle();
  return (
    <ReactI18nBridge>
      <ShellContext.Provider value={controls}>
        <FavoriteProvider value={toggleFavorite}>
          <Layout
            appBar={ShellAppBar}
            menu={ShellMenu}
            sx={{ minWidth: 0, '& .RaLayout-content': { p: 0, display: 'flex', flexDirection: 'column', minWidth: 0 } }}
          >
            {pulse && (
              <LinearProgress aria-label={translate('shell.accountGroup.switching')} sx={{ position: 'sticky', top: 0, zIndex: 1 }} />
            )}
            <StatusBanner />
            <ImpersonationBanner />
            <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
              <Box component="div" sx={{ flex: 1, minWidth: 0, p: 2 }}>
                <MuiTexts>{children}</MuiTexts>
              </Box>
              {hasSites && !sidebarHidden && <SiteSidebar />}
            </Box>
          </Layout>
          <SearchDialogs accountSearch={hasSites} />
          <NotificationStack />
          {user && <LiveNotices dealer={app === APPLICATION.dealer} />}
          <UpdateCheck />
          <Prompts />
        </FavoriteProvider>
      </ShellContext.Provider>
    </ReactI18nBridge>
  );
}
