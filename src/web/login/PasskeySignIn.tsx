import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserSupportsWebAuthn, startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { LoginResponse } from '../../../schemas/auth.js';
import type { LoginVariant } from '../../common/loginFlow.js';
import { passkeyFailure } from '../../common/passkeys.js';
import { transport } from '../providers/transport.js';
import { errorMessage } from '../providers/transportRules.js';
import { LoginAlert } from './LoginAlert.js';

/** Material's key icon, inline like icons.tsx (no icon package in the first load). */
/**
 * The browser's passkey prompt for a challenge: its answer, or undefined once `fail` has the
 * locale key of why there is none (cancelled, not allowed, no passkey here…).
 */
export async function passkeyAnswer(options: PublicKeyCredentialRequestOptionsJSON, fail: (key: string) => void) {
  try {
    return await startAuthentication({ optionsJSON: options });
  } catch (ceremony) {
    fail(`login.passkey.errors.${passkeyFailure(ceremony)}`);
    return undefined;
  }
}

export function PasskeyIcon() {
  return (
    <svg className="login-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12.65 10C11.83 7.67 9.61 6 7 6c-3.31 0-6 2.69-6 6s2.69 6 6 6c2.61 0 4.83-1.67 5.65-4H17v4h4v-4h2v-4H12.65zM7 14c-1.1 0-2-.9-2-2s.9-2 2-2 2 .9 2 2-.9 2-2 2z" />
    </svg>
  );
}

/** A POST of the passkey sign-in: before sign-in, so past the hold (no user yet), its errors handled here. */
async function post<T>(path: string, body?: unknown): Promise<T> {
  const { json } = await transport(`/api/${path}`, {
    method: 'POST',
    body: body === undefined ? undefined : JSON.stringify(body),
    bypassHold: true,
    skipError: true,
  });
  return json as T;
}

/**
 * 'Sign in with a passkey' on the login page, dealer and customer variants: the
 * browser offers the passkeys it holds for this site (no username), and the server's answer is
 * the login answer of a password sign-in, with the MFA step done (the other steps follow as
 * usual through `onSignedIn`). Hidden when the browser has no WebAuthn.
 */
export function PasskeySignIn({
  variant,
  busy = false,
  onSignedIn,
}: {
  variant: LoginVariant;
  busy?: boolean;
  onSignedIn: (answer: LoginResponse) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string>();
  if (!browserSupportsWebAuthn()) return null;
  const page = variant === 'customer' ? 'msa' : 'account';

  const signIn = async () => {
    setWorking(true);
    setError(undefined);
    try {
      const { options } = await post<{ options: PublicKeyCredentialRequestOptionsJSON }>(`${page}/passkey/options`);
      const response = await passkeyAnswer(options, (key) => setError(t(key)));
      if (!response) return;
      await onSignedIn(await post<LoginResponse>(`${page}/passkey/login`, { response }));
    } catch (e) {
      const body = (e as { body?: unknown }).body;
      setError(errorMessage(body, '') || (e as Error).message || t('login.passkey.errors.failed'));
    } finally {
      setWorking(false);
    }
  };

  return (
    <div className="login-form" style={{ marginTop: 16 }}>
      {error && <LoginAlert message={error} />}
      <button
        type="button"
        className="login-button login-button--outlined"
        style={{ gap: 8 }}
        disabled={busy || working}
        aria-busy={working}
        onClick={() => void signIn()}
      >
        <PasskeyIcon />
        {t('login.passkey.signIn')}
      </button>
      {working && (
        <p role="status" style={{ margin: 0, textAlign: 'center', fontSize: '0.875rem' }}>
          {t('login.passkey.working')}
        </p>
      )}
    </div>
  );
}
