import { useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { StaffUser } from '../../../schemas/users.js';
import { LIMITS } from '../../../schemas/constants.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { clientMessage } from '../providers/errorMessages.js';
import { PermissionChecks } from './PermissionChecks.js';
import { STAFF_KEY } from './staffList.js';
import { permissionOptions, toggled, type ManagerView } from './staffRules.js';
import { StatusChip, formatWhen } from './StaffParts.js';

function FormShell({
  title,
  busy,
  failure,
  onClose,
  onSubmit,
  submitLabel,
  extraActions,
  children,
}: {
  title: string;
  busy: boolean;
  failure?: string;
  onClose: () => void;
  onSubmit?: () => void;
  submitLabel?: string;
  extraActions?: ReactNode;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullScreen={fullScreen} fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit?.();
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && <Alert severity="error">{translate(failure)}</Alert>}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {extraActions}
          <Button onClick={onClose} disabled={busy}>
            {translate(onSubmit ? 'users.invite.cancel' : 'users.edit.close')}
          </Button>
          {onSubmit && (
            <Button type="submit" variant="contained" disabled={busy}>
              {submitLabel}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Invite by email: the name, the email and the permissions (never more than the inviter's). */
export function InviteDialog({ manager, onClose }: { manager: ManagerView; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<{ roles: string[]; flags: string[] }>({ roles: [], flags: [] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const t = (key: string, args?: Record<string, unknown>) => translate(`users.invite.${key}`, args);

  const submit = async () => {
    const missing: Record<string, string> = {};
    if (!email.trim()) missing.email = 'validation.required';
    if (!name.trim()) missing.name = 'validation.required';
    if (Object.keys(missing).length) return setErrors(missing);
    setBusy(true);
    setFailure(undefined);
    try {
      const created = await dataProvider.inviteStaff({
        email: email.trim(),
        name: name.trim(),
        roles: selected.roles as StaffUser['roles'],
        flags: selected.flags as StaffUser['flags'],
      });
      await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
      notify('users.invite.sent', { type: 'success', messageArgs: { email: created.email ?? created.username } });
      onClose();
    } catch (error) {
      const { message, fieldErrors } = clientMessage(error, 'users.loadFailed');
      const fields = Object.fromEntries(Object.entries(fieldErrors ?? {}).filter(([f]) => f === 'email' || f === 'name'));
      setErrors(fields);
      if (!Object.keys(fields).length) setFailure(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormShell title={t('title')} busy={busy} failure={failure} onClose={onClose} onSubmit={() => void submit()} submitLabel={t('send')}>
      <Typography variant="body2">{t('intro')}</Typography>
      <TextField
        label={t('email')}
        type="email"
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          setErrors({});
        }}
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: LIMITS.usernameMax, autoComplete: 'off' } }}
        error={Boolean(errors.email)}
        helperText={errors.email ? translate(errors.email) : undefined}
        fullWidth
      />
      <TextField
        label={t('name')}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setErrors({});
        }}
        required
        slotProps={{ htmlInput: { maxLength: 100, autoComplete: 'off' } }}
        error={Boolean(errors.name)}
        helperText={errors.name ? translate(errors.name) : undefined}
        fullWidth
      />
      <PermissionChecks options={permissionOptions(manager, selected)} onToggle={(option) => setSelected((s) => toggled(s, option))} />
    </FormShell>
  );
}

type Pending = 'disable' | 'resetMfa' | undefined;

/** One user: their permissions, disable/enable, reset MFA, resend the invitation. */
export function ManageDialog({ user, manager, onClose }: { user: StaffUser; manager: ManagerView; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [locale = 'en'] = useLocaleState();
  const [current, setCurrent] = useState(user);
  const [selected, setSelected] = useState<{ roles: string[]; flags: string[] }>({ roles: [...user.roles], flags: [...user.flags] });
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<Pending>();
  const t = (key: string, args?: Record<string, unknown>) => translate(`users.edit.${key}`, args);
  const readOnly = !current.manageable;

  const act = async (work: () => Promise<StaffUser>, success: string) => {
    setBusy(true);
    setFailure(undefined);
    try {
      setCurrent(await work());
      await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
      notify(success, { type: 'success' });
    } catch (error) {
      setFailure(clientMessage(error, 'users.loadFailed').message);
    } finally {
      setBusy(false);
      setConfirm(undefined);
    }
  };

  const save = () =>
    act(
      () =>
        dataProvider.updateStaff(current.id, {
          roles: selected.roles as StaffUser['roles'],
          flags: selected.flags as StaffUser['flags'],
        }),
      'users.edit.saved',
    );
  const disabled = current.status === 'disabled';

  return (
    <FormShell
      title={t('title', { name: current.name })}
      busy={busy}
      failure={failure}
      onClose={onClose}
      onSubmit={readOnly ? undefined : () => void save()}
      submitLabel={t('save')}
      extraActions={
        readOnly ? undefined : (
          <Stack direction="row" spacing={1} sx={{ mr: 'auto', flexWrap: 'wrap', gap: 1 }}>
            {current.status === 'invited' && (
              <Button disabled={busy} onClick={() => void act(() => dataProvider.resendStaffInvitation(current.id), 'users.edit.resent')}>
                {t('resend')}
              </Button>
            )}
            <Button disabled={busy} color="warning" onClick={() => setConfirm('resetMfa')}>
              {t('resetMfa')}
            </Button>
            <Button
              disabled={busy}
              color={disabled ? 'primary' : 'error'}
              onClick={() =>
                disabled
                  ? void act(() => dataProvider.updateStaff(current.id, { disabled: false }), 'users.edit.enabledDone')
                  : setConfirm('disable')
              }
            >
              {disabled ? t('enable') : t('disable')}
            </Button>
          </Stack>
        )
      }
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{current.email ?? current.username}</Typography>
        <StatusChip status={current.status} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {current.status === 'invited' && current.invitedAt
          ? t('invitedAt', { date: formatWhen(current.invitedAt, locale) })
          : t('lastSignIn', { date: current.lastSignInAt ? formatWhen(current.lastSignInAt, locale) : translate('users.list.never') })}
      </Typography>
      {readOnly && <Alert severity="info">{t('readOnly')}</Alert>}
      <PermissionChecks
        options={permissionOptions(manager, selected)}
        disabled={readOnly || busy}
        onToggle={(option) => setSelected((s) => toggled(s, option))}
      />
      <Dialog open={confirm !== undefined} onClose={busy ? undefined : () => setConfirm(undefined)} maxWidth="xs" fullWidth>
        <DialogTitle>{confirm === 'resetMfa' ? t('confirmResetTitle') : t('confirmDisableTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {confirm === 'resetMfa' ? t('confirmReset', { name: current.name }) : t('confirmDisable', { name: current.name })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(undefined)} disabled={busy}>
            {translate('users.invite.cancel')}
          </Button>
          <Button
            variant="contained"
            color="error"
            disabled={busy}
            onClick={() =>
              void (confirm === 'resetMfa'
                ? act(() => dataProvider.resetStaffMfa(current.id), 'users.edit.mfaReset')
                : act(() => dataProvider.updateStaff(current.id, { disabled: true }), 'users.edit.disabledDone'))
            }
          >
            {confirm === 'resetMfa' ? t('resetMfa') : t('disable')}
          </Button>
        </DialogActions>
      </Dialog>
    </FormShell>
  );
}
