import { describe, expect, it } from 'vitest';
import { allowedOrigins, requestOrigin, sameOriginWrite, validXsrf, xsrfBinding, xsrfToken } from './csrf.js';

const SECRET = 'x'.repeat(40);

describe('XSRF token binding', () => {
  it('binds to the session cookie when there is one, else to the pre-session', () => {
    expect(xsrfBinding({ portal_session: 'abc', portal_presession: 'p1' })).toMatch(/^session:/);
    expect(xsrfBinding({ portal_presession: 'p1' })).toBe('presession:p1');
    expect(xsrfBinding({})).toBeUndefined();
  });
  it('accepts only the token of the binding', () => {
    const mine = xsrfBinding({ portal_session: 'mine' });
    const theirs = xsrfBinding({ portal_session: 'theirs' });
    expect(validXsrf(SECRET, mine, xsrfToken(SECRET, mine!))).toBe(true);
    expect(validXsrf(SECRET, mine, xsrfToken(SECRET, theirs!))).toBe(false);
    expect(validXsrf(SECRET, mine, xsrfToken('y'.repeat(40), mine!))).toBe(false);
    expect(validXsrf(SECRET, undefined, 'anything')).toBe(false);
    expect(validXsrf(SECRET, mine, undefined)).toBe(false);
  });
});

describe('write origins', () => {
  const allowed = allowedOrigins('https://portal.example.com:8443', ['msa.example.com']);
  it('lists the portal and each customer host with its scheme and port', () => {
    expect([...allowed]).toEqual(['https://portal.example.com:8443', 'https://msa.example.com:8443']);
    expect([...allowedOrigins('https://portal.example.com', ['msa.example.com'])]).toEqual([
      'https://portal.example.com',
      'https://msa.example.com',
    ]);
  });
  it('refuses another origin, another scheme or port, and a cross-site fetch', () => {
    expect(sameOriginWrite({ origin: 'https://evil.example' }, allowed)).toBe(false);
    expect(sameOriginWrite({ origin: 'http://portal.example.com:8443' }, allowed)).toBe(false);
    expect(sameOriginWrite({ origin: 'https://msa.example.com' }, allowed)).toBe(false);
    expect(sameOriginWrite({ origin: 'null' }, allowed)).toBe(false);
    expect(sameOriginWrite({ secFetchSite: 'cross-site' }, allowed)).toBe(false);
  });
  it('lets the portal, a customer host and a call without these headers through', () => {
    expect(sameOriginWrite({ origin: 'https://portal.example.com:8443', secFetchSite: 'same-origin' }, allowed)).toBe(true);
    expect(sameOriginWrite({ origin: 'https://msa.example.com:8443', secFetchSite: 'same-site' }, allowed)).toBe(true);
    expect(sameOriginWrite({}, allowed)).toBe(true);
  });
  it("lets the request's own origin through (the portal reached at another address), and nothing else with it", () => {
    const own = 'http://127.0.0.1:8080';
    expect(sameOriginWrite({ origin: 'http://127.0.0.1:8080', secFetchSite: 'same-origin' }, allowed, own)).toBe(true);
    expect(sameOriginWrite({ origin: 'HTTP://127.0.0.1:8080' }, allowed, own)).toBe(true);
    expect(sameOriginWrite({ origin: 'http://127.0.0.1:8081' }, allowed, own)).toBe(false);
    expect(sameOriginWrite({ origin: 'https://127.0.0.1:8080' }, allowed, own)).toBe(false);
    expect(sameOriginWrite({ origin: 'https://evil.example' }, allowed, own)).toBe(false);
    expect(sameOriginWrite({ origin: own, secFetchSite: 'cross-site' }, allowed, own)).toBe(false);
  });
  it("reads the request's origin from its scheme and host, the default port left out", () => {
    expect(requestOrigin({ protocol: 'http', host: '127.0.0.1:8080' })).toBe('http://127.0.0.1:8080');
    expect(requestOrigin({ protocol: 'https', host: 'Portal.Example.com:443' })).toBe('https://portal.example.com');
    expect(requestOrigin({ protocol: 'http', host: 'bad host/x' })).toBeUndefined();
  });
});
