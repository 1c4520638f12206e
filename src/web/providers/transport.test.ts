import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LoginRequirements } from '../../../schemas/auth.js';
import type { User } from '../../../schemas/user.js';
import { getSession, resetSession, updateSession } from './session.js';
import {
  ApiError,
  CARRIED_NOTICE_KEY,
  SERVER_ERROR_KEY,
  configureTransport,
  ensureSession,
  resetTransport,
  returnUrlFor,
  transport,
  withReturnUrl,
} from './transport.js';
import { HOLD_LOG_MESSAGE } from './transportRules.js';

interface Call {
  url: string;
  init: RequestInit;
}

const reqs: LoginRequirements = {
  noContactInfo: false,
  mfaRequired: false,
  usernameResetRequired: false,
  verifySecurityQuestions: false,
  passwordResetRequired: false,
  betaUser: true,
  termsAndConditionsRequired: false,
  privacyPolicyRequired: false,
  actionRequired: false,
  mfaSentTo: null,
  mfaSentToMsg: null,
};

const user = {
  name: 'Dealer Beta',
  email: 'beta@example.com',
  initials: 'DB',
  phoneNumber: null,
  applicationNum: 2,
  authItems: {},
  roles: [],
  appUserNum: 7,
  dealer: { siteGroupNum: 9993, siteGroupName: 'Group' },
  canEdit: false,
} as unknown as User;

const future = new Date(Date.now() + 600_000).toISOString();
const past = new Date(Date.now() - 1000).toISOString();

let calls: Call[];
let answers: ((call: Call) => Response)[];
let assigned: string[];
let logs: string[];
let slept: number[];
let stored: Map<string, string>;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

beforeEach(() => {
  resetSession();
  calls = [];
  answers = [];
  assigned = [];
  logs = [];
  slept = [];
  stored = new Map();
  configureTransport({
    fetch: (async (url: string, init: RequestInit) => {
      const call = { url, init };
      calls.push(call);
      const answer = answers.shift();
      return answer ? answer(call) : json(200, {});
    }) as typeof fetch,
    cookies: () => 'XSRF-Token=abc123; other=1',
    language: () => 'fr',
    pathname: () => '/news?x=1',
    assign: (url) => assigned.push(url),
    storage: () => ({
      getItem: (k) => stored.get(k) ?? null,
      setItem: (k, v) => void stored.set(k, v),
      removeItem: (k) => void stored.delete(k),
    }),
    log: (m) => logs.push(m),
    sleep: async (ms) => void slept.push(ms),
    now: () => Date.now(),
    translate: (key) => `t:${key}`,
  });
});

afterEach(() => resetTransport());

function signedIn(expires = future) {
  updateSession({
    status: 'signedIn',
    user,
    token: { token: 'bearer-1', expires },
    reqs,
    config: { variant: 'dealer', portalName: 'P', version: '1.2.3', environment: 'dev', demo: true },
  });
}

