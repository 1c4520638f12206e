import { useId, useState, useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { useMediaQuery, type Theme } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useSidebarState, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { APPLICATION, TIMINGS } from '../../common/constants.js';
import { updateSession } from '../providers/session.js';
import { displayAccountName } from './menuRules.js';
import { pushNotice } from './notices.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { useShellSession } from './useShellSession.js';

/** Narrower on phones, where the bar also holds the drawer, search, help and user menus. */
const fieldSx = {
  mt: 1,
  minWidth: { xs: 0, sm: 180 },
  width: { xs: 150, sm: 'auto' },
  maxWidth: 260,
  '& .MuiInputBase-root': { bgcolor: 'background.paper' },
} as const;

/** One switcher's state, whichever way it is shown (a select in the bar, or the drawer's bottom sheet). */
interface Switch {
  /** Key under shell.appBar.* naming the switcher ('accountGroup' or 'account'). */
  labelKey: 'accountGroup' | 'account';
  options: { value: number; label: string }[];
  selected: number | '';
  busy: boolean;
  change: (next: number) => Promise<void>;
}

/**
 * A switch's call: busy meanwhile, then every query fetched again for the new group or account; a
 * failure is a notice titled with the switcher's name.
 */
function useSwitchCall(labelKey: Switch['labelKey'], failedKey: string) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
      await queryClient.invalidateQueries();
    } catch {
      pushNotice({ type: 'danger', title: translate(`shell.appBar.${labelKey}`), message: translate(failedKey) });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** §4 'Account-group switch: sets the group, goes to /home/dashboard and shows a loading pulse for 3 s'. */
function useAccountGroupSwitch(onPulse: (on: boolean) => void): Switch | null {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const navigate = useNavigate();
  const { siteGroupNum } = useShellSession();
  const { data: groups } = useQuery({ queryKey: ['shell', 'accountGroups'], queryFn: () => dataProvider.accountGroupOptions() });
  const { busy, run } = useSwitchCall('accountGroup', 'shell.accountGroup.switchFailed');
  if (!groups || groups.length === 0) return null;
  const change = async (next: number) => {
    if (next === siteGroupNum) return;
    await run(async () => {
      const user = await dataProvider.switchAccountGroup(next);
      updateSession({ user, siteGroupNum: user.dealer?.siteGroupNum ?? next });
      onPulse(true);
      setTimeout(() => onPulse(false), TIMINGS.dealerSwitchPulseMs);
      navigate('/home/dashboard');
    });
  };
  return {
    labelKey: 'accountGroup',
    options: groups.map((g) => ({ value: g.siteGroupNum, label: `${g.siteGroupNum} - ${displayAccountName(g.siteGroupName)}` })),
    selected: groups.some((g) => g.siteGroupNum === siteGroupNum) ? (siteGroupNum ?? '') : '',
    busy,
    change,
  };
}

/**
 * The account the customer chose last in this page load, shared by every switcher: the bar's and
 * the drawer's, and one mounted while a switch is still on its way (a phone's drawer opened again at
 * once mounts a new one, which must learn the choice when the call returns, not keep what it found).
 */
let chosenAccount: number | undefined;
const chosenListeners = new Set<() => void>();
const subscribeChosen = (listener: () => void) => {
  chosenListeners.add(listener);
  return () => {
    chosenListeners.delete(listener);
  };
};
const chosen = () => chosenAccount;
function setChosen(siteNum: number) {
  chosenAccount = siteNum;
  for (const listener of chosenListeners) listener();
}

/** §4 'MSA account switch: calls the server, then goes to /msa/summary with sn and the first device'. */
function useAccountSwitch(): Switch | null {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const navigate = useNavigate();
  const { data: links } = useQuery({ queryKey: ['shell', 'accountLinks'], queryFn: () => dataProvider.accountLinks() });
  const current = useSyncExternalStore(subscribeChosen, chosen);
  const { busy, run } = useSwitchCall('account', 'shell.account.switchFailed');
  if (!links || links.length === 0) return null;
  const known = links.some((l) => l.siteNum === current) ? current : undefined;
  // The server's active account (the one last switched to, else the default, else the first).
  const selected = known ?? (links.find((l) => l.isActive) ?? links.find((l) => l.isFavorite) ?? links[0]).siteNum;
  const change = (siteNum: number) =>
    run(async () => {
      const active = await dataProvider.activateAccount(siteNum);
      setChosen(siteNum);
      updateSession({ siteGroupNum: active.siteGroupNum });
      navigate(`/msa/summary?sn=${active.siteNum}${active.devNum ? `&dn=${active.devNum}` : ''}`);
    });
  return {
    labelKey: 'account',
    options: links.map((l) => ({ value: l.siteNum, label: displayAccountName(l.siteName) })),
    selected,
    busy,
    change,
  };
}

/** The switcher as a select in the header bar (large screens). */
function SwitcherField({ state, menuLabel }: { state: Switch | null; menuLabel?: boolean }) {
  const translate = useTranslate();
  if (!state) return null;
  const label = translate(`shell.appBar.${state.labelKey}`);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={state.selected}
      disabled={state.busy}
      onChange={(e) => void state.change(Number(e.target.value))}
      sx={fieldSx}
      slotProps={menuLabel ? { select: { MenuProps: { slotProps: { paper: { 'aria-label': label } } } } } : undefined}
    >
      {state.options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function AccountGroupSwitcher({ onPulse }: { onPulse: (on: boolean) => void }) {
  return <SwitcherField state={useAccountGroupSwitch(onPulse)} menuLabel />;
}

export function AccountSwitcher() {
  return <SwitcherField state={useAccountSwitch()} />;
}

/**
 * Small screens: the switcher is a drawer entry naming the current choice; it opens a
 * bottom sheet with the choices. The entry sits among the drawer's menu items, so it is one too.
 */
function SwitcherSheet({ state, tabIndex }: { state: Switch | null; tabIndex?: number }) {
  const translate = useTranslate();
  const titleId = useId();
  const [sidebarOpen, setSidebarOpen] = useSidebarState();
  const temporaryDrawer = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  if (!state) return null;
  const label = translate(`shell.appBar.${state.labelKey}`);
  const current = state.options.find((o) => o.value === state.selected)?.label ?? '';
  const name = translate('shell.switcher.current', { label, value: current || translate('shell.switcher.none') });
  const choose = async (value: number) => {
    setOpen(false);
    // A phone's drawer covers the page: close it for the page the switch goes to.
    if (temporaryDrawer) setSidebarOpen(false);
    await state.change(value);
  };
  return (
    <>
      <MenuItem
        aria-label={name}
        aria-haspopup="dialog"
        aria-expanded={open}
        tabIndex={tabIndex}
        disabled={state.busy}
        onClick={() => setOpen(true)}
        sx={{ color: 'text.secondary', py: '6px', px: 2 }}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>
          <SwapHorizIcon />
        </ListItemIcon>
        {sidebarOpen && (
          <ListItemText
            primary={label}
            secondary={current}
            slotProps={{
              primary: { variant: 'caption', sx: { display: 'block', lineHeight: 1.2 } },
              secondary: { noWrap: true, sx: { color: 'text.primary' } },
            }}
            sx={{ my: 0, minWidth: 0 }}
          />
        )}
      </MenuItem>
      <Divider sx={{ my: 0.5 }} />
      <Drawer
        anchor="bottom"
        open={open}
        onClose={() => setOpen(false)}
        // In React's tree the sheet sits inside the drawer's menu, whose arrow keys must not move focus out of it.
        onKeyDown={(e) => e.stopPropagation()}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-modal': true,
            'aria-labelledby': titleId,
            sx: { borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '70vh', mx: 'auto', width: '100%', maxWidth: 640 },
          },
        }}
      >
        <Box sx={{ width: 40, height: 4, borderRadius: 2, bgcolor: 'divider', mx: 'auto', mt: 1 }} aria-hidden />
        <Typography id={titleId} variant="subtitle1" component="h2" sx={{ px: 2, pt: 1, fontWeight: 600 }}>
          {label}
        </Typography>
        <MenuList autoFocusItem={open} aria-labelledby={titleId} sx={{ overflowY: 'auto', pb: 2 }}>
          {state.options.map((o) => {
            const checked = o.value === state.selected;
            return (
              <MenuItem key={o.value} role="menuitemradio" aria-checked={checked} selected={checked} onClick={() => void choose(o.value)}>
                <ListItemIcon>{checked && <CheckIcon fontSize="small" />}</ListItemIcon>
                <ListItemText>{o.label}</ListItemText>
              </MenuItem>
            );
          })}
        </MenuList>
      </Drawer>
    </>
  );
}

function AccountGroupSheet({ onPulse, tabIndex }: { onPulse: (on: boolean) => void; tabIndex?: number }) {
  return <SwitcherSheet state={useAccountGroupSwitch(onPulse)} tabIndex={tabIndex} />;
}

function AccountSheet({ tabIndex }: { tabIndex?: number }) {
  return <SwitcherSheet state={useAccountSwitch()} tabIndex={tabIndex} />;
}

/**
 * The drawer's switcher on a small screen: account groups for a dealer, accounts for a customer.
 * `tabIndex` is the drawer menu's roving tab stop (MUI's MenuList gives it to its first item).
 */
export function DrawerSwitcher({
  applicationNum,
  onPulse,
  tabIndex,
}: {
  applicationNum: number;
  onPulse: (on: boolean) => void;
  tabIndex?: number;
}) {
  if (applicationNum === APPLICATION.dealer) return <AccountGroupSheet onPulse={onPulse} tabIndex={tabIndex} />;
  if (applicationNum === APPLICATION.customer) return <AccountSheet tabIndex={tabIndex} />;
  return null;
}
