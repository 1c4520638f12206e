import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '../../../schemas/integrations.js';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * Where the portal's features say that something a dealer's webhooks may want happened (an alarm
 * received, a test placed, an account created, a report finished…). Shared code, beside the
 * jobs that deliver: every feature emits, none imports the webhooks feature.
 *
 * An event is written only when an active subscription of its group takes its type (and its
 * site): one webhook_events row and one pending webhook_deliveries row per such subscription,
 * in the caller's transaction when it passes one, so an event exists exactly when its change
 * does. A group's active subscriptions (what each takes) are remembered for a few seconds per
 * process (most groups have no webhooks, their changes then cost no query; a busy group's
 * ingest then costs one statement), and forgotten at once on any subscription write in this
 * process (webhookListenersChanged); another process's write is seen within LISTENERS_TTL_MS.
 */
export interface WebhookEventInput {
  siteGroupNum: number;
  /** The site the event is about; null for a group's event (a report). */
  siteNum: number | null;
  type: WebhookEventType;
  /** The event's `data` (docs/integrations.md lists each type's fields). */
  data: Record<string, unknown>;
}

const LISTENERS_TTL_MS = 5_000;
interface Listener {
  subscription_id: number;
  event_types: string[];
  site_nums: number[];
}
/** Per group: its active subscriptions (what each takes), and until when that answer holds. */
const listening = new Map<number, { subscriptions: Listener[]; until: number }>();
/** A new pending delivery as its sender would read it (deliverer.ts), handed over once committed. */
export interface QueuedDelivery {
  delivery_id: number;
  event_id: string;
  attempt: number;
  created_at: Date;
  next_attempt_at: null;
  type: string;
  payload: unknown;
  event_at: Date;
}
/**
 * Per subscription with new deliveries: those deliveries, in order, when they are committed (the
 * emit ran on its own), or null when they are in a caller's transaction (the sender reads them).
 */
export type QueuedDeliveries = Map<number, QueuedDelivery[] | null>;
/**
 * This process's webhook delivery, told which subscriptions have new deliveries (webhooksPlugin),
 * and when the statement that wrote them returned (Date.now(); committed unless in a caller's
 * transaction): the benchmark measures from it.
 */
type Waker = (queued: QueuedDeliveries, writtenAt: number) => void;
const wakers = new Set<Waker>();

/** Forgets every group's remembered answer: a subscription was created, changed or deleted. */
export function webhookListenersChanged(): void {
  listening.clear();
}

/** Registers this process's delivery; returns its removal (the app closing). */
export function onWebhookDeliveriesQueued(waker: Waker): () => void {
  wakers.add(waker);
  return () => wakers.delete(waker);
}

/** The Standard Webhooks `webhook-id` of a new event. */
export function newWebhookEventId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

async function listenersOf(db: Db, groups: number[], now: number): Promise<Map<number, Listener[]>> {
  const unknown = groups.filter((group) => (listening.get(group)?.until ?? 0) <= now);
  if (unknown.length) {
    const rows = await db
      .selectFrom('webhook_subscriptions')
      .select(['subscription_id', 'site_group_num', 'event_types', 'site_nums'])
      .where('site_group_num', 'in', unknown)
      .where('status', '=', 'active')
      .orderBy('subscription_id')
      .execute();
    for (const group of unknown) listening.set(group, { subscriptions: [], until: now + LISTENERS_TTL_MS });
    for (const row of rows) listening.get(row.site_group_num)!.subscriptions.push(row);
  }
  return new Map(groups.map((group) => [group, listening.get(group)?.subscriptions ?? []]));
}

/**
 * A value with its objects' keys in jsonb's order (shorter first, then by bytes): a delivery handed
 * over has the body that a read of its stored payload would give, so a retry sends the same bytes.
 */
function inJsonbOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inJsonbOrder);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const keys = Object.keys(value).sort((a, b) => a.length - b.length || Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return Object.fromEntries(keys.map((key) => [key, inJsonbOrder((value as Record<string, unknown>)[key])]));
}

