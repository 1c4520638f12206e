import { useCallback, useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useTranslation } from 'react-i18next';
import type { PrivacyPolicy } from '../../../schemas/privacyPolicy.js';
import { PolicyMarkdown } from './PolicyMarkdown.js';
import { acceptPrivacyPolicy, fetchPrivacyPolicy, PrivacyRequestError } from './privacyApi.js';

export interface PrivacyPolicyDialogProps {
  open: boolean;
  /** Acceptance is required to go on: no closing by backdrop or Escape. */
  forced: boolean;
  onAccepted: () => void;
  onDeclined: () => void;
  /** Closing without a decision (not forced); defaults to onDeclined. */
  onClose?: () => void;
}

type Load = { state: 'loading' } | { state: 'ready'; policy: PrivacyPolicy } | { state: 'error'; message: string };

/**
 * SPEC §2 privacy policy dialog: the markdown policy (rendered safely), the
 * 'Accept Terms and Conditions' checkbox and Continue, enabled once checked.
 * When forced it cannot be closed until accepted or declined. Light: no
 * react-admin; load it lazily (react-markdown stays out of entry chunks).
 */
export function PrivacyPolicyDialog({ open, forced, onAccepted, onDeclined, onClose }: PrivacyPolicyDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const close = (_event: unknown, reason?: 'backdropClick' | 'escapeKeyDown') => {
    if (forced && reason) return;
    (onClose ?? onDeclined)();
  };
  return (
    <Dialog open={open} onClose={close} disableEscapeKeyDown={forced} maxWidth="md" fullWidth scroll="paper" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('privacy.title')}</DialogTitle>
      {/* The Dialog unmounts its content when closed: every opening starts afresh. */}
      <PolicyContent onAccepted={onAccepted} onDeclined={onDeclined} />
    </Dialog>
  );
}

function PolicyContent({ onAccepted, onDeclined }: Pick<PrivacyPolicyDialogProps, 'onAccepted' | 'onDeclined'>) {
  const { t } = useTranslation();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();

  const fetchPolicy = useCallback(
    (isCurrent: () => boolean = () => true) =>
      fetchPrivacyPolicy().then(
        (policy) => isCurrent() && setLoad({ state: 'ready', policy }),
        (e: unknown) =>
          isCurrent() && setLoad({ state: 'error', message: (e instanceof PrivacyRequestError && e.message) || t('privacy.errors.load') }),
      ),
    [t],
  );

  useEffect(() => {
    let current = true;
    void fetchPolicy(() => current);
    return () => {
      current = false;
    };
  }, [fetchPolicy]);

  const accept = async () => {
    if (load.state !== 'ready') return;
    setSaving(true);
    setError(undefined);
    try {
      await acceptPrivacyPolicy(load.policy.version);
      onAccepted();
    } catch (e) {
      setError((e instanceof PrivacyRequestError && e.message) || t('privacy.errors.accept'));
      // A newer policy was published while this one was open: show it, to be read and accepted.
      if (e instanceof PrivacyRequestError && e.status === 409) {
        setChecked(false);
        setLoad({ state: 'loading' });
        void fetchPolicy();
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <DialogContent dividers tabIndex={0} data-testid="privacy-policy-text">
        {load.state === 'loading' && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={t('privacy.loading')} />
          </Box>
        )}
        {load.state === 'error' && <Alert severity="error">{load.message}</Alert>}
        {load.state === 'ready' && <PolicyMarkdown text={load.policy.policyText} />}
      </DialogContent>
      {error && (
        <Alert severity="error" sx={{ mx: 3, mt: 2 }}>
          {error}
        </Alert>
      )}
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
        <FormControlLabel
          sx={{ mr: 'auto' }}
          control={<Checkbox checked={checked} onChange={(e) => setChecked(e.target.checked)} disabled={load.state !== 'ready'} />}
          label={t('privacy.accept')}
        />
        <Button onClick={onDeclined} color="inherit">
          {t('privacy.decline')}
        </Button>
        <Button variant="contained" onClick={() => void accept()} disabled={!checked || saving || load.state !== 'ready'}>
          {t('privacy.continue')}
        </Button>
      </DialogActions>
    </>
  );
}
