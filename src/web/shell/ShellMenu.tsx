import { useState } from 'react';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import { useMediaQuery } from '@mui/material';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import BrushIcon from '@mui/icons-material/Brush';
import CampaignIcon from '@mui/icons-material/Campaign';
import ContactsIcon from '@mui/icons-material/Contacts';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DoNotDisturbIcon from '@mui/icons-material/DoNotDisturb';
import EventIcon from '@mui/icons-material/Event';
import GridViewIcon from '@mui/icons-material/GridView';
import HeadsetMicIcon from '@mui/icons-material/HeadsetMic';
import HistoryIcon from '@mui/icons-material/History';
import InfoIcon from '@mui/icons-material/Info';
import IntegrationInstructionsIcon from '@mui/icons-material/IntegrationInstructions';
import KeyIcon from '@mui/icons-material/Key';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import PeopleAltIcon from '@mui/icons-material/PeopleAlt';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import ReceiptIcon from '@mui/icons-material/Receipt';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import SettingsIcon from '@mui/icons-material/Settings';
import SettingsApplicationsIcon from '@mui/icons-material/SettingsApplications';
import SearchIcon from '@mui/icons-material/Search';
import SummarizeIcon from '@mui/icons-material/Summarize';
import EditNoteIcon from '@mui/icons-material/EditNote';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import PolicyIcon from '@mui/icons-material/Policy';
import type { ReactElement } from 'react';
import { Menu, useDataProvider, useSidebarState, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { APPLICATION } from '../../common/constants.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { splitMoreOptions, visibleDrawerItems, type DrawerItem } from './menuRules.js';
import { useShellSession } from './useShellSession.js';
import { openAccountSearch } from './shellEvents.js';
import { useShellControls } from './shellContext.js';
import { DrawerSwitcher } from './Switchers.js';
import { useHeaderLayout } from './useHeaderLayout.js';

const DRAWER_ICONS: Record<string, ReactElement> = {
  home: <DashboardIcon />,
  reports: <SummarizeIcon />,
  support: <HeadsetMicIcon />,
  news: <NewspaperIcon />,
  newsSetup: <SettingsIcon />,
  marketing: <CampaignIcon />,
  accounts: <PeopleAltIcon />,
  advancedSearch: <SearchIcon />,
  createAccount: <PersonAddIcon />,
  importAccounts: <UploadFileIcon />,
  answeringService: <PhoneInTalkIcon />,
  accountGroupSettings: <SettingsApplicationsIcon />,
  branding: <BrushIcon />,
  users: <ManageAccountsIcon />,
  integrations: <IntegrationInstructionsIcon />,
  billing: <ReceiptIcon />,
  accountInfo: <InfoIcon />,
  noAction: <DoNotDisturbIcon />,
  contacts: <ContactsIcon />,
  zones: <GridViewIcon />,
  passcodes: <KeyIcon />,
  schedules: <EventIcon />,
  history: <HistoryIcon />,
  panelInfo: <AccountBalanceIcon />,
  contactRequests: <MarkEmailUnreadIcon />,
  auditLog: <PolicyIcon />,
  changeRequests: <EditNoteIcon />,
};

function DrawerEntry({ item, onDone }: { item: DrawerItem; onDone?: () => void }) {
  const translate = useTranslate();
  const [sidebarOpen] = useSidebarState();
  const label = translate(`shell.drawer.${item.key}`);
  if (item.action === 'accountSearch') {
    return (
      <MenuItem
        onClick={() => {
          onDone?.();
          openAccountSearch();
        }}
        sx={{ color: 'text.secondary', py: '6px', px: 2 }}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>{DRAWER_ICONS[item.key]}</ListItemIcon>
        {sidebarOpen && label}
      </MenuItem>
    );
  }
  return <Menu.Item to={item.to!} primaryText={label} leftIcon={DRAWER_ICONS[item.key]} onClick={onDone} />;
}

/** The panel-info entries of §2 App 3 'Account Info (with a panel-info entry per device)'. */
function PanelInfoEntries() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const location = useLocation();
  const sn = Number(new URLSearchParams(location.search).get('sn')) || undefined;
  const { data: links } = useQuery({ queryKey: ['shell', 'accountLinks'], queryFn: () => dataProvider.accountLinks() });
  const link = links?.find((l) => l.siteNum === sn) ?? links?.find((l) => l.isFavorite) ?? links?.[0];
  if (!link) return null;
  return (
    <>
      {link.devices.map((devNum) => (
        <Menu.Item
          key={devNum}
          to={`/msa/panel-info?sn=${link.siteNum}&dn=${devNum}`}
          primaryText={translate('shell.drawer.panelInfo', { devNum })}
          leftIcon={DRAWER_ICONS.panelInfo}
          sx={{ pl: 4 }}
        />
      ))}
    </>
  );
}

/** Long labels (Spanish, French, the pseudo-locale) wrap in the open drawer instead of being cut off. */
const WRAPPED_LABELS = {
  '& .MuiMenuItem-root': { whiteSpace: 'normal' },
  '& .MuiMenuItem-root .MuiTypography-noWrap': { whiteSpace: 'normal' },
} as const;

/**
 * SPEC §2 main drawer per application, §6 gates; 'More Options' under 768 px high (app 2).
 * On a small screen (§9) the header's switcher comes first here.
 */
export function ShellMenu() {
  const translate = useTranslate();
  const { user } = useShellSession();
  const { onPulse } = useShellControls();
  const layout = useHeaderLayout();
  const [open] = useSidebarState();
  const short = useMediaQuery('(max-height: 767.95px)');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!user) return <Menu />;
  const items = visibleDrawerItems(user);
  const { main, more } = splitMoreOptions(items, user.applicationNum, short ? 0 : 10_000);
  return (
    <nav aria-label={translate('shell.drawer.label')}>
      <Menu sx={open ? WRAPPED_LABELS : undefined}>
        {layout.drawer.includes('switcher') && <DrawerSwitcher applicationNum={user.applicationNum} onPulse={onPulse} />}
        {/* Items, not fragments: the menu list counts its children to move the focus with the arrow keys. */}
        {main.flatMap((item) => [
          <DrawerEntry key={item.key} item={item} />,
          ...(item.key === 'accountInfo' && user.applicationNum === APPLICATION.customer ? [<PanelInfoEntries key="panelInfo" />] : []),
        ])}
        {more.length > 0 && (
          <MenuItem
            aria-haspopup="true"
            aria-expanded={!!anchor}
            onClick={(e) => setAnchor(e.currentTarget)}
            sx={{ color: 'text.secondary', py: '6px', px: 2 }}
          >
            <ListItemIcon sx={{ minWidth: 40 }}>
              <MoreHorizIcon />
            </ListItemIcon>
            {open && translate('shell.drawer.moreOptions')}
          </MenuItem>
        )}
      </Menu>
      {more.length > 0 && (
        <Popover open={!!anchor} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'top', horizontal: 'right' }}>
          <MenuList aria-label={translate('shell.drawer.moreOptions')}>
            {more.map((item) => (
              <DrawerEntry key={item.key} item={item} onDone={() => setAnchor(null)} />
            ))}
          </MenuList>
        </Popover>
      )}
    </nav>
  );
}
