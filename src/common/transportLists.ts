/**
 * SPEC §7 'Transport rules' and §8 'Status handling': the path lists. The web client's
 * transport rules (src/web/providers/transportRules.ts) read all of them; the server reads
 * LOGIN_ACTION_ALLOW_LIST (calls allowed while a login action is pending) and
 * ANONYMOUS_ROUTES (calls served without a bearer token), so a path named here is the API
 * path (relative to '/api/', no query string) the server serves.
 *
 * A pattern is a path, or a path ending in '*', which matches any rest
 * ('mfa/*' matches 'mfa/request' and 'mfa/verify/msa', not 'mfa').
 */

/** HTTP methods the portal uses; '*' in a rule means any of them. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A path pattern, optionally limited to one method. */
export interface RouteRule {
  readonly method: HttpMethod | '*';
  readonly pattern: string;
  /** The rule applies only to a call that has no bearer token to send. */
  readonly onlyWithoutToken?: boolean;
}

/** The API path of a URL: origin, '/api/', query string, hash and a trailing '/' removed. */
export function apiPath(url: string): string {
  let rest = url.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, '').replace(/^\/\/[^/?#]*/, '');
  rest = rest.split(/[?#]/, 1)[0].replace(/^\/+/, '');
  if (rest === 'api') return '';
  if (rest.startsWith('api/')) rest = rest.slice('api/'.length);
  return rest.replace(/\/+$/, '');
}

/** True when `path` matches `pattern`: equal, or starting with what precedes a trailing '*'. */
export function matchesPattern(path: string, pattern: string): boolean {
  return pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern;
}

/** True when `path` matches one of `patterns`. */
export function matchesAny(path: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => matchesPattern(path, pattern));
}

/** True when a rule of `rules` covers the call (method compared case-insensitively). */
export function matchesRoute(rules: readonly RouteRule[], method: string, path: string, hasToken: boolean): boolean {
  const verb = method.toUpperCase();
  return rules.some(
    (rule) => (rule.method === '*' || rule.method === verb) && !(rule.onlyWithoutToken && hasToken) && matchesPattern(path, rule.pattern),
  );
}

/**
 * §7 'When login requires an action, only these pass: user/contactMethod/validate,
 * user/username, user/contactMethod/internal, user/contactMethod/external, mfa/*,
 * account/password, account/securityQuestions, rw3k/key, termsAndConditions/accept.'
 */
export const LOGIN_ACTION_ALLOW_LIST = [
  'user/contactMethod/validate',
  'user/username',
  'user/contactMethod/internal',
  'user/contactMethod/external',
  'mfa/*',
  'account/password',
  'account/securityQuestions',
  'rw3k/key',
  'termsAndConditions/accept',
] as const;

/**
 * §7 'Anonymous (no bearer token): account login and SSO exchange, username validation,
 * msa login/username/register/password, mfa request/verify for msa, assets, GET statusBanner,
 * privacy policy, health, forgot username, password reset and session, PATCH security
 * questions, report-code request and verify, metrics. Dealer branding GET and report download
 * and download-exchange POST are anonymous only when there is no token.'
 *
 * Where the spec names no method, any method is anonymous. Paths the spec does not spell out
 * are named here (and served at these paths):
 * - SSO: 'account/sso/exchange' (ssoCode) and 'account/sso/tenant' (the tenant lookup of the
 *   SSO dialog, which runs before any sign-in and so belongs to the SSO exchange);
 * - dealer recovery: 'account/username/forgot', 'account/password/session' (create the recovery
 *   session), 'account/password/reset', PATCH 'account/securityQuestions' (answer the questions;
 *   PUT, updating them at login, needs the token);
 * - MSA registration by emailed link (verify, set password, resend): under 'msa/register/';
 * - report codes: 'mfa/requestReportCode' (§7) and 'mfa/verifyReportCode'; the download is
 *   GET 'report/download/{linkID}' and the exchange POST 'report/download/exchange'.
 * 'privacy policy' is read as GET privacyPolicy: accepting (PUT privacyPolicy/accept) and
 * editing (PUT privacyPolicy) are done by a signed-in user and need the token.
 */
export const ANONYMOUS_ROUTES: readonly RouteRule[] = [
  { method: '*', pattern: 'account/login' },
  { method: '*', pattern: 'account/sso/exchange' },
  { method: '*', pattern: 'account/sso/tenant' },
  { method: '*', pattern: 'account/username/validate' },
  { method: '*', pattern: 'msa/login' },
  { method: '*', pattern: 'msa/username' },
  { method: '*', pattern: 'msa/register' },
  { method: '*', pattern: 'msa/register/*' },
  { method: '*', pattern: 'msa/password' },
  { method: '*', pattern: 'msa/password/*' },
  { method: '*', pattern: 'mfa/request/msa' },
  { method: '*', pattern: 'mfa/verify/msa' },
  { method: '*', pattern: 'assets/*' },
  { method: 'GET', pattern: 'statusBanner' },
  { method: 'GET', pattern: 'privacyPolicy' },
  { method: '*', pattern: 'health' },
  { method: '*', pattern: 'account/username/forgot' },
  { method: '*', pattern: 'account/password/reset' },
  { method: '*', pattern: 'account/password/session' },
  { method: 'PATCH', pattern: 'account/securityQuestions' },
  { method: '*', pattern: 'mfa/requestReportCode' },
  { method: '*', pattern: 'mfa/verifyReportCode' },
  { method: '*', pattern: 'metrics' },
  { method: 'GET', pattern: 'branding', onlyWithoutToken: true },
  { method: 'GET', pattern: 'branding/*', onlyWithoutToken: true },
  { method: 'GET', pattern: 'report/download/*', onlyWithoutToken: true },
  { method: 'POST', pattern: 'report/download/exchange', onlyWithoutToken: true },
];

/**
 * §7 'Paths that bypass the hold: account, statusBanner, privacyPolicy, assets/config, mfa,
 * report, health, branding. msa username, login, register, logout, password, me, token
 * refresh. account login, validate username, token refresh, logout.' A name stands for the
 * path and everything under it ('report' is 'report' and 'report/*', not 'reports', the
 * dealer's authenticated report screens; 'msa register' includes the registration-link calls,
 * made with no user, which would otherwise wait forever).
 */
export const HOLD_BYPASS_PATHS = [
  'account/*',
  'statusBanner',
  'privacyPolicy',
  'privacyPolicy/*',
  'assets/config',
  'mfa/*',
  'report',
  'report/*',
  'health',
  'branding',
  'branding/*',
  'msa/username',
  'msa/login',
  'msa/register',
  'msa/register/*',
  'msa/logout',
  'msa/password',
  'msa/password/*',
  'msa/me',
  'msa/token/refresh',
  'account/login',
  'account/username/validate',
  'token/refresh',
  'logout',
] as const;

/**
 * §7 'Non-GET calls use a 3 s retry/delay wrapper, except an excluded list of paths (login,
 * logout, mfa, password reset, bug reports and others).' Excluded are calls that must not run
 * twice: sign-in and sign-out, codes (sending one twice, or spending a verify attempt),
 * passwords, bug reports and feedback, and the others ('and others'): single-use captchas
 * (recovery session, forgot username, MSA registration), the one-time SSO code and the
 * one-time classic key.
 */
export const RETRY_EXCLUDED_PATHS = [
  'account/login',
  'msa/login',
  'logout',
  'msa/logout',
  'mfa/*',
  'account/password',
  'msa/password',
  'account/password/reset',
  'bugReport',
  'feedback',
  'account/sso/exchange',
  'account/password/session',
  'account/username/forgot',
  'msa/password/*',
  'msa/register',
  'msa/register/*',
  'rw3k/key',
] as const;

/** The refresh calls themselves, which must not wait for a refresh. */
export const TOKEN_REFRESH_PATHS = ['token/refresh', 'msa/token/refresh'] as const;

/** Calls that send a code (§7 mfa/request, mfa/request/msa, mfa/requestReportCode, registration resend). */
export const CODE_REQUEST_PATHS = ['mfa/request', 'mfa/request/*', 'mfa/requestReportCode', 'msa/register/resend'] as const;

/** Calls that check a code (§7 mfa/verify, mfa/verify/msa and the report code). */
export const CODE_VERIFY_PATHS = ['mfa/verify', 'mfa/verify/*', 'mfa/verifyReportCode'] as const;

/** §6 'Requests carry an app context: Dealer Portal, or MSA when the user is an MSA user.' */
export const APP_CONTEXTS = { dealer: 'Dealer Portal', msa: 'MSA' } as const;
export type AppContext = (typeof APP_CONTEXTS)[keyof typeof APP_CONTEXTS];

/** §7 'Every call carries query parameters app, v (app version), os (web) and env'; plus siteGroupNum. */
export const TRANSPORT_PARAMS = {
  app: 'app',
  version: 'v',
  os: 'os',
  env: 'env',
  siteGroupNum: 'siteGroupNum',
} as const;

/** The value of the os parameter. */
export const OS_WEB = 'web';

/**
 * Headers of §8 'Status handling'. The server sets Invalid-Session and
 * Invalid-Impersonation on a 401; a client request carrying X-Skip-Error handles its
 * own errors (the transport's status handling leaves it alone).
 */
export const TRANSPORT_HEADERS = {
  skipError: 'X-Skip-Error',
  invalidSession: 'Invalid-Session',
  invalidImpersonation: 'Invalid-Impersonation',
} as const;
