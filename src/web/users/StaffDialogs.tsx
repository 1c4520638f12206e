import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useFormState } from 'react-hook-form';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { staffInviteSchema, staffInviteUi, staffPermissionsUi, staffUpdateSchema, type StaffUser } from '../../../schemas/users.js';
import type { SchemaFormSlot } from '../forms/SchemaForm.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { clientMessage } from '../providers/errorMessages.js';
import { SubmitDialog } from '../resources/ResourceDialog.js';
import { PermissionChecks } from './PermissionChecks.js';
import { STAFF_KEY } from './staffList.js';
import type { ManagerView } from './staffRules.js';
import { StatusChip, formatWhen } from './StaffParts.js';

/** §8's default of the staff screen's failures (the screen has said it since it has been). */
const FAILED = 'users.loadFailed';

/** The forms' `permissions` widget: the checks of the roles and the flags, drawn once (with the roles). */
function permissionSlots(manager: ManagerView, disabled = false): Record<string, SchemaFormSlot> {
  return { permissions: (field) => (field.source === 'roles' ? <PermissionChecks manager={manager} disabled={disabled} /> : null) };
}

/** The permissions as sent: the form's roles and flags. */
const permissionsOf = (values: Record<string, unknown>) => ({
  roles: values.roles as StaffUser['roles'],
  flags: values.flags as StaffUser['flags'],
});

/** Invite by email: the name, the email and the permissions (never more than the inviter's), from staffInviteUi. */
export function InviteDialog({ manager, onClose }: { manager: ManagerView; onClose: () => void }) {
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  return (
    <SubmitDialog
      schema={staffInviteSchema}
      ui={staffInviteUi}
      slots={permissionSlots(manager)}
      values={{ email: '', name: '', roles: [], flags: [] }}
      texts={{
        title: 'users.invite.title',
        explanation: 'users.invite.intro',
        submit: 'users.invite.send',
        cancel: 'users.invite.cancel',
        saved: (created: StaffUser) => ({ key: 'users.invite.sent', args: { email: created.email ?? created.username } }),
        saveError: FAILED,
      }}
      submit={(values) =>
        dataProvider.inviteStaff({ email: String(values.email).trim(), name: String(values.name).trim(), ...permissionsOf(values) })
      }
      onSaved={() => queryClient.invalidateQueries({ queryKey: STAFF_KEY })}
      onClose={onClose}
    />
  );
}

type Pending = 'disable' | 'resetMfa' | undefined;

/** Resend the invitation, reset MFA, disable or enable: out of reach while one of them or the save runs. */
function UserActions({
  user,
  busy,
  onResend,
  onConfirm,
  onEnable,
}: {
  user: StaffUser;
  busy: boolean;
  onResend: () => void;
  onConfirm: (pending: Pending) => void;
  onEnable: () => void;
}) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  const off = busy || isSubmitting;
  const disabled = user.status === 'disabled';
  return (
    <Stack direction="row" spacing={1} sx={{ mr: 'auto', flexWrap: 'wrap', gap: 1 }}>
      {user.status === 'invited' && (
        <Button disabled={off} onClick={onResend}>
          {translate('users.edit.resend')}
        </Button>
      )}
      <Button disabled={off} color="warning" onClick={() => onConfirm('resetMfa')}>
        {translate('users.edit.resetMfa')}
      </Button>
      <Button disabled={off} color={disabled ? 'primary' : 'error'} onClick={() => (disabled ? onEnable() : onConfirm('disable'))}>
        {translate(disabled ? 'users.edit.enable' : 'users.edit.disable')}
      </Button>
    </Stack>
  );
}

/**
 * One user: their permissions (the form, from staffPermissionsUi), and the status, disable or
 * enable, reset MFA and resend the invitation as actions of their own beside it.
 */
export function ManageDialog({ user, manager, onClose }: { user: StaffUser; manager: ManagerView; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [locale = 'en'] = useLocaleState();
  const [current, setCurrent] = useState(user);
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<Pending>();
  const t = (key: string, args?: Record<string, unknown>) => translate(`users.edit.${key}`, args);
  const readOnly = !current.manageable;
  const reload = () => queryClient.invalidateQueries({ queryKey: STAFF_KEY });

  const act = async (work: () => Promise<StaffUser>, success: string) => {
    setBusy(true);
    setFailure(undefined);
    try {
      setCurrent(await work());
      await reload();
      notify(success, { type: 'success' });
    } catch (error) {
      setFailure(clientMessage(error, FAILED).message);
    } finally {
      setBusy(false);
      setConfirm(undefined);
    }
  };

  return (
    <SubmitDialog
      schema={staffUpdateSchema}
      ui={staffPermissionsUi}
      slots={permissionSlots(manager, readOnly || busy)}
      values={{ roles: [...user.roles], flags: [...user.flags] }}
      texts={{
        title: 'users.edit.title',
        titleArgs: { name: current.name },
        submit: 'users.edit.save',
        cancel: readOnly ? 'users.edit.close' : 'users.invite.cancel',
        saved: 'users.edit.saved',
        saveError: FAILED,
      }}
      readOnly={readOnly}
      stayOpen
      failure={failure}
      submit={(values) => dataProvider.updateStaff(current.id, permissionsOf(values))}
      onSaved={async (saved) => {
        setCurrent(saved);
        await reload();
      }}
      actions={
        !readOnly && (
          <UserActions
            user={current}
            busy={busy}
            onResend={() => void act(() => dataProvider.resendStaffInvitation(current.id), 'users.edit.resent')}
            onConfirm={setConfirm}
            onEnable={() => void act(() => dataProvider.updateStaff(current.id, { disabled: false }), 'users.edit.enabledDone')}
          />
        )
      }
      intro={
        <Stack spacing={2} sx={{ mb: 2 }}>
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
        </Stack>
      }
      onClose={onClose}
    >
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
    </SubmitDialog>
  );
}
