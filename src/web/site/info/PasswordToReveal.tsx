import { useId, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';

/**
 * The customer's password before a passcode is shown (the reveal call, not a record: no record
 * form): a wrong one is said beside the field. Full screen on a phone.
 */
export function PasswordToReveal({
  name,
  busy,
  onClose,
  onSubmit,
}: {
  name: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (password: string) => Promise<Record<string, string> | null>;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullScreen={fullScreen} fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          if (!password) return setError('validation.required');
          void onSubmit(password).then((errors) => setError(errors?.password));
        }}
      >
        <DialogTitle id={titleId}>{translate('siteInfo.passcodes.passwordTitle', { name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2">{translate('siteInfo.passcodes.passwordText')}</Typography>
            <TextField
              autoFocus
              fullWidth
              size="small"
              type="password"
              autoComplete="current-password"
              label={translate('siteInfo.passcodes.password')}
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setError(undefined);
              }}
              error={Boolean(error)}
              helperText={error && translate(error)}
              required
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('accountEdits.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('siteInfo.passcodes.reveal')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
