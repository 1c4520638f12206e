import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { browserSupportsWebAuthn, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { LoginRequirements, MfaPurpose, StepResult } from '../../../../schemas/auth.js';
import { api } from '../../providers/http.js';
import { PasskeyIcon } from '../PasskeySignIn.js';
import { failureText } from './StepForm.js';
import { passkeyAnswer } from '../PasskeySignIn.js';

/**
 * 'Use a passkey instead' at the MFA step of a password sign-in: shown when the
 * browser has WebAuthn and the user has a passkey for this site; the passkey clears the step as a
 * code would. Not in the contact step, whose code confirms the new contact.
 */
export function PasskeyMfaOption({
  purpose,
  onDone,
}: {
  purpose: MfaPurpose | undefined;
  onDone: (answer: { reqs?: LoginRequirements }) => void;
}) {
  const { t } = useTranslation();
  const [available, setAvailable] = useState(false);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string>();
  const eligible = purpose !== 'deviceVerification' && browserSupportsWebAuthn();

  useEffect(() => {
    if (!eligible) return;
    let current = true;
    api<{ available: boolean }>('mfa/passkey', 'GET', undefined, { skipError: true }).then(
      (answer) => current && setAvailable(!!answer?.available),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [eligible]);

  if (!eligible || !available) return null;

  const verify = async () => {
    setWorking(true);
    setError(undefined);
    try {
      const { options } = await api<{ options: PublicKeyCredentialRequestOptionsJSON }>('mfa/passkey/options', 'POST', undefined, {
        skipError: true,
      });
      const response = await passkeyAnswer(options, (key) => setError(t(key)));
      if (!response) return;
      const result = await api<StepResult>('mfa/passkey/verify', 'POST', { response }, { skipError: true });
      onDone({ reqs: result?.reqs });
    } catch (e) {
      setError(failureText(e, t('login.passkey.errors.failed')));
    } finally {
      setWorking(false);
    }
  };

  return (
    <Stack spacing={1}>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Button variant="outlined" startIcon={<PasskeyIcon />} disabled={working} aria-busy={working} onClick={() => void verify()}>
        {t('login.passkey.mfaInstead')}
      </Button>
    </Stack>
  );
}
