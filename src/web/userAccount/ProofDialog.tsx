import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import { useTranslate } from 'react-admin';
import { clientMessage } from '../providers/errorMessages.js';
import { CancelAndSubmit, CurrentPasswordField, FormDialog } from './AccountForm.js';
import type { QuestionProps } from './ConfirmDialog.js';

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
}: QuestionProps & { danger?: boolean; onConfirm: (currentPassword: string) => Promise<void> }) {
  const translate = useTranslate();
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
    <FormDialog
      open={open}
      title={title}
      describedBy={textId}
      actions={
        <CancelAndSubmit
          cancelLabel={translate('authenticator.cancel')}
          submitLabel={confirmLabel}
          busy={busy}
          color={danger ? 'error' : 'primary'}
          onCancel={cancel}
        />
      }
      busy={busy}
      onClose={cancel}
      onSubmit={submit}
    >
      <DialogContentText id={textId} sx={{ mb: 2 }}>
        {text}
      </DialogContentText>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate(failure)}
        </Alert>
      )}
      <CurrentPasswordField
        label={translate('authenticator.currentPassword')}
        value={password}
        onChange={setPassword}
        onEdit={() => setFieldError(undefined)}
        autoFocus
        maxLength={128}
        error={fieldError && translate(fieldError)}
        margin="dense"
      />
    </FormDialog>
  );
}
