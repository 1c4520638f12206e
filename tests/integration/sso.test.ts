import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/common/constants.js';
import { TEST_DATABASES, startTestApp, type TestApp } from './harness.js';

/**
 * Single sign-on end to end: the portal and its demo OpenID Connect provider
 * (/idp) in one server on a real port, PUBLIC_URL set to it, and a small
 * browser (cookies by path, redirects followed by hand) that signs in on the
 * provider's own page.
 */

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

class Browser {
  private readonly jar = new Map<string, { name: string; value: string; path: string }>();

  cookie(name: string): string | undefined {
    return [...this.jar.values()].find((c) => c.name === name)?.value;
  }

  has(name: string): boolean {
    return this.cookie(name) !== undefined;
  }

  private store(response: Response, url: URL) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((s) => s.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const pathAttr = attributes.find((a) => a.toLowerCase().startsWith('path='));
      const path = pathAttr ? pathAttr.slice(5) : url.pathname.replace(/\/[^/]*$/, '') || '/';
      const expired = attributes.some((a) => /^max-age=(0|-\d+)$/i.test(a) || (/^expires=/i.test(a) && new Date(a.slice(8)) < new Date()));
      const key = `${name}|${path}`;
      if (expired || value === '') this.jar.delete(key);
      else this.jar.set(key, { name, value, path });
    }
  }

  async fetch(url: URL, init: { method?: string; body?: string; headers?: Record<string, string> } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookies = [...this.jar.values()]
      .filter((c) => url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`) || c.path === '/')
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    if (cookies) headers.set('Cookie', cookies);
    const response = await fetch(url, { method: init.method ?? 'GET', headers, body: init.body, redirect: 'manual' });
    this.store(response, url);
    return response;
  }

  /**
   * Follows redirects from `url` until a page answers or the next address is
   * one of `stopAt` (paths): then answers that address without loading it.
   */
  async navigate(
    url: URL,
    init: { method?: string; body?: string; headers?: Record<string, string> } = {},
    stopAt: string[] = ['/login'],
  ): Promise<{ response?: Response; url: URL }> {
    let current = url;
    let request = init;
    for (let hop = 0; hop < 20; hop++) {
      const response = await this.fetch(current, request);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { response, url: current };
      current = new URL(location, current);
      request = {};
      if (stopAt.includes(current.pathname)) return { url: current };
    }
    throw new Error('too many redirects');
  }
}

function formAction(html: string, pageUrl: URL): URL {
  const match = /<form method="post" action="([^"]+)"/.exec(html);
  if (!match) throw new Error(`no sign-in form in:\n${html.slice(0, 500)}`);
  return new URL(match[1].replace(/&amp;/g, '&'), pageUrl);
}

describe.each(TEST_DATABASES)('single sign-on on $name', (database) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await startTestApp(database, { DEMO: 'true', PUBLIC_URL: base });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  const url = (path: string) => new URL(path, base);

  /** Starts SSO at the portal and lands on the provider's sign-in page. */
  async function openIdpSignIn(browser: Browser, query = 'siteGroup=9993&provider=demo') {
    const { response, url: pageUrl } = await browser.navigate(url(`/api/sso/login?${query}`));
    expect(response?.status).toBe(200);
    const html = await response!.text();
    expect(html).toContain('Northwind Identity (demo)');
    return { html, pageUrl, action: formAction(html, pageUrl) };
  }

  function submitIdp(browser: Browser, action: URL, fields: Record<string, string>, stopAt?: string[]) {
    return browser.navigate(
      action,
      {
        method: 'POST',
        body: new URLSearchParams(fields).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      },
      stopAt,
    );
  }

  /** The whole round trip for one IdP account: where the portal's callback sends the browser. */
  async function ssoAs(login: string, query?: string, browser = new Browser()) {
    const { action } = await openIdpSignIn(browser, query);
    const { url: landed } = await submitIdp(browser, action, { login, password: DEMO_PASSWORD, action: 'login' });
    return { browser, landed };
  }

  async function exchange(browser: Browser, ssoCode: string, headers: Record<string, string> = {}) {
    const xsrf = browser.cookie('XSRF-Token');
    const response = await browser.fetch(url('/api/account/sso/exchange'), {
      method: 'POST',
      body: JSON.stringify({ ssoCode }),
      headers: { 'Content-Type': 'application/json', ...(xsrf ? { 'X-XSRF-Token': xsrf } : {}), ...headers },
    });
    return { status: response.status, body: await response.json() };
  }

  async function lastAudit(action: string) {
    return t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('audit_id', 'desc').executeTakeFirst();
  }

  describe('tenant lookup', () => {
    const lookup = async (teamDomain: unknown, language = 'en') => {
      // The XSRF token is bound to the browser's pre-session: a browser's own, not a made-up pair.
      const browser = new Browser();
      await browser.fetch(url('/api/health'));
      const response = await browser.fetch(url('/api/account/sso/tenant'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Accept-Language': language, 'X-XSRF-Token': browser.cookie('XSRF-Token')! },
        body: JSON.stringify({ teamDomain }),
      });
      return { status: response.status, body: await response.json() };
    };

    it('finds the dealer and its providers by team domain, trimmed and in any case', async () => {
      for (const domain of ['northwind', '  NorthWind ']) {
        const { status, body } = await lookup(domain);
        expect(status).toBe(200);
        expect(body).toEqual({
          siteGroupNum: 9993,
          dealerName: 'Northwind Security',
          providers: [{ name: 'demo', displayName: 'Northwind Identity (demo)' }],
        });
      }
    });

    it('answers a dealer without providers with an empty list', async () => {
      expect(await lookup('lakeside')).toEqual({
        status: 200,
        body: { siteGroupNum: 4120, dealerName: 'Lakeside Alarm Co.', providers: [] },
      });
    });

    it("answers an unknown domain with 404 'Invalid Domain', translated", async () => {
      expect(await lookup('nowhere')).toEqual({ status: 404, body: { message: 'Invalid Domain' } });
      expect(await lookup('nowhere', 'es')).toEqual({ status: 404, body: { message: 'Dominio no válido' } });
      expect((await lookup('   ')).body).toEqual({ message: 'Invalid Domain' });
    });

    it('requires the team domain', async () => {
      const { status, body } = await lookup('');
      expect(status).toBe(400);
      expect(Object.keys(body.errors)).toEqual(['teamDomain']);
    });
  });

  it('signs dealer.beta in through the provider: code, exchange, session', async () => {
    const browser = new Browser();
    const { html, action } = await openIdpSignIn(browser, 'siteGroup=9993&provider=demo&returnUrl=%2Fsites%3Fq%3D1');
    expect(html).toContain('lang="en"');
    expect(browser.has('portal_sso')).toBe(true);

    // A wrong password stays on the provider's page.
    const wrong = await submitIdp(browser, action, { login: 'dealer.beta', password: 'nope', action: 'login' });
    expect(wrong.response?.status).toBe(401);
    expect(await wrong.response!.text()).toContain('The username or password is incorrect.');

    const { url: landed } = await submitIdp(browser, action, { login: 'Dealer.Beta', password: DEMO_PASSWORD, action: 'login' });
    expect(landed.pathname).toBe('/login');
    expect(landed.searchParams.get('returnUrl')).toBe('/sites?q=1');
    const ssoCode = landed.searchParams.get('ssoCode')!;
    expect(ssoCode).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(browser.has('portal_sso')).toBe(false);

    const { status, body } = await exchange(browser, ssoCode);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.reqs).toBeTruthy();
    expect(browser.has('portal_session')).toBe(true);

    const me = await fetch(url('/api/me'), { headers: { Authorization: `Bearer ${body.token.token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ name: 'Dana Whitfield', email: 'dealer.beta@example.com', applicationNum: 2 });

    const succeeded = await lastAudit('login.succeeded');
    expect(succeeded?.details).toMatchObject({ method: 'sso' });
    expect(await lastAudit('sso.authenticated')).toBeTruthy();
  });

  it('spends an SSO code once: a replay, an unknown or an expired code is refused alike', async () => {
    const { browser, landed } = await ssoAs('dealer.beta');
    const ssoCode = landed.searchParams.get('ssoCode')!;
    expect((await exchange(browser, ssoCode)).status).toBe(200);
    const refused = { status: 401, body: { message: 'There was an error logging you in with SSO' } };
    expect(await exchange(browser, ssoCode)).toEqual(refused);
    expect(await exchange(browser, 'x'.repeat(43))).toEqual(refused);

    const second = await ssoAs('dealer.beta');
    const code2 = second.landed.searchParams.get('ssoCode')!;
    await t.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('kind', '=', 'ssoCode')
      .where('used_at', 'is', null)
      .execute();
    expect(await exchange(second.browser, code2)).toEqual(refused);
    expect((await lastAudit('sso.exchangeFailed'))?.details).toMatchObject({ reason: 'unknownCode' });
  });

  it('needs the XSRF header on the exchange', async () => {
    const { browser, landed } = await ssoAs('dealer.beta');
    const response = await browser.fetch(url('/api/account/sso/exchange'), {
      method: 'POST',
      body: JSON.stringify({ ssoCode: landed.searchParams.get('ssoCode') }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(403);
  });

  it('refuses a forged state, a replayed callback and a callback in another browser', async () => {
    const browser = new Browser();
    const { action } = await openIdpSignIn(browser);
    const { url: callback } = await submitIdp(browser, action, { login: 'dealer.beta', password: DEMO_PASSWORD, action: 'login' }, [
      '/api/sso/callback',
    ]);
    expect(callback.pathname).toBe('/api/sso/callback');
    expect(callback.searchParams.get('code')).toBeTruthy();

    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged-state-value');
    expect((await browser.navigate(forged)).url.href).toBe(url('/login?error=ssoError').href);
    expect((await lastAudit('sso.failed'))?.details).toMatchObject({ reason: 'unknownState' });

    // The real answer, in a browser that did not start the sign-in.
    const stranger = new Browser();
    expect((await stranger.navigate(callback)).url.search).toBe('?error=ssoError');
    expect((await lastAudit('sso.failed'))?.details).toMatchObject({ reason: 'otherBrowser' });
    // That spent the state: the owner's own replay is refused too.
    expect((await browser.navigate(callback)).url.search).toBe('?error=ssoError');
  });

  it('replays of a successful callback are refused', async () => {
    const browser = new Browser();
    const { action } = await openIdpSignIn(browser);
    const { url: callback } = await submitIdp(browser, action, { login: 'dealer.beta', password: DEMO_PASSWORD, action: 'login' }, [
      '/api/sso/callback',
    ]);
    const cookie = browser.cookie('portal_sso')!;
    const first = await browser.navigate(callback);
    expect(first.url.searchParams.get('ssoCode')).toBeTruthy();
    const replay = await fetch(callback, { redirect: 'manual', headers: { Cookie: `portal_sso=${cookie}` } });
    expect(replay.headers.get('location')).toBe('/login?error=ssoError');
  });

  it('refuses identities without a portal user of the dealer, or with an unverified email', async () => {
    expect((await ssoAs('contractor')).landed.search).toBe('?error=ssoError');
    expect((await lastAudit('sso.failed'))?.details).toMatchObject({ reason: 'noPortalUser', email: 'pat.contractor@example.com' });
    // dealer.classic exists, but is not a user of Northwind (9993), whose provider this is.
    expect((await ssoAs('dealer.classic')).landed.search).toBe('?error=ssoError');
    expect((await lastAudit('sso.failed'))?.details).toMatchObject({ reason: 'noPortalUser' });
    expect((await ssoAs('unverified')).landed.search).toBe('?error=ssoError');
    expect((await lastAudit('sso.failed'))?.details).toMatchObject({ reason: 'emailNotVerified' });
  });

  it('refuses a disabled user at the callback and at the exchange', async () => {
    const { browser, landed } = await ssoAs('dealer.beta');
    const disable = (at: Date | null) => t.db.updateTable('users').set({ disabled_at: at }).where('username', '=', 'dealer.beta').execute();
    await disable(new Date());
    try {
      expect((await exchange(browser, landed.searchParams.get('ssoCode')!)).status).toBe(401);
      expect((await ssoAs('dealer.beta')).landed.search).toBe('?error=ssoError');
      expect((await lastAudit('sso.failed'))?.details).toMatchObject({ reason: 'userDisabled' });
    } finally {
      await disable(null);
    }
  });

  it('sends unknown providers, bad parameters and a cancelled sign-in to the SSO error', async () => {
    const browser = new Browser();
    for (const query of ['siteGroup=9993&provider=okta', 'siteGroup=4120&provider=demo', 'siteGroup=abc&provider=demo', 'provider=demo']) {
      expect((await browser.navigate(url(`/api/sso/login?${query}`))).url.href).toBe(url('/login?error=ssoError').href);
    }
    const { action } = await openIdpSignIn(browser);
    expect((await submitIdp(browser, action, { action: 'cancel' })).url.search).toBe('?error=ssoError');
    expect((await lastAudit('sso.failed'))?.details).toMatchObject({ reason: 'providerAnswer' });
  });

  it('works in a browser that left a password sign-in with pending steps half done', async () => {
    const browser = new Browser();
    await browser.fetch(url('/api/health'));
    const xsrf = browser.cookie('XSRF-Token')!;
    const json = { 'Content-Type': 'application/json', 'X-XSRF-Token': xsrf };
    const login = await browser.fetch(url('/api/account/login'), {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: 'dealer.newuser', password: DEMO_PASSWORD }),
    });
    expect((await login.json()).reqs.actionRequired).toBe(true);
    expect(browser.has('portal_session')).toBe(true);
    // Outside the steps, that session is refused everything else...
    expect((await browser.fetch(url('/api/news'))).status).toBe(403);
    // ...but not the SSO calls, which never look at it (with the XSRF token re-issued for the new session).
    const tenant = await browser.fetch(url('/api/account/sso/tenant'), {
      method: 'POST',
      headers: { ...json, 'X-XSRF-Token': browser.cookie('XSRF-Token')! },
      body: JSON.stringify({ teamDomain: 'northwind' }),
    });
    expect(tenant.status).toBe(200);
    const { landed } = await ssoAs('dealer.beta', undefined, browser);
    const { status, body } = await exchange(browser, landed.searchParams.get('ssoCode')!);
    expect(status).toBe(200);
    const me = await fetch(url('/api/me'), { headers: { Authorization: `Bearer ${body.token.token}` } });
    expect((await me.json()).name).toBe('Dana Whitfield');
  });

  it('drops a returnUrl that leaves the portal', async () => {
    const { landed } = await ssoAs('dealer.beta', `siteGroup=9993&provider=demo&returnUrl=${encodeURIComponent('https://evil.example/')}`);
    expect(landed.searchParams.get('ssoCode')).toBeTruthy();
    expect(landed.searchParams.has('returnUrl')).toBe(false);
  });

  it('keeps the demo provider row pointing at this server', async () => {
    const row = await t.db
      .selectFrom('sso_providers')
      .selectAll()
      .where('site_group_num', '=', 9993)
      .where('name', '=', 'demo')
      .executeTakeFirstOrThrow();
    expect(row.issuer).toBe(`${base}/idp`);
    expect(row.client_id).toBe('portal-demo');
    const discovery = await (await fetch(`${base}/idp/.well-known/openid-configuration`)).json();
    expect(discovery.issuer).toBe(`${base}/idp`);
    expect(discovery.authorization_endpoint).toBe(`${base}/idp/auth`);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);

    // PKCE is required: an authorization request without a code challenge is sent back with an error.
    const withoutPkce = new URL(discovery.authorization_endpoint);
    withoutPkce.search = new URLSearchParams({
      client_id: 'portal-demo',
      response_type: 'code',
      scope: 'openid email',
      redirect_uri: `${base}/api/sso/callback`,
      state: 's',
    }).toString();
    const answer = await fetch(withoutPkce, { redirect: 'manual' });
    const back = new URL(answer.headers.get('location')!);
    expect(back.pathname).toBe('/api/sso/callback');
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.has('code')).toBe(false);
  });
});
