import { describe, expect, it } from 'vitest';
import { CAPTCHA_STRING_KEYS, captchaStrings, captchaValue, mustResetAfter } from './captchaRules.js';

describe('captchaValue', () => {
  it('is the payload once verified', () => {
    expect(captchaValue('verified', 'abc')).toBe('abc');
  });
  it('is empty in every other state, even with a stale payload', () => {
    for (const state of ['error', 'expired', 'verifying', 'unverified'] as const) {
      expect(captchaValue(state, 'abc')).toBe('');
    }
  });
  it('is empty when verified without a payload', () => {
    expect(captchaValue('verified', undefined)).toBe('');
  });
});

describe('captchaStrings', () => {
  it('translates every widget text by its key', () => {
    const strings = JSON.parse(captchaStrings((key) => `T:${key}`)) as Record<string, string>;
    expect(strings.label).toBe(`T:${CAPTCHA_STRING_KEYS.label}`);
    expect(Object.keys(strings)).toEqual(Object.keys(CAPTCHA_STRING_KEYS));
  });
});

describe('mustResetAfter', () => {
  it('resets after any failed submit, the 409 of forgot username included', () => {
    expect(mustResetAfter(409)).toBe(true);
    expect(mustResetAfter(400)).toBe(true);
    expect(mustResetAfter(500)).toBe(true);
    expect(mustResetAfter(200)).toBe(false);
  });
});
