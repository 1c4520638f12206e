import type { Db } from '../db/database.js';

/**
 * The database side of the privacy policy (SPEC §7 privacyPolicy): versions
 * of the markdown text (a new version on every publish, numbered by the
 * database) and the users' acceptances of them.
 */
export function privacyRepository(db: Db) {
  return {
    /** The latest version, or undefined before the first one is published. */
    latest() {
      return db.selectFrom('privacy_policies').select(['version', 'policy_text']).orderBy('version', 'desc').limit(1).executeTakeFirst();
    },

    /** Publishes a new version (the next number): answers it. */
    publish(policyText: string, userId: number) {
      return db
        .insertInto('privacy_policies')
        .values({ policy_text: policyText, created_by: userId })
        .returning(['version', 'policy_text'])
        .executeTakeFirstOrThrow();
    },

    /**
     * Records that a user accepted a version (once: accepting it again keeps
     * the first time and address) and that they no longer need to, at once.
     */
    async accept(userId: number, version: number, ip: string, now = new Date()): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('privacy_policy_acceptances')
          .values({ user_id: userId, version, accepted_at: now, ip })
          .onConflict((oc) => oc.columns(['user_id', 'version']).doNothing())
          .execute();
        await trx.updateTable('users').set({ privacy_policy_required: false, updated_at: now }).where('user_id', '=', userId).execute();
      });
    },
  };
}
