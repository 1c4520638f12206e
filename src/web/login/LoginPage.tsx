import { Suspense, useCallback, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginRequirements, LoginResponse, MfaPurpose } from '../../../schemas/auth.js';
import {
  DECLINE_KEYS,
  REDIRECTING_KEY,
  destinationAfterLogin,
  isInternalLogin,
  loginPageTitle,
  mfaPurpose,
  safeReturnUrl,
  type LoginStep,
} from '../../common/loginFlow.js';
import { withCatalogues } from '../i18n/i18n.js';
import { lazyThemed } from '../theme/lazyThemed.js';
import { api } from '../providers/http.js';
import { clearSession, getSession } from '../providers/session.js';
import { ensureSession, loadSignedIn } from '../providers/transport.js';
import { errorMessage } from '../providers/transportRules.js';
import { CredentialsForm } from './CredentialsForm.js';
import { LoginLayout } from './LoginLayout.js';
import { captchaRequiredBy, dashboardFor, gateAfterSteps, stepsAfterLogin, withoutOnceParams, type Credentials } from './loginPageRules.js';
import { notify } from './notify.js';
import { PasskeySignIn } from './PasskeySignIn.js';
import { useLoginConfig } from './useLoginConfig.js';

type DialogProps = { open: boolean; onClose: () => void; variant?: 'dealer' | 'customer' };

/**
 * The other engineer's dialogs, loaded on first use with i18next and the MUI theme (the
 * first paint has neither); absent files render nothing.
 */
const dialogModules = import.meta.glob<Record<string, ComponentType<DialogProps>>>([
  './dialogs/SsoDialog.tsx',
  './dialogs/ForgotPasswordDialog.tsx',
  './dialogs/CreateAccountDialog.tsx',
]);
function lazyDialog(name: 'SsoDialog' | 'ForgotPasswordDialog' | 'CreateAccountDialog'): ComponentType<DialogProps> {
  const load = dialogModules[`./dialogs/${name}.tsx`];
  return load ? lazyThemed(() => withCatalogues(load)().then((m) => m[name])) : () => null;
}
const SsoDialog = lazyDialog('SsoDialog');
const ForgotPasswordDialog = lazyDialog('ForgotPasswordDialog');
const CreateAccountDialog = lazyDialog('CreateAccountDialog');

const LoginSteps = lazyThemed(() => withCatalogues(() => import('./steps/LoginSteps.js'))().then((m) => m.LoginSteps));
const TermsDialog = lazyThemed(() => withCatalogues(() => import('./TermsDialog.js'))().then((m) => m.TermsDialog));
const PrivacyPolicyDialog = lazyThemed(() =>
  withCatalogues(() => import('../privacy/PrivacyPolicyDialog.js'))().then((m) => m.PrivacyPolicyDialog),
);
const ClassicHandoff = lazyThemed(() => withCatalogues(() => import('./ClassicHandoff.js'))().then((m) => m.ClassicHandoff));

type Phase =
  | { kind: 'checking' }
  | { kind: 'credentials' }
  | { kind: 'steps'; steps: Exclude<LoginStep, 'username'>[]; reqs: LoginRequirements; purpose: MfaPurpose | undefined }
  | { kind: 'terms' | 'privacyPolicy'; reqs: LoginRequirements }
  | { kind: 'redirecting' }
  | { kind: 'classic' };

type OpenDialog = 'sso' | 'forgot' | 'create' | null;

/** A spinner and its text (a CSS spinner: no MUI on the first paint). */
function Waiting({ label }: { label: string }) {
  return (
    <div className="login-waiting" role="status">
      <div className="login-spinner" aria-hidden="true" />
      <p>{label}</p>
    </div>
  );
}