describe('transport (SPEC §7)', () => {
  it('adds app, v, os, env and siteGroupNum, the XSRF header on writes, the language, credentials and the bearer', async () => {
    signedIn();
    await transport('/api/news', { method: 'POST', body: '{}' });
    const { url, init } = calls[0];
    const query = new URL(url, 'http://x').searchParams;
    expect(Object.fromEntries(query)).toEqual({ app: 'Dealer Portal', v: '1.2.3', os: 'web', env: 'dev', siteGroupNum: '9993' });
    const headers = init.headers as Headers;
    expect(headers.get('X-XSRF-Token')).toBe('abc123');
    expect(headers.get('Accept-Language')).toBe('fr');
    expect(headers.get('Authorization')).toBe('Bearer bearer-1');
    expect(init.credentials).toBe('include');
  });

  it('sends a FormData body as multipart: no JSON content type, the XSRF header and the bearer as for any write', async () => {
    signedIn();
    const form = new FormData();
    form.append('file', new Blob(['%PDF-']), 'a.pdf');
    await transport('/api/news/1/document', { method: 'POST', body: form, headers: { 'Content-Type': 'application/json' } });
    const { init } = calls[0];
    const headers = init.headers as Headers;
    expect(init.body).toBe(form);
    expect(headers.get('Content-Type')).toBeNull();
    expect(headers.get('X-XSRF-Token')).toBe('abc123');
    expect(headers.get('Authorization')).toBe('Bearer bearer-1');
  });

  it('sends no XSRF header on reads and no bearer to anonymous calls', async () => {
    signedIn();
    await transport('/api/news');
    expect((calls[0].init.headers as Headers).get('X-XSRF-Token')).toBeNull();
    await transport('/api/assets/config');
    expect((calls[1].init.headers as Headers).get('Authorization')).toBeNull();
  });

  it('holds a call until the session is known, logging the hold once, then sends it', async () => {
    answers.push(
      () => json(200, { token: 'bearer-2', expires: future }), // token/refresh
      () => json(200, user), // me
      () => json(200, reqs), // account/requirements
      () => json(200, [{ id: 1 }]), // the held call
    );
    const result = await transport('/api/news');
    expect(logs).toEqual([HOLD_LOG_MESSAGE]);
    expect(calls.map((c) => new URL(c.url, 'http://x').pathname)).toEqual([
      '/api/token/refresh',
      '/api/me',
      '/api/account/requirements',
      '/api/news',
    ]);
    expect(result.json).toEqual([{ id: 1 }]);
    expect((calls[3].init.headers as Headers).get('Authorization')).toBe('Bearer bearer-2');
  });

  it('sends a held call once the page knows nobody is signed in', async () => {
    answers.push(() => json(401, { message: 'ended' }, { 'Invalid-Session': 'true' }));
    await ensureSession();
    expect(getSession().status).toBe('anonymous');
    answers.push(() => json(200, { ok: true }));
    expect((await transport('/api/statusBanner')).json).toEqual({ ok: true });
  });

  it('an impersonation that expired while the page was closed: the refresh says so, the internal login with the notice', async () => {
    answers.push(() => json(401, { message: 'expired' }, { 'Invalid-Impersonation': 'true' }));
    await ensureSession();
    expect(getSession().status).toBe('anonymous');
    expect(assigned).toEqual(['/login?internal=true&returnUrl=%2Fsupport']);
    expect(JSON.parse(stored.get(CARRIED_NOTICE_KEY)!)).toMatchObject({ key: 'transport.impersonationExpired', durationMs: 10_000 });
  });

  it('refuses calls outside the allow-list while a login action is pending', async () => {
    signedIn();
    updateSession({ reqs: { ...reqs, actionRequired: true } });
    await expect(transport('/api/news')).rejects.toMatchObject({ status: 403, message: 't:transport.loginActionRequired' });
    await transport('/api/user/username', { method: 'PUT', body: '{}' });
    expect(calls).toHaveLength(1);
  });

  it('refreshes an expired bearer first, once for concurrent calls', async () => {
    signedIn(past);
    answers.push(() => json(200, { token: 'fresh', expires: future }));
    await Promise.all([transport('/api/news'), transport('/api/news/1')]);
    const paths = calls.map((c) => new URL(c.url, 'http://x').pathname);
    expect(paths.filter((p) => p === '/api/token/refresh')).toHaveLength(1);
    expect(calls.slice(1).every((c) => (c.init.headers as Headers).get('Authorization') === 'Bearer fresh')).toBe(true);
  });

  it('retries a write after 3 s when a gateway failed, but never login, mfa or logout', async () => {
    signedIn();
    answers.push(
      () => json(503, {}),
      () => json(200, { saved: true }),
    );
    expect((await transport('/api/news', { method: 'POST', body: '{}' })).json).toEqual({ saved: true });
    expect(slept).toEqual([3000]);
    answers.push(() => json(503, { message: 'down' }));
    await expect(transport('/api/mfa/verify', { method: 'POST', body: '{}' })).rejects.toBeInstanceOf(ApiError);
    expect(slept).toEqual([3000]);
  });
});

