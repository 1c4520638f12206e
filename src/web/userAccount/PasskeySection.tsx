import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { PASSKEY_NAME_MAX, type Passkey } from '../../../schemas/passkeys.js';
import { passkeyFailure, passkeyName, suggestedPasskeyName } from '../../common/passkeys.js';
import { clientMessage } from '../providers/errorMessages.js';
import { AccountTextField, CancelAndSubmit, CurrentPasswordField, FormDialog } from './AccountForm.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { Section } from './Section.js';
import { describeUserAgent, formatWhen } from './userAgent.js';
import { USER_ACCOUNT_KEYS, useAccountProvider, usePasskeys } from './userAccountQueries.js';

type Translate = (key: string, args?: Record<string, unknown>) => string;

/** A failed call or ceremony as the dialog shows it: the message, and the field texts it names. */
function failureOf(error: unknown): { message: string; fields: Record<string, string> } {
  const { message, fieldErrors } = clientMessage(error, 'passkeys.errors.registrationFailed');
  return { message, fields: fieldErrors ?? {} };
}

/**
 * Add a passkey: a name (offered from the browser and system), then the browser's own prompt
 * (fingerprint, face, screen lock or security key). The current password is asked for only when
 * the server wants it (no code or passkey verified in this session lately, stepUp.ts).
 */
