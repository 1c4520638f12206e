import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslate } from 'react-admin';

export function ConfirmDialog({
  open,
  title,
  message,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  message: string;
  onCancel: () => void;
  /** The action; it reports its own failures (the dialog only waits for it). */
  onConfirm: () => Promise<void> | void;
}) {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="shell-confirm-title" aria-describedby="shell-confirm-text">
      <DialogTitle id="shell-confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="shell-confirm-text">{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {translate('shell.impersonation.no')}
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => void confirm()}>
          {translate('shell.impersonation.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
