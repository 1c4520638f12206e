import { lazy, Suspense, useState } from 'react';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem, { type MenuItemProps } from '@mui/material/MenuItem';
import type { SvgIconComponent } from '@mui/icons-material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LogoutIcon from '@mui/icons-material/Logout';
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import TranslateIcon from '@mui/icons-material/Translate';
import Divider from '@mui/material/Divider';
import { useDataProvider, useLocales, useLocaleState, useLogout, UserMenu, useTheme, useTranslate, useUserMenu } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { canAccess } from '../../common/access.js';
import { COLOR_MODE_STORAGE_KEY } from '../theme/colorMode.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { withPageCatalogues } from '../providers/i18nProvider.js';
import { safeStorage, useShellSession } from './useShellSession.js';

/** A menu entry: its icon and its text, then anything the entry adds after them. */
export function IconMenuItem({ icon: Icon, label, children, ...props }: MenuItemProps & { icon: SvgIconComponent; label: string }) {
  return (
    <MenuItem {...props}>
      <ListItemIcon>
        <Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{label}</ListItemText>
      {children}
    </MenuItem>
  );
}

export function AccountItem() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const menu = useUserMenu();
  return (
    <IconMenuItem
      icon={AccountCircleIcon}
      label={translate('shell.user.account')}
      onClick={() => {
        menu?.onClose();
        navigate('/user-account');
      }}
    />
  );
}

const MsaAccountDialog = lazy(withPageCatalogues(() => import('./MsaAccountDialog.js').then((m) => ({ default: m.MsaAccountDialog }))));

/** §2 'MSA account dialog': the customer's email and phone, opened from the user menu (customers only). */
export function MsaAccountItem() {
  const translate = useTranslate();
  const menu = useUserMenu();
  const { user } = useShellSession();
  const [open, setOpen] = useState(false);
  if (!canAccess(user, { resource: 'msaUsers', action: 'edit' })) return null;
  return (
    <>
      <IconMenuItem icon={ManageAccountsIcon} label={translate('msa.accountDialog.menu')} onClick={() => setOpen(true)} />
      {open && (
        <Suspense fallback={null}>
          <MsaAccountDialog
            open
            onClose={() => {
              setOpen(false);
              menu?.onClose();
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/** §2 user menu 'Dark Mode toggle', the colour mode the login page shares (localStorage color-mode). */
export function DarkModeItem() {
  const translate = useTranslate();
  const [theme, setTheme] = useTheme();
  const dark = theme === 'dark';
  const toggle = () => {
    const next = dark ? 'light' : 'dark';
    setTheme(next);
    safeStorage.set(COLOR_MODE_STORAGE_KEY, next);
  };
  return (
    <IconMenuItem icon={DarkModeIcon} label={translate('shell.user.darkMode')} onClick={toggle} role="menuitemcheckbox" aria-checked={dark}>
      {/* A picture of a switch: the item is the checkbox (a real input inside would nest controls). */}
      {dark ? <ToggleOnIcon color="primary" sx={{ ml: 1 }} /> : <ToggleOffIcon color="action" sx={{ ml: 1 }} />}
    </IconMenuItem>
  );
}

/**
 * The language, as on the login page (§9 en/es/fr; the choice is kept in localStorage
 * `locale`): one radio item per language, named in its own language.
 */
export function LanguageItems() {
  const translate = useTranslate();
  const locales = useLocales();
  const [locale, setLocale] = useLocaleState();
  const menu = useUserMenu();
  const choose = (code: string) => {
    menu?.onClose();
    setLocale(code);
  };
  return (
    <>
      <Divider />
      <MenuItem disabled sx={{ '&.Mui-disabled': { opacity: 1 } }}>
        <ListItemIcon>
          <TranslateIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText secondary={translate('shell.user.language')} />
      </MenuItem>
      {locales.map(({ locale: code, name }) => (
        <MenuItem key={code} lang={code} role="menuitemradio" aria-checked={code === locale} onClick={() => choose(code)} sx={{ pl: 7 }}>
          <ListItemText primary={name} slotProps={{ primary: { fontWeight: code === locale ? 600 : undefined } }} />
        </MenuItem>
      ))}
    </>
  );
}

/** Log Out (also in the compact header's overflow menu); while impersonating it ends both sessions after confirmation (§4). */
export function LogoutItem() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const logout = useLogout();
  const menu = useUserMenu();
  const { impersonating } = useShellSession();
  const [confirm, setConfirm] = useState(false);
  return (
    <>
      <IconMenuItem
        icon={LogoutIcon}
        label={translate('shell.user.logout')}
        onClick={() => (impersonating ? setConfirm(true) : (menu?.onClose(), void logout()))}
      />
      <ConfirmDialog
        open={confirm}
        title={translate('shell.impersonation.confirmTitle')}
        message={translate('shell.impersonation.logoutConfirm')}
        onCancel={() => setConfirm(false)}
        onConfirm={async () => {
          await dataProvider.endImpersonation().catch(() => undefined);
          setConfirm(false);
          menu?.onClose();
          await logout();
        }}
      />
    </>
  );
}

/** SPEC §2 'User menu: User Account, Log Out, Dark Mode toggle'. */
export function ShellUserMenu() {
  return (
    <UserMenu>
      <AccountItem />
      <MsaAccountItem />
      <LogoutItem />
      <DarkModeItem />
      <LanguageItems />
    </UserMenu>
  );
}
