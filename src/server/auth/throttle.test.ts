import { describe, expect, it } from 'vitest';
import { ACCOUNT_POLICY, delayAfter } from './throttle.js';

describe('sign-in throttling', () => {
  it('lets the first five failures through without delay', () => {
    expect([1, 2, 3, 4, 5].map((n) => delayAfter(n, ACCOUNT_POLICY))).toEqual([0, 0, 0, 0, 0]);
  });
  it('doubles the delay after each further failure', () => {
    expect([6, 7, 8, 9].map((n) => delayAfter(n, ACCOUNT_POLICY))).toEqual([1000, 2000, 4000, 8000]);
  });
  it('engages well before 100 failures and never exceeds 15 minutes', () => {
    expect(delayAfter(20, ACCOUNT_POLICY)).toBe(15 * 60_000);
    expect(delayAfter(10_000, ACCOUNT_POLICY)).toBe(15 * 60_000);
  });
});
