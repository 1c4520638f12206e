import type { FromSchema } from 'json-schema-to-ts';
import { closedSchema, idsFilter, int4IdsFilter, int4Range, notBlank, nullableDateTime, serialId, webUrlPattern } from './shared.js';
import type { UiHints } from './uiHints.js';

/**
 * A dealer's API keys (Account Group › Integrations, xtAdmin): a name, scopes, an expiry within a
 * year and optionally the client addresses it may be used from. The secret is answered once, by
 * the create call (`key`); afterwards only its prefix is shown.
 */
/** What a key may do; src/common/integrations/apiKeyRules.ts says which resource actions each opens. */
export const API_KEY_SCOPES = ['sites:read', 'events:read', 'tests:write', 'contacts:write', 'reports:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

const apiKeyFields = {
  name: { type: 'string', minLength: 1, maxLength: 80, ...notBlank },
  scopes: {
    type: 'array',
    items: { type: 'string', enum: [...API_KEY_SCOPES] },
    minItems: 1,
    uniqueItems: true,
    maxItems: API_KEY_SCOPES.length,
  },
  expiresAt: { type: 'string', format: 'date-time' },
  allowedAddresses: { type: 'array', items: { type: 'string', minLength: 2, maxLength: 49 }, maxItems: 20 },
} as const;

export const apiKeyInputSchema = closedSchema('ApiKeyInput', ['name', 'scopes', 'expiresAt'], apiKeyFields);
export type ApiKeyInput = FromSchema<typeof apiKeyInputSchema>;

/** The create dialog (Account Group › Integrations): the scopes each with a sentence, the expiry with presets, the addresses one per line. */
export const apiKeyInputUi = {
  order: ['name', 'scopes', 'expiresAt', 'allowedAddresses'],
  fields: {
    name: { label: 'integrations.keys.fields.name', hint: 'integrations.keys.fields.nameHint', autoFocus: true },
    scopes: { widget: 'scopes' },
    expiresAt: { widget: 'expiry' },
    allowedAddresses: { widget: 'addresses' },
  },
} as const satisfies UiHints<keyof typeof apiKeyInputSchema.properties>;

export const API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;

export const apiKeySchema = closedSchema('ApiKey', {
  id: { type: 'integer', ...int4Range },
  ...apiKeyFields,
  prefix: { type: 'string' },
  status: { type: 'string', enum: [...API_KEY_STATUSES] },
  createdAt: { type: 'string', format: 'date-time' },
  createdBy: { type: ['string', 'null'] },
  lastUsedAt: nullableDateTime,
  lastUsedAddress: { type: ['string', 'null'] },
  revokedAt: nullableDateTime,
  /** The whole key: in the create answer only, null everywhere else. */
  key: { type: ['string', 'null'] },
});
export type ApiKey = FromSchema<typeof apiKeySchema>;

export const apiKeyFilterSchema = closedSchema('ApiKeyFilter', [], {
  q: { type: 'string', maxLength: 200 },
  status: { type: 'string', enum: [...API_KEY_STATUSES] },
  id: int4IdsFilter,
});
export type ApiKeyFilter = FromSchema<typeof apiKeyFilterSchema>;

export const API_KEY_SORT_FIELDS = ['id', 'name', 'createdAt', 'expiresAt', 'lastUsedAt'] as const;

/**
 * A dealer's outbound webhooks (Account Group › Integrations, xtAdmin): an HTTPS address that is
 * sent the chosen events, signed as the Standard Webhooks specification says. The secret
 * (`whsec_…`) is answered by the create and rotateSecret calls only.
 */
/** The events a subscription may choose (what happened, in `<object>.<verb>` form). */
export const WEBHOOK_EVENT_TYPES = [
  'alarm.received',
  'alarm.restored',
  'test.placed',
  'test.ended',
  'test.expired',
  'account.created',
  'account.changed',
  'report.finished',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The event "send test event" delivers: to one subscription, whatever types it chose. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

/** 'disabled' is the server's: set after a day of failed deliveries; the input sets active or paused. */
export const WEBHOOK_SUBSCRIPTION_STATUSES = ['active', 'paused', 'disabled'] as const;
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

const webhookSubscriptionFields = {
  /** https; http to 127.0.0.1 or localhost only where the server allows loopback targets (demos, tests). */
  url: { type: 'string', minLength: 8, maxLength: 2000, pattern: webUrlPattern },
  description: { type: ['string', 'null'], maxLength: 200 },
  eventTypes: {
    type: 'array',
    items: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] },
    minItems: 1,
    uniqueItems: true,
    maxItems: WEBHOOK_EVENT_TYPES.length,
  },
  /** The sites whose events are sent; empty: every site of the group. */
  siteNums: { type: 'array', items: serialId, uniqueItems: true, maxItems: 1000 },
} as const;

