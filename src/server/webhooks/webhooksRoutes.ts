import type { FastifyInstance } from 'fastify';
import {
  WEBHOOK_DELIVERY_SORT_FIELDS,
  WEBHOOK_SUBSCRIPTION_SORT_FIELDS,
  webhookDeliveryFilterSchema,
  webhookDeliverySchema,
  webhookResentSchema,
  webhookSubscriptionFilterSchema,
  webhookSubscriptionInputSchema,
  webhookSubscriptionSchema,
  webhookTestSentSchema,
  type WebhookDelivery,
  type WebhookDeliveryFilter,
  type WebhookSubscription,
  type WebhookSubscriptionFilter,
  type WebhookSubscriptionInput,
} from '../../../schemas/integrations.js';
import { errorSchema } from '../../../schemas/shared.js';
import { currentGroup, userId } from '../http/currentGroup.js';
import { HttpError } from '../http/errors.js';
import { idParams, simpleRestRoutes } from '../http/simpleRestRoutes.js';
import { webhooksRepository } from './webhooksRepository.js';
import { webhookSealingKey } from './webhooksJobs.js';

const tags = ['integrations'];
const notFound = () => new HttpError(404, 'errors.notFound');
const auditDetails = (s: WebhookSubscription) => ({ url: s.url, eventTypes: s.eventTypes, siteNums: s.siteNums, status: s.status });

/**
 * /api/webhookSubscriptions and /api/webhookDeliveries: an account group's outbound webhooks
 * (Account Group › Integrations, xtAdmin) and their delivery log, with rotateSecret, test,
 * resendFailed and a delivery's resend. The secret is answered by create and rotateSecret only.
 */
