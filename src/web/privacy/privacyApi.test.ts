import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer } from '../providers/fakeTransport.js';
import { acceptPrivacyPolicy, fetchPrivacyPolicy, PrivacyRequestError } from './privacyApi.js';

const server = fakeServer({
  session: { status: 'anonymous', config: { variant: 'dealer', portalName: 'P', version: '2.0.0', environment: 'prod', demo: false } },
  cookies: 'XSRF-Token=abc123',
  language: 'fr',
});
beforeEach(() => {
  server.answer = () => new Response(JSON.stringify({ policyText: '# Policy', version: 3 }), { status: 200 });
});

/** SPEC §7 GET privacyPolicy and PUT privacyPolicy/accept, through the transport. */
describe('privacy policy calls', () => {
  it('read the policy with the standard parameters', async () => {
    expect(await fetchPrivacyPolicy()).toEqual({ policyText: '# Policy', version: 3 });
    const target = new URL(server.calls[0].url, 'http://x');
    expect(target.pathname).toBe('/api/privacyPolicy');
    expect(Object.fromEntries(target.searchParams)).toMatchObject({ os: 'web', v: '2.0.0', env: 'prod' });
    expect((server.calls[0].init.headers as Headers).get('Accept-Language')).toBe('fr');
  });

  it('accept a version as JSON with the XSRF header', async () => {
    await acceptPrivacyPolicy(3);
    const { init } = server.calls[0];
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"version":3}');
    expect((init.headers as Headers).get('Content-Type')).toBe('application/json');
    expect((init.headers as Headers).get('X-XSRF-Token')).toBe('abc123');
  });

  it("reject with the status and the server's text, empty when it sent none", async () => {
    server.answer = () => new Response(JSON.stringify({ message: 'A newer policy was published.' }), { status: 409 });
    await expect(acceptPrivacyPolicy(2)).rejects.toEqual(new PrivacyRequestError(409, 'A newer policy was published.'));
    server.answer = () => new Response('', { status: 500 });
    await expect(fetchPrivacyPolicy()).rejects.toMatchObject({ status: 500, message: '' });
  });
});
