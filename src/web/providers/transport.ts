import type { LoginRequirements, Token } from '../../../schemas/auth.js';
import type { User } from '../../../schemas/user.js';
import { REQUEST_ID_HEADER } from '../../common/requestId.js';
import { TRANSPORT_HEADERS } from '../../common/transportLists.js';
import { getSession, nextChange, updateSession, clearSession } from './session.js';
import {
  HOLD_LOG_MESSAGE,
  SKIP_ERROR_HEADER,
  TRANSPORT_KEYS,
  apiPath,
  appContext,
  errorAction,
  holdDecision,
  isEnvironment,
  isTokenRefresh,
  needsBearer,
  retryDelay,
  shouldRefreshFirst,
  usesRetryWrapper,
  withSiteGroup,
  withStandardParams,
  xsrfHeader,
  type ErrorAction,
  type Notice,
} from './transportRules.js';

/**
 * SPEC §7 'Transport rules' and §8 'Status handling' wired into fetch: the pure rules of
 * transportRules.ts decide, this module does. Every API call of the browser goes through
 * {@link transport} (http.ts wraps it for react-admin and the sign-in screens).
 */

/** A failed call: `message` is the server's text when it sent one (§8), `body` its parsed JSON. */
export class ApiError extends Error {
  status: number;
  body: unknown;
  headers?: Headers;
  constructor(status: number, message: string, body?: unknown, headers?: Headers) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export interface TransportOptions {
  method?: string;
  body?: BodyInit | null;
  headers?: HeadersInit;
  /** Sets {@link SKIP_ERROR_HEADER}: the caller handles every failure itself (§8). */
  skipError?: boolean;
  /** Internal: the session bootstrap's own calls, which the hold must not wait for. */
  bypassHold?: boolean;
  /** Aborts the call (a cancelled export). */
  signal?: AbortSignal;
}

export interface TransportResponse {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
}

/** What the transport needs from the browser; tests pass their own. */
export interface TransportEnv {
  fetch: typeof fetch;
  cookies: () => string;
  language: () => string;
  pathname: () => string;
  assign: (url: string) => void;
  storage: () => Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
  log: (message: string) => void;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  /** Shows a notice now (the page stays); set by the app that runs. */
  notify?: (notice: Notice & { message: string }) => void;
  /** Translates a locale key; set by the app that runs. */
  translate: (key: string, args?: Record<string, unknown>) => string;
}

const browserEnv: TransportEnv = {
  fetch: (...args) => fetch(...args),
  cookies: () => (typeof document === 'undefined' ? '' : document.cookie),
  language: () => (typeof document === 'undefined' ? 'en' : document.documentElement.lang || navigator.language),
  pathname: () => (typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search),
  assign: (url) => window.location.assign(url),
  storage: () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage),
  log: (message) => console.info(message),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
  translate: (key) => key,
};

let env: TransportEnv = browserEnv;

/** Replaces parts of the environment (the running app sets notify and translate; tests the rest). */
export function configureTransport(patch: Partial<TransportEnv>): void {
  env = { ...env, ...patch };
}

/** For tests: the browser environment again. */
export function resetTransport(): void {
  env = browserEnv;
  leavingFor = undefined;
  refreshing = undefined;
  bootstrapping = undefined;
}

// ---------------------------------------------------------------- notices across a page load

/** sessionStorage key of a notice to show on the next page (a full page load ends this one). */
export const CARRIED_NOTICE_KEY = 'transport.notice';
/** sessionStorage key of the failed GET the server-error page reports (§2 server-error). */
export const SERVER_ERROR_KEY = 'server-error';
/** §2 route of the server-error page. */
export const SERVER_ERROR_ROUTE = '/server-error';

/** A notice, translated, kept for the page the browser is sent to. */
function carryNotice(notice: Notice): void {
  env.storage()?.setItem(CARRIED_NOTICE_KEY, JSON.stringify({ ...notice, message: env.translate(notice.key) }));
}