describe('transport (SPEC §8 status handling)', () => {
  it('Invalid-Session: to the login with returnUrl, the 10 s notice kept for the next page', async () => {
    signedIn();
    answers.push(() => json(401, { message: 'Session ended' }, { 'Invalid-Session': 'true' }));
    await expect(transport('/api/news')).rejects.toMatchObject({ status: 401 });
    expect(assigned).toEqual(['/login?returnUrl=%2Fnews%3Fx%3D1']);
    expect(JSON.parse(stored.get(CARRIED_NOTICE_KEY)!)).toMatchObject({ key: 'transport.loginExpired', durationMs: 10_000 });
    expect(getSession().user).toBeNull();
  });

  it('Invalid-Impersonation: to the internal login with returnUrl=/support', async () => {
    signedIn();
    answers.push(() => json(401, {}, { 'Invalid-Impersonation': 'true' }));
    await expect(transport('/api/news')).rejects.toBeInstanceOf(ApiError);
    expect(assigned).toEqual(['/login?internal=true&returnUrl=%2Fsupport']);
    expect(JSON.parse(stored.get(CARRIED_NOTICE_KEY)!)).toMatchObject({ key: 'transport.impersonationExpired' });
  });

  it('a 5xx on a GET goes to /server-error with the status stored', async () => {
    signedIn();
    answers.push(() => json(500, { message: 'boom' }));
    await expect(transport('/api/news')).rejects.toBeInstanceOf(ApiError);
    expect(assigned).toEqual(['/server-error']);
    expect(JSON.parse(stored.get(SERVER_ERROR_KEY)!)).toEqual({ status: 500, message: 'boom' });
  });

  it("keeps the failed call's request id for the server-error page", async () => {
    signedIn();
    answers.push(() => json(503, { message: 'busy' }, { 'X-Request-Id': '0f1e2d3c-4b5a-4978-8796-a5b4c3d2e1f0' }));
    await expect(transport('/api/news')).rejects.toBeInstanceOf(ApiError);
    expect(JSON.parse(stored.get(SERVER_ERROR_KEY)!)).toEqual({
      status: 503,
      message: 'busy',
      requestId: '0f1e2d3c-4b5a-4978-8796-a5b4c3d2e1f0',
    });
  });

  it('an expired login with a user gives the 401 message; the skip-error header bypasses it all', async () => {
    signedIn();
    answers.push(() => json(401, { message: 'x' }));
    await expect(transport('/api/news')).rejects.toMatchObject({ status: 401, message: 't:transport.loginExpiredError' });
    answers.push(() => json(500, { message: 'boom' }));
    await expect(transport('/api/news', { skipError: true })).rejects.toMatchObject({ status: 500, message: 'boom' });
    expect(assigned).toEqual([]);
    expect((calls[1].init.headers as Headers).get('X-Skip-Error')).toBe('true');
  });

  it('swallows a failure while nobody is signed in, but not a failed sign-in', async () => {
    updateSession({ status: 'anonymous' });
    answers.push(() => json(404, { message: 'nope' }));
    expect(await transport('/api/news')).toMatchObject({ status: 404, body: '' });
    answers.push(() => json(401, { message: 'The username or password is incorrect.' }));
    await expect(transport('/api/account/login', { method: 'POST', body: '{}' })).rejects.toMatchObject({
      message: 'The username or password is incorrect.',
    });
  });
});

describe('returnUrl helpers', () => {
  it('never returns to the login page itself', () => {
    expect(returnUrlFor('/login?x=1')).toBeUndefined();
    expect(returnUrlFor('/')).toBeUndefined();
    expect(returnUrlFor('/news')).toBe('/news');
  });
  it('adds returnUrl to a login URL once', () => {
    expect(withReturnUrl('/login', '/news')).toBe('/login?returnUrl=%2Fnews');
    expect(withReturnUrl('/login?internal=true', '/news')).toBe('/login?internal=true&returnUrl=%2Fnews');
    expect(withReturnUrl('/login?returnUrl=%2Fsupport', '/news')).toBe('/login?returnUrl=%2Fsupport');
  });
});
