import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslate } from 'react-admin';

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
