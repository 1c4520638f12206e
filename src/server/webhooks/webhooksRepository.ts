import { sql, type Selectable } from 'kysely';
import type {
  WEBHOOK_DELIVERY_SORT_FIELDS,
  WEBHOOK_SUBSCRIPTION_SORT_FIELDS,
  WebhookDelivery,
  WebhookDeliveryFilter,
  WebhookEventType,
  WebhookSubscription,
  WebhookSubscriptionFilter,
  WebhookSubscriptionInput,
} from '../../../schemas/integrations.js';
import { seal, unseal } from '../auth/secrets.js';
import type { Db } from '../db/database.js';
import { containsPattern, iso, listPage } from '../db/listing.js';
import type { WebhookDeliveriesTable, WebhookSubscriptionsTable } from '../db/schema.js';
import { newWebhookEventId, webhookListenersChanged } from '../jobs/webhookEvents.js';
import { newWebhookSecret, type SigningSecrets } from './signing.js';

type SubscriptionRow = Selectable<WebhookSubscriptionsTable> & { created_by_username: string | null };
type DeliveryRow = Selectable<WebhookDeliveriesTable> & { type: string };

/** How long the secret before a rotation keeps signing beside the new one. */
const ROTATION_OVERLAP_MS = 24 * 3_600_000;

const SUBSCRIPTION_SORT = {
  id: 'subscription_id',
  url: 'url',
  status: 'status',
  createdAt: 'created_at',
  lastDeliveryAt: 'last_delivery_at',
} as const satisfies Record<(typeof WEBHOOK_SUBSCRIPTION_SORT_FIELDS)[number], keyof WebhookSubscriptionsTable>;

const DELIVERY_SORT = {
  id: 'delivery_id',
  createdAt: 'created_at',
  attemptedAt: 'attempted_at',
  status: 'status',
} as const satisfies Record<(typeof WEBHOOK_DELIVERY_SORT_FIELDS)[number], keyof WebhookDeliveriesTable>;

const sealContext = (id: number) => `webhook_subscription:${id}`;

function toSubscription(row: SubscriptionRow, secret: string | null = null): WebhookSubscription {
  return {
    id: row.subscription_id,
    url: row.url,
    description: row.description,
    eventTypes: row.event_types as WebhookEventType[],
    siteNums: row.site_nums,
    status: row.status,
    secret,
    previousSecretUntil: iso(row.previous_secret_until),
    createdAt: iso(row.created_at),
    createdBy: row.created_by_username,
    lastDeliveryAt: iso(row.last_delivery_at),
    lastStatus: row.last_status,
    failingSince: iso(row.failing_since),
    disabledAt: iso(row.disabled_at),
  };
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: Number(row.delivery_id),
    subscriptionId: row.subscription_id,
    eventId: row.event_id,
    eventType: row.type as WebhookDelivery['eventType'],
    attempt: row.attempt,
    status: row.status,
    statusCode: row.status_code,
    latencyMs: row.latency_ms,
    responseExcerpt: row.response_excerpt,
    error: row.error,
    createdAt: iso(row.created_at),
    attemptedAt: iso(row.attempted_at),
    nextAttemptAt: iso(row.next_attempt_at),
  };
}

interface ListOptions<F, S> {
  filter: F;
  sort?: { field: S; order: 'asc' | 'desc' };
  offset: number;
  limit: number;
}