function AddPasskeyDialog({ open, existing, onClose }: { open: boolean; existing: Passkey[]; onClose: (added?: Passkey) => void }) {
  const dataProvider = useAccountProvider();
  const translate = useTranslate();
  const t: Translate = (key, args) => translate(`passkeys.section.${key}`, args);
  const [name, setName] = useState(() => {
    const { browser, os } = describeUserAgent(navigator.userAgent);
    const device = browser && os ? translate('userAccount.browser', { browser, os }) : (browser ?? os);
    return suggestedPasskeyName(
      device,
      existing.map((p) => p.name),
      (number) => t('defaultName', { number }),
    );
  });
  const [password, setPassword] = useState('');
  const [askPassword, setAskPassword] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const clean = passkeyName(name);
    if (!clean) return setErrors({ name: 'validation.required' });
    if (askPassword && !password) return setErrors({ currentPassword: 'validation.required' });
    setBusy(true);
    setErrors({});
    setFailure(undefined);
    try {
      let options;
      try {
        ({ options } = await dataProvider.startPasskeyRegistration(askPassword ? password : undefined));
      } catch (error) {
        const { message, fields } = failureOf(error);
        if (fields.currentPassword) {
          setAskPassword(true);
          setErrors({ currentPassword: fields.currentPassword });
        } else setFailure(message);
        return;
      }
      setPassword('');
      let response;
      try {
        response = await startRegistration({ optionsJSON: options });
      } catch (ceremony) {
        setFailure(`login.passkey.errors.${passkeyFailure(ceremony)}`);
        return;
      }
      onClose(await dataProvider.finishPasskeyRegistration(response, clean));
    } catch (error) {
      const { message, fields } = failureOf(error);
      if (fields.name) setErrors({ name: fields.name });
      else setFailure(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={open}
      title={t('addTitle')}
      busy={busy}
      onClose={() => onClose()}
      onSubmit={submit}
      actions={<CancelAndSubmit cancelLabel={t('cancel')} submitLabel={t('continue')} busy={busy} onCancel={() => onClose()} />}
    >
      <Stack spacing={2}>
        <DialogContentText>{t('addIntro')}</DialogContentText>
        {failure && (
          <Alert severity="error" role="alert">
            {translate(failure)}
          </Alert>
        )}
        <AccountTextField
          label={t('name')}
          value={name}
          onChange={setName}
          onEdit={() => setErrors({})}
          autoFocus
          htmlInput={{ maxLength: PASSKEY_NAME_MAX, autoComplete: 'off' }}
          error={errors.name && translate(errors.name)}
          help={t('nameHelp')}
        />
        {askPassword && (
          <CurrentPasswordField
            label={t('currentPassword')}
            value={password}
            onChange={setPassword}
            onEdit={() => setErrors({})}
            autoFocus
            error={errors.currentPassword && translate(errors.currentPassword)}
          />
        )}
      </Stack>
    </FormDialog>
  );
}

/** Rename a passkey: its name only. */
function RenameDialog({ passkey, onClose }: { passkey: Passkey; onClose: (renamed?: Passkey) => void }) {
  const dataProvider = useAccountProvider();
  const translate = useTranslate();
  const t: Translate = (key, args) => translate(`passkeys.section.${key}`, args);
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const clean = passkeyName(name);
    if (!clean) return setError('validation.required');
    setBusy(true);
    try {
      onClose(await dataProvider.renamePasskey(passkey.id, clean));
    } catch (failure) {
      const { message, fields } = failureOf(failure);
      setError(fields.name ?? message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open
      title={t('renameTitle')}
      busy={busy}
      onClose={() => onClose()}
      onSubmit={submit}
      actions={<CancelAndSubmit cancelLabel={t('cancel')} submitLabel={t('save')} busy={busy} onCancel={() => onClose()} />}
    >
      <AccountTextField
        label={t('name')}
        value={name}
        onChange={setName}
        onEdit={() => setError(undefined)}
        autoFocus
        htmlInput={{ maxLength: PASSKEY_NAME_MAX, autoComplete: 'off' }}
        error={error && translate(error)}
        sx={{ mt: 1 }}
      />
    </FormDialog>
  );
}

/**
 * /user-account's passkeys: what a passkey is, the user's passkeys (name, added, last
 * used, synced), Add a passkey, Rename, and Remove after a question. Without WebAuthn in the
 * browser, the list stays (a passkey of another device can still be removed) but nothing is added.
 */
export function PasskeySection() {
  const dataProvider = useAccountProvider();
  const translate = useTranslate();
  const t: Translate = (key, args) => translate(`passkeys.section.${key}`, args);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [locale = 'en'] = useLocaleState();
  const { data: passkeys = [], isPending } = usePasskeys();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey>();
  const [removing, setRemoving] = useState<Passkey>();
  const [busy, setBusy] = useState(false);
  const supported = browserSupportsWebAuthn();
  const refresh = () => queryClient.invalidateQueries({ queryKey: USER_ACCOUNT_KEYS.passkeys });

  const remove = async (passkey: Passkey) => {
    setBusy(true);
    try {
      await dataProvider.removePasskey(passkey.id);
      notify('passkeys.section.removed', { type: 'success' });
    } catch (error) {
      notify(clientMessage(error, 'userAccount.saveFailed.devices').message, { type: 'error' });
    } finally {
      setBusy(false);
      setRemoving(undefined);
      await refresh();
    }
  };

  return (
    <Section
      title={t('title')}
      intro={t('intro')}
      action={
        supported ? (
          <Button size="small" variant="outlined" startIcon={<KeyIcon />} onClick={() => setAdding(true)}>
            {t('add')}
          </Button>
        ) : undefined
      }
    >
      {!supported && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('unsupported')}
        </Alert>
      )}
      {!isPending && passkeys.length === 0 ? (
        <Alert severity="info">{t('none')}</Alert>
      ) : (
        <List dense disablePadding>
          {passkeys.map((passkey) => (
            <ListItem key={passkey.id} disableGutters sx={{ flexWrap: 'wrap', columnGap: 1, alignItems: 'center' }}>
              <ListItemText
                primary={
                  <>
                    {passkey.name}
                    {passkey.backedUp && (
                      <Chip component="span" size="small" variant="outlined" color="primary" label={t('synced')} sx={{ ml: 1 }} />
                    )}
                  </>
                }
                secondary={[
                  t('created', { date: formatWhen(passkey.createdAt, locale) }),
                  passkey.lastUsedAt ? t('lastUsed', { date: formatWhen(passkey.lastUsedAt, locale) }) : t('neverUsed'),
                ].join(' · ')}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                sx={{ flex: '1 1 14rem' }}
              />
              {/* Beside the text on a wide card, under it on a phone. */}
              <Stack direction="row" spacing={0.5} sx={{ ml: 'auto' }}>
                <Button size="small" onClick={() => setRenaming(passkey)} aria-label={t('renameLabel', { name: passkey.name })}>
                  {t('rename')}
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => setRemoving(passkey)}
                  disabled={busy}
                  aria-label={t('removeLabel', { name: passkey.name })}
                >
                  {t('remove')}
                </Button>
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
      {adding && (
        <AddPasskeyDialog
          open
          existing={passkeys}
          onClose={(added) => {
            setAdding(false);
            if (added) {
              notify('passkeys.section.added', { type: 'success' });
              void refresh();
            }
          }}
        />
      )}
      {renaming && (
        <RenameDialog
          passkey={renaming}
          onClose={(renamed) => {
            setRenaming(undefined);
            if (renamed) {
              notify('passkeys.section.renamed', { type: 'success' });
              void refresh();
            }
          }}
        />
      )}
      <ConfirmDialog
        open={!!removing}
        title={t('removeTitle')}
        text={t('removeText', { name: removing?.name ?? '' })}
        confirmLabel={t('remove')}
        busy={busy}
        onCancel={() => setRemoving(undefined)}
        onConfirm={() => removing && void remove(removing)}
      />
    </Section>
  );
}
