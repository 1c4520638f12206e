import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { AuthenticatorSetup as Setup } from '../../../schemas/authenticator.js';
import { fewRecoveryCodesLeft } from '../../common/recoveryCodes.js';
import { clientMessage } from '../providers/errorMessages.js';
import { CancelAndSubmit, CurrentPasswordField, submitWith } from './AccountForm.js';
import { AuthenticatorSetup } from './AuthenticatorSetup.js';
import { ProofDialog } from './ProofDialog.js';
import { RecoveryCodesPanel } from './RecoveryCodesPanel.js';
import { Section } from './Section.js';
import { formatWhen } from './userAgent.js';
import { USER_ACCOUNT_KEYS, useAccountProvider, useAuthenticatorStatus } from './userAccountQueries.js';

type View = { kind: 'status' } | { kind: 'password' } | { kind: 'setup'; setup: Setup } | { kind: 'codes'; codes: string[] };

/**
 * /user-account 'Authenticator app': off, Set up asks for the current password, then
 * the QR code, the key and a first code turn it on and its ten recovery codes show once (Copy,
 * Download). On: when it was turned on and last used, the recovery codes left, New recovery codes
 * and Turn off, each behind the current password.
 */
export function AuthenticatorSection({ username }: { username: string }) {
  const dataProvider = useAccountProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [locale = 'en'] = useLocaleState();
  const { data: status, isPending } = useAuthenticatorStatus();
  const [view, setView] = useState<View>({ kind: 'status' });
  const [dialog, setDialog] = useState<'regenerate' | 'turnOff'>();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const t = (key: string, args?: Record<string, unknown>) => translate(`authenticator.${key}`, args);
  const refresh = () => queryClient.invalidateQueries({ queryKey: USER_ACCOUNT_KEYS.authenticator });

  const start = async () => {
    if (!password) return setPasswordError(translate('validation.required'));
    setBusy(true);
    setFailure(undefined);
    try {
      const setup = await dataProvider.startAuthenticator(password);
      setPassword('');
      setView({ kind: 'setup', setup });
    } catch (error) {
      const { message, fieldErrors } = clientMessage(error, 'userAccount.saveFailed.credentials');
      if (fieldErrors?.currentPassword) setPasswordError(translate(fieldErrors.currentPassword));
      else setFailure(message);
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    setView({ kind: 'status' });
    setPassword('');
    setPasswordError(undefined);
    setFailure(undefined);
  };

  const on = !!status?.enabled;
  const chip = status && <Chip size="small" variant="outlined" color={on ? 'success' : 'default'} label={on ? t('on') : t('off')} />;

  let body;
  if (isPending || !status) body = <Skeleton variant="rounded" height={48} />;
  else if (view.kind === 'setup')
    body = (
      <AuthenticatorSetup
        setup={view.setup}
        onCancel={close}
        onTurnedOn={(codes) => {
          notify('authenticator.turnedOn', { type: 'success' });
          setView({ kind: 'codes', codes });
          void refresh();
        }}
      />
    );
  else if (view.kind === 'codes') body = <RecoveryCodesPanel codes={view.codes} username={username} onDone={close} />;
  else if (view.kind === 'password')
    body = (
      <form noValidate onSubmit={submitWith(start)}>
        <Stack spacing={2}>
          <Typography variant="body2">{t('passwordIntro')}</Typography>
          {failure && <Alert severity="error">{translate(failure)}</Alert>}
          <CurrentPasswordField
            label={t('currentPassword')}
            value={password}
            onChange={setPassword}
            onEdit={() => setPasswordError(undefined)}
            autoFocus
            maxLength={128}
            error={passwordError}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <CancelAndSubmit cancelLabel={t('cancel')} submitLabel={t('continue')} busy={busy} onCancel={close} />
          </Stack>
        </Stack>
      </form>
    );
  else if (on)
    body = (
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {chip}
          <Typography variant="body2">{t('enabledOn', { date: formatWhen(status.confirmedAt, locale) })}</Typography>
        </Stack>
        {status.lastUsedAt && (
          <Typography variant="body2" color="text.secondary">
            {t('lastUsed', { date: formatWhen(status.lastUsedAt, locale) })}
          </Typography>
        )}
        <Typography variant="body2">{t('recoveryLeft', { n: status.recoveryCodesLeft })}</Typography>
        {fewRecoveryCodesLeft(status.recoveryCodesLeft) && <Alert severity="warning">{t('recoveryLow')}</Alert>}
      </Stack>
    );
  else body = chip;

  const action =
    view.kind !== 'status' || !status ? undefined : on ? (
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        <Button size="small" onClick={() => setDialog('regenerate')}>
          {t('regenerate')}
        </Button>
        <Button size="small" color="error" onClick={() => setDialog('turnOff')}>
          {t('turnOff')}
        </Button>
      </Stack>
    ) : (
      <Button size="small" variant="contained" onClick={() => setView({ kind: 'password' })}>
        {t('setUp')}
      </Button>
    );

  return (
    <Section title={t('title')} intro={t('intro')} action={action}>
      {body}
      <ProofDialog
        open={dialog === 'regenerate'}
        title={t('regenerateTitle')}
        text={t('regenerateText')}
        confirmLabel={t('regenerateConfirm')}
        onCancel={() => setDialog(undefined)}
        onConfirm={async (currentPassword) => {
          const { recoveryCodes } = await dataProvider.newRecoveryCodes(currentPassword);
          setDialog(undefined);
          setView({ kind: 'codes', codes: recoveryCodes });
          await refresh();
        }}
      />
      <ProofDialog
        open={dialog === 'turnOff'}
        title={t('turnOffTitle')}
        text={t('turnOffText')}
        confirmLabel={t('turnOff')}
        danger
        onCancel={() => setDialog(undefined)}
        onConfirm={async (currentPassword) => {
          await dataProvider.turnOffAuthenticator(currentPassword);
          setDialog(undefined);
          notify('authenticator.turnedOff', { type: 'success' });
          await refresh();
        }}
      />
    </Section>
  );
}
