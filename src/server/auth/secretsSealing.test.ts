import { describe, expect, it } from 'vitest';
import { deriveKey, seal, unseal } from './secrets.js';

const SECRET = 'x'.repeat(48);

describe('sealing secrets at rest', () => {
  const key = deriveKey(SECRET, 'user_totp.secret');

  it('derives a 256-bit key per purpose, the same each time', () => {
    expect(key).toHaveLength(32);
    expect(deriveKey(SECRET, 'user_totp.secret').equals(key)).toBe(true);
    expect(deriveKey(SECRET, 'another purpose').equals(key)).toBe(false);
    expect(deriveKey('y'.repeat(48), 'user_totp.secret').equals(key)).toBe(false);
  });

  it('opens what it sealed, and never stores the plain text', () => {
    const sealed = seal(key, 'JBSWY3DPEHPK3PXPJBSWY3DP', 'user_totp:7');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('JBSWY3DP');
    expect(unseal(key, sealed, 'user_totp:7')).toBe('JBSWY3DPEHPK3PXPJBSWY3DP');
  });

  it('seals the same text differently each time (a fresh nonce)', () => {
    expect(seal(key, 'same', 'c')).not.toBe(seal(key, 'same', 'c'));
  });

  it('does not open with another key, another context (row) or a changed value', () => {
    const sealed = seal(key, 'secret', 'user_totp:7');
    expect(unseal(deriveKey('z'.repeat(48), 'user_totp.secret'), sealed, 'user_totp:7')).toBeUndefined();
    expect(unseal(key, sealed, 'user_totp:8')).toBeUndefined();
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[bytes.length - 1] ^= 1;
    expect(unseal(key, `v1.${bytes.toString('base64url')}`, 'user_totp:7')).toBeUndefined();
    expect(unseal(key, 'v2.abc', 'user_totp:7')).toBeUndefined();
    expect(unseal(key, 'v1.', 'user_totp:7')).toBeUndefined();
  });
});
