import type { PrivacyPolicyFilter, PrivacyPolicyVersion, PRIVACY_POLICY_SORT_FIELDS } from '../../../schemas/privacyPolicy.js';
import type { Db } from '../db/database.js';
import { iso, listPage } from '../db/listing.js';

type SortField = (typeof PRIVACY_POLICY_SORT_FIELDS)[number];

export interface PrivacyPolicyListOptions {
  filter: PrivacyPolicyFilter;
  /** Every sort field follows the publishing order: only the direction matters (newest first by default). */
  sort?: { field: SortField; order: 'asc' | 'desc' };
  offset: number;
  limit: number;
}

/** A version with who published it and when, the text only when asked for. */
function selectVersions(db: Db) {
  return db
    .selectFrom('privacy_policies as p')
    .leftJoin('users as u', 'u.user_id', 'p.created_by')
    .select(['p.version', 'p.created_at', 'u.name as published_by']);
}

function toVersion(row: { version: number; created_at: Date; published_by: string | null; policy_text?: string }): PrivacyPolicyVersion {
  return {
    id: row.version,
    version: row.version,
    publishedAt: iso(row.created_at),
    publishedBy: row.published_by,
    ...(row.policy_text !== undefined && { policyText: row.policy_text }),
  };
}

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

    /**
     * Publishes a new version (the next number) and answers it. In the same transaction every
     * user is marked to accept it at their next sign-in (SPEC §4 login steps: the pending flag
     * `privacy_policy_required` is what sign-in and support's status read), so no sign-in after the
     * publish goes without being asked. Users created later are created with the flag set.
     */
    publish(policyText: string, userId: number, now = new Date()): Promise<PrivacyPolicyVersion & { policyText: string }> {
      return db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('privacy_policies')
          .values({ policy_text: policyText, created_by: userId, created_at: now })
          .returning(['version', 'policy_text', 'created_at'])
          .executeTakeFirstOrThrow();
        // Every row, pending or not: the update then waits for an acceptance under way (accept locks
        // the user's row first) and sets the flag after it, where skipping pending rows would let that
        // acceptance of the older version clear it.
        await trx.updateTable('users').set({ privacy_policy_required: true }).execute();
        const publisher = await trx.selectFrom('users').select('name').where('user_id', '=', userId).executeTakeFirst();
        return { ...toVersion({ ...created, published_by: publisher?.name ?? null }), policyText: created.policy_text };
      });
    },

    /** The versions, newest first unless asked otherwise, without their texts; with the total. */
    async list({ filter, sort, offset, limit }: PrivacyPolicyListOptions): Promise<{ items: PrivacyPolicyVersion[]; total: number }> {
      let query = selectVersions(db);
      if (filter.id) query = query.where('p.version', 'in', filter.id.length ? filter.id : [-1]);
      const { rows, total } = await listPage(query.orderBy('p.version', sort?.order ?? 'desc'), query, { offset, limit });
      return { items: rows.map(toVersion), total };
    },

    /** One version with its text, or undefined. */
    async get(version: number): Promise<(PrivacyPolicyVersion & { policyText: string }) | undefined> {
      const row = await selectVersions(db).select('p.policy_text').where('p.version', '=', version).executeTakeFirst();
      return row && { ...toVersion(row), policyText: row.policy_text };
    },

    /**
     * Records that a user accepted a version (once: accepting it again keeps the first time and
     * address) and, when it is still the latest, that they no longer need to. The user's row is
     * locked first: a publish under way has then either committed (its version is seen below and the
     * flag stays set) or waits for this transaction and sets the flag after it.
     */
    async accept(userId: number, version: number, ip: string, now = new Date()): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('user_id').where('user_id', '=', userId).forUpdate().execute();
        await trx
          .insertInto('privacy_policy_acceptances')
          .values({ user_id: userId, version, accepted_at: now, ip })
          .onConflict((oc) => oc.columns(['user_id', 'version']).doNothing())
          .execute();
        await trx
          .updateTable('users')
          .set({ privacy_policy_required: false, updated_at: now })
          .where('user_id', '=', userId)
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('privacy_policies').select('version').where('version', '>', version))),
          )
          .execute();
      });
    },
  };
}
