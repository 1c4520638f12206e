import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/transport.json';
import es from '../../../locales/es/transport.json';
import fr from '../../../locales/fr/transport.json';
import { APPLICATION, ENVIRONMENTS, TIMINGS, XSRF } from '../../common/constants.js';
import { LOGIN_ROUTES, safeReturnUrl } from '../../common/loginFlow.js';
import { APP_CONTEXTS, TRANSPORT_HEADERS } from '../../common/transportLists.js';
import {
  HOLD_LOG_MESSAGE,
  LOGIN_ACTION_ALLOW_LIST,
  NON_GET_RETRY_POLICY,
  SKIP_ERROR_HEADER,
  TRANSPORT_KEYS,
  TRANSPORT_ROUTES,
  apiPath,
  appContext,
  errorAction,
  errorMessage,
  hasSkipError,
  holdDecision,
  isAnonymous,
  isEnvironment,
  isTokenRefresh,
  isWrite,
  matchesPattern,
  needsBearer,
  retryDelay,
  shouldRefreshFirst,
  tokenValid,
  tooManyAttempts,
  usesRetryWrapper,
  verifyErrorDurationMs,
  withSiteGroup,
  withStandardParams,
  xsrfHeader,
  type ErrorInput,
  type HoldInput,
} from './transportRules.js';

const query = (url: string) => new URL(url, 'https://portal.test').searchParams;

describe('API paths', () => {
  it('strips origin, /api/, query string and hash', () => {
    expect(apiPath('https://portal.test/api/account/login?app=MSA#x')).toBe('account/login');
    expect(apiPath('/api/user/contactMethod/validate')).toBe('user/contactMethod/validate');
    expect(apiPath('//portal.test/api/news/')).toBe('news');
    expect(apiPath('statusBanner?x=1')).toBe('statusBanner');
  });
  it("a trailing '*' matches any rest, otherwise the path must be equal", () => {
    expect(matchesPattern('mfa/verify/msa', 'mfa/*')).toBe(true);
    expect(matchesPattern('mfa', 'mfa/*')).toBe(false);
    expect(matchesPattern('privacyPolicy/accept', 'privacyPolicy*')).toBe(true);
    expect(matchesPattern('user/username/x', 'user/username')).toBe(false);
  });
});

describe('§7 standard parameters', () => {
  const params = { app: APP_CONTEXTS.dealer, version: '1.2.3', env: ENVIRONMENTS[1] };
  it("'Every call carries query parameters app, v (app version), os (web) and env (prod, staging or dev)'", () => {
    const q = query(withStandardParams('/api/news', params));
    expect(Object.fromEntries(q)).toEqual({ app: 'Dealer Portal', v: '1.2.3', os: 'web', env: 'staging' });
  });
  it('keeps the parameters a call already has, with their encoding, and its hash', () => {
    const url = withStandardParams('/api/news?sort=%5B%22title%22%5D&range=[0,24]#top', params);
    expect(url.startsWith('/api/news?sort=%5B%22title%22%5D&range=[0,24]&app=Dealer%20Portal&v=1.2.3&os=web&env=staging')).toBe(true);
    expect(url.endsWith('#top')).toBe(true);
  });
  it('replaces a standard parameter of the same name instead of repeating it', () => {
    expect(query(withStandardParams('/api/x?os=ios&v=0', params)).getAll('os')).toEqual(['web']);
  });
  it("'env (prod, staging or dev)' are the only environments", () => {
    expect(ENVIRONMENTS.every(isEnvironment)).toBe(true);
    expect(isEnvironment('test')).toBe(false);
  });
  it("§6 'Requests carry an app context: Dealer Portal, or MSA when the user is an MSA user'", () => {
    expect(appContext({ applicationNum: APPLICATION.customer })).toBe('MSA');
    expect(appContext({ isMsaUser: true })).toBe('MSA');
    expect(appContext({ applicationNum: APPLICATION.dealer })).toBe('Dealer Portal');
    expect(appContext(null)).toBe('Dealer Portal');
  });
});

