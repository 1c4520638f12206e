import { fetchUtils } from 'react-admin';
import { xsrfHeader } from './transportRules.js';

/**
 * The one HTTP client of the app: same-origin cookies, the XSRF header on
 * writes (SPEC §7), the user's language. The bearer, hold and retry rules of
 * transportRules.ts join here as the sign-in screens arrive.
 */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const method = (options.method ?? 'GET').toUpperCase();
  for (const [name, value] of Object.entries(xsrfHeader(method, document.cookie) ?? {})) headers.set(name, value);
  headers.set('Accept-Language', document.documentElement.lang || navigator.language);
  return fetchUtils.fetchJson(url, { ...options, headers, credentials: 'same-origin' });
}
