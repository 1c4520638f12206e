import { Suspense, createContext, lazy, useContext, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import MuiMenu from '@mui/material/Menu';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import { useDataProvider, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { withPageCatalogues } from '../providers/i18nProvider.js';
import { resourcePath } from '../resources/resourceNames.js';
import { classicPortalBlocked, helpMenuItems, type HelpItemKey } from './menuRules.js';
import { pushNotice } from './notices.js';
import { useShellSession } from './useShellSession.js';

/** Where an item leads: a page of its own, or an entity's (its resource's path). */
const ROUTES: Partial<Record<HelpItemKey, string>> = {
  knowledgeBase: '/knowledge-base',
  resources: resourcePath('resources'),
  contactUs: '/home/contact-us',
  productRoadmap: resourcePath('home/product-roadmap'),
  privacyPolicy: '/privacy-policy',
  submitBug: '/home/contact-us?topic=bug',
  provideFeedback: '/home/contact-us?topic=feedback',
};

type HelpDialog = 'about' | 'banner' | 'popupBlocked' | null;

// The banner's form (its inputs and validator) loads when first opened.
const BannerSettingsDialog = lazy(
  withPageCatalogues(() => import('../banner/BannerSettingsDialog.js').then((m) => ({ default: m.BannerSettingsDialog }))),
);

/** What a help item does, from whichever menu it was chosen in. */
const HelpChoice = createContext<(key: HelpItemKey) => Promise<unknown>>(async () => undefined);

/**
 * The help items' actions and their dialogs (About, Banner Settings, a blocked pop-up), mounted
 * once above both places the help menu can be: the header's button and, on a narrow header, its
 * overflow menu. A header turning compact or wide (a window resized, a phone turned) swaps those
 * menus; an open dialog and what was typed in it stay.
 */
export function HelpDialogs({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { user, config } = useShellSession();
  const [dialog, setDialog] = useState<HelpDialog>(null);
  // Once opened, the banner dialog stays mounted, so that it closes as any dialog does.
  const [bannerOpened, setBannerOpened] = useState(false);
  const [lastPopup, setLastPopup] = useState<HelpItemKey>('classicPortal');
  const stagingPortalUrl = config?.stagingPortalUrl;
  const items = user ? helpMenuItems(user, { stagingPortal: !!stagingPortalUrl }) : [];

  const choose = async (key: HelpItemKey) => {
    if (!user) return undefined;
    const route = ROUTES[key];
    if (route) return navigate(route);
    if (key === 'about') return setDialog('about');
    if (key === 'bannerSettings') {
      setBannerOpened(true);
      return setDialog('banner');
    }
    if (key === 'classicPortal' || key === 'stagingPortal') {
      setLastPopup(key);
      if (classicPortalBlocked(user)) {
        pushNotice({ type: 'warning', title: translate('shell.help.classicPortal'), message: translate('shell.help.classicBlocked') });
        return undefined;
      }
      // The window opens within the click (a later one would be blocked), then goes to the key's address.
      const popup = window.open('about:blank', '_blank');
      if (!popup) return setDialog('popupBlocked');
      popup.opener = null;
      try {
        if (key === 'stagingPortal') {
          // Offered only with a staging address (helpMenuItems).
          if (stagingPortalUrl) popup.location.href = stagingPortalUrl;
          else popup.close();
          return undefined;
        }
        const { url } = await dataProvider.classicPortalKey();
        popup.location.href = url;
      } catch {
        popup.close();
        pushNotice({ type: 'danger', title: translate('shell.help.classicPortal'), message: translate('shell.help.classicError') });
      }
    }
    return undefined;
  };

  return (
    <HelpChoice.Provider value={choose}>
      {children}
      <Dialog open={dialog === 'about'} onClose={() => setDialog(null)} aria-labelledby="about-title">
        <DialogTitle id="about-title">{translate('shell.help.aboutTitle')}</DialogTitle>
        <DialogContent>
          <Typography>{config?.portalName}</Typography>
          <Typography color="text.secondary">{translate('shell.help.aboutVersion', { version: config?.version ?? '' })}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)}>{translate('shell.help.close')}</Button>
        </DialogActions>
      </Dialog>
      <Dialog
        open={dialog === 'popupBlocked'}
        onClose={() => setDialog(null)}
        aria-labelledby="popup-blocked-title"
        aria-describedby="popup-blocked-text"
      >
        <DialogTitle id="popup-blocked-title">{translate('shell.help.popupBlockedTitle')}</DialogTitle>
        <DialogContent>
          <Typography id="popup-blocked-text">{translate('shell.help.popupBlocked')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)}>{translate('shell.help.cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => {
              setDialog(null);
              void choose(lastPopup);
            }}
          >
            {translate('shell.help.retry')}
          </Button>
        </DialogActions>
      </Dialog>
      {items.includes('bannerSettings') && bannerOpened && (
        <Suspense fallback={null}>
          <BannerSettingsDialog open={dialog === 'banner'} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </HelpChoice.Provider>
  );
}

/**
 * SPEC §2 'Help menu (not for app 3)'. With `control`, the menu opens where the caller says
 * (the compact header's overflow menu) and has no button of its own. Its items act
 * through HelpDialogs.
 */
export function HelpMenu({ control }: { control?: { anchorEl: HTMLElement | null; onClose: () => void } }) {
  const translate = useTranslate();
  const { user, config } = useShellSession();
  const choose = useContext(HelpChoice);
  const [ownAnchor, setOwnAnchor] = useState<HTMLElement | null>(null);
  const anchor = control ? control.anchorEl : ownAnchor;
  const setAnchor = (el: HTMLElement | null) => (control && !el ? control.onClose() : setOwnAnchor(el));
  if (!user) return null;
  const items = helpMenuItems(user, { stagingPortal: !!config?.stagingPortalUrl });
  if (items.length === 0) return null;

  return (
    <>
      {!control && (
        <Tooltip title={translate('shell.appBar.help')}>
          <IconButton
            color="inherit"
            aria-label={translate('shell.appBar.help')}
            aria-haspopup="menu"
            onClick={(e) => setAnchor(e.currentTarget)}
          >
            <HelpOutlineIcon />
          </IconButton>
        </Tooltip>
      )}
      <MuiMenu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': translate('shell.appBar.help') } }}
      >
        {items.map((key) => (
          <MenuItem
            key={key}
            onClick={() => {
              setAnchor(null);
              void choose(key);
            }}
          >
            {translate(`shell.help.${key}`)}
          </MenuItem>
        ))}
      </MuiMenu>
    </>
  );
}
