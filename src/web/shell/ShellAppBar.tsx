import { useId, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import Tooltip from '@mui/material/Tooltip';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import ViewSidebarIcon from '@mui/icons-material/ViewSidebar';
import { AppBar, LoadingIndicator, useDataProvider, useRefresh, UserMenuContextProvider, useTheme, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { DealerBranding } from '../../../schemas/dealer.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { APPLICATION } from '../../common/constants.js';
import { HelpDialogs, HelpMenu } from './HelpMenu.js';
import { headerLogo, homePath } from './menuRules.js';
import type { HeaderControl, HeaderLayout } from './headerRules.js';
import { AccountItem, DarkModeItem, IconMenuItem, LanguageItems, LogoutItem, MsaAccountItem, ShellUserMenu } from './ShellUserMenu.js';
import { useShellControls } from './shellContext.js';
import { openSpotlight } from './shellEvents.js';
import { AccountGroupSwitcher, AccountSwitcher } from './Switchers.js';
import { useHeaderLayout } from './useHeaderLayout.js';
import { useShellSession } from './useShellSession.js';

/** §7 'Load dealer branding (logos)'; a customer's logos come with the active account link. */
function useBranding(): DealerBranding | null {
  const { user, siteGroupNum } = useShellSession();
  // Where the logos come from (the account link or the group's branding), not who may see them.
  const customer = user?.applicationNum === APPLICATION.customer;
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data: branding } = useQuery({
    queryKey: ['shell', 'branding', siteGroupNum],
    queryFn: () => dataProvider.branding({ skipError: true }).catch(() => null),
    enabled: !!user && !customer,
  });
  const { data: links } = useQuery({ queryKey: ['shell', 'accountLinks'], queryFn: () => dataProvider.accountLinks(), enabled: customer });
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

/**
 * Small screens (SPEC §9): one overflow menu (MoreVert) with the bar's actions, each
 * with its text, then the user menu's items, Log Out among them. Help opens its own menu where
 * this one was.
 */
function OverflowMenu({ layout }: { layout: HeaderLayout }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { sidebarHidden, toggleSidebar } = useShellControls();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [helpAnchor, setHelpAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  /** An entry's action, after the menu closes. */
  const closeAnd = (action: () => void) => () => {
    close();
    action();
  };
  const userMenu = useMemo(() => ({ onClose: () => setAnchor(null) }), []);
  const has = (control: HeaderControl) => layout.overflow.includes(control);
  const label = translate('shell.appBar.more');
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={!!anchor}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <MoreVertIcon />
        </IconButton>
      </Tooltip>
      <UserMenuContextProvider value={userMenu}>
        <Menu
          id={menuId}
          anchorEl={anchor}
          open={!!anchor}
          onClose={close}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          slotProps={{ list: { 'aria-label': label, dense: true }, paper: { sx: { minWidth: 220, maxHeight: 'calc(100% - 32px)' } } }}
        >
          {has('search') && <IconMenuItem icon={SearchIcon} label={translate('shell.more.search')} onClick={closeAnd(openSpotlight)} />}
          {has('siteSidebar') && toggleSidebar && (
            <IconMenuItem
              icon={ViewSidebarIcon}
              label={translate('shell.more.siteSidebar')}
              role="menuitemcheckbox"
              aria-checked={!sidebarHidden}
              onClick={toggleSidebar}
            />
          )}
          {has('help') && (
            <IconMenuItem
              icon={HelpOutlineIcon}
              label={translate('shell.appBar.help')}
              aria-haspopup="menu"
              onClick={closeAnd(() => setHelpAnchor(anchor))}
            />
          )}
          {has('refresh') && <IconMenuItem icon={RefreshIcon} label={translate('shell.more.refresh')} onClick={closeAnd(refresh)} />}
          {has('userMenu') && <Divider />}
          {has('userMenu') && <AccountItem />}
          {has('userMenu') && <MsaAccountItem />}
          {has('userMenu') && <DarkModeItem />}
          {has('userMenu') && <LanguageItems />}
          {has('userMenu') && <Divider />}
          {has('userMenu') && <LogoutItem />}
        </Menu>
      </UserMenuContextProvider>
      {has('help') && <HelpMenu control={{ anchorEl: helpAnchor, onClose: () => setHelpAnchor(null) }} />}
    </>
  );
}

/** SPEC §2 header bar: logo, spotlight search, switchers, help and user menus; compact on a small screen (headerRules.ts). */
export function ShellAppBar() {
  const { onPulse, sidebarHidden, toggleSidebar: onToggleSidebar } = useShellControls();
  const translate = useTranslate();
  const { user } = useShellSession();
  const layout = useHeaderLayout();
  const app = user?.applicationNum;
  const inBar = (control: HeaderControl) => layout.bar.includes(control);
  return (
    <HelpDialogs>
      <AppBar
        color="inherit"
        userMenu={layout.compact ? false : <ShellUserMenu />}
        toolbar={
          layout.compact ? (
            <OverflowMenu layout={layout} />
          ) : (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              {inBar('switcher') && app === APPLICATION.dealer && <AccountGroupSwitcher onPulse={onPulse} />}
              {inBar('switcher') && app === APPLICATION.customer && <AccountSwitcher />}
              <Tooltip title={translate('shell.appBar.spotlight')}>
                <IconButton color="inherit" aria-label={translate('shell.appBar.spotlight')} onClick={openSpotlight}>
                  <SearchIcon />
                </IconButton>
              </Tooltip>
              {inBar('siteSidebar') && onToggleSidebar && (
                <Tooltip title={translate('shell.appBar.siteSidebar')}>
                  <IconButton
                    color="inherit"
                    aria-label={translate('shell.appBar.siteSidebar')}
                    aria-pressed={!sidebarHidden}
                    onClick={onToggleSidebar}
                  >
                    <ViewSidebarIcon />
                  </IconButton>
                </Tooltip>
              )}
              {inBar('help') && <HelpMenu />}
              <LoadingIndicator />
            </Box>
          )
        }
      >
        {/* Compact on a small screen, so the logo always has room. */}
        <Box
          sx={{
            flex: 1,
            minWidth: 0,
            display: 'flex',
            alignItems: 'center',
            '& > a': { display: 'flex', alignItems: 'center', minWidth: 0 },
          }}
        >
          <Logo />
        </Box>
      </AppBar>
    </HelpDialogs>
  );
}
