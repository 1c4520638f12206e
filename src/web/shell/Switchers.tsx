import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { TIMINGS } from '../../common/constants.js';
import { updateSession } from '../providers/session.js';
import { displayAccountName } from './menuRules.js';
import { pushNotice } from './notices.js';
import { shellApi } from './shellApi.js';
import { useShellSession } from './useShellSession.js';

/** Narrower on phones, where the bar also holds the drawer, search, help and user menus. */
const fieldSx = {
  mt: 1,
  minWidth: { xs: 0, sm: 180 },
  width: { xs: 150, sm: 'auto' },
  maxWidth: 260,
  '& .MuiInputBase-root': { bgcolor: 'background.paper' },
} as const;

/** §4 'Account-group switch: sets the group, goes to /home/dashboard and shows a loading pulse for 3 s'. */
export function AccountGroupSwitcher({ onPulse }: { onPulse: (on: boolean) => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { siteGroupNum } = useShellSession();
  const { data: groups } = useQuery({ queryKey: ['shell', 'accountGroups'], queryFn: shellApi.accountGroups });
  const [busy, setBusy] = useState(false);
  if (!groups || groups.length === 0) return null;
  const change = async (next: number) => {
    if (next === siteGroupNum) return;
    setBusy(true);
    try {
      const user = await shellApi.switchAccountGroup(next);
      updateSession({ user, siteGroupNum: user.dealer?.siteGroupNum ?? next });
      onPulse(true);
      setTimeout(() => onPulse(false), TIMINGS.dealerSwitchPulseMs);
      navigate('/home/dashboard');
      await queryClient.invalidateQueries();
    } catch {
      pushNotice({ type: 'danger', title: translate('shell.appBar.accountGroup'), message: translate('shell.accountGroup.switchFailed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <TextField
      select
      size="small"
      label={translate('shell.appBar.accountGroup')}
      value={groups.some((g) => g.siteGroupNum === siteGroupNum) ? siteGroupNum : ''}
      disabled={busy}
      onChange={(e) => void change(Number(e.target.value))}
      sx={fieldSx}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { 'aria-label': translate('shell.appBar.accountGroup') } } } } }}
    >
      {groups.map((g) => (
        <MenuItem key={g.siteGroupNum} value={g.siteGroupNum}>{`${g.siteGroupNum} - ${displayAccountName(g.siteGroupName)}`}</MenuItem>
      ))}
    </TextField>
  );
}

/** §4 'MSA account switch: calls the server, then goes to /msa/summary with sn and the first device'. */
export function AccountSwitcher() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: links } = useQuery({ queryKey: ['shell', 'accountLinks'], queryFn: shellApi.accountLinks });
  const [current, setCurrent] = useState<number>();
  if (!links || links.length === 0) return null;
  const selected = current ?? links.find((l) => l.isFavorite)?.siteNum ?? links[0].siteNum;
  const change = async (siteNum: number) => {
    try {
      const active = await shellApi.activateAccount(siteNum);
      setCurrent(siteNum);
      updateSession({ siteGroupNum: active.siteGroupNum });
      navigate(`/msa/summary?sn=${active.siteNum}${active.devNum ? `&dn=${active.devNum}` : ''}`);
      await queryClient.invalidateQueries();
    } catch {
      pushNotice({ type: 'danger', title: translate('shell.appBar.account'), message: translate('shell.account.switchFailed') });
    }
  };
  return (
    <TextField
      select
      size="small"
      label={translate('shell.appBar.account')}
      value={selected}
      onChange={(e) => void change(Number(e.target.value))}
      sx={fieldSx}
    >
      {links.map((l) => (
        <MenuItem key={l.siteNum} value={l.siteNum}>
          {displayAccountName(l.siteName)}
        </MenuItem>
      ))}
    </TextField>
  );
}
