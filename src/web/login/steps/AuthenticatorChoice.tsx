import { useEffect, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { MfaChoicesAnswer, SecondFactorResult } from '../../../../schemas/authenticator.js';
import { LIMITS } from '../../../common/constants.js';
import { fewRecoveryCodesLeft } from '../../../common/recoveryCodes.js';
import { LOGIN_KEYS, REMEMBER_DEVICE_DEFAULT, shouldAutoSubmit, showRememberDevice } from '../../../common/loginFlow.js';
import { api } from '../../providers/http.js';
import { notify } from '../notify.js';
import { MfaVerifyStep } from './MfaVerifyStep.js';
import { PasskeyMfaOption } from './PasskeyMfaOption.js';
import { StepForm, codeRefused } from './StepForm.js';
import type { StepProps } from './stepProps.js';
import { defaultMfaMethod, otherMfaMethods, recoveryCodeInput, type MfaMethod } from './mfaChoiceRules.js';

const LINK_KEYS: Record<MfaMethod, string> = {
  authenticator: 'authenticator.login.useAuthenticator',
  recoveryCode: 'authenticator.login.useRecoveryCode',
  code: 'authenticator.login.useTextOrEmail',
};

/** Links to the other second factors on offer. */
function OtherMethods({ methods, onPick }: { methods: MfaMethod[]; onPick: (method: MfaMethod) => void }) {
  const { t } = useTranslation();
  if (!methods.length) return null;
  return (
    <Box component="nav" aria-label={t('authenticator.login.otherWays')} sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 2 }}>
      {methods.map((method) => (
        <Link
          key={method}
          component="button"
          type="button"
          variant="body2"
          onClick={() => onPick(method)}
          sx={{ alignSelf: 'flex-start', textAlign: 'left' }}
        >
          {t(LINK_KEYS[method])}
        </Link>
      ))}
    </Box>
  );
}

/** A code from the authenticator app (6 digits, sent when complete, §4) or a recovery code, with 'Remember this device?'. */
function SecondFactorForm({
  method,
  purpose,
  onDone,
}: { method: 'authenticator' | 'recoveryCode' } & Pick<StepProps, 'purpose' | 'onDone'>) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(REMEMBER_DEVICE_DEFAULT);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const authenticator = method === 'authenticator';
  const path = authenticator ? 'mfa/verify/authenticator' : 'mfa/verify/recoveryCode';

  const verify = async (value: string) => {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const result = await api<SecondFactorResult>(path, 'POST', { code: value, rememberDevice: showRememberDevice(purpose) && remember });
      if (!authenticator) {
        notify({ type: 'info', message: t('authenticator.login.recoveryAccepted', { n: result.recoveryCodesLeft }) });
        if (fewRecoveryCodesLeft(result.recoveryCodesLeft)) notify({ type: 'warning', message: t('authenticator.login.recoveryLow') });
      }
      onDone({ reqs: result.reqs });
    } catch (e) {
      const { message, durationMs } = codeRefused(e, path, t);
      setError(message);
      notify({ type: 'error', message, durationMs });
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  const onChange = (value: string) => {
    if (!authenticator) return setCode(recoveryCodeInput(value));
    const digits = value.replace(/\D/g, '').slice(0, LIMITS.mfaCodeLength);
    setCode(digits);
    if (shouldAutoSubmit(digits)) void verify(digits);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const min = authenticator ? LIMITS.mfaCodeLength : 1;
    if (code.trim().length < min) {
      setError(code ? t('validation.minLength', { min }) : t('validation.required'));
      return;
    }
    void verify(code);
  };

  return (
    <StepForm
      title={t(authenticator ? 'authenticator.login.authenticatorTitle' : 'authenticator.login.recoveryTitle')}
      intro={t(authenticator ? 'authenticator.login.authenticatorIntro' : 'authenticator.login.recoveryIntro')}
      error={error}
      submitLabel={t('login.actions.verify')}
      busy={busy}
      onSubmit={submit}
    >
      <TextField
        label={t(authenticator ? 'authenticator.login.code' : 'authenticator.login.recoveryCode')}
        value={code}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={authenticator ? 'one-time-code' : 'off'}
        slotProps={{
          htmlInput: authenticator
            ? { inputMode: 'numeric', maxLength: LIMITS.mfaCodeLength, pattern: '[0-9]*' }
            : { maxLength: 64, autoCapitalize: 'none', spellCheck: false },
        }}
        autoFocus
        fullWidth
      />
      {showRememberDevice(purpose) && (
        <FormControlLabel
          control={<Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} />}
          label={t(LOGIN_KEYS.rememberDevice)}
        />
      )}
      <PasskeyMfaOption purpose={purpose} onDone={onDone} />
    </StepForm>
  );
}

/**
 * §2 mfaVerify with the further second factors (authenticator app, recovery codes, passkeys): for a user who turned an authenticator app on,
 * the step opens on its code (no text or email goes out unless asked for), with 'Use a recovery
 * code', 'Send a code by text or email instead' and, with a passkey, 'Use a passkey instead'; the spec's step ({@link MfaVerifyStep},
 * unchanged) then offers 'Use your authenticator app'. Everyone else gets the spec's step as it is.
 * The contact step's code (no contact info yet) must reach the new contact: nothing else is offered.
 */
export function MfaStepWithChoices(props: StepProps) {
  const { t } = useTranslation();
  const offer = !props.reqs.noContactInfo;
  const [choices, setChoices] = useState<MfaChoicesAnswer | null | undefined>(offer ? undefined : null);
  const [method, setMethod] = useState<MfaMethod>();

  useEffect(() => {
    if (!offer) return;
    let live = true;
    api<MfaChoicesAnswer>('mfa/choices', 'GET', undefined, { skipError: true }).then(
      (answer) => live && setChoices(answer),
      () => live && setChoices(null),
    );
    return () => {
      live = false;
    };
  }, [offer]);

  if (choices === undefined) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={t('login.mfa.title')} />
      </Box>
    );
  }
  const current = method ?? defaultMfaMethod(choices);
  const others = <OtherMethods methods={otherMfaMethods(current, choices)} onPick={setMethod} />;
  return (
    <>
      {current === 'code' ? (
        <MfaVerifyStep {...props} />
      ) : (
        <SecondFactorForm key={current} method={current} purpose={props.purpose} onDone={props.onDone} />
      )}
      {others}
    </>
  );
}
