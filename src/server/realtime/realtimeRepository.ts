import type { Db } from '../db/database.js';

/** Session ids per query: well under PostgreSQL's limit of bound parameters. */
const CHUNK = 1000;

/** The database side of the live hubs: the user behind a hub token, and which of the connections' sessions are still open. */
export function realtimeRepository(db: Db) {
  return {
    userById(userId: number) {
      return db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** Those of the sessions that are neither ended nor expired (any number of ids, asked in chunks). */
    async openSessionIds(sessionIds: readonly string[], now = new Date()): Promise<Set<string>> {
      const open = new Set<string>();
      const ids = [...new Set(sessionIds)];
      for (let i = 0; i < ids.length; i += CHUNK) {
        const rows = await db
          .selectFrom('sessions')
          .select('session_id')
          .where('session_id', 'in', ids.slice(i, i + CHUNK))
          .where('ended_at', 'is', null)
          .where('expires_at', '>', now)
          .execute();
        for (const row of rows) open.add(row.session_id);
      }
      return open;
    },
  };
}
