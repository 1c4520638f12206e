import type { AuthProvider } from 'react-admin';
import { canAccess, type Action } from '../../common/access.js';
import type { User } from '../../../schemas/user.js';
import { API_URL } from './dataProvider.js';
import { httpClient } from './http.js';

let identity: Promise<User | undefined> | undefined;

function me(): Promise<User | undefined> {
  identity ??= httpClient(`${API_URL}/me`)
    .then(({ json }) => json as User)
    .catch(() => {
      identity = undefined;
      return undefined;
    });
  return identity;
}

/**
 * react-admin's authProvider over the session API: the server keeps the
 * session in an httpOnly cookie, so the browser holds no secret of its own.
 * `?internal=true` on the login page signs staff in (SPEC §2).
 */
export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    identity = undefined;
    const internal = new URLSearchParams(window.location.search).get('internal') === 'true';
    await httpClient(`${API_URL}/account/login`, { method: 'POST', body: JSON.stringify({ username, password, internal }) });
  },
  async logout() {
    identity = undefined;
    await httpClient(`${API_URL}/logout`, { method: 'POST' }).catch(() => undefined);
  },
  async checkAuth() {
    if (!(await me())) throw new Error('Not signed in');
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      identity = undefined;
      throw error;
    }
  },
  async getIdentity() {
    const user = await me();
    if (!user) throw new Error('Not signed in');
    return { id: user.appUserNum, fullName: user.name, ...user };
  },
  async canAccess({ resource, action }: { resource: string; action: string }) {
    return canAccess(await me(), { resource, action: action as Action });
  },
};
