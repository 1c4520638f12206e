import { describe, expect, it } from 'vitest';
import { defaultMfaMethod, otherMfaMethods, recoveryCodeInput } from './mfaChoiceRules.js';

describe('MFA step choices', () => {
  it('opens on the authenticator app when the user has one, else on the spec code', () => {
    expect(defaultMfaMethod({ authenticator: true, recoveryCode: true })).toBe('authenticator');
    expect(defaultMfaMethod({ authenticator: false, recoveryCode: false })).toBe('code');
    expect(defaultMfaMethod(null)).toBe('code');
  });

  it('links to the other methods on offer', () => {
    const all = { authenticator: true, recoveryCode: true };
    expect(otherMfaMethods('authenticator', all)).toEqual(['recoveryCode', 'code']);
    expect(otherMfaMethods('recoveryCode', all)).toEqual(['authenticator', 'code']);
    expect(otherMfaMethods('code', all)).toEqual(['authenticator', 'recoveryCode']);
  });

  it('offers no recovery code when none is left', () => {
    expect(otherMfaMethods('authenticator', { authenticator: true, recoveryCode: false })).toEqual(['code']);
  });

  it('offers nothing more to a user without an authenticator', () => {
    expect(otherMfaMethods('code', { authenticator: false, recoveryCode: false })).toEqual([]);
    expect(otherMfaMethods('code', null)).toEqual([]);
  });

  it('keeps what a recovery code is made of', () => {
    expect(recoveryCodeInput(' ABCD-efgh jkmn_pqrs!')).toBe(' ABCD-efgh jkmnpqrs');
    expect(recoveryCodeInput('x'.repeat(80))).toHaveLength(64);
  });
});
