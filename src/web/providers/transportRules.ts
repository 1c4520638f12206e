import { APPLICATION, ENVIRONMENTS, TIMINGS, XSRF, type Environment } from '../../common/constants.js';
import {
  ANONYMOUS_ROUTES,
  APP_CONTEXTS,
  CODE_REQUEST_PATHS,
  CODE_VERIFY_PATHS,
  HOLD_BYPASS_PATHS,
  LOGIN_ACTION_ALLOW_LIST,
  OS_WEB,
  RETRY_EXCLUDED_PATHS,
  TOKEN_REFRESH_PATHS,
  TRANSPORT_HEADERS,
  TRANSPORT_PARAMS,
  matchesAny,
  matchesRoute,
  type AppContext,
} from '../../common/transportLists.js';
import { failureMessage } from './errorMessages.js';

/**
 * SPEC §7 'Transport rules' and §8 'Status handling' as pure functions over plain data;
 * `transport.ts` wires them to fetch, the auth state and react-admin. Paths are relative to
 * '/api/' without the query string ({@link apiPath}); the path lists shared with the server
 * live in src/common/transportLists.ts (the client's own lists beside them). User-visible
 * texts are keys of locales/<lang>/transport.json.
 */

export { LOGIN_ACTION_ALLOW_LIST, apiPath, matchesPattern } from '../../common/transportLists.js';

/** Every `transport.*` key these rules hand to the UI. */
export const TRANSPORT_KEYS = {
  /** §8 Invalid-Session: 'Login expired, please log in again'. */
  loginExpired: 'transport.loginExpired',
  /** §8 expired token with a known user: 'Login expired, please log in again.' */
  loginExpiredError: 'transport.loginExpiredError',
  impersonationExpired: 'transport.impersonationExpired',
  tooManyAttempts: 'transport.tooManyAttempts',
  /** Not spec text: the error of a call refused while a login action is pending. */
  loginActionRequired: 'transport.loginActionRequired',
} as const;

/** §7 'The hold is logged as ...': a log line, not shown to users, so not a locale key. */
export const HOLD_LOG_MESSAGE = 'Request on hold until user is authenticated.';

/** §8 'Requests with a skip-error header bypass this handling.' */
export const SKIP_ERROR_HEADER = TRANSPORT_HEADERS.skipError;

/** §2 routes the status handling sends users to. */
export const TRANSPORT_ROUTES = { login: '/login', support: '/support' } as const;

// ---------------------------------------------------------------- paths and query parameters

