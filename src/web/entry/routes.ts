/**
 * Which app a page path loads: the light sign-in app (no react-admin, SPEC §2 'login',
 * 'login/register', 'reports-download/{id}') or the react-admin portal for everything else.
 */
export function isLightPath(pathname: string): boolean {
  return /^\/login(?:\/|$)/i.test(pathname) || /^\/reports-download\//i.test(pathname);
}
