import { sql, type Kysely } from 'kysely';

/**
 * Outbound webhooks (src/server/webhooks): a group's subscriptions, the events to send and one
 * delivery row per event and subscription.
 *
 * - webhook_subscriptions: the signing secret is sealed (AES-GCM, auth/secrets.ts `seal`, the
 *   subscription's id as context); a rotation keeps the previous one signing until
 *   previous_secret_until. failing_since is the first failure since the last success; a day of
 *   it sets status 'disabled' and disabled_at. lease_until: while a process sends the
 *   subscription's deliveries (one sender at a time keeps them in order across processes).
 * - webhook_events: one row per event that at least one subscription listened to when it
 *   happened; event_id is the Standard Webhooks `webhook-id` (msg_…), the same on every attempt.
 * - webhook_deliveries: the queue and the log at once. A subscription's pending rows are sent in
 *   delivery_id order, one at a time (the next waits for the one before to be delivered or given
 *   up); each attempt updates its row (attempt, status, status code, latency, excerpt, error).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table webhook_subscriptions (
      subscription_id serial primary key,
      site_group_num integer not null references account_groups on delete cascade,
      url text not null,
      description text,
      event_types text[] not null,
      site_nums integer[] not null default '{}',
      status text not null default 'active' check (status in ('active', 'paused', 'disabled')),
      secret_sealed text not null,
      previous_secret_sealed text,
      previous_secret_until timestamptz,
      failing_since timestamptz,
      disabled_at timestamptz,
      last_delivery_at timestamptz,
      last_status text check (last_status in ('delivered', 'failed')),
      lease_until timestamptz,
      created_at timestamptz not null default now(),
      created_by integer references users on delete set null
    );
    create index webhook_subscriptions_group on webhook_subscriptions (site_group_num, subscription_id);

    create table webhook_events (
      event_id text primary key,
      site_group_num integer not null references account_groups on delete cascade,
      site_num integer,
      type text not null,
      payload jsonb not null,
      created_at timestamptz not null default now()
    );
    create index webhook_events_created on webhook_events (created_at);

    create table webhook_deliveries (
      delivery_id bigserial primary key,
      subscription_id integer not null references webhook_subscriptions on delete cascade,
      event_id text not null references webhook_events on delete cascade,
      attempt integer not null default 0,
      status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
      status_code integer,
      latency_ms integer,
      response_excerpt text,
      error text,
      created_at timestamptz not null default now(),
      attempted_at timestamptz,
      next_attempt_at timestamptz
    );
    -- The worker: a subscription's next pending deliveries, in order.
    create index webhook_deliveries_pending on webhook_deliveries (subscription_id, delivery_id) where status = 'pending';
    -- The delivery log: a subscription's rows, newest first, by status.
    create index webhook_deliveries_log on webhook_deliveries (subscription_id, status, delivery_id);
    create index webhook_deliveries_event on webhook_deliveries (event_id);
    create index webhook_deliveries_created on webhook_deliveries (created_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table webhook_deliveries; drop table webhook_events; drop table webhook_subscriptions;`.execute(db);
}
