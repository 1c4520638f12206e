import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { deriveKey } from '../auth/secrets.js';
import { openDatabase, preparedStatementsSetting, type DatabaseHandle } from '../db/database.js';
import { onWebhookDeliveriesQueued, type QueuedDelivery } from '../jobs/webhookEvents.js';
import { deliverer, type Deliverer, type DelivererOptions } from './deliverer.js';
import { checkTarget, type TargetProblem } from './targetAddress.js';
import { webhooksRepository } from './webhooksRepository.js';

/**
 * app.webhookDelivery: the senders of this process (deliverer.ts) on the durable job queue.
 * - `webhooks.deliver` {subscriptionId}: starts the subscription's sender here; queued for a
 *   retry's time (one per subscription and second: a singleton key), and when another process
 *   holds the subscription's lease.
 * - `webhooks.sweep`, every minute and at start-up: wakes each subscription with a delivery due
 *   (a wake lost to a restart or a kill -9, an event committed after its wake).
 * Events emitted in this process (jobs/webhookEvents.ts) start or wake the sender at once.
 * On PostgreSQL the senders' statements go through a pool of their own (WEBHOOKS_DB_CONNECTIONS
 * connections), so they never wait for, nor hold, a connection of the requests' pool.
 */
declare module 'fastify' {
  interface FastifyInstance {
    webhookDelivery: {
      /** Starts (or wakes) the subscription's sender; resolves once it is started, not when it ends. */
      wake(subscriptionId: number): Promise<void>;
      /** A target's problem at save time (targetAddress.ts, with this process's settings), or null. */
      targetProblem(url: string): Promise<TargetProblem | null>;
      deliverer: Deliverer;
    };
  }
}

const QUEUE = 'webhooks.deliver';
const SWEEP_QUEUE = 'webhooks.sweep';
/** Every delivery attempt ends within this (the receiver's answer included). */
const WEBHOOK_TIMEOUT_MS = 10_000;

/** The key that seals the subscriptions' signing secrets at rest. */
export function webhookSealingKey(app: FastifyInstance): Buffer {
  return deriveKey(app.secrets.sessionSecret, 'webhook_subscriptions.secret');
}

/** The xtAdmin users of a group with an email: told when its subscription is disabled. */
async function groupAdmins(app: FastifyInstance, group: number) {
  return app.db
    .selectFrom('users')
    .innerJoin('user_account_groups', 'user_account_groups.user_id', 'users.user_id')
    .select(['users.email', 'users.name', 'users.username', 'users.language'])
    .where('user_account_groups.site_group_num', '=', group)
    .where(sql<boolean>`'xtAdmin' = any(users.auth_flags)`)
    .where('users.disabled_at', 'is', null)
    .where('users.email', 'is not', null)
    .execute();
}

export type WebhookTuning = Partial<Pick<DelivererOptions, 'now' | 'random' | 'lingerMs'>> & {
  /** A shorter timeout, a name resolver stub. */
  post?: Partial<DelivererOptions['post']>;
  /** Nothing starts a sender by itself (no wake, no job, no sweep): the tests run `deliverer.run(id)` and wait for it. */
  manual?: boolean;
};

