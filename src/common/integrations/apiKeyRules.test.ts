import { describe, expect, it } from 'vitest';
import { addressAllowed, expiryProblem, invalidAddressRanges, scopeAllows, scopesFor } from './apiKeyRules.js';

describe('API key scopes', () => {
  it('open only the resource actions they list', () => {
    expect(scopeAllows(['sites:read'], 'sites', 'list')).toBe(true);
    expect(scopeAllows(['sites:read'], 'sites', 'edit')).toBe(false);
    expect(scopeAllows(['sites:read'], 'events', 'list')).toBe(false);
    expect(scopeAllows(['sites:read', 'events:read'], 'events', 'export')).toBe(true);
    expect(scopeAllows(['tests:write'], 'tests', 'create')).toBe(true);
    expect(scopeAllows([], 'sites', 'list')).toBe(false);
  });
  it('ignore a scope they do not know', () => {
    expect(scopeAllows(['sites:write', 'admin'], 'sites', 'edit')).toBe(false);
  });
  it('name the scopes that would open an action', () => {
    expect(scopesFor('contacts', 'edit')).toEqual(['contacts:write']);
    expect(scopesFor('users', 'list')).toEqual([]);
  });
});

describe('API key expiry', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  it('must be in the future and within a year', () => {
    expect(expiryProblem(new Date('2026-11-29T11:00:00Z'), now)).toBe('integrations.keys.expiryPast');
    expect(expiryProblem(now, now)).toBe('integrations.keys.expiryPast');
    expect(expiryProblem(new Date('2027-11-29T12:00:00Z'), now)).toBeNull();
    expect(expiryProblem(new Date('2027-11-29T12:00:01Z'), now)).toBe('integrations.keys.expiryTooFar');
  });
});

describe('allowed client addresses', () => {
  it('allow any address when the list is empty', () => {
    expect(addressAllowed([], '203.0.113.9')).toBe(true);
  });
  it('match single addresses and CIDR ranges, IPv4 and IPv6', () => {
    const list = ['203.0.113.0/24', '198.51.100.7', '2001:db8::/32'];
    expect(addressAllowed(list, '203.0.113.200')).toBe(true);
    expect(addressAllowed(list, '203.0.114.1')).toBe(false);
    expect(addressAllowed(list, '198.51.100.7')).toBe(true);
    expect(addressAllowed(list, '198.51.100.8')).toBe(false);
    expect(addressAllowed(list, '2001:db8:1::5')).toBe(true);
    expect(addressAllowed(list, '2001:db9::5')).toBe(false);
  });
  it('read IPv4-mapped IPv6 client addresses (dual-stack sockets) as IPv4', () => {
    expect(addressAllowed(['203.0.113.0/24'], '::ffff:203.0.113.4')).toBe(true);
    expect(addressAllowed(['::ffff:203.0.113.0/120'], '203.0.113.4')).toBe(true);
  });
  it('refuse a client address that is not one', () => {
    expect(addressAllowed(['203.0.113.0/24'], 'unknown')).toBe(false);
  });
  it('name the entries that are neither an address nor a range', () => {
    expect(invalidAddressRanges(['10.0.0.0/8', 'office', '1.2.3.4/33', '::1'])).toEqual(['office', '1.2.3.4/33']);
  });
});
