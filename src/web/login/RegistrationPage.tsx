import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LIMITS } from '../../common/constants.js';
import { registrationSetPasswordSchema } from '../../../schemas/registration.js';
import { api } from '../providers/http.js';
import { schemaResolver } from './forms/schemaResolver.js';
import { FormAlert, NewPasswordFields, SubmitButton } from './dialogs/fields.js';
import { applyFieldErrors, failureView, formSchema } from './dialogs/formSupport.js';
import { LoginLayout } from './LoginLayout.js';
import { LoginPage } from './LoginPage.js';
import { notify } from './notify.js';
import {
  REGISTRATION_FAILURE_KEY,
  registrationMode,
  resendBody,
  resendOutcome,
  successNotice,
  viewAfterFailure,
  type RegistrationMode,
  type RegistrationNotice,
  type RegistrationView,
} from './registrationRules.js';
import { useLoginConfig } from './useLoginConfig.js';

type LinkMode = Exclude<RegistrationMode, { kind: 'toLogin' }>;
type PasswordValues = { password: string; confirmPassword: string };

const passwordResolver = schemaResolver<PasswordValues>(formSchema(registrationSetPasswordSchema, ['password', 'confirmPassword']));

/**
 * SPEC §2 'Registration page' (/login/register) and §4 'Registration': ?code
 * verifies the email, ?otp asks for the password, neither goes to login; a
 * loader while the link is checked; 412 is an expired link, with Return to
 * Login and Request New Link. Going to login swaps in the login page (no
 * reload, so the notice stays on screen).
 */
export function RegistrationPage() {
  const { t } = useTranslation();
  const config = useLoginConfig();
  const mode = useMemo(() => registrationMode(window.location.search), []);
  const [toLogin, setToLogin] = useState(mode.kind === 'toLogin');
  const [view, setView] = useState<RegistrationView>(mode.kind === 'verifyEmail' ? 'checking' : 'passwordForm');
  const [failure, setFailure] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const started = useRef(false);

  const goToLogin = () => {
    window.history.replaceState(null, '', '/login');
    setToLogin(true);
  };
  const show = (notice: RegistrationNotice) => {
    notify({ type: notice.type, title: notice.titleKey ? t(notice.titleKey) : undefined, message: t(notice.messageKey) });
    if (notice.toLogin) goToLogin();
  };
  const fail = (error: unknown) => {
    const result = failureView(error, t(REGISTRATION_FAILURE_KEY));
    setView(viewAfterFailure(result.status));
    setFailure(result.message);
  };

  useEffect(() => {
    if (mode.kind === 'toLogin') window.history.replaceState(null, '', '/login');
    else document.title = t('registration.title');
  }, [mode, t]);

  useEffect(() => {
    if (mode.kind !== 'verifyEmail' || started.current) return;
    started.current = true;
    api('msa/register/verify', 'POST', { code: mode.code }, { skipError: true }).then(() => show(successNotice(mode)), fail);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode]);

  if (toLogin) return <LoginPage />;
  const link = mode as LinkMode;

  const requestNewLink = async () => {
    setResending(true);
    try {
      await api('msa/register/resend', 'POST', resendBody(link), { skipError: true });
      show(resendOutcome('ok'));
    } catch (error) {
      const result = failureView(error, t('registration.errors.resend'));
      const outcome = resendOutcome(result.status);
      if (outcome.toLogin) show(outcome);
      else setFailure(result.message);
    } finally {
      setResending(false);
    }
  };

  return (
    <LoginLayout variant={config.variant}>
      <Stack spacing={2} component="section" aria-labelledby="registration-title" aria-busy={view === 'checking'}>
        <Typography component="h1" variant="h5" id="registration-title">
          {t('registration.title')}
        </Typography>
        {view === 'checking' ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }} role="status">
            <CircularProgress size={28} aria-hidden />
            <Typography>{t('registration.checking')}</Typography>
          </Box>
        ) : null}
        {view === 'passwordForm' && link.kind === 'setPassword' ? (
          <PasswordForm otp={link.otp} onSaved={() => show(successNotice(link))} onFailed={fail} />
        ) : null}
        {view === 'expired' ? (
          <>
            <FormAlert severity="warning">{t('registration.expired.message')}</FormAlert>
            {failure && failure !== t('registration.expired.message') ? <FormAlert>{failure}</FormAlert> : null}
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={goToLogin}>{t('registration.expired.returnToLogin')}</Button>
              <Button variant="contained" onClick={() => void requestNewLink()} disabled={resending}>
                {t('registration.expired.requestNewLink')}
              </Button>
            </Stack>
          </>
        ) : null}
        {view === 'error' ? (
          <>
            <FormAlert>{failure ?? t(REGISTRATION_FAILURE_KEY)}</FormAlert>
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <Button variant="contained" onClick={goToLogin}>
                {t('registration.expired.returnToLogin')}
              </Button>
            </Stack>
          </>
        ) : null}
      </Stack>
    </LoginLayout>
  );
}

/** §2 'With an otp: Please enter a secure password for your account, a password-reset form (max 32 characters) and a Save button.' */
function PasswordForm({ otp, onSaved, onFailed }: { otp: string; onSaved(): void; onFailed(error: unknown): void }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PasswordValues>({ resolver: passwordResolver, defaultValues: { password: '', confirmPassword: '' } });
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await api('msa/register/password', 'POST', { otp, ...values }, { skipError: true });
      onSaved();
    } catch (error) {
      const result = failureView(error, t(REGISTRATION_FAILURE_KEY));
      if (result.status === 412) {
        onFailed(error);
        return;
      }
      applyFieldErrors(form.setError, result.fieldErrors, ['password', 'confirmPassword']);
      setFailure(result.message);
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack spacing={2}>
        <Typography>{t('registration.setPassword.intro')}</Typography>
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <NewPasswordFields
          form={form}
          passwordName="password"
          confirmName="confirmPassword"
          passwordLabel={t('registration.setPassword.password')}
          confirmLabel={t('registration.setPassword.confirmPassword')}
          min={LIMITS.msaPasswordMin}
          max={LIMITS.registrationPasswordMax}
          autoFocus
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <SubmitButton submitting={form.formState.isSubmitting}>{t('registration.setPassword.save')}</SubmitButton>
        </Stack>
      </Stack>
    </form>
  );
}
