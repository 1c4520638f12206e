import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '../../src/common/constants.js';

/**
 * A demo user's sign-in over inject, as a browser makes it: a first call for the pre-session and
 * the XSRF token bound to it (csrf.ts), then POST /api/account/login with both. Throws unless a
 * session comes of it.
 */
export async function injectSignIn(app: FastifyInstance, who: { username: string; internal?: boolean }) {
  const first = await app.inject({ method: 'GET', url: '/api/health' });
  const presession = first.cookies.filter((c) => c.value);
  const xsrf = presession.find((c) => c.name === 'XSRF-Token')?.value ?? '';
  const login = await app.inject({
    method: 'POST',
    url: '/api/account/login',
    headers: { cookie: presession.map((c) => `${c.name}=${c.value}`).join('; '), 'x-xsrf-token': xsrf },
    payload: { ...who, password: DEMO_PASSWORD },
  });
  const session = login.cookies.find((c) => c.name === 'portal_session');
  if (!session) throw new Error(`could not sign in as ${who.username} for the benchmark: ${login.statusCode} ${login.body}`);
  return { presession, xsrf, login, session };
}

/** The signed-in session's Cookie header: its XSRF cookie too, as a browser sends it, so no call is given a new one. */
export async function sessionCookie(app: FastifyInstance, who: { username: string; internal?: boolean }): Promise<{ cookie: string }> {
  const { login, session } = await injectSignIn(app, who);
  const xsrf = login.cookies.find((c) => c.name === 'XSRF-Token');
  if (!xsrf) throw new Error(`no XSRF cookie came with ${who.username}'s session`);
  return { cookie: `portal_session=${session.value}; XSRF-Token=${xsrf.value}` };
}
