import { describe, expect, it } from 'vitest';
import { apiHelmetOptions, cspDirectives, helmetOptions, isPublicApiPath, recordHelmetHeaders } from './securityHeaders.js';

describe('Content-Security-Policy directives', () => {
  it('allows no inline script and no eval (precompiled validators), inline styles for emotion, and frames from this origin only by default', () => {
    const d = cspDirectives({ publicUrl: 'http://localhost:8080', helpCenterUrl: '/help/' });
    expect(d['script-src']).toEqual(["'self'"]);
    expect(d['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(d['frame-src']).toEqual(["'self'"]);
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    expect(d).not.toHaveProperty('upgrade-insecure-requests');
  });
  it('adds the help centre origin to frame-src', () => {
    expect(cspDirectives({ publicUrl: 'https://p.example', helpCenterUrl: 'https://help.example.com/a/b?c' })['frame-src']).toEqual([
      "'self'",
      'https://help.example.com',
    ]);
  });
  it('upgrades insecure requests over https only', () => {
    expect(cspDirectives({ publicUrl: 'https://p.example' })).toHaveProperty('upgrade-insecure-requests', []);
  });
  it("opens inline script and the HMR socket for Vite's dev server only, still without eval", () => {
    const dev = cspDirectives({ publicUrl: 'http://localhost:5173', devServer: true });
    expect(dev['script-src']).toContain("'unsafe-inline'");
    expect(dev['script-src']).not.toContain("'unsafe-eval'");
    expect(dev['connect-src']).toContain('ws:');
  });
});

describe('public API answers (no no-store)', () => {
  it('knows the few public ones', () => {
    for (const url of ['/api/health', '/api/version', '/api/openapi.json', '/api/docs/', '/api/assets/config?app=dealer']) {
      expect(isPublicApiPath(url), url).toBe(true);
    }
  });
  it('treats everything else as personal', () => {
    for (const url of ['/api/me', '/api/news', '/api/healthz', '/api/site/search?q=/api/health']) {
      expect(isPublicApiPath(url), url).toBe(false);
    }
  });
});

describe("helmet's headers, recorded once", () => {
  const headers = (frameable: boolean) =>
    Object.fromEntries(recordHelmetHeaders(helmetOptions({ publicUrl: 'http://localhost:8080' }, frameable)).set);

  it('frames nothing but the help pages, which this origin alone may frame', () => {
    expect(headers(false)['X-Frame-Options']).toBe('DENY');
    expect(headers(false)['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(headers(true)['X-Frame-Options']).toBe('SAMEORIGIN');
    expect(headers(true)['Content-Security-Policy']).toContain("frame-ancestors 'self'");
  });
  it('sends nosniff and the Referrer-Policy, and no HSTS over http', () => {
    expect(headers(false)).toMatchObject({ 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'same-origin' });
    expect(headers(false)).not.toHaveProperty('Strict-Transport-Security');
    const https = Object.fromEntries(recordHelmetHeaders(helmetOptions({ publicUrl: 'https://p.example' }, false)).set);
    expect(https['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('gives API answers a policy that allows nothing and none of the headers that speak to pages', () => {
    const api = (publicUrl: string) => Object.fromEntries(recordHelmetHeaders(apiHelmetOptions({ publicUrl })).set);
    expect(api('http://localhost:8080')).toEqual({
      'Content-Security-Policy': "default-src 'none';frame-ancestors 'none'",
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Referrer-Policy': 'same-origin',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
    });
    expect(api('https://p.example')['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
  });
});
