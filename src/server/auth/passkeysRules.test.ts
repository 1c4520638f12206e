import { describe, expect, it } from 'vitest';
import { passkeyThrottleKeys, pendingAfterPasskey, relyingParty } from './passkeysRules.js';

const config = { publicUrl: 'https://portal.example.com', msaHosts: ['msa.example.com'] };

describe('relyingParty', () => {
  it('is the portal for its own host', () => {
    expect(relyingParty('portal.example.com', config)).toEqual({
      rpID: 'portal.example.com',
      origin: 'https://portal.example.com',
      variant: 'dealer',
    });
  });
  it('is the customer host for a customer host, with the portal scheme and port', () => {
    expect(relyingParty('MSA.example.com', { ...config, publicUrl: 'http://portal.example.com:8080' })).toEqual({
      rpID: 'msa.example.com',
      origin: 'http://msa.example.com:8080',
      variant: 'customer',
    });
  });
  it('is the portal for any other host (an address, a load balancer name)', () => {
    expect(relyingParty('10.0.0.5', config).rpID).toBe('portal.example.com');
  });
});

describe('pendingAfterPasskey', () => {
  it('clears the MFA step and keeps the others', () => {
    expect(pendingAfterPasskey({ mfaRequired: true, termsAndConditionsRequired: true, passwordResetRequired: true })).toEqual({
      mfaRequired: false,
      termsAndConditionsRequired: true,
      passwordResetRequired: true,
    });
  });
  it('keeps the code of the contact step, which confirms the new contact', () => {
    expect(pendingAfterPasskey({ noContactInfo: true, mfaRequired: true })).toEqual({ noContactInfo: true, mfaRequired: true });
  });
});

describe('passkeyThrottleKeys', () => {
  it('keys the address, and the passkey with the address', () => {
    expect(passkeyThrottleKeys('192.0.2.1', 'abc')).toEqual({ address: 'passkey-ip:192.0.2.1', pair: 'passkey:abc|192.0.2.1' });
  });
  it('has no pair without a passkey id', () => {
    expect(passkeyThrottleKeys('192.0.2.1').pair).toBeUndefined();
  });
});
