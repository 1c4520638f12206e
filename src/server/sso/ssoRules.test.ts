import { describe, expect, it } from 'vitest';
import { insecureIssuerAllowed, normaliseTeamDomain, ssoIdentity, ssoSuccessLocation, SSO_ERROR_LOCATION } from './ssoRules.js';

describe('team domain', () => {
  it('compares trimmed and case-insensitively', () => {
    expect(normaliseTeamDomain('  NorthWind ')).toBe('northwind');
  });
});

describe('where the callback sends the browser', () => {
  it('to the login page with the code', () => {
    expect(ssoSuccessLocation('abc-_123')).toBe('/login?ssoCode=abc-_123');
  });
  it('keeps a local returnUrl, encoded', () => {
    expect(ssoSuccessLocation('c', '/sites?q=a&b=1')).toBe('/login?ssoCode=c&returnUrl=%2Fsites%3Fq%3Da%26b%3D1');
  });
  it('drops a returnUrl that leaves the portal', () => {
    expect(ssoSuccessLocation('c', 'https://evil.example/')).toBe('/login?ssoCode=c');
    expect(ssoSuccessLocation('c', '//evil.example/x')).toBe('/login?ssoCode=c');
    expect(ssoSuccessLocation('c', '/\\evil.example')).toBe('/login?ssoCode=c');
  });
  it('errors go to the login page with error=ssoError', () => {
    expect(SSO_ERROR_LOCATION).toBe('/login?error=ssoError');
  });
});

describe('the identity an ID token vouches for', () => {
  it('takes a verified email, lower-cased', () => {
    expect(ssoIdentity({ email: 'Dealer.Beta@Example.com', email_verified: true })).toEqual({ ok: true, email: 'dealer.beta@example.com' });
  });
  it('trusts an email without email_verified', () => {
    expect(ssoIdentity({ email: 'a@b.c' })).toEqual({ ok: true, email: 'a@b.c' });
  });
  it('refuses an email marked unverified', () => {
    expect(ssoIdentity({ email: 'a@b.c', email_verified: false })).toEqual({ ok: false, reason: 'emailNotVerified' });
    expect(ssoIdentity({ email: 'a@b.c', email_verified: 'false' })).toEqual({ ok: false, reason: 'emailNotVerified' });
  });
  it('refuses a missing or malformed email', () => {
    expect(ssoIdentity({})).toEqual({ ok: false, reason: 'noEmail' });
    expect(ssoIdentity({ email: 42 })).toEqual({ ok: false, reason: 'noEmail' });
    expect(ssoIdentity({ email: 'nobody' })).toEqual({ ok: false, reason: 'noEmail' });
  });
});

describe('plain-http issuers', () => {
  it("are allowed for the portal's own demo provider and loopback only", () => {
    expect(insecureIssuerAllowed('http://portal.test/idp', 'http://portal.test/idp')).toBe(true);
    expect(insecureIssuerAllowed('http://127.0.0.1:9000/idp', undefined)).toBe(true);
    expect(insecureIssuerAllowed('http://localhost:8080/idp', undefined)).toBe(true);
    expect(insecureIssuerAllowed('http://login.example.com', 'http://portal.test/idp')).toBe(false);
  });
  it('are not needed for https', () => {
    expect(insecureIssuerAllowed('https://login.example.com', undefined)).toBe(false);
  });
});
