import type { Db } from '../../database.js';

/**
 * dealer.beta's group has one webhook subscription, paused, with a short delivery log: the
 * Integrations page has something to show. It points at a receiver on this machine
 * (http://127.0.0.1:9911/webhooks, allowed in demo mode: WEBHOOKS_ALLOW_LOOPBACK), and is paused
 * so a demo sends nothing until someone starts a receiver there and sets it active. The seed does
 * not know the portal's sealing key: the secret is a placeholder that does not open, so the first
 * thing to do is "rotate secret" (a delivery before that is logged as failed: no secret).
 */
export async function seedDemoWebhooks(trx: Db, { userId, now }: { userId: number; now: number }): Promise<void> {
  const { subscription_id } = await trx
    .insertInto('webhook_subscriptions')
    .values({
      site_group_num: 9993,
      url: 'http://127.0.0.1:9911/webhooks',
      description: 'Dispatch board (demo receiver)',
      event_types: ['alarm.received', 'alarm.restored', 'test.placed', 'test.ended'],
      status: 'paused',
      secret_sealed: 'v1.demo',
      last_delivery_at: new Date(now - 3_600_000),
      last_status: 'delivered',
      created_at: new Date(now - 7 * 86_400_000),
      created_by: userId,
    })
    .returning('subscription_id')
    .executeTakeFirstOrThrow();
  const log = [
    { type: 'test.placed', ago: 5, status: 'delivered', code: 204, attempt: 1, error: null },
    { type: 'alarm.received', ago: 4, status: 'failed', code: 503, attempt: 9, error: 'status 503' },
    { type: 'alarm.received', ago: 3, status: 'delivered', code: 200, attempt: 2, error: null },
    { type: 'test.ended', ago: 1, status: 'delivered', code: 204, attempt: 1, error: null },
  ] as const;
  for (const [i, entry] of log.entries()) {
    const at = new Date(now - entry.ago * 3_600_000);
    const eventId = `msg_demo${String(i + 1).padStart(4, '0')}`;
    await trx
      .insertInto('webhook_events')
      .values({
        event_id: eventId,
        site_group_num: 9993,
        site_num: null,
        type: entry.type,
        payload: JSON.stringify({ demo: true }),
        created_at: at,
      })
      .execute();
    await trx
      .insertInto('webhook_deliveries')
      .values({
        subscription_id,
        event_id: eventId,
        attempt: entry.attempt,
        status: entry.status,
        status_code: entry.code,
        latency_ms: 40 + i * 7,
        response_excerpt: entry.status === 'failed' ? 'Service Unavailable' : '',
        error: entry.error,
        created_at: at,
        attempted_at: at,
      })
      .execute();
  }
}
