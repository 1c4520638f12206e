import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify, useTranslate } from 'react-admin';
import type { AuthenticatorSetup as Setup } from '../../../schemas/authenticator.js';
import { LIMITS } from '../../../schemas/constants.js';
import { clientMessage } from '../providers/errorMessages.js';
import { AccountTextField, CancelAndSubmit, submitWith } from './AccountForm.js';
import { digitsOnly, groupedKey } from './authenticatorRules.js';
import { useAccountProvider } from './userAccountQueries.js';

/**
 * Setting the app up: 1. scan the QR code (or type the key, shown grouped, with Copy), 2. enter
 * the code the app shows; Turn on answers the recovery codes.
 */
export function AuthenticatorSetup({
  setup,
  onTurnedOn,
  onCancel,
}: {
  setup: Setup;
  onTurnedOn: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const translate = useTranslate();
  const dataProvider = useAccountProvider();
  const notify = useNotify();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const t = (key: string, args?: Record<string, unknown>) => translate(`authenticator.setup.${key}`, args);

  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(setup.secret);
      notify('authenticator.setup.keyCopied', { type: 'success' });
    } catch {
      notify('userAccount.saveFailed.copy', { type: 'error' });
    }
  };

  const submit = async () => {
    if (code.length < LIMITS.mfaCodeLength) {
      return setError(code ? translate('validation.minLength', { min: LIMITS.mfaCodeLength }) : translate('validation.required'));
    }
    setBusy(true);
    setFailure(undefined);
    try {
      const { recoveryCodes } = await dataProvider.confirmAuthenticator(code);
      onTurnedOn(recoveryCodes);
    } catch (e) {
      const { message, fieldErrors } = clientMessage(e, 'userAccount.saveFailed.code');
      if (fieldErrors?.code) setError(translate(fieldErrors.code));
      else setFailure(message);
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submitWith(submit)}>
      <Stack spacing={2}>
        <Typography variant="body2">{t('scan')}</Typography>
        <Box
          component="img"
          src={setup.qrCode}
          alt={t('qrAlt', { label: setup.label })}
          width={200}
          height={200}
          sx={{ alignSelf: 'center', bgcolor: '#fff', borderRadius: 1, border: 1, borderColor: 'divider' }}
        />
        <Typography variant="body2" color="text.secondary">
          {t('manual')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <Box
            component="code"
            aria-label={t('key')}
            data-setup-key={setup.secret}
            sx={{ fontFamily: 'monospace', fontSize: '1rem', letterSpacing: 1, px: 1, py: 0.5, bgcolor: 'action.hover', borderRadius: 1 }}
          >
            {groupedKey(setup.secret)}
          </Box>
          <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => void copyKey()}>
            {t('copyKey')}
          </Button>
        </Stack>
        <Typography variant="body2">{t('enterCode')}</Typography>
        {failure && <Alert severity="error">{translate(failure)}</Alert>}
        <AccountTextField
          label={t('code')}
          value={code}
          onChange={(value) => setCode(digitsOnly(value, LIMITS.mfaCodeLength))}
          onEdit={() => setError(undefined)}
          htmlInput={{ inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: LIMITS.mfaCodeLength }}
          error={error}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <CancelAndSubmit cancelLabel={translate('authenticator.cancel')} submitLabel={t('turnOn')} busy={busy} onCancel={onCancel} />
        </Stack>
      </Stack>
    </form>
  );
}
