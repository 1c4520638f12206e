import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * Sign-in throttling per account and per address, with growing delays: after
 * `freeFailures` consecutive failures each further one blocks the key for
 * twice as long as the last, up to `maxDelayMs`. A success clears the key.
 * Nothing is ever locked for good, so a stranger cannot lock an owner out for
 * longer than the cap.
 */
export interface ThrottlePolicy {
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const ACCOUNT_POLICY: ThrottlePolicy = { freeFailures: 5, baseDelayMs: 1000, maxDelayMs: 15 * 60_000 };
export const ADDRESS_POLICY: ThrottlePolicy = { freeFailures: 20, baseDelayMs: 1000, maxDelayMs: 15 * 60_000 };

/** How long a key is blocked after its `failures`-th consecutive failure. */
export function delayAfter(failures: number, policy: ThrottlePolicy): number {
  if (failures <= policy.freeFailures) return 0;
  return Math.min(policy.baseDelayMs * 2 ** (failures - policy.freeFailures - 1), policy.maxDelayMs);
}

export function throttle(db: Db) {
  return {
    async isBlocked(keys: string[], now = new Date()): Promise<boolean> {
      const row = await db
        .selectFrom('login_throttle')
        .select('throttle_key')
        .where('throttle_key', 'in', keys)
        .where('blocked_until', '>', now)
        .executeTakeFirst();
      return !!row;
    },

    async fail(entries: { key: string; policy: ThrottlePolicy }[], now = new Date()): Promise<void> {
      for (const { key, policy } of entries) {
        const { failures } = await db
          .insertInto('login_throttle')
          .values({ throttle_key: key, failures: 1, last_failure_at: now })
          .onConflict((oc) => oc.column('throttle_key').doUpdateSet({ failures: sql`login_throttle.failures + 1`, last_failure_at: now }))
          .returning('failures')
          .executeTakeFirstOrThrow();
        const delay = delayAfter(failures, policy);
        if (delay) {
          await db
            .updateTable('login_throttle')
            .set({ blocked_until: new Date(now.getTime() + delay) })
            .where('throttle_key', '=', key)
            .execute();
        }
      }
    },

    async succeed(keys: string[]): Promise<void> {
      await db.deleteFrom('login_throttle').where('throttle_key', 'in', keys).execute();
    },
  };
}
