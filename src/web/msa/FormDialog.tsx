import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';

/**
 * A customer's form in a dialog (a change request, a new link): full screen on a phone, the
 * failure above the fields, Cancel and the submit button; a press of Enter submits.
 */
export function FormDialog({
  title,
  submitLabel,
  busy,
  failure,
  maxWidth = 'sm',
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  /** The submit button's text. */
  submitLabel: string;
  busy: boolean;
  /** A failure not about one field (a text or locale key). */
  failure?: string;
  maxWidth?: 'xs' | 'sm';
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullScreen={fullScreen} fullWidth maxWidth={maxWidth}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && <Alert severity="error">{translate(failure)}</Alert>}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('accountEdits.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
