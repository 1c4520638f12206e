import { describe, expect, it } from 'vitest';
import { mayReadMetrics } from './metricsAccess.js';

const TOKEN = 'metrics-token-0123456789';
const production = { demo: false, demoLoopbackOnly: false, token: TOKEN };

describe('who may read /metrics', () => {
  it('lets the configured bearer token in, and nothing else outside demo mode', () => {
    expect(mayReadMetrics(production, { authorization: `Bearer ${TOKEN}`, loopback: false })).toBe(true);
    expect(mayReadMetrics(production, { authorization: `bearer  ${TOKEN} `, loopback: false })).toBe(true);
    expect(mayReadMetrics(production, { authorization: undefined, loopback: true })).toBe(false);
    expect(mayReadMetrics(production, { authorization: `Bearer ${TOKEN}x`, loopback: false })).toBe(false);
    expect(mayReadMetrics(production, { authorization: TOKEN, loopback: false })).toBe(false);
  });
  it('refuses everyone outside demo mode when no token is configured', () => {
    const closed = { ...production, token: undefined };
    expect(mayReadMetrics(closed, { authorization: 'Bearer anything-at-all-here', loopback: true })).toBe(false);
    expect(mayReadMetrics(closed, { authorization: undefined, loopback: true })).toBe(false);
  });
  it('is anonymous in demo mode: for this machine only when demo mode is on only by default', () => {
    expect(mayReadMetrics({ demo: true, demoLoopbackOnly: false, token: undefined }, { authorization: undefined, loopback: false })).toBe(
      true,
    );
    const byDefault = { demo: true, demoLoopbackOnly: true, token: undefined };
    expect(mayReadMetrics(byDefault, { authorization: undefined, loopback: true })).toBe(true);
    expect(mayReadMetrics(byDefault, { authorization: undefined, loopback: false })).toBe(false);
  });
});
