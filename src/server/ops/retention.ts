import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TRUSTED_DEVICE_LIFETIME_MS } from '../auth/trustedDevices.js';
import type { Db } from '../db/database.js';

const DAY_MS = 86_400_000;
const QUEUE = 'retention';
/** Daily at 03:07 UTC (off the hour, when the database is quiet), on pg-boss's cron. */
const DAILY_CRON = '7 3 * * *';

/** What one pass removed, by kind. */
export interface RetentionResult {
  sessions: number;
  mfaCodes: number;
  oneTimeTokens: number;
  trustedDevices: number;
  captchaSolutions: number;
  outboxMessages: number;
  webhookEvents: number;
}

/**
 * Retention: what is spent and older than `days` goes; the audit log is kept whole
 * (it is append-only), and report runs have their own 30-day job (reports/reportJobs.ts).
 * - sessions ended or expired before the cut-off;
 * - MFA codes and one-time links (recovery, registration, report links' codes) used or expired
 *   before it;
 * - remembered devices revoked or expired before it; CAPTCHA solutions expired;
 * - outbox messages (mail and texts as sent) written before it;
 * - webhook events (and with them their delivery log) that happened before it, unless a delivery
 *   of theirs is still pending (a paused subscription's backlog waits for it).
 */
async function pruneExpired(db: Db, days: number, now = new Date()): Promise<RetentionResult> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const count = (rows: { numDeletedRows: bigint }[]) => Number(rows.reduce((n, r) => n + r.numDeletedRows, 0n));
  return db.transaction().execute(async (trx) => ({
    sessions: count(
      await trx
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('ended_at', '<', cutoff), eb('expires_at', '<', cutoff)]))
        .execute(),
    ),
    mfaCodes: count(
      await trx
        .deleteFrom('mfa_codes')
        .where((eb) => eb.or([eb('used_at', '<', cutoff), eb('expires_at', '<', cutoff)]))
        .execute(),
    ),
    oneTimeTokens: count(
      await trx
        .deleteFrom('one_time_tokens')
        .where((eb) => eb.or([eb('used_at', '<', cutoff), eb('expires_at', '<', cutoff)]))
        .execute(),
    ),
    trustedDevices: count(
      await trx
        .deleteFrom('trusted_devices')
        .where((eb) =>
          eb.or([eb('revoked_at', '<', cutoff), eb('created_at', '<', new Date(cutoff.getTime() - TRUSTED_DEVICE_LIFETIME_MS))]),
        )
        .execute(),
    ),
    captchaSolutions: count(await trx.deleteFrom('captcha_solutions').where('expires_at', '<', now).execute()),
    outboxMessages: count(await trx.deleteFrom('outbox_messages').where('created_at', '<', cutoff).execute()),
    webhookEvents: count(
      await trx
        .deleteFrom('webhook_events')
        .where('created_at', '<', cutoff)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('webhook_deliveries')
                .select('delivery_id')
                .whereRef('webhook_deliveries.event_id', '=', 'webhook_events.event_id')
                .where('webhook_deliveries.status', '=', 'pending'),
            ),
          ),
        )
        .execute(),
    ),
  }));
}

declare module 'fastify' {
  interface FastifyInstance {
    retention: { run(now?: Date): Promise<RetentionResult> };
  }
}

/**
 * app.retention: the daily pass on the durable job queue (pg-boss's cron: one per day across all
 * processes, and one at start-up), audited with what it removed. RETENTION_DAYS sets how long (default 30).
 */
export const retentionPlugin = fp(
  async (app: FastifyInstance) => {
    const run = async (now = new Date()) => {
      const removed = await pruneExpired(app.db, app.config.retentionDays, now);
      if (Object.values(removed).some((n) => n > 0)) {
        await app.audit.system({ action: 'retention.pruned', details: { ...removed, days: app.config.retentionDays } });
      }
      return removed;
    };
    await app.jobs.schedule(QUEUE, DAILY_CRON, async () => {
      await run();
    });
    app.addHook('onReady', async () => {
      await app.jobs.send(QUEUE, {}, { singletonKey: 'start', singletonSeconds: 3_600 });
    });
    app.decorate('retention', { run });
  },
  { name: 'retention', dependencies: ['jobs'] },
);
