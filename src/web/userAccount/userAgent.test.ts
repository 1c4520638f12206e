import { describe, expect, it } from 'vitest';
import { describeUserAgent, formatWhen } from './userAgent.js';

describe('describeUserAgent', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36', 'Chrome', 'Windows'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0',
      'Edge',
      'Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
      'Safari',
      'macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1',
      'Chrome',
      'iOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', 'Firefox', 'Linux'],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
      'Chrome',
      'Android',
    ],
  ])('reads %s', (ua, browser, os) => {
    expect(describeUserAgent(ua)).toEqual({ browser, os });
  });

  it('knows nothing of an empty or odd agent', () => {
    expect(describeUserAgent(null)).toEqual({});
    expect(describeUserAgent('curl/8.4.0')).toEqual({ browser: undefined, os: undefined });
  });
});

describe('formatWhen', () => {
  it('is empty without a date and names the year otherwise', () => {
    expect(formatWhen(null, 'en')).toBe('');
    expect(formatWhen('2026-03-05T14:30:00Z', 'en')).toContain('2026');
  });
});