/** The notice a previous page left for this one, once. */
export function takeCarriedNotice(): (Notice & { message: string }) | undefined {
  const storage = env.storage();
  const raw = storage?.getItem(CARRIED_NOTICE_KEY);
  if (!raw) return undefined;
  storage?.removeItem(CARRIED_NOTICE_KEY);
  try {
    return JSON.parse(raw) as Notice & { message: string };
  } catch {
    return undefined;
  }
}

/** The path a login redirect should come back to: the current page, unless it is the login itself. */
export function returnUrlFor(currentPath: string): string | undefined {
  return /^\/login(?:[/?#]|$)/.test(currentPath) || currentPath === '/' ? undefined : currentPath;
}

/** Adds returnUrl to a login URL of errorAction when the user was somewhere worth returning to. */
export function withReturnUrl(loginUrl: string, currentPath: string): string {
  const returnUrl = returnUrlFor(currentPath);
  if (!returnUrl || loginUrl.includes('returnUrl=')) return loginUrl;
  return `${loginUrl}${loginUrl.includes('?') ? '&' : '?'}returnUrl=${encodeURIComponent(returnUrl)}`;
}

/** The page the browser is on (path and query): where a sign-in comes back to. */
export function currentPath(): string {
  return env.pathname();
}

/** Where this page has sent the browser: a page on its way out is sent nowhere else. */
let leavingFor: string | undefined;

/**
 * Sends the browser to the sign-in (a full page load). The first redirect wins: it carries the
 * reason (§8: an ended impersonation goes to the internal login with returnUrl=support), and a call
 * that fails after it (its session already cleared) must not send the browser somewhere else.
 */
export function goTo(url: string): void {
  if (leavingFor !== undefined) return;
  const here = env.pathname();
  if (here.split('?')[0] === url.split('?')[0] && url.startsWith('/login')) return;
  leavingFor = url;
  env.assign(url);
}

// ---------------------------------------------------------------- session bootstrap and refresh

let refreshing: Promise<Token | null> | undefined;
let bootstrapping: Promise<void> | undefined;

/** POST token/refresh, one at a time (a rotated refresh cookie must never be sent twice). */
export function refreshToken(): Promise<Token | null> {
  refreshing ??= transport('/api/token/refresh', { method: 'POST', bypassHold: true, skipError: true })
    .then(({ json }) => {
      const token = json as Token;
      updateSession({ token });
      return token;
    })
    .catch((error: unknown) => {
      // §8 also when the session that ended was an impersonation (it expired): the support user
      // goes to the internal login with returnUrl=support and the 10 s notice, whoever asked.
      if (error instanceof ApiError && error.status === 401 && error.headers?.has(TRANSPORT_HEADERS.invalidImpersonation)) {
        try {
          failed({ status: 401, headers: error.headers, body: '', json: error.body }, 'POST', '/api/token/refresh', false);
        } catch {
          // failed() throws once it has acted.
        }
      }
      return null;
    })
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}

/**
 * After a full page load nothing is known: the refresh cookie gives a token, then the user
 * and the login requirements are read. Without a session the state becomes 'anonymous'.
 */
export function ensureSession(): Promise<void> {
  if (getSession().status !== 'unknown') return Promise.resolve();
  bootstrapping ??= (async () => {
    const token = await refreshToken();
    if (!token) {
      clearSession();
      return;
    }
    await loadSignedIn(token);
  })().finally(() => {
    bootstrapping = undefined;
  });
  return bootstrapping;
}

/** Reads the user and the login requirements for a token (a login answer or a refresh). */
export async function loadSignedIn(token: Token, reqs?: LoginRequirements): Promise<void> {
  updateSession({ token });
  try {
    const [me, requirements] = await Promise.all([
      transport('/api/me', { bypassHold: true, skipError: true }),
      reqs ? Promise.resolve(undefined) : transport('/api/account/requirements', { bypassHold: true, skipError: true }),
    ]);
    updateSession({
      status: 'signedIn',
      user: me.json as User,
      reqs: reqs ?? (requirements?.json as LoginRequirements),
    });
  } catch {
    clearSession();
  }
}

// ---------------------------------------------------------------- the hold

async function waitForHold(path: string, method: string): Promise<void> {
  let logged = false;
  for (;;) {
    const s = getSession();
    const decision = holdDecision({
      path,
      method,
      hasUser: !!s.user,
      hasToken: !!s.token,
      hasRequirements: !!s.reqs,
      actionRequired: !!s.reqs?.actionRequired,
      applicationNum: s.user?.applicationNum,
      siteGroupNum: s.siteGroupNum,
    });
    if (decision === 'send') return;
    if (decision === 'reject') {
      throw new ApiError(403, env.translate(TRANSPORT_KEYS.loginActionRequired));
    }
    // Nobody will sign in on this page: send it, and §8 decides what a failure means.
    if (s.status === 'anonymous') return;
    if (!logged) {
      env.log(HOLD_LOG_MESSAGE);
      logged = true;
    }
    const changed = nextChange();
    if (s.status === 'unknown') void ensureSession();
    await changed;
  }
}

// ---------------------------------------------------------------- the call

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name.toLowerCase()] = value;
  });
  return record;
}

