import { describe, expect, it } from 'vitest';
import {
  addressesProblem,
  deliveriesFilter,
  deliveryChoice,
  subscriptionFromForm,
  subscriptionInput,
  addressLines,
  expiryAfterDays,
  expiryDayRange,
  expiryOfDay,
  isInactive,
  keyPart,
  localDate,
} from './integrationsRules.js';
import { expiryProblem } from '../../common/integrations/apiKeyRules.js';

describe('API key expiry in the create dialog', () => {
  const now = new Date(2026, 10, 29, 14, 30);
  it('presets count days from now, and a year is still allowed', () => {
    expect(expiryAfterDays(30, now)).toBe(new Date(now.getTime() + 30 * 86_400_000).toISOString());
    expect(expiryProblem(new Date(expiryAfterDays(365, now)), now)).toBeNull();
  });
  it('a chosen day keeps the time it is now, so the last day allowed is a year away', () => {
    const range = expiryDayRange(now);
    expect(range.min).toBe('2026-11-30');
    expect(range.max).toBe(localDate(new Date(now.getTime() + 365 * 86_400_000)));
    expect(expiryProblem(new Date(expiryOfDay(range.max, now)!), now)).toBeNull();
    expect(new Date(expiryOfDay('2026-12-24', now)!).getHours()).toBe(14);
    expect(expiryOfDay('', now)).toBeNull();
    expect(expiryOfDay('24/12/2026', now)).toBeNull();
  });
});

describe('allowed addresses typed one per line', () => {
  it('are the lines, trimmed, blanks and commas as separators', () => {
    expect(addressLines(' 203.0.113.7 \n\n198.51.100.0/24, 2001:db8::/32\n')).toEqual(['203.0.113.7', '198.51.100.0/24', '2001:db8::/32']);
    expect(addressLines('')).toEqual([]);
  });
  it('are refused when one is neither an address nor a range', () => {
    expect(addressesProblem(['203.0.113.7', '10.0.0.0/8'])).toBeUndefined();
    expect(addressesProblem(['office'])).toBe('integrations.keys.badAddress');
    expect(addressesProblem(undefined)).toBeUndefined();
  });
});

describe('texts and colours', () => {
  it('scope and event names become one key part', () => {
    expect(keyPart('sites:read')).toBe('sites_read');
    expect(keyPart('alarm.received')).toBe('alarm_received');
  });
  it('only active rows are drawn in full', () => {
    expect(isInactive('active')).toBe(false);
    expect(isInactive('revoked')).toBe(true);
    expect(isInactive('paused')).toBe(true);
  });
});

describe('webhook subscriptions as saved', () => {
  const subscription = {
    url: 'https://crm.example.com/hooks',
    description: null,
    eventTypes: ['alarm.received' as const],
    siteNums: [],
    status: 'disabled' as const,
  };
  it('take every field, a disabled one sent back as paused, with the change over them', () => {
    expect(subscriptionInput(subscription)).toEqual({
      url: 'https://crm.example.com/hooks',
      description: null,
      eventTypes: ['alarm.received'],
      siteNums: [],
      status: 'paused',
    });
    expect(subscriptionInput({ ...subscription, status: 'paused' }, { status: 'active' }).status).toBe('active');
  });
  it('from the form: trimmed, an empty description none', () => {
    expect(
      subscriptionFromForm({
        url: ' https://a.example/h ',
        description: '  ',
        eventTypes: ['test.placed'],
        siteNums: [12],
        status: 'paused',
      }),
    ).toEqual({ url: 'https://a.example/h', description: null, eventTypes: ['test.placed'], siteNums: [12], status: 'paused' });
    expect(subscriptionFromForm({ url: 'https://a.example/h', description: 'CRM' }).status).toBe('active');
  });
  it("the delivery log's filter always names the subscription, and 'all' filters nothing", () => {
    expect(deliveriesFilter(7, { status: 'all', eventType: 'all' })).toEqual({ subscriptionId: 7 });
    expect(deliveriesFilter(7, { status: 'failed', eventType: 'all' })).toEqual({ subscriptionId: 7, status: 'failed' });
    expect(deliveriesFilter(7, { status: 'all', eventType: 'test.placed' })).toEqual({ subscriptionId: 7, eventType: 'test.placed' });
  });
  it("the delivery log's filters read back from the list's filter values", () => {
    expect(deliveryChoice(undefined)).toEqual({ status: 'all', eventType: 'all' });
    expect(deliveryChoice({ subscriptionId: 7, status: 'delivered', eventType: 'webhook.test' })).toEqual({
      status: 'delivered',
      eventType: 'webhook.test',
    });
    expect(deliveryChoice({ status: 'sent', eventType: 'nope' })).toEqual({ status: 'all', eventType: 'all' });
  });
});
