import { useId, type FormEvent, type ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

/**
 * The parts of the account page's own forms (contact methods, password, passkeys, the
 * authenticator, the step-up question): they check and send their fields themselves, not
 * through react-admin's form.
 */

/** A form's submit handler: the page stays, `submit` runs. */
export const submitWith = (submit: () => unknown) => (event: FormEvent) => {
  event.preventDefault();
  void submit();
};

type AccountTextFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** After each change: where the form clears the errors it shows. */
  onEdit?: () => void;
  error?: string;
  help?: string;
  htmlInput?: Record<string, unknown>;
} & Pick<TextFieldProps, 'type' | 'autoFocus' | 'margin' | 'sx'>;

/** A required text field, full width: its error (already in words) under it, in place of its help. */
export function AccountTextField({ value, onChange, onEdit, error, help, htmlInput, ...props }: AccountTextFieldProps) {
  return (
    <TextField
      value={value}
      onChange={(e) => {
        onChange(e.target.value);
        onEdit?.();
      }}
      required
      slotProps={{ htmlInput }}
      error={Boolean(error)}
      helperText={error || help}
      fullWidth
      {...props}
    />
  );
}

/** The current password, asked before a sensitive change (the server's step-up, stepUp.ts). */
export function CurrentPasswordField({ maxLength, ...props }: Omit<AccountTextFieldProps, 'type' | 'htmlInput'> & { maxLength?: number }) {
  return <AccountTextField type="password" htmlInput={{ autoComplete: 'current-password', maxLength }} {...props} />;
}

/** Cancel, and the form's submit button; neither while the form is busy. */
export function CancelAndSubmit({
  cancelLabel,
  submitLabel,
  busy,
  color,
  onCancel,
}: {
  cancelLabel: string;
  submitLabel: string;
  busy: boolean;
  color?: ButtonProps['color'];
  onCancel: () => void;
}) {
  return (
    <>
      <Button onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant="contained" color={color} disabled={busy}>
        {submitLabel}
      </Button>
    </>
  );
}

/** A small dialog that is a form: its title, its fields, its buttons; it does not close while busy. */
export function FormDialog({
  open,
  title,
  describedBy,
  busy,
  onClose,
  onSubmit,
  actions,
  children,
}: {
  open: boolean;
  title: string;
  /** The id of the text that explains the dialog, when it has one. */
  describedBy?: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: () => unknown;
  actions: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      maxWidth="xs"
      fullWidth
    >
      <form noValidate onSubmit={submitWith(onSubmit)}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>{actions}</DialogActions>
      </form>
    </Dialog>
  );
}