export const webhooksJobsPlugin = fp(
  async (app: FastifyInstance, { database, ...tuning }: WebhookTuning & { database: DatabaseHandle }) => {
    const repo = webhooksRepository(app.db, webhookSealingKey(app));
    const own =
      database.kind === 'postgres' && database.url
        ? await openDatabase({
            databaseUrl: database.url,
            schema: database.schema,
            maxConnections: app.config.webhooksDbConnections,
            preparedStatements: preparedStatementsSetting(app.config),
            onError: (err, context) => app.log.warn({ err }, `webhook senders' database: ${context}`),
          })
        : null;
    const send = (subscriptionId: number, startAfter?: Date) =>
      app.jobs.send(
        QUEUE,
        { subscriptionId },
        { singletonKey: `webhook-${subscriptionId}`, singletonSeconds: 1, ...(startAfter && { startAfter }) },
      );

    const onDisabled = async (subscriptionId: number, group: number, url: string) => {
      await app.audit.system({
        action: 'webhookSubscriptions.disabled',
        targetType: 'webhookSubscription',
        targetId: subscriptionId,
        details: { url },
      });
      for (const admin of await groupAdmins(app, group)) {
        const t = app.i18n.forRequest(admin.language ?? undefined);
        try {
          await app.outbox.sendEmail({
            to: admin.email!,
            subject: t('webhookNotices.disabled.subject'),
            text: t('webhookNotices.disabled.body', { name: admin.name || admin.username, url, portal: app.config.portalName }),
          });
        } catch (err) {
          app.log.warn({ err, subscriptionId }, 'webhook disabled notice not written to the outbox');
        }
      }
    };

    const senders = deliverer({
      db: own?.db ?? app.db,
      // PGlite's one connection serves the requests too: one sender statement at a time there.
      statements: own ? app.config.webhooksDbConnections : 1,
      repo,
      post: { allowLoopback: app.config.webhooksAllowLoopback, timeoutMs: WEBHOOK_TIMEOUT_MS, ...tuning.post },
      schedule: (id, at) => send(id, at),
      onDisabled,
      ...(tuning.now && { now: tuning.now }),
      ...(tuning.random && { random: tuning.random }),
      ...(tuning.lingerMs !== undefined && { lingerMs: tuning.lingerMs }),
    });
    /** Runs the sender in the background; a sender that finds the lease held elsewhere looks again shortly. */
    const start = (subscriptionId: number, handed?: QueuedDelivery[] | null) => {
      if (tuning.manual) return;
      senders
        .run(subscriptionId, handed)
        .then((outcome) => (outcome === 'busy' ? send(subscriptionId, new Date(Date.now() + 2_000)) : undefined))
        .catch((err: unknown) => app.log.warn({ err, subscriptionId }, 'webhook delivery failed to run'));
    };
    const sweep = async () => {
      const now = (tuning.now ?? (() => new Date()))();
      const due = await app.db
        .selectFrom('webhook_deliveries')
        .innerJoin('webhook_subscriptions', 'webhook_subscriptions.subscription_id', 'webhook_deliveries.subscription_id')
        .select('webhook_deliveries.subscription_id')
        .distinct()
        .where('webhook_deliveries.status', '=', 'pending')
        .where('webhook_subscriptions.status', '=', 'active')
        .where((eb) => eb.or([eb('webhook_deliveries.next_attempt_at', 'is', null), eb('webhook_deliveries.next_attempt_at', '<=', now)]))
        .execute();
      // A sender running here has its own poll (deliverer.ts): waking it would only add a read.
      for (const { subscription_id } of due) if (!senders.runs(subscription_id)) start(subscription_id);
    };

    await app.jobs.work<{ subscriptionId: number }>(QUEUE, async ({ subscriptionId }) => start(subscriptionId), { concurrency: 2 });
    await app.jobs.schedule(SWEEP_QUEUE, '* * * * *', sweep);
    // With Redis, the other processes hear of the deliveries this one queued: a sender of those
    // subscriptions lingering there reads them at once, instead of at its next periodic read.
    const origin = randomUUID();
    const channel = app.redisBus ? await app.redisBus.channel(`${app.config.redisChannel}:webhooks`) : undefined;
    channel?.onMessage((message) => {
      if (message.kind !== 'webhookDeliveries' || message.origin === origin) return;
      for (const id of message.subscriptionIds) senders.wakeToRead(id);
    });
    const unsubscribe = onWebhookDeliveriesQueued((queued) => {
      for (const [id, handed] of queued) start(id, handed);
      if (queued.size && channel)
        channel
          .publish({ kind: 'webhookDeliveries', origin, subscriptionIds: [...queued.keys()] })
          .catch((err: unknown) => app.log.warn({ err }, 'webhook deliveries not announced to the other processes'));
    });
    app.addHook('onReady', async () => {
      await sweep().catch((err: unknown) => app.log.warn({ err }, 'webhook sweep failed'));
    });
    app.addHook('preClose', async () => {
      unsubscribe();
      senders.stop();
    });
    if (own) app.addHook('onClose', () => own.close());
    if (channel) app.addHook('onClose', () => channel.close());
    app.decorate('webhookDelivery', {
      wake: async (subscriptionId: number) => start(subscriptionId),
      targetProblem: async (url: string) => {
        const target = await checkTarget(url, { allowLoopback: app.config.webhooksAllowLoopback }, tuning.post?.resolve);
        return typeof target === 'string' ? target : null;
      },
      deliverer: senders,
    });
  },
  { name: 'webhookDelivery', dependencies: ['jobs'] },
);
