import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_POLICY,
  accountNeedsCaptcha,
  addressNeedsCaptcha,
  blockedFor,
  countsNeedCaptcha,
  delayAfter,
  recentFailures,
  retryAfterSeconds,
  retryMinutes,
  SIGN_IN_ADDRESS_POLICY,
  signInDecision,
  signInKeys,
  startsAccountChallenge,
  type ThrottleState,
} from './throttle.js';

const now = new Date('2026-11-23T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const later = (ms: number) => new Date(now.getTime() + ms);
const state = (failures: number, lastFailureAt: Date | null = now, blockedUntil: Date | null = null): ThrottleState => ({
  failures,
  lastFailureAt,
  blockedUntil,
});

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
  it('never blocks an address, however many failures', () => {
    expect(delayAfter(1_000_000, SIGN_IN_ADDRESS_POLICY)).toBe(0);
  });
});

describe('signInDecision', () => {
  it('refuses a blocked account+address pair with the time left, whatever the captcha', () => {
    expect(signInDecision({ pair: state(6, now, later(90_000)), address: undefined, captchaSolved: true, now })).toEqual({
      kind: 'throttled',
      retryAfterMs: 90_000,
    });
  });
  it('asks an address with many recent failures for a captcha, and lets a solved one through', () => {
    const address = state(SIGN_IN_ADDRESS_POLICY.captchaAfter);
    expect(signInDecision({ pair: undefined, address, captchaSolved: false, now })).toEqual({ kind: 'captcha' });
    expect(signInDecision({ pair: undefined, address, captchaSolved: true, now })).toEqual({ kind: 'check' });
  });
  it('checks the password below the captcha threshold, and once the failures are old', () => {
    expect(signInDecision({ pair: undefined, address: state(SIGN_IN_ADDRESS_POLICY.captchaAfter - 1), captchaSolved: false, now })).toEqual(
      {
        kind: 'check',
      },
    );
    const old = state(100, ago(SIGN_IN_ADDRESS_POLICY.windowMs));
    expect(signInDecision({ pair: undefined, address: old, captchaSolved: false, now })).toEqual({ kind: 'check' });
  });
  it('checks the password once a block is over', () => {
    expect(signInDecision({ pair: state(6, ago(5000), ago(1)), address: undefined, captchaSolved: false, now })).toEqual({ kind: 'check' });
  });
});

describe('throttle helpers', () => {
  it('forgets failures older than the window', () => {
    expect(recentFailures(state(7, ago(59 * 60_000)), now, 60 * 60_000)).toBe(7);
    expect(recentFailures(state(7, ago(60 * 60_000)), now, 60 * 60_000)).toBe(0);
    expect(recentFailures(undefined, now, 1)).toBe(0);
    expect(addressNeedsCaptcha(state(10), now)).toBe(true);
    expect(addressNeedsCaptcha(state(9), now)).toBe(false);
  });
  it('counts the time left of a block, and rounds the wait up', () => {
    expect(blockedFor(state(6, now, later(1500)), now)).toBe(1500);
    expect(blockedFor(state(6, now, ago(1)), now)).toBe(0);
    expect([1, 60_000, 60_001, 300_000].map(retryMinutes)).toEqual([1, 1, 2, 5]);
    expect([1, 1000, 1001].map(retryAfterSeconds)).toEqual([1, 1, 2]);
  });
  it('keys a sign-in on the account with the address, and on the address', () => {
    expect(signInKeys('Dealer.Beta', '198.51.100.1')).toEqual({
      pair: 'pair:dealer.beta|198.51.100.1',
      address: 'signin-ip:198.51.100.1',
      account: 'signin-account:dealer.beta',
    });
  });
});

describe('the account challenge (guesses from many addresses)', () => {
  it('asks every sign-in to the account for a captcha after 30 failures within the hour', () => {
    expect(accountNeedsCaptcha(state(29), now)).toBe(false);
    expect(accountNeedsCaptcha(state(30), now)).toBe(true);
    expect(accountNeedsCaptcha(state(300, ago(60 * 60_000)), now)).toBe(false);
    expect(signInDecision({ pair: undefined, address: undefined, account: state(30), captchaSolved: false, now })).toEqual({
      kind: 'captcha',
    });
    expect(signInDecision({ pair: undefined, address: undefined, account: state(30), captchaSolved: true, now })).toEqual({
      kind: 'check',
    });
    expect(signInDecision({ pair: undefined, address: state(3), account: state(29), captchaSolved: false, now })).toEqual({
      kind: 'check',
    });
  });
  it('never blocks the account: a blocked pair still answers first, and only with its own wait', () => {
    expect(signInDecision({ pair: state(6, now, later(2000)), address: undefined, account: state(500), captchaSolved: true, now })).toEqual(
      {
        kind: 'throttled',
        retryAfterMs: 2000,
      },
    );
  });
  it('reads the captcha from the counts a reservation made, as from the stored states', () => {
    const keys = signInKeys('dealer.beta', '198.51.100.1');
    const counts = (address: number, account: number) =>
      new Map([
        [keys.address, address],
        [keys.account, account],
      ]);
    expect(countsNeedCaptcha(counts(9, 29), keys)).toBe(false);
    expect(countsNeedCaptcha(counts(10, 1), keys)).toBe(true);
    expect(countsNeedCaptcha(counts(1, 30), keys)).toBe(true);
    expect(countsNeedCaptcha(new Map(), keys)).toBe(false);
  });
  it('tells the owner at the failure that starts it, once', () => {
    expect([29, 30, 31, 60].map(startsAccountChallenge)).toEqual([false, true, false, false]);
  });
});
