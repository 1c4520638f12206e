import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { api } from '../providers/http.js';
import { errorMessage } from '../providers/transportRules.js';

/** The terms paragraphs, in order (locales/<lang>/login.json terms.body.*). */
const PARAGRAPHS = ['p1', 'p2', 'p3'] as const;

/**
 * §4 terms dialog (application 2 beta users when required): Accept calls PUT
 * termsAndConditions/accept; Decline ends the sign-in with §4's message. It cannot be
 * dismissed otherwise.
 */
export function TermsDialog({ open, onAccepted, onDeclined }: { open: boolean; onAccepted: () => void; onDeclined: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const accept = async () => {
    setSaving(true);
    setError(undefined);
    try {
      await api('termsAndConditions/accept', 'PUT');
      onAccepted();
    } catch (e) {
      setError(errorMessage((e as { body?: unknown }).body, t('login.terms.error')));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open={open} aria-labelledby={titleId} maxWidth="sm" fullWidth disableEscapeKeyDown>
      <DialogTitle id={titleId}>{t('login.terms.title')}</DialogTitle>
      <DialogContent dividers tabIndex={0}>
        {PARAGRAPHS.map((p) => (
          <Typography key={p} sx={{ mb: 1.5 }}>
            {t(`login.terms.body.${p}`)}
          </Typography>
        ))}
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onDeclined} disabled={saving}>
          {t('login.terms.decline')}
        </Button>
        <Button variant="contained" onClick={() => void accept()} disabled={saving}>
          {t('login.terms.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
