import { Suspense, useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../common/constants.js';
import { enterInUsername, showForgotLink, usernamePlaceholderKey, type LoginVariant } from '../../common/loginFlow.js';
import type { CaptchaFieldHandle } from '../captcha/CaptchaField.js';
import { withCatalogues } from '../i18n/i18n.js';
import { lazyThemed } from '../theme/lazyThemed.js';
import { LightTextField } from './LightTextField.js';
import { validateCredentials, type CredentialErrors, type Credentials } from './loginPageRules.js';
import { LoginAlert } from './LoginAlert.js';

/** The ALTCHA widget, loaded (with MUI and the captcha texts) only once the server asks for it: the first load stays light. */
const CaptchaField = lazyThemed(() => withCatalogues(() => import('../captcha/CaptchaField.js'))().then((m) => m.CaptchaField));

export interface CredentialsFormProps {
  variant: LoginVariant;
  /** ?internal=true: 'Forgot?' is hidden (§2). */
  internalQuery: boolean;
  busy: boolean;
  error?: string;
  /** The server asked for a captcha with the next attempt: the widget is shown and required. */
  captchaRequired?: boolean;
  /** Changes after every refused attempt that used the captcha: a solution is accepted once, so a new challenge is fetched. */
  captchaResetKey?: number;
  onSubmit: (credentials: Credentials, ctrlKey: boolean) => void;
  onForgot: () => void;
  onSso: () => void;
  onCreateAccount: () => void;
}

/**
 * §2 login screen form: username (or email) max 50, password, Login, 'Forgot?', and the
 * variant's extra: 'or' + 'Continue With Single Sign-On' (dealer), Create Account (customer).
 * Enter in the username submits when both fields are valid, else moves to the password.
 */
export function CredentialsForm({
  variant,
  internalQuery,
  busy,
  error,
  captchaRequired = false,
  captchaResetKey = 0,
  onSubmit,
  onForgot,
  onSso,
  onCreateAccount,
}: CredentialsFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [errors, setErrors] = useState<CredentialErrors>({});
  const [touched, setTouched] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const captchaRef = useRef<CaptchaFieldHandle>(null);
  const ctrlRef = useRef(false);

  // A refused attempt spent the captcha's solution: a fresh challenge for the next one.
  useEffect(() => {
    if (captchaResetKey) captchaRef.current?.reset();
  }, [captchaResetKey]);

  const message = (key: string | undefined) => (key ? t(key, { max: LIMITS.usernameMax }) : undefined);

  const submit = (ctrlKey: boolean) => {
    const found = validateCredentials(values, variant, captchaRequired);
    setErrors(found);
    setTouched(true);
    if (Object.keys(found).length === 0) {
      onSubmit(
        {
          username: values.username.trim(),
          password: values.password,
          ...(captchaRequired && values.captcha && { captcha: values.captcha }),
        },
        ctrlKey,
      );
    }
  };

  const setCaptcha = useCallback((captcha: string) => {
    setValues((current) => ({ ...current, captcha }));
    if (captcha) setErrors((current) => ({ ...current, captcha: undefined }));
  }, []);

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(ctrlRef.current);
    ctrlRef.current = false;
  };

  const onUsernameKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const found = validateCredentials(values, variant, captchaRequired);
    const action = enterInUsername({ usernameValid: !found.username, passwordValid: !found.password && !found.captcha });
    if (action === 'submit') submit(event.ctrlKey);
    else passwordRef.current?.focus();
  };

  const change = (field: keyof Credentials) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (touched) setErrors(validateCredentials(next, variant, captchaRequired));
  };

  return (
    <form className="login-form" noValidate onSubmit={onFormSubmit}>
      {error && <LoginAlert message={error} />}
      <LightTextField
        label={t(usernamePlaceholderKey(variant))}
        placeholder={t(usernamePlaceholderKey(variant))}
        name="username"
        autoComplete={variant === 'customer' ? 'email' : 'username'}
        type={variant === 'customer' ? 'email' : 'text'}
        value={values.username}
        onChange={change('username')}
        onKeyDown={onUsernameKey}
        error={!!errors.username}
        helperText={message(errors.username)}
        maxLength={LIMITS.usernameMax}
        autoFocus
      />
      <LightTextField
        label={t('login.fields.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={change('password')}
        error={!!errors.password}
        helperText={message(errors.password)}
        inputRef={passwordRef}
      />
      {captchaRequired && (
        <Suspense fallback={null}>
          <CaptchaField ref={captchaRef} onChange={setCaptcha} error={message(errors.captcha)} />
        </Suspense>
      )}
      {showForgotLink(internalQuery) && (
        <div className="login-forgot">
          <button type="button" className="login-button login-button--link" onClick={onForgot}>
            {t('login.actions.forgot')}
          </button>
        </div>
      )}
      <button
        type="submit"
        className="login-button login-button--contained"
        disabled={busy}
        onMouseDown={(event: MouseEvent) => {
          ctrlRef.current = event.ctrlKey;
        }}
        onClick={(event: MouseEvent) => {
          if (event.ctrlKey) ctrlRef.current = true;
        }}
      >
        {t('login.actions.login')}
      </button>
      {variant === 'dealer' ? (
        <>
          {/* The 'or' divider (§2). */}
          <p className="login-separator" role="separator">
            {t('login.actions.or')}
          </p>
          <button type="button" className="login-button login-button--outlined" onClick={onSso} disabled={busy}>
            {t('login.actions.sso')}
          </button>
        </>
      ) : (
        <button type="button" className="login-button login-button--outlined" onClick={onCreateAccount} disabled={busy}>
          {t('login.actions.createAccount')}
        </button>
      )}
    </form>
  );
}
