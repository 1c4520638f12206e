/** The pages of the light sign-in app (no react-admin). */
export type LightRoute = 'login' | 'register' | 'reportDownload';

/**
 * Which page of the light sign-in app a path shows (SPEC §2 'login, loginSession' — the same
 * page —, 'login/register', 'reports-download/{id}'), or undefined for the react-admin portal.
 */
export function lightRoute(pathname: string): LightRoute | undefined {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  if (path === '/login' || path === '/loginsession') return 'login';
  if (path === '/login/register') return 'register';
  if (path.startsWith('/reports-download/')) return 'reportDownload';
  return undefined;
}
