import { useState, type ComponentType, type ReactNode } from 'react';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import CampaignIcon from '@mui/icons-material/Campaign';
import { AppBar, Layout, Logout, UserMenu, useCanAccess, useTranslate, useUserMenu } from 'react-admin';
import { BannerSettingsDialog } from './BannerSettingsDialog.js';
import { ReactI18nBridge } from './ReactI18nBridge.js';
import { StatusBanner } from './StatusBanner.js';

function BannerSettingsMenuItem({ onOpen }: { onOpen: () => void }) {
  const translate = useTranslate();
  const menu = useUserMenu();
  return (
    <MenuItem
      onClick={() => {
        menu?.onClose();
        onOpen();
      }}
    >
      <ListItemIcon>
        <CampaignIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('banner.settings.menu')}</ListItemText>
    </MenuItem>
  );
}

/** The app bar with 'Banner Settings' for those who may edit it (SPEC §2 help menu, application 1). */
function BannerAppBar() {
  const [open, setOpen] = useState(false);
  const { canAccess } = useCanAccess({ resource: 'statusBanner', action: 'edit' });
  return (
    <>
      <AppBar
        color="primary"
        userMenu={
          <UserMenu>
            {canAccess && <BannerSettingsMenuItem onOpen={() => setOpen(true)} />}
            <Logout />
          </UserMenu>
        }
      />
      {canAccess && <BannerSettingsDialog open={open} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * A minimal layout until the application shell (issue 4) replaces it: the
 * status banner at the top of the content (SPEC §1 'shown ... in the shell')
 * and the Banner Settings entry in the user menu.
 */
export function BannerLayout({ children, menu }: { children?: ReactNode; menu?: ComponentType }) {
  return (
    <ReactI18nBridge>
      <Layout appBar={BannerAppBar} menu={menu}>
        <StatusBanner />
        {children}
      </Layout>
    </ReactI18nBridge>
  );
}
