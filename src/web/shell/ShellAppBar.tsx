import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import SearchIcon from '@mui/icons-material/Search';
import ViewSidebarIcon from '@mui/icons-material/ViewSidebar';
import { AppBar, LoadingIndicator, useTheme, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { DealerBranding } from '../../../schemas/dealer.js';
import { api } from '../providers/http.js';
import { APPLICATION } from '../../common/constants.js';
import { HelpMenu } from './HelpMenu.js';
import { headerLogo, homePath } from './menuRules.js';
import { shellApi } from './shellApi.js';
import { ShellUserMenu } from './ShellUserMenu.js';
import { useShellControls } from './shellContext.js';
import { openSpotlight } from './shellEvents.js';
import { AccountGroupSwitcher, AccountSwitcher } from './Switchers.js';
import { useShellSession } from './useShellSession.js';

/** §7 'Load dealer branding (logos)'; a customer's logos come with the active account link. */
function useBranding(): DealerBranding | null {
  const { user, siteGroupNum } = useShellSession();
  const customer = user?.applicationNum === APPLICATION.customer;
  const { data: branding } = useQuery({
    queryKey: ['shell', 'branding', siteGroupNum],
    queryFn: () => api<DealerBranding | null>('branding', 'GET', undefined, { skipError: true }).catch(() => null),
    enabled: !!user && !customer,
  });
  const { data: links } = useQuery({ queryKey: ['shell', 'accountLinks'], queryFn: shellApi.accountLinks, enabled: customer });
  if (customer) return links?.find((l) => l.isFavorite) ?? links?.[0] ?? null;
  return branding ?? null;
}

/** The dealer's logo in the colour mode, else the product logo. */
function Logo() {
  const translate = useTranslate();
  const [theme] = useTheme();
  const { user, config } = useShellSession();
  const branding = useBranding();
  const mode = theme === 'dark' ? 'dark' : 'light';
  const [failed, setFailed] = useState<string>();
  const wanted = headerLogo(mode, branding);
  const src = failed === wanted ? headerLogo(mode, null) : wanted;
  return (
    <Link to={homePath(user?.applicationNum)} aria-label={translate('shell.appBar.logo')}>
      <img
        src={src}
        alt={config?.portalName ?? ''}
        height={40}
        style={{ maxWidth: 200, objectFit: 'contain' }}
        onError={() => setFailed(wanted)}
      />
    </Link>
  );
}

/** SPEC §2 header bar: logo, spotlight search, switchers, help and user menus. */
export function ShellAppBar() {
  const { onPulse, sidebarHidden, toggleSidebar: onToggleSidebar } = useShellControls();
  const translate = useTranslate();
  const { user } = useShellSession();
  const app = user?.applicationNum;
  return (
    <AppBar
      color="inherit"
      userMenu={<ShellUserMenu />}
      toolbar={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {app === APPLICATION.dealer && <AccountGroupSwitcher onPulse={onPulse} />}
          {app === APPLICATION.customer && <AccountSwitcher />}
          <Tooltip title={translate('shell.appBar.spotlight')}>
            <IconButton color="inherit" aria-label={translate('shell.appBar.spotlight')} onClick={openSpotlight}>
              <SearchIcon />
            </IconButton>
          </Tooltip>
          {onToggleSidebar && (
            <Tooltip title={translate('shell.appBar.siteSidebar')}>
              <IconButton
                sx={{ display: { xs: 'none', md: 'inline-flex' } }}
                color="inherit"
                aria-label={translate('shell.appBar.siteSidebar')}
                aria-pressed={!sidebarHidden}
                onClick={onToggleSidebar}
              >
                <ViewSidebarIcon />
              </IconButton>
            </Tooltip>
          )}
          <HelpMenu />
          <LoadingIndicator sx={{ display: { xs: 'none', sm: 'inline-flex' } }} />
        </Box>
      }
    >
      {/* On phones the bar keeps the menus and switchers; the drawer's Home is the way home. */}
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', '& > a': { display: { xs: 'none', sm: 'flex' }, alignItems: 'center' } }}>
        <Logo />
      </Box>
    </AppBar>
  );
}
