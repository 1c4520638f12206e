import type { FromSchema } from 'json-schema-to-ts';
import type {
  ApiKey,
  ApiKeyInput,
  webhookResentSchema,
  webhookTestSentSchema,
  WebhookSubscription,
  WebhookSubscriptionInput,
} from '../../../../schemas/integrations.js';
import { jsonCaller, type AdminHttpClient } from './call.js';

/**
 * Account Group › Integrations' calls besides the lists: the creates and the edit (each dialog
 * shows its failures itself: skipError), and a webhook subscription's actions.
 */
export function integrationsMethods(client: AdminHttpClient) {
  const call = jsonCaller(client);
  const subscription = (id: number, action: string) => `webhookSubscriptions/${encodeURIComponent(id)}/${action}`;
  return {
    /** The answer holds the whole key (`key`), shown this once. */
    createApiKey: (input: ApiKeyInput) => call<ApiKey>('apiKeys', 'POST', input, { skipError: true }),
    /** The answer holds the signing secret (`secret`), shown this once. */
    createWebhookSubscription: (input: WebhookSubscriptionInput) =>
      call<WebhookSubscription>('webhookSubscriptions', 'POST', input, { skipError: true }),
    updateWebhookSubscription: (id: number, input: WebhookSubscriptionInput) =>
      call<WebhookSubscription>(`webhookSubscriptions/${encodeURIComponent(id)}`, 'PUT', input, { skipError: true }),
    /** A new secret (in the answer, once); the previous one keeps signing for a day. */
    rotateWebhookSecret: (id: number) => call<WebhookSubscription>(subscription(id, 'rotateSecret'), 'POST', {}),
    /** A test event through the delivery path, now: the delivery queued. */
    sendWebhookTest: (id: number) => call<FromSchema<typeof webhookTestSentSchema>>(subscription(id, 'test'), 'POST', {}),
    /** Every failed delivery of the subscription queued again: how many. */
    resendFailedWebhooks: (id: number) => call<FromSchema<typeof webhookResentSchema>>(subscription(id, 'resendFailed'), 'POST', {}),
    resendWebhookDelivery: (id: number) => call<unknown>(`webhookDeliveries/${encodeURIComponent(id)}/resend`, 'POST', {}),
  };
}

export type IntegrationsMethods = ReturnType<typeof integrationsMethods>;
