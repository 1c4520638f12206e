import { describe, expect, it } from 'vitest';
import { APPLICATION } from './constants.js';
import { passkeyFailure, passkeyName, suggestedPasskeyName, variantAllowsApplication } from './passkeys.js';

describe('variantAllowsApplication', () => {
  it('lets dealers and staff use the dealer page', () => {
    expect(variantAllowsApplication('dealer', APPLICATION.dealer)).toBe(true);
    expect(variantAllowsApplication('dealer', APPLICATION.internal)).toBe(true);
  });
  it('keeps customers off the dealer page', () => {
    expect(variantAllowsApplication('dealer', APPLICATION.customer)).toBe(false);
  });
  it('lets only customers use the customer page', () => {
    expect(variantAllowsApplication('customer', APPLICATION.customer)).toBe(true);
    expect(variantAllowsApplication('customer', APPLICATION.dealer)).toBe(false);
    expect(variantAllowsApplication('customer', APPLICATION.internal)).toBe(false);
  });
});

describe('passkeyName', () => {
  it('trims and collapses spaces', () => {
    expect(passkeyName('  Work \t laptop ')).toBe('Work laptop');
  });
  it('drops control characters', () => {
    expect(passkeyName('Key\u0000one\nx')).toBe('Key one x');
  });
  it('refuses a blank name', () => {
    expect(passkeyName(' \n ')).toBeUndefined();
  });
  it('refuses a name over 64 characters, takes one of 64', () => {
    expect(passkeyName('a'.repeat(65))).toBeUndefined();
    expect(passkeyName('a'.repeat(64))).toBe('a'.repeat(64));
  });
});

describe('suggestedPasskeyName', () => {
  const fallback = (n: number) => `Passkey ${n}`;
  it('offers the device when no passkey has its name', () => {
    expect(suggestedPasskeyName('Chrome on Windows', ['Phone'], fallback)).toBe('Chrome on Windows');
  });
  it('numbers the device when its name is taken (any case)', () => {
    expect(suggestedPasskeyName('Chrome on Windows', ['chrome on windows'], fallback)).toBe('Chrome on Windows (2)');
  });
  it('falls back to a numbered name without a device', () => {
    expect(suggestedPasskeyName(undefined, ['Passkey 2'], fallback)).toBe('Passkey 3');
  });
});

describe('passkeyFailure', () => {
  it('reads a closed or timed-out prompt as cancelled', () => {
    expect(passkeyFailure({ name: 'NotAllowedError' })).toBe('cancelled');
    expect(passkeyFailure({ name: 'AbortError', code: 'ERROR_CEREMONY_ABORTED' })).toBe('cancelled');
  });
  it('reads an authenticator that already holds the passkey', () => {
    expect(passkeyFailure({ name: 'InvalidStateError', code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' })).toBe('alreadyRegistered');
  });
  it('reads a wrong host', () => {
    expect(passkeyFailure({ name: 'SecurityError', code: 'ERROR_INVALID_RP_ID' })).toBe('domain');
  });
  it('reads an authenticator without user verification or resident keys', () => {
    expect(passkeyFailure({ name: 'ConstraintError', code: 'ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT' })).toBe('unsupported');
  });
  it('calls anything else a failure', () => {
    expect(passkeyFailure(new Error('boom'))).toBe('failed');
    expect(passkeyFailure(undefined)).toBe('failed');
  });
});
