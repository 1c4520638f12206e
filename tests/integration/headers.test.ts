import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client.js';
import { ONCE, ONCE_TABLE, startTestApp, type TestApp } from './harness.js';
import { demoSuite } from './fixtures.js';

/** Security headers on every answer, checked over HTTP. */
describe.skipIf(!ONCE).each(ONCE_TABLE)('security headers on $name', (database) => {
  const { t, dealer } = demoSuite(database, { dealer: 'dealer.beta' }, { HELP_CENTER_URL: 'https://help.example.com/portal/' });

  const csp = (response: Response) =>
    Object.fromEntries(
      (response.headers.get('content-security-policy') ?? '')
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );

  it('puts a CSP without inline script on the app, framing only the help centre, framed by nobody', async () => {
    const page = await fetch(`${t.origin}/login`);
    const policy = csp(page);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['script-src']).not.toContain("'unsafe-eval'");
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['worker-src']).toEqual(["'self'", 'blob:']);
    expect(policy['frame-src']).toEqual(["'self'", 'https://help.example.com']);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });

  it('lets only this origin frame the shipped help pages', async () => {
    const help = await fetch(`${t.origin}/help/index.html`);
    expect(csp(help)['frame-ancestors']).toEqual(["'self'"]);
    expect(help.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it("serves the help folder's own address (the Knowledge Base frame's) with its index page, not the portal's", async () => {
    const index = await (await fetch(`${t.origin}/help/index.html`)).text();
    const folder = await fetch(`${t.origin}/help/`);
    expect(folder.status).toBe(200);
    expect(await folder.text()).toBe(index);
    expect(index).not.toContain('<div id="root">');
    expect(csp(folder)['frame-ancestors']).toEqual(["'self'"]);
    const bare = await fetch(`${t.origin}/help`, { redirect: 'manual' });
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/help/');
  });

  it('sends nosniff and a Referrer-Policy on every answer, and no HSTS over http', async () => {
    for (const path of ['/login', '/api/health', '/api/me', '/api/no/such/route', '/favicon.svg']) {
      const response = await dealer.request('GET', path);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('same-origin');
      expect(response.headers.get('strict-transport-security'), path).toBeNull();
      expect(response.headers.get('content-security-policy'), path).toBeTruthy();
    }
  });

  it('marks API answers with personal data no-store, answers or errors', async () => {
    for (const path of ['/api/me', '/api/news', '/api/site/recents', '/api/user/accountGroups', '/api/no/such/route']) {
      const response = await dealer.request('GET', path);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
    const refused = await new TestClient(t.origin).request('GET', '/api/me');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    // Public answers keep their own caching (health is never cached, so a load balancer sees it live).
    expect((await fetch(`${t.origin}/api/health`)).headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${t.origin}/api/assets/config`)).headers.get('cache-control')).toBe('no-cache');
  });

  it("gives API answers the data set: a policy that allows nothing, no headers that speak to pages, the app's set on the OpenAPI pages", async () => {
    for (const path of ['/api/news', '/api/me', '/api/no/such/route']) {
      const response = await dealer.request('GET', path);
      expect(csp(response), path).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
      for (const name of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-xss-protection']) {
        expect(response.headers.get(name), `${path} ${name}`).toBeNull();
      }
    }
    const docs = await fetch(`${t.origin}/api/docs/`);
    expect(docs.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(csp(docs)['default-src']).not.toEqual(["'none'"]);
  });

  it('keeps the stricter policy of the pages the server writes itself', async () => {
    const outbox = await fetch(`${t.origin}/dev/outbox`);
    expect(csp(outbox)['default-src']).toEqual(["'none'"]);
  });
});

describe.skipIf(!ONCE)('HSTS when the portal is served over https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(ONCE!, { PUBLIC_URL: 'https://portal.example.com' });
  });
  afterAll(() => t?.close());

  it('sends Strict-Transport-Security and upgrades insecure requests', async () => {
    for (const url of ['/api/health', '/login']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
    // The app's pages upgrade what they load; API answers load nothing.
    expect((await t.app.inject({ method: 'GET', url: '/login' })).headers['content-security-policy']).toContain(
      'upgrade-insecure-requests',
    );
  });
});
