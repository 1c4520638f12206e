import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { IMPERSONATION_MINUTES, SUPPORT_REASON_MAX, type SupportUserDetail } from '../../../schemas/support.js';
import type { SupportActionDefinition } from '../../common/supportActions.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { clientMessage } from '../providers/errorMessages.js';
import { loadSignedIn } from '../providers/transport.js';
import { supportUserKey } from './supportUser.js';
import { actionKeys, reasonError } from './supportRules.js';

/** The required reason: a message under the field once a blank one was sent. */
function ReasonField({
  value,
  onChange,
  error,
  autoFocus,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
  autoFocus?: boolean;
}) {
  const translate = useTranslate();
  return (
    <TextField
      label={translate('support.reason.label')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required
      multiline
      minRows={2}
      fullWidth
      autoFocus={autoFocus}
      error={!!error}
      helperText={error ? translate(error) : translate('support.reason.helper')}
      slotProps={{ htmlInput: { maxLength: SUPPORT_REASON_MAX } }}
    />
  );
}

/** A dialog with a title, a description, the form and Cancel / the confirming button; full screen on a phone. */
function ReasonDialog({
  title,
  description,
  confirmLabel,
  danger,
  busy,
  failure,
  onCancel,
  onConfirm,
  children,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  danger: boolean;
  busy: boolean;
  failure?: string;
  onCancel: () => void;
  onConfirm: () => void;
  children: React.ReactNode;
}) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullScreen={phone}
      maxWidth="sm"
      fullWidth
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId} sx={{ mb: 2 }}>
            {description}
          </DialogContentText>
          <Stack spacing={2}>
            {children}
            {failure && <Alert severity="error">{translate(failure)}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            {translate('support.dialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" color={danger ? 'error' : 'primary'} disabled={busy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * A reason dialog's state: the reason, its error, the failure above it and busy. `submit` checks
 * the reason first, then runs the work with it trimmed; a refusal shows under the reason when it
 * is about the reason, else above. Busy stays on after a success: the dialog closes or the page goes.
 */
function useReasonSubmit(failedKey: string) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (work: (reason: string) => Promise<void>, afterFailure?: () => Promise<unknown>) => {
    const invalid = reasonError(reason);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await work(reason.trim());
    } catch (failed) {
      const { message, fieldErrors } = clientMessage(failed, failedKey);
      if (fieldErrors?.reason) setError(fieldErrors.reason);
      else setFailure(message);
      setBusy(false);
      await afterFailure?.();
    }
  };
  return { reason, setReason, error, failure, busy, submit };
}

/** One support action: why (required), confirm, then the server's answer replaces the page's user and a notice says what happened. */
export function SupportActionDialog({
  user,
  action,
  onClose,
}: {
  user: SupportUserDetail;
  action: SupportActionDefinition;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { reason, setReason, error, failure, busy, submit } = useReasonSubmit('support.dialog.failed');
  const keys = actionKeys(action.id);

  const confirm = () =>
    submit(
      async (why) => {
        const updated = await dataProvider.supportAction(user.id, action.id, why);
        queryClient.setQueryData(supportUserKey(user.id), updated);
        notify(keys.done, { type: 'success', messageArgs: { name: user.name } });
        onClose();
      },
      () => queryClient.invalidateQueries({ queryKey: supportUserKey(user.id) }),
    );

  return (
    <ReasonDialog
      title={translate(keys.title, { name: user.name })}
      description={translate(keys.description, { name: user.name })}
      confirmLabel={translate(keys.label)}
      danger={action.danger}
      busy={busy}
      failure={failure}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    >
      <ReasonField value={reason} onChange={setReason} error={error} autoFocus />
    </ReasonDialog>
  );
}

/**
 * Impersonate: why (required) and for how long (15, 30 or 60 minutes). On success the
 * browser holds the user's session (the support user's own ended) and opens their home: a dealer's
 * dashboard, a customer's /msa/summary, with the impersonation banner.
 */
export function ImpersonateDialog({ user, onClose }: { user: SupportUserDetail; onClose: () => void }) {
  const translate = useTranslate();
  const [minutes, setMinutes] = useState<number>(30);
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { reason, setReason, error, failure, busy, submit } = useReasonSubmit('support.impersonate.failed');

  const start = () =>
    submit(async (why) => {
      const token = await dataProvider.startImpersonation(user.id, why, minutes);
      await loadSignedIn(token);
      // The empty path goes to the user's home (SPEC §2): /msa/summary for a customer, else /home/dashboard.
      window.location.assign('/');
    });

  return (
    <ReasonDialog
      title={translate('support.impersonate.title', { name: user.name })}
      description={translate('support.impersonate.intro', { name: user.name })}
      confirmLabel={translate('support.impersonate.start')}
      danger={false}
      busy={busy}
      failure={failure}
      onCancel={onClose}
      onConfirm={() => void start()}
    >
      <ReasonField value={reason} onChange={setReason} error={error} autoFocus />
      <TextField
        select
        label={translate('support.impersonate.duration')}
        value={minutes}
        onChange={(event) => setMinutes(Number(event.target.value))}
        sx={{ maxWidth: 240 }}
      >
        {IMPERSONATION_MINUTES.map((value) => (
          <MenuItem key={value} value={value}>
            {translate('support.impersonate.minutes', { smart_count: value })}
          </MenuItem>
        ))}
      </TextField>
    </ReasonDialog>
  );
}