export async function webhooksRoutes(app: FastifyInstance) {
  const repo = webhooksRepository(app.db, webhookSealingKey(app));
  /** The target must reach the public internet (targetAddress.ts): refused at save time with the field's reason. */
  const checkUrl = async (url: string) => {
    const problem = await app.webhookDelivery.targetProblem(url.trim());
    if (problem) throw new HttpError(400, 'validation.invalidForm', {}, { url: problem });
  };

  await simpleRestRoutes<
    WebhookSubscription,
    WebhookSubscriptionFilter,
    (typeof WEBHOOK_SUBSCRIPTION_SORT_FIELDS)[number],
    WebhookSubscriptionInput
  >(app, {
    path: 'webhookSubscriptions',
    resource: 'webhookSubscriptions',
    tags,
    record: webhookSubscriptionSchema,
    filter: webhookSubscriptionFilterSchema,
    sortFields: WEBHOOK_SUBSCRIPTION_SORT_FIELDS,
    summaries: {
      list: "List the account group's webhook subscriptions (newest first)",
      one: 'One webhook subscription (never its secret)',
    },
    list: (query, request) => repo.list(currentGroup(request), query),
    one: (id, request) => repo.get(currentGroup(request), Number(id)),
    create: {
      summary: 'Subscribe an https address to events; the answer holds the signing secret (`secret`), shown this once',
      body: webhookSubscriptionInputSchema,
      handler: async (input, request) => {
        await checkUrl(input.url);
        return repo.create(currentGroup(request), input, userId(request));
      },
    },
    update: {
      summary: 'Change a subscription (its address is checked again); active again after disabled starts afresh',
      body: webhookSubscriptionInputSchema,
      handler: async (id, input, request) => {
        await checkUrl(input.url);
        const updated = await repo.update(currentGroup(request), Number(id), input);
        if (updated?.status === 'active') await app.webhookDelivery.wake(updated.id);
        return updated;
      },
    },
    delete: {
      summary: 'Delete a subscription and its delivery log; answers it as it was',
      handler: (id, request) => repo.remove(currentGroup(request), Number(id)),
    },
    audit: { targetType: 'webhookSubscription', prefix: 'webhookSubscriptions', details: auditDetails },
  });

  await simpleRestRoutes<WebhookDelivery, WebhookDeliveryFilter, (typeof WEBHOOK_DELIVERY_SORT_FIELDS)[number]>(app, {
    path: 'webhookDeliveries',
    resource: 'webhookDeliveries',
    tags,
    record: webhookDeliverySchema,
    filter: webhookDeliveryFilterSchema,
    sortFields: WEBHOOK_DELIVERY_SORT_FIELDS,
    summaries: { list: "A subscription's delivery log (newest first); filter by status and event type", one: 'One delivery' },
    list: (query, request) => repo.listDeliveries(currentGroup(request), query),
    one: (id, request) => repo.getDelivery(currentGroup(request), Number(id)),
  });

  const denied = { 401: errorSchema, 403: errorSchema, 404: errorSchema };

  /**
   * POST /webhookSubscriptions/:id/<name>: an action on one of the group's subscriptions,
   * audited as `webhookSubscriptions.<action>` with the details the handler answers beside its result.
   */
  const subscriptionAction = <T>(
    name: string,
    summary: string,
    response: Record<number, object>,
    action: 'secretRotated' | 'tested' | 'resent',
    handler: (subscription: WebhookSubscription, group: number) => Promise<{ answer: T; details: Record<string, unknown> }>,
  ) =>
    app.post<{ Params: { id: number } }>(
      `/webhookSubscriptions/:id/${name}`,
      {
        config: { access: { resource: 'webhookSubscriptions', action: 'edit' } },
        schema: { tags, summary, params: idParams, response: { ...response, ...denied } },
      },
      async (request, reply) => {
        const group = currentGroup(request);
        const subscription = await repo.get(group, request.params.id);
        if (!subscription) throw notFound();
        const { answer, details } = await handler(subscription, group);
        await app.audit(request, {
          action: `webhookSubscriptions.${action}`,
          targetType: 'webhookSubscription',
          targetId: subscription.id,
          details: { url: subscription.url, ...details },
        });
        if (response[202]) reply.code(202);
        return answer;
      },
    );

  subscriptionAction(
    'rotateSecret',
    'A new signing secret, answered this once; the previous one keeps signing beside it for 24 hours',
    { 200: webhookSubscriptionSchema },
    'secretRotated',
    async (subscription, group) => {
      const rotated = (await repo.rotateSecret(group, subscription.id))!;
      return { answer: rotated, details: { previousSecretUntil: rotated.previousSecretUntil } };
    },
  );
  subscriptionAction(
    'test',
    'Send a test event (webhook.test) through the delivery path now; answers the delivery id (202)',
    { 202: webhookTestSentSchema },
    'tested',
    async (subscription, group) => {
      const deliveryId = (await repo.queueTest(group, subscription.id))!;
      await app.webhookDelivery.wake(subscription.id);
      return { answer: { id: deliveryId }, details: { deliveryId } };
    },
  );
  subscriptionAction(
    'resendFailed',
    'Queue every failed delivery of the subscription again, in order; answers how many',
    { 200: webhookResentSchema },
    'resent',
    async (subscription, group) => {
      const count = (await repo.resendFailed(group, subscription.id))!;
      if (count > 0) await app.webhookDelivery.wake(subscription.id);
      return { answer: { count }, details: { count } };
    },
  );

  app.post<{ Params: { id: number } }>(
    '/webhookDeliveries/:id/resend',
    {
      config: { access: { resource: 'webhookDeliveries', action: 'edit' } },
      schema: {
        tags,
        summary: 'Queue that event again for that subscription (a new delivery, the same webhook-id); answers the new delivery',
        params: idParams,
        response: { 200: webhookDeliverySchema, ...denied },
      },
    },
    async (request) => {
      const resent = await repo.resend(currentGroup(request), request.params.id);
      if (!resent) throw notFound();
      await app.audit(request, {
        action: 'webhookSubscriptions.resent',
        targetType: 'webhookSubscription',
        targetId: resent.subscriptionId,
        details: { eventId: resent.eventId, deliveryId: resent.id, resentOf: request.params.id },
      });
      await app.webhookDelivery.wake(resent.subscriptionId);
      return resent;
    },
  );
}