/**
 * Writes the events some active subscription takes, with their pending deliveries; answers the
 * number of deliveries queued. The deliverers are woken once the caller's work is done (the next
 * turn of the event loop). On its own (`db` not a transaction) the statement has committed, and
 * the new deliveries are handed to their senders, which then need not read them. `db` may be the
 * caller's transaction: the senders are only woken to read, and a wake that comes before the
 * commit is made good by their second look (deliverer.ts) or the periodic sweep.
 */
export async function emitWebhookEvents(db: Db, events: readonly WebhookEventInput[], now = new Date()): Promise<number> {
  if (events.length === 0) return 0;
  const listeners = await listenersOf(db, [...new Set(events.map((e) => e.siteGroupNum))], now.getTime());
  const rows = events.flatMap((event) => {
    const takers = (listeners.get(event.siteGroupNum) ?? []).filter(
      (s) =>
        s.event_types.includes(event.type) && (s.site_nums.length === 0 || (event.siteNum !== null && s.site_nums.includes(event.siteNum))),
    );
    return takers.length ? [{ event, id: newWebhookEventId(), takers: takers.map((s) => s.subscription_id) }] : [];
  });
  if (rows.length === 0) return 0;

  // One statement: the events, then their deliveries in event order (the delivery ids are each
  // subscription's order). A subscription deleted or disabled by another process since it was
  // remembered gets none.
  const deliveries = rows.flatMap(({ id, takers }) => takers.map((subscription) => ({ subscription, id })));
  const { rows: queued } = await sql<{ subscription_id: number; delivery_id: number | string; event_id: string }>`
    with events as (
      insert into webhook_events (event_id, site_group_num, site_num, type, payload, created_at)
      select * from unnest(
        ${rows.map((r) => r.id)}::text[], ${rows.map((r) => r.event.siteGroupNum)}::int[], ${rows.map((r) => r.event.siteNum)}::int[],
        ${rows.map((r) => r.event.type)}::text[], ${rows.map((r) => JSON.stringify(r.event.data))}::jsonb[], array_fill(${now}::timestamptz, array[${rows.length}::int])
      )
      returning 1
    )
    insert into webhook_deliveries (subscription_id, event_id, created_at)
    select v.subscription_id, v.event_id, ${now}::timestamptz
    from unnest(${deliveries.map((d) => d.subscription)}::int[], ${deliveries.map((d) => d.id)}::text[]) with ordinality as v(subscription_id, event_id, n)
    join webhook_subscriptions s on s.subscription_id = v.subscription_id and s.status = 'active'
    order by v.n
    returning subscription_id, delivery_id, event_id`.execute(db);
  const writtenAt = Date.now();
  const committed = !db.isTransaction;
  const byId = new Map(rows.map(({ id, event }) => [id, event]));
  const handed: QueuedDeliveries = new Map();
  for (const d of queued) {
    if (!committed) {
      handed.set(d.subscription_id, null);
      continue;
    }
    const event = byId.get(d.event_id)!;
    const list = handed.get(d.subscription_id) ?? [];
    list.push({
      delivery_id: Number(d.delivery_id),
      event_id: d.event_id,
      attempt: 0,
      created_at: now,
      next_attempt_at: null,
      type: event.type,
      payload: inJsonbOrder(event.data),
      event_at: now,
    });
    handed.set(d.subscription_id, list);
  }
  for (const list of handed.values()) list?.sort((a, b) => a.delivery_id - b.delivery_id);
  setImmediate(() => {
    for (const wake of wakers) wake(handed, writtenAt);
  });
  return queued.length;
}

/** One event (emitWebhookEvents). */
export function emitWebhookEvent(db: Db, event: WebhookEventInput, now = new Date()): Promise<number> {
  return emitWebhookEvents(db, [event], now);
}
