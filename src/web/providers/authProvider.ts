import type { AuthProvider } from 'react-admin';
import { canAccess } from '../../common/access.js';
import { APPLICATION } from '../../common/constants.js';
import { accessResource } from '../resources/resourceNames.js';
import { httpClient } from './http.js';
import { clearSession, getSession, updateSession } from './session.js';
import { currentPath, ensureSession, goTo, returnUrlFor } from './transport.js';
import { TRANSPORT_HEADERS } from '../../common/transportLists.js';
import { loginUrl } from './transportRules.js';

/** The login page for the current user's application, returning to where the browser is now (§2 returnUrl). */
function loginRedirect(applicationNum: number | null | undefined, currentPath: string): string {
  return loginUrl(applicationNum, returnUrlFor(currentPath));
}

/** Leaves the admin for the light sign-in app with a full page load. */
function toLogin(): never {
  const applicationNum = getSession().user?.applicationNum;
  clearSession();
  goTo(loginRedirect(applicationNum, currentPath()));
  // react-admin waits on the rejected promise while the browser leaves.
  throw new Error('Not signed in');
}

/**
 * react-admin's authProvider over the session store (session.ts) the transport keeps:
 * sign-in itself happens in the light login app (/login), so `login` is not used by
 * react-admin's own page. checkAuth sends a visitor without a finished sign-in to
 * /login?returnUrl=… (a full page load); checkError leaves on a 401 Invalid-Session.
 */
export const authProvider: AuthProvider = {
  async login() {
    window.location.assign(loginRedirect(undefined, currentPath()));
  },
  async logout() {
    const applicationNum = getSession().user?.applicationNum;
    // react-admin also calls logout after a failed checkAuth: toLogin() is already on its way.
    if (!getSession().user) return false;
    await httpClient('/api/logout', { method: 'POST', skipError: true }).catch(() => undefined);
    clearSession();
    // The light login app, not react-admin's page.
    window.location.assign(loginUrl(applicationNum === APPLICATION.internal ? applicationNum : undefined));
    return false;
  },
  async checkAuth() {
    await ensureSession();
    const session = getSession();
    if (session.status !== 'signedIn' || !session.user || session.reqs?.actionRequired) toLogin();
  },
  async checkError(error: { status?: number; body?: unknown; headers?: Headers }) {
    if (error?.status !== 401) return;
    // The transport has already sent the browser to the login for an ended session (§8).
    if (error.headers?.has(TRANSPORT_HEADERS.invalidSession) || !getSession().user) toLogin();
  },
  async getIdentity() {
    await ensureSession();
    const user = getSession().user;
    if (!user) throw new Error('Not signed in');
    return { id: user.appUserNum, fullName: user.name, ...user };
  },
  /** The access table (src/common/access.ts) under the resource's entry (resourceNames.ts), with the record when react-admin names one. */
  async canAccess({ resource, action, record }: { resource: string; action: string; record?: { siteGroupNum?: number; userId?: number } }) {
    await ensureSession();
    const user = getSession().user;
    return canAccess(user ? { ...user, userId: user.appUserNum } : undefined, { resource: accessResource(resource), action, record });
  },
};

/** GET assets/config into the session, for §7's version and environment parameters (the admin's start). */
export async function loadClientConfig(): Promise<void> {
  if (getSession().config) return;
  const { json } = await httpClient('/api/assets/config', { skipError: true }).catch(() => ({ json: undefined }));
  if (json) updateSession({ config: json });
}