function paramName(part: string): string {
  const raw = part.split('=', 1)[0];
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * `url` with `params` set in its query string: other parameters keep their original
 * encoding and order, a parameter of the same name is replaced, the hash is kept.
 */
function setQueryParams(url: string, params: Readonly<Record<string, string>>): string {
  const hashAt = url.indexOf('#');
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const queryAt = beforeHash.indexOf('?');
  const base = queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash;
  const query = queryAt >= 0 ? beforeHash.slice(queryAt + 1) : '';
  const names = new Set(Object.keys(params));
  const kept = query.split('&').filter((part) => part !== '' && !names.has(paramName(part)));
  const added = Object.entries(params).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  const all = [...kept, ...added];
  return `${base}${all.length ? `?${all.join('&')}` : ''}${hash}`;
}

/** §6 'Requests carry an app context: Dealer Portal, or MSA when the user is an MSA user.' */
export function appContext(user: { applicationNum?: number | null; isMsaUser?: boolean } | null | undefined): AppContext {
  return user?.isMsaUser === true || user?.applicationNum === APPLICATION.customer ? APP_CONTEXTS.msa : APP_CONTEXTS.dealer;
}

/** §9 'Environments: prod, staging, dev'. */
export function isEnvironment(value: unknown): value is Environment {
  return (ENVIRONMENTS as readonly unknown[]).includes(value);
}

export interface StandardParams {
  app: AppContext;
  version: string;
  env: Environment;
}

/**
 * §7 'Every call carries query parameters app, v (app version), os (web) and env (prod,
 * staging or dev).' Other parameters are kept; these four replace any of the same name.
 */
export function withStandardParams(url: string, { app, version, env }: StandardParams): string {
  return setQueryParams(url, {
    [TRANSPORT_PARAMS.app]: app,
    [TRANSPORT_PARAMS.version]: version,
    [TRANSPORT_PARAMS.os]: OS_WEB,
    [TRANSPORT_PARAMS.env]: env,
  });
}

function isKnownNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export interface SiteGroupContext {
  siteGroupNum: number | null | undefined;
  loggedIn: boolean;
  isMsaUser: boolean;
}

/** §7 'siteGroupNum is added when a site group is known and the user is logged in or an MSA user.' */
export function withSiteGroup(url: string, { siteGroupNum, loggedIn, isMsaUser }: SiteGroupContext): string {
  if (!isKnownNumber(siteGroupNum) || !(loggedIn || isMsaUser)) return url;
  return setQueryParams(url, { [TRANSPORT_PARAMS.siteGroupNum]: String(siteGroupNum) });
}

// ---------------------------------------------------------------- write calls and the cross-site token

const WRITE_METHODS: readonly string[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** §7 'Non-GET calls (POST, PUT, PATCH, DELETE)': the write calls. */
export function isWrite(method: string): boolean {
  return WRITE_METHODS.includes(method.toUpperCase());
}

/** The value of cookie `name` in a `document.cookie` string, URI-decoded. */
function readCookie(cookieString: string, name: string): string | undefined {
  for (const pair of cookieString.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    const raw = pair.slice(at + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/**
 * §7 'A cross-site request token is read from the cookie XSRF-Token and sent in the header
 * X-XSRF-Token on write calls.' Nothing for reads, or when the cookie is absent or empty.
 */
export function xsrfHeader(method: string, cookieString: string): Record<typeof XSRF.header, string> | undefined {
  if (!isWrite(method)) return undefined;
  const token = readCookie(cookieString, XSRF.cookie);
  return token ? { [XSRF.header]: token } : undefined;
}

// ---------------------------------------------------------------- the 3 s retry/delay wrapper

/** §7 'Non-GET calls use a 3 s retry/delay wrapper, except an excluded list' ({@link RETRY_EXCLUDED_PATHS}). */
export function usesRetryWrapper(method: string, path: string): boolean {
  return isWrite(method) && !matchesAny(path, RETRY_EXCLUDED_PATHS);
}

export interface RetryPolicy {
  readonly delayMs: number;
  readonly maxRetries: number;
  readonly retryStatuses: readonly number[];
}

/**
 * What the wrapper does (§9 'Non-GET wrapper: 3000 ms'): a call that failed without reaching
 * the application (a network failure, or 502, 503, 504 from a gateway) is sent once more after
 * 3000 ms. Anything the application answered (4xx, 500) is final, and so is an aborted call.
 */
export const NON_GET_RETRY_POLICY: RetryPolicy = {
  delayMs: TIMINGS.nonGetWrapperMs,
  maxRetries: 1,
  retryStatuses: [502, 503, 504],
};

export interface CallFailure {
  /** The response status; undefined for a network failure (no response). */
  status?: number;
  aborted?: boolean;
}

/** The wait before the next try of a wrapped call, or undefined when it must not be retried. */
export function retryDelay(failure: CallFailure, retriesSoFar: number, policy = NON_GET_RETRY_POLICY): number | undefined {
  if (failure.aborted || retriesSoFar >= policy.maxRetries) return undefined;
  const retryable = failure.status === undefined || policy.retryStatuses.includes(failure.status);
  return retryable ? policy.delayMs : undefined;
}

// ---------------------------------------------------------------- the hold

export type HoldDecision = 'send' | 'hold' | 'reject';

export interface HoldInput {
  path: string;
  /** Not used by the current rules; the transport passes the whole call. */
  method?: string;
  hasUser: boolean;
  hasToken: boolean;
  /** The login requirements (reqs) are loaded. */
  hasRequirements: boolean;
  /** reqs.actionRequired. */
  actionRequired: boolean;
  applicationNum?: number | null;
  siteGroupNum?: number | null;
}

/**
 * §7 'Calls are held until the user, the bearer token and the login requirements are all
 * available.' In order: a bypass path ({@link HOLD_BYPASS_PATHS}) is sent; otherwise the call is held ('hold': wait and
 * decide again when the auth state changes) until user, token and requirements are there.
 * 'When login requires an action, only these pass' ({@link LOGIN_ACTION_ALLOW_LIST}): any other
 * call is refused ('reject') rather than held, since the action may never be completed on this
 * page. 'For applicationNum 2 a site group number must also be present': held until it is;
 * the allow-listed login-step calls are not held for it (they come before a group is chosen).
 */
export function holdDecision(input: HoldInput): HoldDecision {
  const { path, hasUser, hasToken, hasRequirements, actionRequired, applicationNum, siteGroupNum } = input;
  if (matchesAny(path, HOLD_BYPASS_PATHS)) return 'send';
  if (!(hasUser && hasToken && hasRequirements)) return 'hold';
  if (actionRequired) return matchesAny(path, LOGIN_ACTION_ALLOW_LIST) ? 'send' : 'reject';
  if (applicationNum === APPLICATION.dealer && !isKnownNumber(siteGroupNum)) return 'hold';
  return 'send';
}

// ---------------------------------------------------------------- bearer token

/** §7 'Anonymous (no bearer token)': see {@link ANONYMOUS_ROUTES}. */
export function isAnonymous(method: string, path: string, hasToken: boolean): boolean {
  return matchesRoute(ANONYMOUS_ROUTES, method, path, hasToken);
}

/** §7 'A bearer token is attached to calls to the access service hosts': every call not anonymous. */
export function needsBearer(method: string, path: string, hasToken: boolean): boolean {
  return !isAnonymous(method, path, hasToken);
}

/** The refresh calls ({@link TOKEN_REFRESH_PATHS}) must not wait for a refresh themselves. */
export function isTokenRefresh(path: string): boolean {
  return matchesAny(path, TOKEN_REFRESH_PATHS);
}

type Instant = string | number | Date;

function toMs(value: Instant): number {
  return value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
}

/** §4 'A session token is valid if its expiry lies in the future.' An unreadable expiry is not. */
export function tokenValid(expiresAt: Instant | null | undefined, now: Instant): boolean {
  if (expiresAt === null || expiresAt === undefined) return false;
  const expiry = toMs(expiresAt);
  return Number.isFinite(expiry) && expiry > toMs(now);
}

/** §7 'An expired token is refreshed first': a token exists and is no longer valid. */
export function shouldRefreshFirst(expiresAt: Instant | null | undefined, now: Instant): boolean {
  return expiresAt !== null && expiresAt !== undefined && !tokenValid(expiresAt, now);
}

// ---------------------------------------------------------------- §8 status handling

export interface Notice {
  key: string;
  durationMs: number;
}

/**
 * The login page for an application: application 1 signs in on the internal login
 * (§2 'query internal=true'); `returnUrl` is a path of the portal.
 */
export function loginUrl(applicationNum: number | null | undefined, returnUrl?: string): string {
  const query: Record<string, string> = {};
  if (applicationNum === APPLICATION.internal) query.internal = 'true';
  if (returnUrl) query.returnUrl = returnUrl;
  return setQueryParams(TRANSPORT_ROUTES.login, query);
}

export type ErrorAction =
  | { kind: 'invalidSession'; loginUrl: string; closeSlideOvers: true; notify?: Notice }
  | { kind: 'invalidImpersonation'; clearImpersonation: true; loginUrl: string; notify: Notice }
  | { kind: 'expiredLogin'; hasUser: true; status: 401; messageKey: string }
  | { kind: 'expiredLogin'; hasUser: false; loginUrl: string }
  | { kind: 'serverError'; status: number }
  | { kind: 'swallow' }
  | { kind: 'rethrow' };

export interface ErrorInput {
  status: number;
  method: string;
  /** Response headers, names in lower case. */
  headers: Readonly<Record<string, string>>;
  hasUser: boolean;
  /** The request carried {@link SKIP_ERROR_HEADER}. */
  skipError: boolean;
  applicationNum?: number | null;
  path: string;
}

function hasHeader(headers: Readonly<Record<string, string>>, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(headers, name.toLowerCase());
}

/** True when request headers (any case) carry {@link SKIP_ERROR_HEADER}. */
export function hasSkipError(requestHeaders: Readonly<Record<string, string>> | undefined): boolean {
  const name = SKIP_ERROR_HEADER.toLowerCase();
  return Object.keys(requestHeaders ?? {}).some((key) => key.toLowerCase() === name);
}

/**
 * §8 'Status handling' for a failed call, first rule that applies:
 * 1. 'Requests with a skip-error header bypass this handling': rethrown as they are.
 * 2. '401 with an Invalid-Session header: go to login for that application and close
 *    slide-overs. If a user was signed in, show "Login expired, please log in again" for 10 s.'
 * 3. '401 with an Invalid-Impersonation header: clear the impersonation, go to login with
 *    returnUrl=support, show "Your impersonation session has expired" for 10 s.' The login is
 *    the internal one (only support staff impersonate) and returnUrl is '/support', the form
 *    the login flow accepts.
 * 4. 'A 5xx on any GET goes to the server-error page.'
 * 5. Without a user, a failure of an anonymous call (login, recovery, registration, report
 *    download) is rethrown: those screens show their own messages, and swallowing them
 *    would hide every sign-in error.
 * 6. 'An expired token with a known user gives a 401 "Login expired, please log in again."
 *    Without a user it goes to login.' (any other 401).
 * 7. 'A failed request while no user is logged in is swallowed and returns empty.
 *    Otherwise the error is rethrown.'
 */
export function errorAction(input: ErrorInput): ErrorAction {
  const { status, method, headers, hasUser, skipError, applicationNum, path } = input;
  if (skipError) return { kind: 'rethrow' };
  if (status === 401 && hasHeader(headers, TRANSPORT_HEADERS.invalidSession)) {
    const notify = hasUser ? { key: TRANSPORT_KEYS.loginExpired, durationMs: TIMINGS.loginExpiredNoticeMs } : undefined;
    return { kind: 'invalidSession', loginUrl: loginUrl(applicationNum), closeSlideOvers: true, ...(notify && { notify }) };
  }
  if (status === 401 && hasHeader(headers, TRANSPORT_HEADERS.invalidImpersonation)) {
    return {
      kind: 'invalidImpersonation',
      clearImpersonation: true,
      loginUrl: loginUrl(APPLICATION.internal, TRANSPORT_ROUTES.support),
      notify: { key: TRANSPORT_KEYS.impersonationExpired, durationMs: TIMINGS.impersonationExpiredNoticeMs },
    };
  }
  if (status >= 500 && status <= 599 && method.toUpperCase() === 'GET') return { kind: 'serverError', status };
  if (!hasUser && isAnonymous(method, path, false)) return { kind: 'rethrow' };
  if (status === 401) {
    return hasUser
      ? { kind: 'expiredLogin', hasUser: true, status: 401, messageKey: TRANSPORT_KEYS.loginExpiredError }
      : { kind: 'expiredLogin', hasUser: false, loginUrl: loginUrl(applicationNum) };
  }
  return hasUser ? { kind: 'rethrow' } : { kind: 'swallow' };
}

/**
 * §8 '429 on a code request: "Too many attempts. Please try again later." Resend stays
 * blocked.' and '401 on code verification: ... plus the too-many-attempts message': a 429 on
 * a code request or verification gives the key; `resendBlocked` tells a code request's
 * screen to keep Resend blocked.
 */
export function tooManyAttempts(status: number, path: string): { messageKey: string; resendBlocked: boolean } | undefined {
  if (status !== 429) return undefined;
  if (matchesAny(path, CODE_REQUEST_PATHS)) return { messageKey: TRANSPORT_KEYS.tooManyAttempts, resendBlocked: true };
  if (matchesAny(path, CODE_VERIFY_PATHS)) return { messageKey: TRANSPORT_KEYS.tooManyAttempts, resendBlocked: false };
  return undefined;
}

/** §8 '401 on code verification: the error is shown for 10 s (else 6 s)'. */
export function verifyErrorDurationMs(status: number): number {
  return status === 401 ? TIMINGS.verifyError401Ms : TIMINGS.verifyErrorOtherMs;
}

/**
 * §8 'The server's error text is shown when present, otherwise the default': the body's
 * non-empty `message`, else `defaultKey` ({@link failureMessage} of errorMessages.ts, the one
 * place this is decided). react-admin's translate leaves text that is not a key unchanged,
 * so the result can go straight to notify().
 */
export function errorMessage(serverBody: unknown, defaultKey: string): string {
  return failureMessage({ body: serverBody }, defaultKey);
}