describe('§7 siteGroupNum', () => {
  it("'siteGroupNum is added when a site group is known and the user is logged in or an MSA user'", () => {
    expect(query(withSiteGroup('/api/x?a=1', { siteGroupNum: 9993, loggedIn: true, isMsaUser: false })).get('siteGroupNum')).toBe('9993');
    expect(query(withSiteGroup('/api/x', { siteGroupNum: 4120, loggedIn: false, isMsaUser: true })).get('siteGroupNum')).toBe('4120');
  });
  it('is not added without a known site group or a signed-in or MSA user', () => {
    expect(withSiteGroup('/api/x', { siteGroupNum: null, loggedIn: true, isMsaUser: false })).toBe('/api/x');
    expect(withSiteGroup('/api/x', { siteGroupNum: 9993, loggedIn: false, isMsaUser: false })).toBe('/api/x');
  });
});

describe('§7 cross-site token', () => {
  it("'Non-GET calls (POST, PUT, PATCH, DELETE)' are the write calls", () => {
    expect(['POST', 'put', 'PATCH', 'delete'].every(isWrite)).toBe(true);
    expect(['GET', 'HEAD', 'OPTIONS'].some(isWrite)).toBe(false);
  });
  it("'read from the cookie XSRF-Token and sent in the header X-XSRF-Token on write calls'", () => {
    expect(xsrfHeader('POST', `a=1; ${XSRF.cookie}=abc%2Fdef; b=2`)).toEqual({ [XSRF.header]: 'abc/def' });
  });
  it('sends nothing on reads or without the cookie', () => {
    expect(xsrfHeader('GET', `${XSRF.cookie}=abc`)).toBeUndefined();
    expect(xsrfHeader('PUT', 'other=1; X-XSRF-Token-Old=2')).toBeUndefined();
  });
});

describe('§7 3 s retry/delay wrapper', () => {
  it("'Non-GET calls use a 3 s retry/delay wrapper'", () => {
    expect(usesRetryWrapper('PUT', 'statusBanner')).toBe(true);
    expect(usesRetryWrapper('GET', 'news')).toBe(false);
  });
  it("'except an excluded list of paths (login, logout, mfa, password reset, bug reports and others)'", () => {
    for (const path of [
      'account/login',
      'msa/login',
      'logout',
      'msa/logout',
      'mfa/verify',
      'account/password',
      'msa/password',
      'account/password/reset',
      'bugReport',
      'feedback',
    ]) {
      expect(usesRetryWrapper('POST', path), path).toBe(false);
    }
  });
  it("§9 'Non-GET wrapper: 3000 ms': a network failure or a 502/503/504 is retried once after 3000 ms", () => {
    expect(NON_GET_RETRY_POLICY.delayMs).toBe(TIMINGS.nonGetWrapperMs);
    expect(retryDelay({}, 0)).toBe(3000);
    expect(retryDelay({ status: 503 }, 0)).toBe(3000);
    expect(retryDelay({ status: 503 }, 1)).toBeUndefined();
  });
  it('never retries an answer of the application (4xx, 500) or an aborted call', () => {
    for (const status of [400, 401, 409, 429, 500]) expect(retryDelay({ status }, 0), String(status)).toBeUndefined();
    expect(retryDelay({ aborted: true }, 0)).toBeUndefined();
  });
});

