/** The session cookie (httpOnly): identifies the session; the XSRF token is bound to it (csrf.ts). */
export const SESSION_COOKIE = 'portal_session';

/** Cookie flags: Secure everywhere but plain-http localhost development. */
export function cookieSecurity(publicUrl: string) {
  const url = new URL(publicUrl);
  const localHttp = url.protocol === 'http:' && /^(localhost|127\.0\.0\.1|\[::1\]|[a-z0-9-]+\.localhost)$/.test(url.hostname);
  return { secure: !localHttp, sameSite: 'lax' as const };
}
