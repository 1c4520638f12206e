import type { PrivacyPolicy } from '../../../schemas/privacyPolicy.js';
import { xsrfHeader } from '../providers/transportRules.js';

/** SPEC §7 GET privacyPolicy, PUT privacyPolicy/accept. */
export const PRIVACY_POLICY_URL = '/api/privacyPolicy';

/** A non-2xx answer; `message` is the server's translated text when it sent one. */
export class PrivacyRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Plain fetch, light enough for the login bundle: the session cookie, the
 * user's language and, on writes, the XSRF header (SPEC §7), no react-admin.
 */
async function send<T>(method: 'GET' | 'PUT', url: string, body?: unknown): Promise<T> {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': document.documentElement.lang || navigator.language });
  for (const [name, value] of Object.entries(xsrfHeader(method, document.cookie) ?? {})) headers.set(name, value);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const response = await fetch(url, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json().catch(() => ({}));
  if (!response.ok) throw new PrivacyRequestError(response.status, json.message ?? '');
  return json as T;
}

export function fetchPrivacyPolicy(): Promise<PrivacyPolicy> {
  return send('GET', PRIVACY_POLICY_URL);
}

/** Accepts the version the user was shown; 409 when a newer one was published meanwhile. */
export function acceptPrivacyPolicy(version: number): Promise<{ success: boolean; version: number }> {
  return send('PUT', `${PRIVACY_POLICY_URL}/accept`, { version });
}