/**
 * SPEC §2 login screen and login steps, §4 login flow: credentials, the required steps in
 * order, terms and privacy policy, then the redirect (returnUrl, /msa/summary,
 * /home/dashboard, or the classic handoff). Both variants; the host decides which.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const config = useLoginConfig();
  const variant = config.variant;
  const query = new URLSearchParams(window.location.search);
  const internalQuery = isInternalLogin({ query });
  const returnUrl = safeReturnUrl(query.get('returnUrl'));
  const [phase, setPhase] = useState<Phase>({ kind: 'checking' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [captchaRequired, setCaptchaRequired] = useState(false);
  const [captchaResetKey, setCaptchaResetKey] = useState(0);
  const [dialog, setDialog] = useState<OpenDialog>(null);

  useEffect(() => {
    const title = loginPageTitle(variant, config.portalName);
    document.title = t(title.key, title.args);
  }, [t, variant, config.portalName]);

  /** Where the flow goes once the steps are done (or none were needed). */
  const complete = useCallback(
    (reqs: LoginRequirements) => {
      const user = getSession().user;
      const applicationNum = user?.applicationNum ?? 2;
      const gate = gateAfterSteps(reqs, applicationNum);
      if (gate !== 'complete') {
        setPhase({ kind: gate, reqs });
        return;
      }
      const destination = destinationAfterLogin({
        variant,
        applicationNum,
        betaUser: reqs.betaUser,
        actionRequired: false,
        returnUrl,
        moment: 'loginComplete',
      });
      if (destination.kind === 'classic') setPhase({ kind: 'classic' });
      else if (destination.kind === 'path') {
        setPhase({ kind: 'redirecting' });
        window.location.assign(destination.path);
      }
    },
    [variant, returnUrl],
  );

  /** §4: after a credential check the step list is rebuilt; each step clears its flag. */
  const proceed = useCallback(
    (reqs: LoginRequirements) => {
      const steps = stepsAfterLogin(reqs);
      // §4: the purpose comes from the credential check's reqs, before contactInfo clears noContactInfo.
      if (steps.length) setPhase({ kind: 'steps', steps, reqs, purpose: mfaPurpose(reqs) });
      else complete(reqs);
    },
    [complete],
  );

  const accept = useCallback(
    async (answer: LoginResponse) => {
      if (!answer.success || !answer.token) throw new Error(t('login.errors.credentials'));
      await loadSignedIn(answer.token, answer.reqs);
      if (getSession().status !== 'signedIn') throw new Error(t('login.errors.credentials'));
      proceed(answer.reqs);
    },
    [proceed, t],
  );

  // On arrival: an SSO return, an SSO error, or a user who is already signed in.
  useEffect(() => {
    let current = true;
    const params = new URLSearchParams(window.location.search);
    const ssoCode = params.get('ssoCode');
    const ssoError = params.get('error') === 'ssoError';
    if (ssoCode || ssoError) window.history.replaceState(null, '', window.location.pathname + withoutOnceParams(window.location.search));
    if (ssoError) notify({ type: 'error', message: t('login.errors.sso') });
    void (async () => {
      if (ssoCode) {
        try {
          await accept(await api<LoginResponse>('account/sso/exchange', 'POST', { ssoCode }));
          return;
        } catch (e) {
          notify({ type: 'error', message: errorMessage((e as { body?: unknown }).body, t('login.errors.sso')) });
        }
      }
      await ensureSession();
      if (!current) return;
      const session = getSession();
      if (session.status !== 'signedIn' || !session.user || !session.reqs) {
        setPhase({ kind: 'credentials' });
        return;
      }
      const destination = dashboardFor(
        destinationAfterLogin({
          variant,
          applicationNum: session.user.applicationNum,
          betaUser: session.reqs.betaUser,
          actionRequired: session.reqs.actionRequired,
          returnUrl,
          moment: 'userPresent',
        }),
      );
      if (destination.kind === 'login') proceed(session.reqs);
      else if (destination.kind === 'classic') setPhase({ kind: 'classic' });
      else {
        setPhase({ kind: 'redirecting' });
        window.location.replace(destination.path);
      }
    })();
    return () => {
      current = false;
    };
    // Runs once per page load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const signIn = async (credentials: Credentials, ctrlKey: boolean) => {
    setBusy(true);
    setError(undefined);
    const captcha = credentials.captcha ? { captcha: credentials.captcha } : {};
    try {
      const internal = isInternalLogin({ ctrlKey, query });
      const answer =
        variant === 'customer'
          ? await api<LoginResponse>('msa/login', 'POST', {
              email: credentials.username,
              password: credentials.password,
              ...(returnUrl && { returnUrl }),
              ...captcha,
            })
          : await api<LoginResponse>('account/login', 'POST', {
              username: credentials.username,
              password: credentials.password,
              internal,
              ...(returnUrl && { returnUrl }),
              ...captcha,
            });
      await accept(answer);
    } catch (e) {
      const body = (e as { body?: unknown }).body;
      setError(errorMessage(body, '') || (e as Error).message || t('login.errors.credentials'));
      // After many failures from this network the server wants a captcha with each attempt (and each is used once).
      if (captchaRequiredBy(body)) setCaptchaRequired(true);
      if (credentials.captcha) setCaptchaResetKey((key) => key + 1);
    } finally {
      setBusy(false);
    }
  };

  /** Declining terms or the policy ends this sign-in (§4): the message, then the form again. */
  const decline = (gate: 'terms' | 'privacyPolicy') => {
    notify({ type: 'error', message: t(DECLINE_KEYS[gate]) });
    void api('logout', 'POST', undefined, { skipError: true }).catch(() => undefined);
    clearSession();
    setPhase({ kind: 'credentials' });
  };

  const backToLogin = () => {
    clearSession();
    setPhase({ kind: 'credentials' });
  };

  let content;
  switch (phase.kind) {
    case 'checking':
      content = <Waiting label={t('login.loading')} />;
      break;
    case 'credentials':
      content = (
        <CredentialsForm
          variant={variant}
          internalQuery={internalQuery}
          busy={busy}
          error={error}
          captchaRequired={captchaRequired}
          captchaResetKey={captchaResetKey}
          onSubmit={(c, ctrl) => void signIn(c, ctrl)}
          onForgot={() => setDialog('forgot')}
          onSso={() => setDialog('sso')}
          onCreateAccount={() => setDialog('create')}
        />
      );
      break;
    case 'steps':
      content = <LoginSteps steps={phase.steps} reqs={phase.reqs} purpose={phase.purpose} onComplete={complete} onCancel={backToLogin} />;
      break;
    case 'redirecting':
      content = <Waiting label={t(REDIRECTING_KEY)} />;
      break;
    case 'classic':
      content = <ClassicHandoff onFailed={backToLogin} />;
      break;
    default:
      // terms or privacy policy: their dialog is the screen.
      content = <div className="login-gate" />;
  }

  return (
    <LoginLayout variant={variant}>
      <h1 className="login-heading">
        {t(internalQuery ? 'login.heading.internal' : variant === 'customer' ? 'login.heading.customer' : 'login.heading.dealer', {
          portalName: config.portalName,
        })}
      </h1>
      <Suspense fallback={<Waiting label={t('login.loading')} />}>{content}</Suspense>
      {phase.kind === 'credentials' && <PasskeySignIn variant={variant} busy={busy} onSignedIn={accept} />}
      <Suspense fallback={null}>
        {dialog === 'sso' && <SsoDialog open onClose={() => setDialog(null)} />}
        {dialog === 'forgot' && <ForgotPasswordDialog open onClose={() => setDialog(null)} variant={variant} />}
        {dialog === 'create' && <CreateAccountDialog open onClose={() => setDialog(null)} />}
        {phase.kind === 'terms' && (
          <TermsDialog
            open
            onAccepted={() => complete({ ...phase.reqs, termsAndConditionsRequired: false })}
            onDeclined={() => decline('terms')}
          />
        )}
        {phase.kind === 'privacyPolicy' && (
          <PrivacyPolicyDialog
            open
            forced
            onAccepted={() => complete({ ...phase.reqs, termsAndConditionsRequired: false, privacyPolicyRequired: false })}
            onDeclined={() => decline('privacyPolicy')}
          />
        )}
      </Suspense>
    </LoginLayout>
  );
}
