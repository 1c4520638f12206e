import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { clientMessage } from '../providers/errorMessages.js';

/**
 * A question before a sensitive change, with the current password (the step-up of stepUp.ts):
 * a wrong password shows under the field, any other refusal above it; the dialog stays open
 * until the change is made or cancelled.
 */
export function ProofDialog({
  open,
  title,
  text,
  confirmLabel,
  danger,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  onCancel: () => void;
  onConfirm: (currentPassword: string) => Promise<void>;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const textId = useId();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setPassword('');
    setFieldError(undefined);
    setFailure(undefined);
  };

  const submit = async () => {
    if (!password) return setFieldError('validation.required');
    setBusy(true);
    setFailure(undefined);
    try {
      await onConfirm(password);
      reset();
    } catch (error) {
      const { message, fieldErrors } = clientMessage(error, 'userAccount.saveFailed.credentials');
      if (fieldErrors?.currentPassword) setFieldError(fieldErrors.currentPassword);
      else setFailure(message);
    } finally {
      setBusy(false);
    }
  };

  const cancel = () => {
    reset();
    onCancel();
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : cancel} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId} sx={{ mb: 2 }}>
            {text}
          </DialogContentText>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {translate(failure)}
            </Alert>
          )}
          <TextField
            label={translate('authenticator.currentPassword')}
            type="password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setFieldError(undefined);
            }}
            required
            autoFocus
            slotProps={{ htmlInput: { autoComplete: 'current-password', maxLength: 128 } }}
            error={Boolean(fieldError)}
            helperText={fieldError ? translate(fieldError) : undefined}
            fullWidth
            margin="dense"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={cancel} disabled={busy}>
            {translate('authenticator.cancel')}
          </Button>
          <Button type="submit" variant="contained" color={danger ? 'error' : 'primary'} disabled={busy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
