import { describe, expect, it } from 'vitest';
import { challengeExpiry, decodePayload, deriveCaptchaKey, MAX_PAYLOAD_LENGTH, solutionHash } from './captcha.js';

const hex = (c: string) => c.repeat(64);
const good = { algorithm: 'SHA-256', challenge: hex('a'), number: 42, salt: 'abc?expires=1700000000&', signature: hex('b'), took: 12 };
const encode = (data: unknown) => Buffer.from(JSON.stringify(data)).toString('base64');

describe('deriveCaptchaKey', () => {
  it('is HMAC-SHA256(secret, "altcha"), never the secret itself', () => {
    const key = deriveCaptchaKey('s'.repeat(32));
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toContain('s'.repeat(32));
    expect(deriveCaptchaKey('s'.repeat(32))).toBe(key);
    expect(deriveCaptchaKey('t'.repeat(32))).not.toBe(key);
  });

  it('refuses an empty secret', () => {
    expect(() => deriveCaptchaKey('')).toThrow();
  });
});

describe('decodePayload', () => {
  it('reads the widget payload, dropping the unsigned extras', () => {
    expect(decodePayload(encode(good))).toEqual({
      algorithm: 'SHA-256',
      challenge: hex('a'),
      number: 42,
      salt: good.salt,
      signature: hex('b'),
    });
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a number', 42],
    ['an object', good],
    ['empty', ''],
    ['not base64', 'not base64!!'],
    ['base64 of text', Buffer.from('hello').toString('base64')],
    ['a JSON array', encode([good])],
    ['JSON null', encode(null)],
    ['another algorithm', encode({ ...good, algorithm: 'SHA-1' })],
    ['lower-case algorithm', encode({ ...good, algorithm: 'sha-256' })],
    ['short challenge', encode({ ...good, challenge: 'abc' })],
    ['upper-case signature', encode({ ...good, signature: 'B'.repeat(64) })],
    ['number as text', encode({ ...good, number: '42' })],
    ['fractional number', encode({ ...good, number: 4.2 })],
    ['negative number', encode({ ...good, number: -1 })],
    ['missing salt', encode({ ...good, salt: undefined })],
    ['huge salt', encode({ ...good, salt: 'x'.repeat(600) })],
    ['oversized payload', 'A'.repeat(MAX_PAYLOAD_LENGTH + 4)],
  ])('refuses %s', (_name, value) => {
    expect(decodePayload(value)).toBeNull();
  });
});

describe('challengeExpiry', () => {
  const payload = decodePayload(encode(good))!;

  it('reads the expiry from the signed salt', () => {
    expect(challengeExpiry(payload)).toEqual(new Date(1_700_000_000_000));
  });

  it.each(['abc&', 'abc?expires=&', 'abc?expires=soon&', 'abc?other=1&'])('is null for salt %s', (salt) => {
    expect(challengeExpiry({ ...payload, salt })).toBeNull();
  });
});

describe('solutionHash', () => {
  it('is a stable hex digest that differs per challenge', () => {
    const payload = decodePayload(encode(good))!;
    expect(solutionHash(payload)).toMatch(/^[0-9a-f]{64}$/);
    expect(solutionHash({ ...payload, number: 7 })).toBe(solutionHash(payload));
    expect(solutionHash({ ...payload, signature: hex('c') })).not.toBe(solutionHash(payload));
  });
});
