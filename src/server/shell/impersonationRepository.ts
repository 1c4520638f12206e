import type { Db } from '../db/database.js';

/** SPEC §4 impersonation: whom an ended impersonation returns to. */
export function impersonationRepository(db: Db) {
  return {
    /** The impersonator's id and whether they are disabled meanwhile, or undefined when they are gone. */
    impersonator(userId: number) {
      return db.selectFrom('users').select(['user_id', 'disabled_at']).where('user_id', '=', userId).executeTakeFirst();
    },
  };
}