describe('§7 the hold', () => {
  const ready: HoldInput = {
    path: 'news',
    method: 'GET',
    hasUser: true,
    hasToken: true,
    hasRequirements: true,
    actionRequired: false,
    applicationNum: APPLICATION.internal,
    siteGroupNum: null,
  };
  it("'The hold is logged as Request on hold until user is authenticated.'", () => {
    expect(HOLD_LOG_MESSAGE).toBe('Request on hold until user is authenticated.');
  });
  it("'Calls are held until the user, the bearer token and the login requirements are all available'", () => {
    expect(holdDecision({ ...ready, hasUser: false })).toBe('hold');
    expect(holdDecision({ ...ready, hasToken: false })).toBe('hold');
    expect(holdDecision({ ...ready, hasRequirements: false })).toBe('hold');
    expect(holdDecision(ready)).toBe('send');
  });
  it("'Paths that bypass the hold: account, statusBanner, privacyPolicy, assets/config, mfa, report, health, branding'", () => {
    const none = { ...ready, hasUser: false, hasToken: false, hasRequirements: false };
    for (const path of [
      'account/sso/exchange',
      'statusBanner',
      'privacyPolicy',
      'assets/config',
      'mfa/request/msa',
      'report/download/7',
      'health',
      'branding',
    ]) {
      expect(holdDecision({ ...none, path }), path).toBe('send');
    }
    expect(holdDecision({ ...none, path: 'reports' })).toBe('hold');
  });
  it("'msa username, login, register, logout, password, me, token refresh' bypass the hold", () => {
    const none = { ...ready, hasUser: false, hasToken: false, hasRequirements: false };
    for (const path of ['msa/username', 'msa/login', 'msa/register', 'msa/logout', 'msa/password', 'msa/me', 'msa/token/refresh']) {
      expect(holdDecision({ ...none, path }), path).toBe('send');
    }
  });
  it("'account login, validate username, token refresh, logout' bypass the hold", () => {
    const none = { ...ready, hasUser: false, hasToken: false, hasRequirements: false };
    for (const path of ['account/login', 'account/username/validate', 'token/refresh', 'logout']) {
      expect(holdDecision({ ...none, path }), path).toBe('send');
    }
  });
  it("'When login requires an action, only these pass: user/contactMethod/validate, ..., termsAndConditions/accept'", () => {
    for (const path of LOGIN_ACTION_ALLOW_LIST.map((p) => p.replace('*', 'verify'))) {
      expect(holdDecision({ ...ready, actionRequired: true, path }), path).toBe('send');
    }
    expect(holdDecision({ ...ready, actionRequired: true, path: 'news' })).toBe('reject');
  });
  it("'For applicationNum 2 a site group number must also be present'", () => {
    const dealer = { ...ready, applicationNum: APPLICATION.dealer };
    expect(holdDecision({ ...dealer, siteGroupNum: null })).toBe('hold');
    expect(holdDecision({ ...dealer, siteGroupNum: 9993 })).toBe('send');
    expect(holdDecision({ ...dealer, siteGroupNum: null, actionRequired: true, path: 'user/username' })).toBe('send');
  });
});

describe('§7 bearer token', () => {
  it("'Anonymous (no bearer token): account login and SSO exchange, username validation, msa login/username/register/password'", () => {
    for (const path of [
      'account/login',
      'account/sso/exchange',
      'account/username/validate',
      'msa/login',
      'msa/username',
      'msa/register',
      'msa/password',
    ]) {
      expect(isAnonymous('POST', path, true), path).toBe(true);
    }
  });
  it("'mfa request/verify for msa, assets, GET statusBanner, privacy policy, health' are anonymous", () => {
    expect(isAnonymous('POST', 'mfa/request/msa', true)).toBe(true);
    expect(isAnonymous('POST', 'mfa/verify/msa', true)).toBe(true);
    expect(isAnonymous('GET', 'assets/config', true)).toBe(true);
    expect(isAnonymous('GET', 'statusBanner', true)).toBe(true);
    expect(isAnonymous('GET', 'privacyPolicy', true)).toBe(true);
    expect(isAnonymous('GET', 'health', true)).toBe(true);
    expect(needsBearer('PUT', 'statusBanner', true)).toBe(true);
    expect(needsBearer('PUT', 'privacyPolicy/accept', true)).toBe(true);
    expect(needsBearer('POST', 'mfa/verify', true)).toBe(true);
  });
  it("'forgot username, password reset and session, PATCH security questions, report-code request and verify, metrics' are anonymous", () => {
    for (const path of [
      'account/username/forgot',
      'account/password/reset',
      'account/password/session',
      'mfa/requestReportCode',
      'mfa/verifyReportCode',
      'metrics',
    ]) {
      expect(isAnonymous('POST', path, true), path).toBe(true);
    }
    expect(isAnonymous('PATCH', 'account/securityQuestions', true)).toBe(true);
    expect(needsBearer('PUT', 'account/securityQuestions', true)).toBe(true);
  });
  it("'Dealer branding GET and report download and download-exchange POST are anonymous only when there is no token'", () => {
    expect(isAnonymous('GET', 'branding', false)).toBe(true);
    expect(isAnonymous('GET', 'report/download/abc', false)).toBe(true);
    expect(isAnonymous('POST', 'report/download/exchange', false)).toBe(true);
    expect(needsBearer('GET', 'branding', true)).toBe(true);
    expect(needsBearer('GET', 'report/download/abc', true)).toBe(true);
    expect(needsBearer('POST', 'report/download/exchange', true)).toBe(true);
  });
  it("§4 'A session token is valid if its expiry lies in the future'", () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(tokenValid('2026-01-01T12:00:01Z', now)).toBe(true);
    expect(tokenValid('2026-01-01T12:00:00Z', now)).toBe(false);
    expect(tokenValid(undefined, now)).toBe(false);
    expect(tokenValid('not a date', now)).toBe(false);
  });
  it("'An expired token is refreshed first', but not a missing one, nor before the refresh call itself", () => {
    const now = new Date('2026-01-01T12:00:00Z');
    expect(shouldRefreshFirst('2026-01-01T11:59:59Z', now)).toBe(true);
    expect(shouldRefreshFirst('2026-01-01T12:30:00Z', now)).toBe(false);
    expect(shouldRefreshFirst(null, now)).toBe(false);
    expect(isTokenRefresh('msa/token/refresh') && isTokenRefresh('token/refresh')).toBe(true);
  });
});

