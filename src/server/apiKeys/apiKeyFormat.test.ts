import { describe, expect, it } from 'vitest';
import { apiKeyFromAuthorization, newApiKey, parseApiKey, secretMatches } from './apiKeyFormat.js';

describe('API keys', () => {
  it('are shown once and kept as a prefix and a hash', () => {
    const { key, prefix, hash } = newApiKey();
    const parsed = parseApiKey(key);
    expect(parsed?.prefix).toBe(prefix);
    expect(hash).not.toContain(parsed!.secret);
    expect(secretMatches(parsed!.secret, hash)).toBe(true);
    expect(secretMatches(`${parsed!.secret.slice(0, -1)}x`, hash)).toBe(false);
    expect(newApiKey().key).not.toBe(key);
  });
  it('are read from a bearer header only when shaped like one', () => {
    expect(apiKeyFromAuthorization('Bearer pak_abc')).toBe('pak_abc');
    expect(apiKeyFromAuthorization('Bearer integration-secret')).toBeNull();
    expect(apiKeyFromAuthorization(undefined)).toBeNull();
    expect(parseApiKey('pak_short_x')).toBeNull();
  });
});
