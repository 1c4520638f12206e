import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { ReportLinksTable } from '../db/schema.js';

export type ReportLinkRow = Selectable<ReportLinksTable>;

/**
 * Emailed report links (SPEC §2 reports-download/{id}): one per recipient and
 * run, an unguessable id (24 random bytes, URL-safe), expiring with the run.
 */
export function reportLinks(db: Db) {
  return {
    /** A new link to `runId` for `email`; answers its id (the {linkID} of /reports-download/{linkID}). */
    async create(runId: number, email: string, expiresAt: Date): Promise<string> {
      const linkId = randomBytes(24).toString('base64url');
      await db.insertInto('report_links').values({ link_id: linkId, report_run_id: runId, email, expires_at: expiresAt }).execute();
      return linkId;
    },
    async get(linkId: string): Promise<ReportLinkRow | undefined> {
      return db.selectFrom('report_links').selectAll().where('link_id', '=', linkId).executeTakeFirst();
    },
  };
}
