import type { Db } from '../db/database.js';

/** SPEC §4 impersonation: whom an ended impersonation returns to. */
export function impersonationRepository(db: Db) {
  return {
    /** The impersonator's id and whether they are disabled meanwhile, or undefined when they are gone. */
    impersonator(userId: number) {
      return db.selectFrom('users').select(['user_id', 'disabled_at']).where('user_id', '=', userId).executeTakeFirst();
    },

    /** The impersonation of this session ended now (the user's /user-account lists when). */
    async ended(sessionId: string, now = new Date()) {
      await db
        .updateTable('impersonations')
        .set({ ended_at: now })
        .where('session_id', '=', sessionId)
        .where('ended_at', 'is', null)
        .execute();
    },
  };
}
