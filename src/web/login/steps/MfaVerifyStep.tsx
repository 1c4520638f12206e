import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { MfaContactType, MfaSent, StepResult } from '../../../../schemas/auth.js';
import { LIMITS } from '../../../common/constants.js';
import {
  LOGIN_KEYS,
  NO_CONTACT_KEY,
  REMEMBER_DEVICE_DEFAULT,
  canResend,
  contactType,
  resendLinkKey,
  resendTarget,
  resendWaitSeconds,
  shouldAutoSubmit,
  showRememberDevice,
} from '../../../common/loginFlow.js';
import { ApiError, api } from '../../providers/http.js';
import { getSession } from '../../providers/session.js';
import { tooManyAttempts } from '../../providers/transportRules.js';
import { notify } from '../notify.js';
import { StepForm, codeRefused, failureText } from './StepForm.js';
import type { StepProps } from './stepProps.js';
import { PasskeyMfaOption } from './PasskeyMfaOption.js';

/**
 * §2 mfaVerify: where the code went (masked), the 6-digit code (auto-submitted when
 * complete, §4), Verify, 'Text me a code again' / 'Email a code again|instead' with the 30 s
 * resend block and its countdown, and 'Remember this device?' (on by default, hidden on a
 * password reset). §8: 429 keeps resend blocked; a 401 on verify shows for 10 s, others 6 s.
 */
export function MfaVerifyStep({ reqs, purpose, contact, onDone }: StepProps) {
  const { t } = useTranslation();
  const user = getSession().user;
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(REMEMBER_DEVICE_DEFAULT);
  const [sentTo, setSentTo] = useState<string | null>(reqs.mfaSentTo);
  const [lastType, setLastType] = useState<MfaContactType | undefined>((reqs.mfaSentToMsg as MfaContactType | null) ?? undefined);
  const [lastRequestAt, setLastRequestAt] = useState<number>();
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const requested = useRef(false);
  const mfaType = purpose ?? 'identityVerification';

  const wait = resendWaitSeconds(lastRequestAt, now);
  useEffect(() => {
    if (!wait) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [wait]);

  const request = useCallback(
    async (via?: MfaContactType) => {
      const typed = contact && (!via || contactType(contact) === via) ? contact : undefined;
      const target = resendTarget({ typedContact: typed, phone: user?.phoneNumber, email: user?.email, via });
      const type = target?.type ?? via ?? (contact ? contactType(contact) : undefined) ?? (user?.phoneNumber ? 'cellPhone' : 'email');
      if (via && !target && !typed) {
        notify({ type: 'warning', message: t(NO_CONTACT_KEY) });
        return;
      }
      const started = Date.now();
      setLastRequestAt(started);
      setNow(started);
      try {
        const sent = await api<MfaSent>('mfa/request', 'POST', {
          type,
          mfaType,
          ...(typed && { contactMethodValue: typed }),
        });
        setSentTo(sent.mfaSentTo);
        setLastType(sent.mfaSentToMsg);
      } catch (e) {
        const status = e instanceof ApiError ? e.status : 0;
        const many = tooManyAttempts(status, 'mfa/request');
        notify({ type: 'error', message: many ? t(many.messageKey) : failureText(e, t('login.errors.sendCode')) });
      }
    },
    [contact, mfaType, t, user?.email, user?.phoneNumber],
  );

  // The first code goes out when the step opens.
  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    void request();
  }, [request]);

  const verify = async (value: string) => {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const result = await api<StepResult>('mfa/verify', 'POST', { code: value, rememberDevice: showRememberDevice(purpose) && remember });
      onDone({ reqs: result?.reqs });
    } catch (e) {
      const { message, durationMs } = codeRefused(e, 'mfa/verify', t);
      setError(message);
      notify({ type: 'error', message, durationMs });
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  const onChange = (value: string) => {
    const digits = value.replace(/\D/g, '').slice(0, LIMITS.mfaCodeLength);
    setCode(digits);
    if (shouldAutoSubmit(digits)) void verify(digits);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length < LIMITS.mfaCodeLength) {
      setError(code ? t('validation.minLength', { min: LIMITS.mfaCodeLength }) : t('validation.required'));
      return;
    }
    void verify(code);
  };

  const blocked = !canResend(lastRequestAt, now);
  const link = (via: MfaContactType) => (
    <Link
      component="button"
      type="button"
      variant="body2"
      disabled={blocked}
      onClick={() => void request(via)}
      sx={blocked ? { color: 'text.secondary', cursor: 'default' } : undefined}
    >
      {t(resendLinkKey(via, lastType))}
    </Link>
  );

  return (
    <StepForm
      title={t('login.mfa.title')}
      intro={sentTo ? t('login.mfa.sentTo', { to: sentTo }) : t('login.mfa.sending')}
      error={error}
      submitLabel={t('login.actions.verify')}
      busy={busy}
      onSubmit={submit}
    >
      <TextField
        label={t('login.mfa.code')}
        value={code}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: LIMITS.mfaCodeLength, pattern: '[0-9]*' } }}
        autoFocus
        fullWidth
      />
      {showRememberDevice(purpose) && (
        <FormControlLabel
          control={<Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} />}
          label={t(LOGIN_KEYS.rememberDevice)}
        />
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between' }}>
        {link('cellPhone')}
        {link('email')}
      </Box>
      {blocked && (
        <Typography variant="body2" color="text.secondary" role="timer" aria-live="off">
          {t('login.mfa.resendIn', { seconds: wait })}
        </Typography>
      )}
      <PasskeyMfaOption purpose={purpose} onDone={onDone} />
    </StepForm>
  );
}
