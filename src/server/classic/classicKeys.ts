import type { ClassicUser } from '../../../schemas/dealer.js';
import { APPLICATION } from '../../common/constants.js';
import { randomToken, sha256 } from '../auth/secrets.js';
import type { Db } from '../db/database.js';

/**
 * One-time keys that carry a dealer from the portal to the classic dealer
 * portal (SPEC §4 'A one-time key is created, Redirecting... is shown and the
 * browser navigates there'): 256 random bits, only the SHA-256 stored in
 * one_time_tokens (kind 'classic'), valid 60 seconds, spent once.
 */
const CLASSIC_KEY_TTL_MS = 60_000;
const KIND = 'classic';

export async function issueClassicKey(db: Db, userId: number, now = new Date()): Promise<string> {
  const key = randomToken(32);
  await db
    .insertInto('one_time_tokens')
    .values({
      token_hash: sha256(key),
      kind: KIND,
      user_id: userId,
      payload: '{}',
      created_at: now,
      expires_at: new Date(now.getTime() + CLASSIC_KEY_TTL_MS),
    })
    .execute();
  return key;
}

/** The classic portal's address with the key appended (keeping any query it already has). */
export function classicUrl(portalUrl: string, key: string): string {
  const url = new URL(portalUrl);
  url.searchParams.set('key', key);
  return url.href;
}

/**
 * Spends a key (one atomic update: of two racing redemptions only one wins)
 * and answers whose it was; undefined when it is unknown, used, expired, or
 * its user can no longer use the classic portal.
 */
export async function redeemClassicKey(db: Db, key: string, now = new Date()): Promise<(ClassicUser & { userId: number }) | undefined> {
  if (!key || key.length > 512) return undefined;
  const spent = await db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', sha256(key))
    .where('kind', '=', KIND)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  if (!spent?.user_id) return undefined;
  const user = await db
    .selectFrom('users')
    .select(['user_id', 'username', 'name', 'email', 'dealer_number', 'current_site_group_num', 'application_num', 'disabled_at'])
    .where('user_id', '=', spent.user_id)
    .executeTakeFirst();
  if (!user || user.disabled_at || user.application_num !== APPLICATION.dealer) return undefined;
  return {
    userId: user.user_id,
    username: user.username,
    name: user.name,
    email: user.email,
    dealerNumber: user.dealer_number,
    siteGroupNum: user.current_site_group_num,
  };
}
