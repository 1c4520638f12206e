import type { StatusBanner } from '../../../schemas/statusBanner.js';
import type { Db } from '../db/database.js';

/** The one row of status_banner (its check constraint allows no other). */
const BANNER_ID = 1;
const COLUMNS = ['active', 'title', 'body', 'importance'] as const;

/** The database side of the status banner (SPEC §7 statusBanner): one row, created by the first save. */
export function bannerRepository(db: Db) {
  return {
    /** The banner, or undefined until one was saved. */
    async get(): Promise<StatusBanner | undefined> {
      return db.selectFrom('status_banner').select(COLUMNS).where('banner_id', '=', BANNER_ID).executeTakeFirst();
    },

    /** Creates or replaces the banner, recording who saved it and when: answers the saved banner. */
    async save(banner: StatusBanner, userId: number, now = new Date()): Promise<StatusBanner> {
      const { active, title, body, importance } = banner;
      const values = { active, title, body, importance, updated_at: now, updated_by: userId };
      return db
        .insertInto('status_banner')
        .values({ banner_id: BANNER_ID, ...values })
        .onConflict((oc) => oc.column('banner_id').doUpdateSet(values))
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
    },
  };
}
