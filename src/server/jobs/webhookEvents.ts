import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '../../../schemas/integrations.js';
import type { Db } from '../db/database.js';

/**
 * Where the portal's features say that something a dealer's webhooks may want happened (an alarm
 * received, a test placed, an account created, a report finished…). Shared code, beside the
 * jobs that deliver: every feature emits, none imports the webhooks feature.
 *
 * An event is written only when an active subscription of its group takes its type (and its
 * site): one webhook_events row and one pending webhook_deliveries row per such subscription,
 * in the caller's transaction when it passes one, so an event exists exactly when its change
 * does. Whether a group listens at all is remembered for a few seconds per process (most groups
 * have no webhooks; their changes then cost no query), and forgotten at once on any subscription
 * write in this process (webhookListenersChanged); another process's write is seen within
 * LISTENERS_TTL_MS.
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
/** Per group: the event types its active subscriptions take, and until when that answer holds. */
const listening = new Map<number, { types: Set<string>; until: number }>();
/** This process's webhook delivery, told which subscriptions have new deliveries (webhooksPlugin). */
const wakers = new Set<(subscriptionIds: number[]) => void>();

/** Forgets every group's remembered answer: a subscription was created, changed or deleted. */
export function webhookListenersChanged(): void {
  listening.clear();
}

/** Registers this process's delivery; returns its removal (the app closing). */
export function onWebhookDeliveriesQueued(waker: (subscriptionIds: number[]) => void): () => void {
  wakers.add(waker);
  return () => wakers.delete(waker);
}

/** The Standard Webhooks `webhook-id` of a new event. */
export function newWebhookEventId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

async function typesListenedTo(db: Db, groups: number[], now: number): Promise<Map<number, Set<string>>> {
  const unknown = groups.filter((group) => (listening.get(group)?.until ?? 0) <= now);
  if (unknown.length) {
    const rows = await db
      .selectFrom('webhook_subscriptions')
      .select(['site_group_num', 'event_types'])
      .where('site_group_num', 'in', unknown)
      .where('status', '=', 'active')
      .execute();
    for (const group of unknown) listening.set(group, { types: new Set(), until: now + LISTENERS_TTL_MS });
    for (const row of rows) for (const type of row.event_types) listening.get(row.site_group_num)!.types.add(type);
  }
  return new Map(groups.map((group) => [group, listening.get(group)?.types ?? new Set<string>()]));
}

/**
 * Writes the events some active subscription takes, with their pending deliveries; answers the
 * number of deliveries queued. `db` may be the caller's transaction: the deliverers are woken
 * once the caller's work is done (the next turn of the event loop), and a wake that comes before
 * the commit is made good by the deliverers' periodic sweep.
 */
export async function emitWebhookEvents(db: Db, events: readonly WebhookEventInput[], now = new Date()): Promise<number> {
  if (events.length === 0) return 0;
  const listened = await typesListenedTo(db, [...new Set(events.map((e) => e.siteGroupNum))], now.getTime());
  const wanted = events.filter((event) => listened.get(event.siteGroupNum)?.has(event.type));
  if (wanted.length === 0) return 0;

  const subscriptions = await db
    .selectFrom('webhook_subscriptions')
    .select(['subscription_id', 'site_group_num', 'event_types', 'site_nums'])
    .where('site_group_num', 'in', [...new Set(wanted.map((e) => e.siteGroupNum))])
    .where('status', '=', 'active')
    .orderBy('subscription_id')
    .execute();
  const rows = wanted.flatMap((event) => {
    const takers = subscriptions.filter(
      (s) =>
        s.site_group_num === event.siteGroupNum &&
        s.event_types.includes(event.type) &&
        (s.site_nums.length === 0 || (event.siteNum !== null && s.site_nums.includes(event.siteNum))),
    );
    return takers.length ? [{ event, id: newWebhookEventId(), takers: takers.map((s) => s.subscription_id) }] : [];
  });
  if (rows.length === 0) return 0;

  await db
    .insertInto('webhook_events')
    .values(
      rows.map(({ event, id }) => ({
        event_id: id,
        site_group_num: event.siteGroupNum,
        site_num: event.siteNum,
        type: event.type,
        payload: JSON.stringify(event.data),
        created_at: now,
      })),
    )
    .execute();
  const deliveries = rows.flatMap(({ id, takers }) =>
    takers.map((subscription_id) => ({ subscription_id, event_id: id, created_at: now })),
  );
  await db.insertInto('webhook_deliveries').values(deliveries).execute();
  const woken = [...new Set(deliveries.map((d) => d.subscription_id))];
  setImmediate(() => {
    for (const wake of wakers) wake(woken);
  });
  return deliveries.length;
}

/** One event (emitWebhookEvents). */
export function emitWebhookEvent(db: Db, event: WebhookEventInput, now = new Date()): Promise<number> {
  return emitWebhookEvents(db, [event], now);
}
