import type { ClassicUser } from '../../../schemas/dealer.js';
import { APPLICATION } from '../../common/constants.js';
import { randomToken, sha256 } from '../auth/secrets.js';
import type { Db } from '../db/database.js';
import { CLASSIC_KEY_KIND, CLASSIC_KEY_TTL_MS } from './classicKeys.js';

/** The database side of the classic portal handoff: the one-time keys (classicKeys.ts) in one_time_tokens. */
export function classicRepository(db: Db) {
  return {
    /** A new key for a dealer: 256 random bits, only its SHA-256 stored, valid CLASSIC_KEY_TTL_MS. */
    async issueKey(userId: number, now = new Date()): Promise<string> {
      const key = randomToken(32);
      await db
        .insertInto('one_time_tokens')
        .values({
          token_hash: sha256(key),
          kind: CLASSIC_KEY_KIND,
          user_id: userId,
          payload: '{}',
          created_at: now,
          expires_at: new Date(now.getTime() + CLASSIC_KEY_TTL_MS),
        })
        .execute();
      return key;
    },

    /**
     * Spends a key (one atomic update: of two racing redemptions only one wins)
     * and answers whose it was; undefined when it is unknown, used, expired, or
     * its user can no longer use the classic portal.
     */
    async redeemKey(key: string, now = new Date()): Promise<(ClassicUser & { userId: number }) | undefined> {
      if (!key || key.length > 512) return undefined;
      const spent = await db
        .updateTable('one_time_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', sha256(key))
        .where('kind', '=', CLASSIC_KEY_KIND)
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
    },
  };
}
