import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import type { MfaContactType } from '../../../schemas/auth.js';
import { LIMITS } from '../../../schemas/constants.js';
import { APPLICATION } from '../../common/constants.js';
import { contactType } from '../../common/loginFlow.js';
import { clientMessage } from '../providers/errorMessages.js';
import { AccountTextField, CancelAndSubmit, CurrentPasswordField, submitWith } from './AccountForm.js';
import { Section } from './Section.js';
import { USER_ACCOUNT_KEYS, useAccountProvider, useContactMethods } from './userAccountQueries.js';

type Step = { kind: 'closed' } | { kind: 'form' } | { kind: 'code'; type: MfaContactType; sentTo: string };

/**
 * Contact methods: the verified ones and those waiting for a code. A new one is saved unverified
 * (with the current password), a code goes to it, and only the code makes it count (SPEC §4
 * deviceVerification); until then the verified one stays in force.
 */
export function ContactMethodsSection({ applicationNum }: { applicationNum: number }) {
  const dataProvider = useAccountProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data: contacts = [] } = useContactMethods();
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const [contact, setContact] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const t = (key: string, args?: Record<string, unknown>) => translate(`userAccount.contacts.${key}`, args);
  const refresh = () => queryClient.invalidateQueries({ queryKey: USER_ACCOUNT_KEYS.contacts });

  const run = async (work: () => Promise<void>, fields: string[]) => {
    setBusy(true);
    setFailure(undefined);
    try {
      await work();
    } catch (error) {
      const { message, fieldErrors } = clientMessage(error, 'userAccount.saveFailed.contact');
      const mine = Object.fromEntries(Object.entries(fieldErrors ?? {}).filter(([field]) => fields.includes(field)));
      setErrors(mine);
      if (!Object.keys(mine).length) setFailure(message);
    } finally {
      setBusy(false);
    }
  };

  const sendCode = (type: MfaContactType) =>
    run(async () => {
      const sent = await dataProvider.sendDeviceVerificationCode(type);
      setCode('');
      setStep({ kind: 'code', type, sentTo: sent.mfaSentTo });
    }, []);

  const submitContact = () => {
    const missing: Record<string, string> = {};
    if (!contact.trim()) missing.contact = 'validation.required';
    if (!password) missing.currentPassword = 'validation.required';
    if (Object.keys(missing).length) return setErrors(missing);
    return run(async () => {
      const kind = applicationNum === APPLICATION.internal ? 'internal' : 'external';
      await dataProvider.saveContactMethod(kind, contact.trim(), password);
      setPassword('');
      await refresh();
      const type: MfaContactType = contactType(contact.trim()) ?? 'email';
      const sent = await dataProvider.sendDeviceVerificationCode(type);
      setCode('');
      setStep({ kind: 'code', type, sentTo: sent.mfaSentTo });
    }, ['contact', 'currentPassword']);
  };

  const submitCode = () => {
    if (code.trim().length < LIMITS.mfaCodeLength) return setErrors({ code: 'validation.required' });
    return run(async () => {
      await dataProvider.verifyCode(code.trim());
      await refresh();
      setStep({ kind: 'closed' });
      setContact('');
      notify('userAccount.contacts.verifiedNow', { type: 'success' });
    }, ['code']);
  };

  const close = () => {
    setStep({ kind: 'closed' });
    setErrors({});
    setFailure(undefined);
  };

  return (
    <Section
      title={t('title')}
      intro={t('intro')}
      action={
        step.kind === 'closed' ? (
          <Button size="small" onClick={() => setStep({ kind: 'form' })}>
            {t('add')}
          </Button>
        ) : undefined
      }
    >
      {contacts.length === 0 ? (
        <Alert severity="info">{t('none')}</Alert>
      ) : (
        <List dense disablePadding>
          {contacts.map((c) => (
            <ListItem
              key={`${c.type}-${c.value}`}
              disableGutters
              secondaryAction={
                !c.verified && step.kind === 'closed' ? (
                  <Button size="small" onClick={() => void sendCode(c.type)} disabled={busy}>
                    {t('confirmWaiting')}
                  </Button>
                ) : undefined
              }
            >
              <ListItemText
                primary={c.value}
                secondary={
                  <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
                    <span>{t(c.type)}</span>
                    <Chip
                      component="span"
                      size="small"
                      color={c.verified ? 'success' : 'warning'}
                      variant="outlined"
                      label={c.verified ? t('verified') : t('unverified')}
                    />
                  </Stack>
                }
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere', pr: c.verified ? 0 : 18 } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {step.kind !== 'closed' && (
        <form noValidate onSubmit={submitWith(step.kind === 'form' ? submitContact : submitCode)}>
          <Stack spacing={2} sx={{ mt: 2 }}>
            {failure && <Alert severity="error">{translate(failure)}</Alert>}
            {step.kind === 'form' ? (
              <>
                <AccountTextField
                  label={t('value')}
                  value={contact}
                  onChange={setContact}
                  onEdit={() => setErrors({})}
                  autoFocus
                  htmlInput={{ maxLength: LIMITS.contactMax, autoComplete: 'off' }}
                  error={errors.contact && translate(errors.contact)}
                />
                <CurrentPasswordField
                  label={t('currentPassword')}
                  value={password}
                  onChange={setPassword}
                  onEdit={() => setErrors({})}
                  error={errors.currentPassword && translate(errors.currentPassword)}
                />
              </>
            ) : (
              <>
                <Alert severity="info">{t('codeSentTo', { to: step.sentTo })}</Alert>
                <AccountTextField
                  label={t('code')}
                  value={code}
                  onChange={(value) => setCode(value.replace(/\D/g, ''))}
                  onEdit={() => setErrors({})}
                  autoFocus
                  htmlInput={{ inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: LIMITS.mfaCodeLength }}
                  error={errors.code && translate(errors.code)}
                />
              </>
            )}
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <CancelAndSubmit
                cancelLabel={t('cancel')}
                submitLabel={step.kind === 'form' ? t('sendCode') : t('verify')}
                busy={busy}
                onCancel={close}
              />
            </Stack>
          </Stack>
        </form>
      )}
    </Section>
  );
}

const EMPTY_PASSWORDS = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The password: the current one, then the new one twice (§5 12 to 32); other sessions end on success. */
export function PasswordSection() {
  const dataProvider = useAccountProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY_PASSWORDS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const t = (key: string, args?: Record<string, unknown>) => translate(`userAccount.password.${key}`, args);

  const submit = async () => {
    const missing: Record<string, string> = {};
    for (const field of Object.keys(EMPTY_PASSWORDS) as (keyof typeof EMPTY_PASSWORDS)[])
      if (!values[field]) missing[field] = 'validation.required';
    if (values.newPassword && values.confirmPassword && values.newPassword !== values.confirmPassword) {
      missing.confirmPassword = 'userAccount.password.mismatch';
    }
    if (Object.keys(missing).length) return setErrors(missing);
    setBusy(true);
    setFailure(undefined);
    try {
      await dataProvider.changePassword(values);
      setValues(EMPTY_PASSWORDS);
      setErrors({});
      notify('userAccount.password.changed', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: USER_ACCOUNT_KEYS.sessions });
    } catch (error) {
      const { message, fieldErrors } = clientMessage(error, 'userAccount.saveFailed.password');
      setErrors(fieldErrors ?? {});
      if (!fieldErrors) setFailure(message);
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof typeof EMPTY_PASSWORDS, label: string, autoComplete: string) => (
    <AccountTextField
      label={label}
      type="password"
      value={values[name]}
      onChange={(value) => setValues((v) => ({ ...v, [name]: value }))}
      onEdit={() => setErrors({})}
      htmlInput={{ autoComplete, maxLength: LIMITS.msaPasswordMax }}
      error={errors[name] && translate(errors[name])}
    />
  );

  return (
    <Section title={t('title')} intro={t('intro', { min: LIMITS.msaPasswordMin, max: LIMITS.msaPasswordMax })}>
      <form noValidate onSubmit={submitWith(submit)}>
        <Stack spacing={2}>
          {failure && <Alert severity="error">{translate(failure)}</Alert>}
          {field('currentPassword', t('current'), 'current-password')}
          {field('newPassword', t('new'), 'new-password')}
          {field('confirmPassword', t('confirm'), 'new-password')}
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" disabled={busy}>
              {t('save')}
            </Button>
          </Stack>
        </Stack>
      </form>
    </Section>
  );
}
