import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE, webhookSubscriptionInputSchema } from '../../../schemas/integrations.js';
import { compileCached } from '../validation.js';
import { isDelivered, nextAttemptAt, responseExcerpt, retryDelayMs, WEBHOOK_RETRY_WINDOW_MS } from './webhookRules.js';

describe('webhook event types', () => {
  const validate = compileCached(webhookSubscriptionInputSchema);
  it('may each be chosen by a subscription, and nothing else', () => {
    const input = { url: 'https://hooks.example.com/in', eventTypes: [...WEBHOOK_EVENT_TYPES], status: 'active' };
    expect(validate(input)).toBe(true);
    expect(validate({ ...input, eventTypes: [WEBHOOK_TEST_EVENT_TYPE] })).toBe(false);
    expect(validate({ ...input, eventTypes: [] })).toBe(false);
  });
});

describe('webhook retries', () => {
  it('wait exponentially from 5 s, capped at an hour, jittered over the upper half', () => {
    expect(retryDelayMs(1, 0)).toBe(2_500);
    expect(retryDelayMs(1, 0.999999)).toBeCloseTo(5_000, -1);
    expect(retryDelayMs(2, 0)).toBe(5_000);
    expect(retryDelayMs(5, 0)).toBe(40_000);
    expect(retryDelayMs(30, 0)).toBe(1_800_000);
    expect(retryDelayMs(30, 0.999999)).toBeLessThanOrEqual(3_600_000);
  });
  it('stop once the event is a day old', () => {
    const eventAt = new Date('2026-11-29T00:00:00Z');
    expect(nextAttemptAt(eventAt, new Date('2026-11-29T00:00:01Z'), 1, 0)).toEqual(new Date('2026-11-29T00:00:03.500Z'));
    const late = new Date(eventAt.getTime() + WEBHOOK_RETRY_WINDOW_MS - 1_000);
    expect(nextAttemptAt(eventAt, late, 20, 0)).toBeNull();
  });
  it('reach the day with a bounded number of attempts', () => {
    const eventAt = new Date(0);
    let at = eventAt;
    let attempts = 1;
    for (let next = nextAttemptAt(eventAt, at, attempts, 0.5); next; next = nextAttemptAt(eventAt, at, attempts, 0.5)) {
      at = next;
      attempts += 1;
    }
    expect(attempts).toBeGreaterThan(20);
    expect(attempts).toBeLessThan(45);
  });
});

describe('delivery outcomes', () => {
  it('count 2xx only: a redirect is not followed, so it fails', () => {
    expect(isDelivered(200)).toBe(true);
    expect(isDelivered(204)).toBe(true);
    expect(isDelivered(301)).toBe(false);
    expect(isDelivered(500)).toBe(false);
    expect(isDelivered(null)).toBe(false);
  });
  it('keep an excerpt of the answer', () => {
    expect(responseExcerpt('ok')).toBe('ok');
    expect(responseExcerpt('x'.repeat(600))).toHaveLength(501);
  });
});