/** Every query of a group's webhook subscriptions and their delivery log; the group is the tenant scope of each call. */
export function webhooksRepository(db: Db, sealingKey: Buffer) {
  const selectSubscriptions = (group: number) =>
    db
      .selectFrom('webhook_subscriptions')
      .leftJoin('users', 'users.user_id', 'webhook_subscriptions.created_by')
      .where('webhook_subscriptions.site_group_num', '=', group)
      .selectAll('webhook_subscriptions')
      .select('users.username as created_by_username');
  const getSubscription = async (group: number, id: number, secret: string | null = null) => {
    const row = await selectSubscriptions(group).where('webhook_subscriptions.subscription_id', '=', id).executeTakeFirst();
    return row && toSubscription(row, secret);
  };
  const selectDeliveries = (group: number) =>
    db
      .selectFrom('webhook_deliveries')
      .innerJoin('webhook_subscriptions', 'webhook_subscriptions.subscription_id', 'webhook_deliveries.subscription_id')
      .innerJoin('webhook_events', 'webhook_events.event_id', 'webhook_deliveries.event_id')
      .where('webhook_subscriptions.site_group_num', '=', group);

  return {
    async list(group: number, { filter, sort, offset, limit }: ListOptions<WebhookSubscriptionFilter, keyof typeof SUBSCRIPTION_SORT>) {
      let query = db.selectFrom('webhook_subscriptions').where('site_group_num', '=', group);
      if (filter.q?.trim()) {
        const pattern = containsPattern(filter.q.trim());
        query = query.where((eb) => eb.or([eb('url', 'ilike', pattern), eb('description', 'ilike', pattern)]));
      }
      if (filter.status) query = query.where('status', '=', filter.status);
      if (filter.id) query = query.where('subscription_id', 'in', filter.id.length ? filter.id : [-1]);
      const { field = 'id', order = 'desc' } = sort ?? {};
      let page = query
        .leftJoin('users', 'users.user_id', 'webhook_subscriptions.created_by')
        .selectAll('webhook_subscriptions')
        .select('users.username as created_by_username');
      if (field !== 'id') {
        page = page.orderBy(sql.ref(`webhook_subscriptions.${SUBSCRIPTION_SORT[field]}`), (ob) =>
          order === 'asc' ? ob.asc().nullsLast() : ob.desc().nullsLast(),
        );
      }
      const { rows, total } = await listPage(page.orderBy('webhook_subscriptions.subscription_id', order), query, { offset, limit });
      return { total, items: rows.map((row) => toSubscription(row)) };
    },

    get: (group: number, id: number) => getSubscription(group, id),

    /** A new subscription; the answer holds its signing secret, the one time it is shown. */
    async create(group: number, input: WebhookSubscriptionInput, userId: number | null): Promise<WebhookSubscription> {
      const secret = newWebhookSecret();
      const { id } = await sql<{
        id: number;
      }>`select nextval(pg_get_serial_sequence('webhook_subscriptions', 'subscription_id'))::int as id`
        .execute(db)
        .then((result) => result.rows[0]);
      await db
        .insertInto('webhook_subscriptions')
        .values({
          subscription_id: id,
          site_group_num: group,
          url: input.url.trim(),
          description: input.description?.trim() || null,
          event_types: [...input.eventTypes],
          site_nums: [...(input.siteNums ?? [])],
          status: input.status ?? 'active',
          secret_sealed: seal(sealingKey, secret, sealContext(id)),
          created_by: userId,
        })
        .execute();
      webhookListenersChanged();
      return (await getSubscription(group, id, secret))!;
    },

    /** Changes what the input says; setting a disabled subscription active again starts it afresh. */
    async update(group: number, id: number, input: WebhookSubscriptionInput): Promise<WebhookSubscription | undefined> {
      const reactivate = input.status === 'active';
      await db
        .updateTable('webhook_subscriptions')
        .set({
          url: input.url.trim(),
          description: input.description?.trim() || null,
          event_types: [...input.eventTypes],
          site_nums: [...(input.siteNums ?? [])],
          ...(input.status && { status: input.status }),
          ...(reactivate && { disabled_at: null, failing_since: null }),
        })
        .where('site_group_num', '=', group)
        .where('subscription_id', '=', id)
        .execute();
      webhookListenersChanged();
      return getSubscription(group, id);
    },

    /** Deletes a subscription and its log; answers it as it was. */
    async remove(group: number, id: number): Promise<WebhookSubscription | undefined> {
      const before = await getSubscription(group, id);
      if (!before) return undefined;
      await db.deleteFrom('webhook_subscriptions').where('site_group_num', '=', group).where('subscription_id', '=', id).execute();
      webhookListenersChanged();
      return before;
    },

    /** A new secret; the one before keeps signing for ROTATION_OVERLAP_MS. Answers the subscription with the new secret. */
    async rotateSecret(group: number, id: number, now = new Date()): Promise<WebhookSubscription | undefined> {
      const row = await db
        .selectFrom('webhook_subscriptions')
        .select('secret_sealed')
        .where('site_group_num', '=', group)
        .where('subscription_id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const secret = newWebhookSecret();
      await db
        .updateTable('webhook_subscriptions')
        .set({
          secret_sealed: seal(sealingKey, secret, sealContext(id)),
          previous_secret_sealed: row.secret_sealed,
          previous_secret_until: new Date(now.getTime() + ROTATION_OVERLAP_MS),
        })
        .where('subscription_id', '=', id)
        .execute();
      return getSubscription(group, id, secret);
    },

    async listDeliveries(group: number, { filter, sort, offset, limit }: ListOptions<WebhookDeliveryFilter, keyof typeof DELIVERY_SORT>) {
      let query = selectDeliveries(group);
      if (filter.subscriptionId) query = query.where('webhook_deliveries.subscription_id', '=', filter.subscriptionId);
      if (filter.status) query = query.where('webhook_deliveries.status', '=', filter.status);
      if (filter.eventType) query = query.where('webhook_events.type', '=', filter.eventType);
      if (filter.id) query = query.where('webhook_deliveries.delivery_id', 'in', filter.id.length ? filter.id : [-1]);
      const { field = 'id', order = 'desc' } = sort ?? {};
      let page = query.selectAll('webhook_deliveries').select('webhook_events.type');
      if (field !== 'id') {
        page = page.orderBy(sql.ref(`webhook_deliveries.${DELIVERY_SORT[field]}`), (ob) =>
          order === 'asc' ? ob.asc().nullsLast() : ob.desc().nullsLast(),
        );
      }
      const { rows, total } = await listPage(page.orderBy('webhook_deliveries.delivery_id', order), query, { offset, limit });
      return { total, items: rows.map(toDelivery) };
    },

    async getDelivery(group: number, id: number): Promise<WebhookDelivery | undefined> {
      const row = await selectDeliveries(group)
        .selectAll('webhook_deliveries')
        .select('webhook_events.type')
        .where('webhook_deliveries.delivery_id', '=', id)
        .executeTakeFirst();
      return row && toDelivery(row);
    },

    /**
     * Queues an event again for a subscription of the group: a new pending delivery (same
     * webhook-id, so a receiver that had it can tell), after the subscription's others.
     */
    async resend(group: number, deliveryId: number): Promise<WebhookDelivery | undefined> {
      const old = await this.getDelivery(group, deliveryId);
      if (!old) return undefined;
      const { delivery_id } = await db
        .insertInto('webhook_deliveries')
        .values({ subscription_id: old.subscriptionId, event_id: old.eventId })
        .returning('delivery_id')
        .executeTakeFirstOrThrow();
      return this.getDelivery(group, Number(delivery_id));
    },

    /**
     * Queues every failed delivery of a subscription again, in their order (each failed row
     * stays in the log; an event already queued again is not queued twice); answers how many, or
     * undefined for no such subscription.
     */
    async resendFailed(group: number, subscriptionId: number): Promise<number | undefined> {
      if (!(await getSubscription(group, subscriptionId))) return undefined;
      const failed = await db
        .selectFrom('webhook_deliveries as failed')
        .select('failed.event_id')
        .where('failed.subscription_id', '=', subscriptionId)
        .where('failed.status', '=', 'failed')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('webhook_deliveries as later')
                .select('later.delivery_id')
                .whereRef('later.subscription_id', '=', 'failed.subscription_id')
                .whereRef('later.event_id', '=', 'failed.event_id')
                .whereRef('later.delivery_id', '>', 'failed.delivery_id'),
            ),
          ),
        )
        .orderBy('failed.delivery_id')
        .execute();
      if (failed.length === 0) return 0;
      await db
        .insertInto('webhook_deliveries')
        .values(failed.map(({ event_id }) => ({ subscription_id: subscriptionId, event_id })))
        .execute();
      return failed.length;
    },

    /** A test event for one subscription, queued behind its others; answers the delivery's id. */
    async queueTest(group: number, subscriptionId: number, now = new Date()): Promise<number | undefined> {
      const subscription = await getSubscription(group, subscriptionId);
      if (!subscription) return undefined;
      const eventId = newWebhookEventId();
      await db
        .insertInto('webhook_events')
        .values({
          event_id: eventId,
          site_group_num: group,
          site_num: null,
          type: 'webhook.test',
          payload: JSON.stringify({ subscriptionId, message: 'A test event sent from the portal.' }),
          created_at: now,
        })
        .execute();
      const { delivery_id } = await db
        .insertInto('webhook_deliveries')
        .values({ subscription_id: subscriptionId, event_id: eventId, created_at: now })
        .returning('delivery_id')
        .executeTakeFirstOrThrow();
      return Number(delivery_id);
    },

    /** The secrets that sign the subscription's deliveries. */
    secretsOf(
      row: Pick<
        Selectable<WebhookSubscriptionsTable>,
        'subscription_id' | 'secret_sealed' | 'previous_secret_sealed' | 'previous_secret_until'
      >,
    ): SigningSecrets {
      const context = sealContext(row.subscription_id);
      const current = unseal(sealingKey, row.secret_sealed, context);
      if (current === undefined) throw new Error(`webhook subscription ${row.subscription_id}: the secret does not open`);
      return {
        current,
        previous: row.previous_secret_sealed ? (unseal(sealingKey, row.previous_secret_sealed, context) ?? null) : null,
        previousUntil: row.previous_secret_until ? new Date(row.previous_secret_until) : null,
      };
    },
  };
}

export type WebhooksRepository = ReturnType<typeof webhooksRepository>;
