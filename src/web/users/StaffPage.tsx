import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useLocaleState, useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
import type { StaffUser } from '../../../schemas/users.js';
import { APPLICATION } from '../../common/constants.js';
import { failureMessage } from '../providers/errorMessages.js';
import { useSession } from '../providers/useSession.js';
import { visuallyHidden } from '../resources/visuallyHidden.js';
import { InviteDialog, ManageDialog } from './StaffDialogs.js';
import { PermissionChips, StatusChip, formatWhen } from './StaffParts.js';
import { useStaff } from './staffList.js';
import type { ManagerView } from './staffRules.js';

const STATUSES = ['active', 'invited', 'disabled'] as const;

/**
 * The account group's users (/account-group/users): search and status filter, invite by
 * email, and a user's permissions, disable, reset MFA and resend in a dialog. A table on a wide
 * screen, cards on a phone.
 */
function StaffPage({ manager, groupName, groupNum }: { manager: ManagerView; groupName: string; groupNum?: number }) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<StaffUser['status'] | ''>('');
  const [inviting, setInviting] = useState(false);
  const [managing, setManaging] = useState<StaffUser>();
  const { data: users, error, refetch, isPending } = useStaff({ q: q.trim() || undefined, status: status || undefined }, groupNum);
  const t = (key: string, args?: Record<string, unknown>) => translate(`users.${key}`, args);
  const lastSignIn = (user: StaffUser) => (user.lastSignInAt ? formatWhen(user.lastSignInAt, locale) : t('list.never'));

  let body;
  if (error) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            {t('retry')}
          </Button>
        }
      >
        {translate(failureMessage(error, 'users.loadFailed'))}
      </Alert>
    );
  } else if (isPending || !users) {
    body = <Skeleton variant="rounded" height={240} />;
  } else if (users.length === 0) {
    body = <Alert severity="info">{t('list.empty')}</Alert>;
  } else if (phone) {
    body = (
      <Stack spacing={1}>
        {users.map((user) => (
          <Card key={user.id} variant="outlined">
            <CardActionArea onClick={() => setManaging(user)} aria-label={t('edit.manage', { name: user.name })}>
              <CardContent>
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600 }}>{user.name}</Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {user.email ?? user.username}
                    </Typography>
                  </Box>
                  <StatusChip status={user.status} />
                </Stack>
                <Box sx={{ mt: 1 }}>
                  <PermissionChips user={user} />
                </Box>
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
                  {t('columns.lastSignIn')}: {lastSignIn(user)}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Stack>
    );
  } else {
    body = (
      <TableContainer component={Paper} variant="outlined">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('columns.name')}</TableCell>
              <TableCell>{t('columns.status')}</TableCell>
              <TableCell>{t('columns.permissions')}</TableCell>
              <TableCell align="right">
                <Box component="span" sx={visuallyHidden}>
                  {t('columns.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {users.map((user) => (
              <TableRow key={user.id} hover>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {user.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {user.email ?? user.username}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t('columns.lastSignIn')}: {lastSignIn(user)}
                  </Typography>
                </TableCell>
                <TableCell>
                  <StatusChip status={user.status} />
                </TableCell>
                <TableCell sx={{ maxWidth: 360 }}>
                  <PermissionChips user={user} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Button size="small" onClick={() => setManaging(user)} aria-label={t('edit.manage', { name: user.name })}>
                    {user.manageable ? translate('ra.action.edit') : translate('ra.action.show')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('intro', { group: groupName })}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          size="small"
          type="search"
          label={t('list.search')}
          value={q}
          onChange={(event) => setQ(event.target.value)}
          sx={{ minWidth: { sm: 260 } }}
        />
        <TextField
          size="small"
          select
          label={t('list.statusFilter')}
          value={status}
          onChange={(event) => setStatus(event.target.value as StaffUser['status'] | '')}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          sx={{ minWidth: { sm: 180 } }}
        >
          <MenuItem value="">{t('list.allStatuses')}</MenuItem>
          {STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviting(true)}>
          {t('list.invite')}
        </Button>
      </Stack>
      {body}
      {inviting && <InviteDialog manager={manager} onClose={() => setInviting(false)} />}
      {managing && <ManageDialog key={managing.id} user={managing} manager={manager} onClose={() => setManaging(undefined)} />}
    </Stack>
  );
}

/** /account-group/users: the current account group's staff, managed by the signed-in administrator. */
export function AccountGroupStaffPage() {
  const { user } = useSession();
  if (!user) return null;
  // Support staff find every user on /support: the `users` resource answers them the directory.
  if (user.applicationNum === APPLICATION.internal) return <Navigate to="/support" replace />;
  return <StaffPage manager={user} groupName={user.dealer?.siteGroupName ?? ''} groupNum={user.dealer?.siteGroupNum} />;
}
