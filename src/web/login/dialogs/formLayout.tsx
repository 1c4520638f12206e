import type { FormEvent, ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LIMITS } from '../../../common/constants.js';
import { FormAlert, NewPasswordFields, SubmitButton } from './fields.js';

/** §2 dialogs: 600 px wide, at most 90% of the window. */
export const DIALOG_PAPER = { width: 600, maxWidth: '90%' } as const;

/** A §2 one-form dialog: 600 px wide (at most 90%), its title, then its content. */
export function FormDialog({ open, onClose, title, children }: { open: boolean; onClose(): void; title: string; children: ReactNode }) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth={false} slotProps={{ paper: { sx: DIALOG_PAPER } }}>
      <DialogTitle>{title}</DialogTitle>
      {children}
    </Dialog>
  );
}

/**
 * The layout the sign-in dialogs share: a form whose content is an intro, the
 * form-level failure and the fields, then its footer (Cancel/Back and submit).
 */
export function DialogForm({
  onSubmit,
  intro,
  failure,
  failureTitle,
  footer,
  children,
}: {
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  intro: ReactNode;
  failure: string | null;
  failureTitle?: string;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2}>
          <Typography>{intro}</Typography>
          {failure ? <FormAlert title={failureTitle}>{failure}</FormAlert> : null}
          {children}
        </Stack>
      </DialogContent>
      {footer}
    </form>
  );
}

/** A one-step dialog's footer: Cancel, then the submit button. */
export function DialogFormActions({ onCancel, submitting, submitLabel }: { onCancel(): void; submitting: boolean; submitLabel: string }) {
  const { t } = useTranslation();
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      <Button onClick={onCancel}>{t('dialogs.actions.cancel')}</Button>
      <SubmitButton submitting={submitting}>{submitLabel}</SubmitButton>
    </DialogActions>
  );
}

/** The forgot-password dialogs' last step: the new password and its confirmation (§4, 12 to 32). */
export function ResetPasswordFields<T extends FieldValues & { newPassword: string; confirmPassword: string }>({
  form,
}: {
  form: UseFormReturn<T>;
}) {
  const { t } = useTranslation();
  return (
    <NewPasswordFields
      form={form}
      passwordName={'newPassword' as Path<T>}
      confirmName={'confirmPassword' as Path<T>}
      passwordLabel={t('dialogs.forgotPassword.fields.newPassword')}
      confirmLabel={t('dialogs.forgotPassword.fields.confirmPassword')}
      min={LIMITS.msaPasswordMin}
      max={LIMITS.msaPasswordMax}
      autoFocus
    />
  );
}