describe('§8 status handling', () => {
  const base: ErrorInput = {
    status: 400,
    method: 'GET',
    headers: {},
    hasUser: true,
    skipError: false,
    applicationNum: APPLICATION.dealer,
    path: 'news',
  };
  const invalidSession = { [TRANSPORT_HEADERS.invalidSession.toLowerCase()]: 'true' };
  const invalidImpersonation = { [TRANSPORT_HEADERS.invalidImpersonation.toLowerCase()]: 'true' };
  it("'Requests with a skip-error header bypass this handling'", () => {
    expect(SKIP_ERROR_HEADER).toBe('X-Skip-Error');
    expect(hasSkipError({ 'x-skip-error': '1' })).toBe(true);
    expect(errorAction({ ...base, status: 401, headers: invalidSession, skipError: true })).toEqual({ kind: 'rethrow' });
    expect(errorAction({ ...base, status: 503, skipError: true })).toEqual({ kind: 'rethrow' });
  });
  it("'401 with an Invalid-Session header: go to login for that application and close slide-overs. If a user was signed in, show Login expired, please log in again for 10 s'", () => {
    expect(errorAction({ ...base, status: 401, headers: invalidSession })).toEqual({
      kind: 'invalidSession',
      loginUrl: '/login',
      closeSlideOvers: true,
      notify: { key: TRANSPORT_KEYS.loginExpired, durationMs: 10_000 },
    });
    expect(errorAction({ ...base, status: 401, headers: invalidSession, hasUser: false, applicationNum: APPLICATION.internal })).toEqual({
      kind: 'invalidSession',
      loginUrl: '/login?internal=true',
      closeSlideOvers: true,
    });
  });
  it("'401 with an Invalid-Impersonation header: clear the impersonation, go to login with returnUrl=support, show Your impersonation session has expired for 10 s'", () => {
    const action = errorAction({ ...base, status: 401, headers: invalidImpersonation });
    expect(action).toEqual({
      kind: 'invalidImpersonation',
      clearImpersonation: true,
      loginUrl: '/login?internal=true&returnUrl=%2Fsupport',
      notify: { key: TRANSPORT_KEYS.impersonationExpired, durationMs: 10_000 },
    });
    expect(safeReturnUrl(TRANSPORT_ROUTES.support)).toBe('/support');
    expect(TRANSPORT_ROUTES.login).toBe(LOGIN_ROUTES.login);
  });
  it("'An expired token with a known user gives a 401 Login expired, please log in again.'", () => {
    expect(errorAction({ ...base, status: 401 })).toEqual({
      kind: 'expiredLogin',
      hasUser: true,
      status: 401,
      messageKey: TRANSPORT_KEYS.loginExpiredError,
    });
  });
  it("'Without a user it goes to login'", () => {
    expect(errorAction({ ...base, status: 401, hasUser: false, path: 'msa/me', applicationNum: null })).toEqual({
      kind: 'expiredLogin',
      hasUser: false,
      loginUrl: '/login',
    });
  });
  it("'A 5xx on any GET goes to the server-error page'", () => {
    expect(errorAction({ ...base, status: 502 })).toEqual({ kind: 'serverError', status: 502 });
    expect(errorAction({ ...base, status: 500, hasUser: false, path: 'statusBanner' })).toEqual({ kind: 'serverError', status: 500 });
    expect(errorAction({ ...base, status: 500, method: 'POST' })).toEqual({ kind: 'rethrow' });
  });
  it("'A failed request while no user is logged in is swallowed and returns empty. Otherwise the error is rethrown.'", () => {
    expect(errorAction({ ...base, status: 404, hasUser: false })).toEqual({ kind: 'swallow' });
    expect(errorAction({ ...base, status: 404 })).toEqual({ kind: 'rethrow' });
  });
  it('without a user, a failed anonymous call (sign-in, recovery, report download) is rethrown to its screen', () => {
    expect(errorAction({ ...base, status: 401, method: 'POST', hasUser: false, path: 'account/login' })).toEqual({ kind: 'rethrow' });
    expect(errorAction({ ...base, status: 409, method: 'POST', hasUser: false, path: 'account/username/forgot' })).toEqual({
      kind: 'rethrow',
    });
  });
  it("'429 on a code request: Too many attempts. Please try again later. Resend stays blocked.'", () => {
    expect(tooManyAttempts(429, 'mfa/request')).toEqual({ messageKey: TRANSPORT_KEYS.tooManyAttempts, resendBlocked: true });
    expect(tooManyAttempts(429, 'mfa/requestReportCode')).toEqual({ messageKey: TRANSPORT_KEYS.tooManyAttempts, resendBlocked: true });
    expect(tooManyAttempts(400, 'mfa/request')).toBeUndefined();
    expect(tooManyAttempts(429, 'news')).toBeUndefined();
  });
  it("'401 on code verification: the error is shown for 10 s (else 6 s), plus the too-many-attempts message'", () => {
    expect(verifyErrorDurationMs(401)).toBe(TIMINGS.verifyError401Ms);
    expect(verifyErrorDurationMs(400)).toBe(TIMINGS.verifyErrorOtherMs);
    expect(tooManyAttempts(429, 'mfa/verify/msa')).toEqual({ messageKey: TRANSPORT_KEYS.tooManyAttempts, resendBlocked: false });
  });
  it("'The server's error text is shown when present, otherwise the default'", () => {
    expect(errorMessage({ message: 'Invalid code' }, 'login.errors.verify')).toBe('Invalid code');
    expect(errorMessage({ message: '  ' }, 'login.errors.verify')).toBe('login.errors.verify');
    expect(errorMessage({ message: 42 }, 'login.errors.verify')).toBe('login.errors.verify');
    expect(errorMessage(null, 'login.errors.verify')).toBe('login.errors.verify');
  });
});

describe('locales/*/transport.json', () => {
  const catalogs = { en, es, fr } as Record<string, Record<string, string>>;
  it('has every key the rules use, in every language', () => {
    for (const [lang, catalog] of Object.entries(catalogs)) {
      for (const key of Object.values(TRANSPORT_KEYS))
        expect(typeof catalog[key.replace('transport.', '')], `${lang} ${key}`).toBe('string');
      expect(Object.keys(catalog).sort(), lang).toEqual(Object.keys(en).sort());
    }
  });
  it('holds the spec texts in English, and not the hold log line', () => {
    expect(en.loginExpired).toBe('Login expired, please log in again');
    expect(en.loginExpiredError).toBe('Login expired, please log in again.');
    expect(en.impersonationExpired).toBe('Your impersonation session has expired');
    expect(en.tooManyAttempts).toBe('Too many attempts. Please try again later.');
    expect(Object.values(en)).not.toContain(HOLD_LOG_MESSAGE);
  });
});
