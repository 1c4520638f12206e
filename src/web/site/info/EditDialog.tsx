import { Fragment, useId, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { useTranslate } from 'react-admin';
import type { UiHints } from '../../../../schemas/uiHints.js';

/**
 * The editor of one item of the account (a contact, zone, passcode, window, holiday): a dialog
 * with a form, full screen on a phone. Save stays enabled so that a press shows every message;
 * a failure keeps what was typed and shows the server's message above the fields.
 */
export function EditDialog({
  open,
  title,
  busy,
  error,
  onClose,
  onSubmit,
  children,
  submitLabel = 'accountEdits.save',
}: {
  open: boolean;
  title: string;
  /** The submit button's locale key (default Save). */
  submitLabel?: string;
  busy: boolean;
  /** The failure's message (a text or locale key). */
  error?: string;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullScreen={fullScreen} fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && (
              <Alert severity="error" role="alert">
                {translate(error)}
              </Alert>
            )}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('accountEdits.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate(submitLabel)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** A text input of an editor: its message (a locale key) below it, or its hint. */
export function EditField({ error, hint, ...props }: Omit<TextFieldProps, 'error'> & { error?: string; hint?: ReactNode }) {
  const translate = useTranslate();
  return <TextField fullWidth size="small" {...props} error={Boolean(error)} helperText={error ? translate(error) : hint} />;
}

/** A passcode input, masked unless the user shows it. */
export function PasscodeField(props: Omit<TextFieldProps, 'error' | 'type'> & { error?: string; hint?: ReactNode }) {
  const translate = useTranslate();
  const [shown, setShown] = useState(false);
  return (
    <EditField
      {...props}
      type={shown ? 'text' : 'password'}
      autoComplete="off"
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={translate(shown ? 'accountEdits.passcodes.hide' : 'accountEdits.passcodes.show')}
                onClick={() => setShown((s) => !s)}
                edge="end"
              >
                {shown ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** The confirmation before something of the account is removed. */
export function ConfirmRemove({
  open,
  title,
  text,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  text: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} autoFocus>
          {translate('accountEdits.cancel')}
        </Button>
        <Button onClick={onConfirm} disabled={busy} variant="contained" color="error">
          {translate('accountEdits.remove')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * An editor's inputs in the order of the entity's UI hints (schemas/<entity>.ts `<entity>Ui`):
 * fields sharing a `row` side by side from the small breakpoint up. Inputs left out are skipped.
 */
export function OrderedFields<F extends string>({ ui, inputs }: { ui: UiHints<F>; inputs: Partial<Record<F, ReactNode>> }) {
  const groups: { row?: string; fields: F[] }[] = [];
  for (const field of ui.order) {
    if (inputs[field] === undefined || inputs[field] === null || inputs[field] === false) continue;
    const row = ui.fields?.[field]?.row;
    const last = groups[groups.length - 1];
    if (row && last?.row === row) last.fields.push(field);
    else groups.push({ row, fields: [field] });
  }
  return (
    <>
      {groups.map((group) =>
        group.row ? (
          <Stack key={group.fields[0]} direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {group.fields.map((field) => (
              <Fragment key={field}>{inputs[field]}</Fragment>
            ))}
          </Stack>
        ) : (
          <Fragment key={group.fields[0]}>{inputs[group.fields[0]!]}</Fragment>
        ),
      )}
    </>
  );
}
