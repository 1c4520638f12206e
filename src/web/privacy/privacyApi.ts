import type { PrivacyPolicy } from '../../../schemas/privacyPolicy.js';
import { api, isApiError } from '../providers/http.js';
import { serverText } from '../providers/errorMessages.js';

/** SPEC §7 GET privacyPolicy, PUT privacyPolicy/accept (paths under /api). */
const PRIVACY_POLICY_PATH = 'privacyPolicy';

/** A failed call; `message` is the server's translated text when it sent one, else empty (SPEC §8). */
export class PrivacyRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Through the portal's transport (SPEC §7 parameters, XSRF, bearer), which the login
 * page's first load already carries: no react-admin. The dialog shows its own messages,
 * so §8's status handling leaves these calls alone (skip-error).
 */
async function send<T>(method: 'GET' | 'PUT', path: string, body?: unknown): Promise<T> {
  try {
    return await api<T>(path, method, body, { skipError: true });
  } catch (error) {
    if (isApiError(error)) throw new PrivacyRequestError(error.status, serverText(error) ?? '');
    throw error;
  }
}

export function fetchPrivacyPolicy(): Promise<PrivacyPolicy> {
  return send('GET', PRIVACY_POLICY_PATH);
}

/** Accepts the version the user was shown; 409 when a newer one was published meanwhile. */
export function acceptPrivacyPolicy(version: number): Promise<{ success: boolean; version: number }> {
  return send('PUT', `${PRIVACY_POLICY_PATH}/accept`, { version });
}