export const webhookSubscriptionInputSchema = closedSchema('WebhookSubscriptionInput', ['url', 'eventTypes'], {
  ...webhookSubscriptionFields,
  status: { type: 'string', enum: ['active', 'paused'] },
});
export type WebhookSubscriptionInput = FromSchema<typeof webhookSubscriptionInputSchema>;

/** The create and edit dialog: the event types each with a sentence, the sites picked from the group's, active or paused as a switch. */
export const webhookSubscriptionInputUi = {
  order: ['url', 'description', 'eventTypes', 'siteNums', 'status'],
  fields: {
    url: { label: 'integrations.webhooks.fields.url', hint: 'integrations.webhooks.fields.urlHint', autoFocus: true },
    description: { label: 'integrations.webhooks.fields.description', widget: 'textarea' },
    eventTypes: { widget: 'eventTypes' },
    siteNums: {
      widget: 'sites',
      label: 'integrations.webhooks.fields.sites',
      hint: 'integrations.webhooks.fields.sitesHint',
      options: { placeholder: 'integrations.webhooks.fields.sitesPlaceholder' },
    },
    status: { widget: 'activeSwitch' },
  },
} as const satisfies UiHints<keyof typeof webhookSubscriptionInputSchema.properties>;

export const webhookSubscriptionSchema = closedSchema('WebhookSubscription', {
  id: serialId,
  ...webhookSubscriptionFields,
  status: { type: 'string', enum: [...WEBHOOK_SUBSCRIPTION_STATUSES] },
  /** The signing secret: in the create and rotateSecret answers only, null everywhere else. */
  secret: { type: ['string', 'null'] },
  /** Until when the secret before the last rotation still signs too (beside the new one). */
  previousSecretUntil: nullableDateTime,
  createdAt: { type: 'string', format: 'date-time' },
  createdBy: { type: ['string', 'null'] },
  lastDeliveryAt: nullableDateTime,
  lastStatus: { type: ['string', 'null'], enum: ['delivered', 'failed', null] },
  /** Since when deliveries fail without a success between; a day of it disables the subscription. */
  failingSince: nullableDateTime,
  disabledAt: nullableDateTime,
});
export type WebhookSubscription = FromSchema<typeof webhookSubscriptionSchema>;

export const webhookSubscriptionFilterSchema = closedSchema('WebhookSubscriptionFilter', [], {
  q: { type: 'string', maxLength: 200 },
  status: { type: 'string', enum: [...WEBHOOK_SUBSCRIPTION_STATUSES] },
  id: idsFilter,
});
export type WebhookSubscriptionFilter = FromSchema<typeof webhookSubscriptionFilterSchema>;

export const WEBHOOK_SUBSCRIPTION_SORT_FIELDS = ['id', 'url', 'status', 'createdAt', 'lastDeliveryAt'] as const;

/**
 * One event's delivery to one subscription: its latest attempt (attempt counts them), pending
 * while it waits for its turn or its next try.
 */
export const webhookDeliverySchema = closedSchema('WebhookDelivery', {
  id: serialId,
  subscriptionId: serialId,
  /** The event's webhook-id header (`msg_…`): the same on every attempt and every resend. */
  eventId: { type: 'string' },
  eventType: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE] },
  attempt: { type: 'integer', minimum: 0, maximum: 1000 },
  status: { type: 'string', enum: [...WEBHOOK_DELIVERY_STATUSES] },
  statusCode: { type: ['integer', 'null'] },
  latencyMs: { type: ['integer', 'null'] },
  responseExcerpt: { type: ['string', 'null'] },
  /** Why an attempt got no answer: timeout, refused address, connection error… */
  error: { type: ['string', 'null'] },
  createdAt: { type: 'string', format: 'date-time' },
  attemptedAt: nullableDateTime,
  nextAttemptAt: nullableDateTime,
});
export type WebhookDelivery = FromSchema<typeof webhookDeliverySchema>;

export const webhookDeliveryFilterSchema = closedSchema('WebhookDeliveryFilter', [], {
  subscriptionId: serialId,
  status: { type: 'string', enum: [...WEBHOOK_DELIVERY_STATUSES] },
  eventType: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE] },
  id: idsFilter,
});
export type WebhookDeliveryFilter = FromSchema<typeof webhookDeliveryFilterSchema>;

export const WEBHOOK_DELIVERY_SORT_FIELDS = ['id', 'createdAt', 'attemptedAt', 'status'] as const;

/** The answer of "send test event" (202): the delivery queued. */
export const webhookTestSentSchema = closedSchema('WebhookTestSent', { id: serialId });
/** The answer of "resend all failed": how many deliveries were queued again. */
export const webhookResentSchema = closedSchema('WebhookResent', { count: { type: 'integer', minimum: 0 } });