async function sendOnce(url: string, init: RequestInit): Promise<TransportResponse> {
  const response = await env.fetch(url, init);
  const body = await response.text();
  return { status: response.status, headers: response.headers, body, json: parse(body) };
}

/** Sends with §7's 3 s wrapper on writes outside the excluded paths. */
async function sendWithRetry(url: string, init: RequestInit, wrapped: boolean): Promise<TransportResponse> {
  for (let retries = 0; ; retries++) {
    let result: TransportResponse | undefined;
    let failure: { status?: number; aborted?: boolean };
    try {
      result = await sendOnce(url, init);
      if (result.status < 500 || !wrapped) return result;
      failure = { status: result.status };
    } catch (error) {
      if (!wrapped) throw error;
      failure = { aborted: (error as Error)?.name === 'AbortError' };
      if (failure.aborted) throw error;
    }
    const delay = retryDelay(failure, retries);
    if (delay === undefined) {
      if (result) return result;
      throw new ApiError(0, env.translate('transport.network'));
    }
    await env.sleep(delay);
  }
}

function messageOf(json: unknown, fallback: string): string {
  const message = (json as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message.trim() ? message : fallback;
}

/** Does what §8 says for a failed call; answers the empty response when the failure is swallowed. */
function handleFailure(action: ErrorAction, response: TransportResponse): TransportResponse {
  const error = new ApiError(
    response.status,
    messageOf(response.json, response.status ? `HTTP ${response.status}` : ''),
    response.json,
    response.headers,
  );
  switch (action.kind) {
    case 'invalidSession':
      clearSession();
      if (action.notify) carryNotice(action.notify);
      goTo(withReturnUrl(action.loginUrl, env.pathname()));
      throw error;
    case 'invalidImpersonation':
      updateSession({ impersonating: false });
      clearSession();
      carryNotice(action.notify);
      goTo(action.loginUrl);
      throw error;
    case 'expiredLogin':
      if (action.hasUser) throw new ApiError(401, env.translate(action.messageKey), response.json, response.headers);
      clearSession();
      goTo(withReturnUrl(action.loginUrl, env.pathname()));
      throw error;
    case 'serverError':
      env.storage()?.setItem(
        SERVER_ERROR_KEY,
        JSON.stringify({
          status: action.status,
          message: messageOf(response.json, ''),
          // The server's id of the failed call: the error page shows it, Report Bug sends it.
          requestId: response.headers.get(REQUEST_ID_HEADER) ?? undefined,
        }),
      );
      env.assign(SERVER_ERROR_ROUTE);
      throw error;
    case 'swallow':
      return { status: response.status, headers: response.headers, body: '', json: undefined };
    case 'rethrow':
    default:
      throw error;
  }
}

/** A FormData body: an upload, sent as multipart/form-data. */
function isMultipart(body: BodyInit | null | undefined): body is FormData {
  return typeof FormData !== 'undefined' && body instanceof FormData;
}

/** The request of one call after the hold and an early token refresh: §7's headers, parameters and credentials. */
async function prepare(
  url: string,
  options: TransportOptions,
): Promise<{ method: string; path: string; target: string; init: RequestInit }> {
  const method = (options.method ?? 'GET').toUpperCase();
  const path = apiPath(url);
  if (!options.bypassHold) await waitForHold(path, method);

  let session = getSession();
  if (session.token && needsBearer(method, path, true) && !isTokenRefresh(path) && shouldRefreshFirst(session.token.expires, env.now())) {
    await refreshToken();
    session = getSession();
  }

  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (isMultipart(options.body)) {
    // The browser writes multipart/form-data with its boundary; a type set here would lose it.
    headers.delete('Content-Type');
  } else if (typeof options.body === 'string' && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  headers.set('Accept-Language', env.language());
  for (const [name, value] of Object.entries(xsrfHeader(method, env.cookies()) ?? {})) headers.set(name, value);
  if (session.token && !isTokenRefresh(path) && needsBearer(method, path, true)) {
    headers.set('Authorization', `Bearer ${session.token.token}`);
  }
  if (options.skipError) headers.set(SKIP_ERROR_HEADER, 'true');

  const config = session.config;
  let target = withStandardParams(url, {
    app: appContext(session.user),
    version: config?.version ?? '0',
    env: isEnvironment(config?.environment) ? config.environment : 'prod',
  });
  target = withSiteGroup(target, {
    siteGroupNum: session.siteGroupNum,
    loggedIn: !!session.user,
    isMsaUser: appContext(session.user) === 'MSA',
  });
  return { method, path, target, init: { method, headers, body: options.body, credentials: 'include', signal: options.signal } };
}

/** §8 for a call that failed (status outside 2xx): throws, or answers the empty response when the failure is swallowed. */
function failed(response: TransportResponse, method: string, path: string, skipError: boolean): TransportResponse {
  const action = errorAction({
    status: response.status,
    method,
    headers: headerRecord(response.headers),
    hasUser: !!getSession().user,
    skipError,
    applicationNum: getSession().user?.applicationNum,
    path,
  });
  return handleFailure(action, response);
}

/**
 * One API call with every rule of §7 and §8. `body` is a JSON string or, for uploads, a
 * FormData (multipart: no JSON content type; the XSRF header and the bearer as for any write).
 */
export async function transport(url: string, options: TransportOptions = {}): Promise<TransportResponse> {
  const { method, path, target, init } = await prepare(url, options);
  let response: TransportResponse;
  try {
    response = await sendWithRetry(target, init, usesRetryWrapper(method, path));
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(0, (error as Error)?.message ?? 'Network error');
  }
  if (response.status >= 200 && response.status < 300) return response;
  return failed(response, method, path, !!options.skipError);
}

/**
 * A GET whose body is read as a stream (an export with its progress): the same §7 request
 * and §8 handling as {@link transport}, but a success answers the fetch Response unread.
 * An abort of `options.signal` rejects with the fetch's AbortError.
 */
export async function transportStream(url: string, options: Omit<TransportOptions, 'method' | 'body'> = {}): Promise<Response> {
  const { method, path, target, init } = await prepare(url, options);
  const response = await env.fetch(target, init);
  if (response.ok) return response;
  const body = await response.text().catch(() => '');
  failed({ status: response.status, headers: response.headers, body, json: parse(body) }, method, path, !!options.skipError);
  // A swallowed failure has no stream to give.
  throw new ApiError(response.status, `HTTP ${response.status}`, parse(body), response.headers);
}
