import { beforeAll, describe, expect, it } from 'vitest';
import { json, signedInClient, TestClient } from './client.js';
import { ONCE, ONCE_TABLE } from './harness.js';
import { demoSuite } from './fixtures.js';

const REFUSED = { status: 403, body: { message: 'The request could not be verified. Reload the page and try again.' } };

/**
 * Cross-site request forgery, as an attacker would try it: a
 * token taken from another session (or made up, as a planted cookie pair
 * would be), and writes from another site. The token is bound to the session
 * (or, before sign-in, to an anonymous pre-session); the browser's Origin and
 * Sec-Fetch-Site headers must name the portal itself.
 */
describe.skipIf(!ONCE).each(ONCE_TABLE)('CSRF on $name', (database) => {
  const { t } = demoSuite(database);
  let portal: string;
  const client = () => new TestClient(t.origin).init();
  /** A write every signed-in user may make (the privacy-policy acceptance). */
  const accept = (c: TestClient, headers: Record<string, string> = {}) => c.request('PUT', '/api/privacyPolicy/accept', {}, headers);

  beforeAll(async () => {
    portal = new URL(t.app.config.publicUrl).origin;
  });

  it('refuses a token from another session, even sent as both cookie and header (a planted pair)', async () => {
    const victim = await signedInClient(t.origin, 'dealer.beta');
    const attacker = await signedInClient(t.origin, 'dealer.classic');
    const stolen = attacker.cookie('XSRF-Token')!;
    expect(stolen).not.toBe(victim.cookie('XSRF-Token'));
    victim.setCookie('XSRF-Token', stolen);
    expect(await json(await accept(victim, { 'X-XSRF-Token': stolen }))).toEqual(REFUSED);

    // Before sign-in too: a made-up pair is not the pre-session's token.
    const anonymous = await client();
    anonymous.setCookie('XSRF-Token', 'x');
    expect(
      await json(
        await anonymous.request('POST', '/api/account/login', { username: 'dealer.beta', password: 'x' }, { 'X-XSRF-Token': 'x' }),
      ),
    ).toEqual(REFUSED);
  });

  it('issues a new token at sign-in, and at sign-out, and takes only the current one', async () => {
    const c = await client();
    const before = c.cookie('XSRF-Token')!;
    await c.login('dealer.beta');
    const during = c.cookie('XSRF-Token')!;
    expect(during).not.toBe(before);
    expect((await accept(c, { 'X-XSRF-Token': before })).status).toBe(403);
    expect((await accept(c)).status).toBe(200);
    // The token follows a token refresh unchanged (same session) and is handed out again.
    const refreshed = await c.request('POST', '/api/token/refresh');
    expect(refreshed.status).toBe(200);
    expect(c.cookie('XSRF-Token')).toBe(during);
    expect((await c.request('POST', '/api/logout')).status).toBe(204);
    expect(c.cookie('XSRF-Token')).not.toBe(during);
    expect((await c.login('dealer.beta')).status).toBe(200);
  });

  it("refuses writes from another site (a foreign Origin, or Sec-Fetch-Site cross-site) and lets the portal's own through", async () => {
    const c = await signedInClient(t.origin, 'dealer.beta');
    expect(await json(await accept(c, { Origin: 'https://evil.example' }))).toEqual(REFUSED);
    expect(await json(await accept(c, { Origin: 'null' }))).toEqual(REFUSED);
    // The portal's host on another scheme or port is another origin.
    const url = new URL(portal);
    expect((await accept(c, { Origin: `${url.protocol}//${url.hostname}:1` })).status).toBe(403);
    expect(await json(await accept(c, { 'Sec-Fetch-Site': 'cross-site' }))).toEqual(REFUSED);
    // Sign-in forms are writes too (login CSRF).
    const anonymous = await client();
    expect(
      (
        await anonymous.request(
          'POST',
          '/api/account/login',
          { username: 'dealer.beta', password: 'x' },
          { Origin: 'https://evil.example' },
        )
      ).status,
    ).toBe(403);
    // Same-origin writes pass: the portal, a customer host (same scheme and port), and calls without these headers.
    expect((await accept(c, { Origin: portal, 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
    expect(
      (await accept(c, { Origin: `${url.protocol}//msa.localhost${url.port ? `:${url.port}` : ''}`, 'Sec-Fetch-Site': 'same-site' }))
        .status,
    ).toBe(200);
    expect((await accept(c)).status).toBe(200);
    // The portal reached at another address than PUBLIC_URL's (here 127.0.0.1 for localhost): a page
    // served from there writes with that origin, which is the request's own; another port is not.
    expect(new URL(t.origin).origin).not.toBe(portal);
    expect((await accept(c, { Origin: t.origin, 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
    const { hostname, port } = new URL(t.origin);
    expect(await json(await accept(c, { Origin: `http://${hostname}:${Number(port) + 1}` }))).toEqual(REFUSED);
    // Server-to-server routes (config.xsrf false) are left to their own authentication.
    const response = await fetch(`${t.origin}/api/integrations/alarms`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://platform.example', 'Sec-Fetch-Site': 'cross-site' },
      body: JSON.stringify({ events: [] }),
    });
    expect(response.status).toBe(401);
  });
});
