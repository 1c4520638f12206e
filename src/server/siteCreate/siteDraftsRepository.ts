import type { Selectable } from 'kysely';
import {
  SITE_CREATE_LIMITS,
  type SITE_DRAFT_SORT_FIELDS,
  type SiteCreateStep,
  type SiteDraft,
  type SiteDraftFilter,
  type SiteDraftInput,
} from '../../../schemas/siteCreate.js';
import type { Db } from '../db/database.js';
import { iso, listPage } from '../db/listing.js';
import type { SiteDraftsTable } from '../db/schema.js';
import type { ScopeUser } from '../db/siteScope.js';
import { seal, unseal } from '../auth/secrets.js';
import type { ListQuery } from '../http/simpleRest.js';

/** The user already keeps as many drafts as allowed. */
export class TooManyDrafts extends Error {
  constructor() {
    super('too many drafts');
    this.name = 'TooManyDrafts';
  }
}

/** The account name typed so far in a draft's values, or ''. */
function draftName(data: unknown): string {
  const account = (data as { account?: { siteName?: unknown } } | null)?.account;
  return typeof account?.siteName === 'string' ? account.siteName.trim().slice(0, 100) : '';
}

/** What a draft's row holds: its values sealed (the passcodes typed are secrets), or values written before drafts were sealed. */
const sealingContext = (userId: number) => `site_drafts:${userId}`;

function openData(key: Buffer, row: Selectable<SiteDraftsTable>): SiteDraft['data'] {
  const stored = row.data as { sealed?: unknown } | null;
  if (typeof stored?.sealed !== 'string') return (stored ?? {}) as SiteDraft['data'];
  const plain = unseal(key, stored.sealed, sealingContext(row.user_id));
  // A draft sealed under another key (SESSION_SECRET changed) opens empty rather than failing the list.
  return plain === undefined ? {} : (JSON.parse(plain) as SiteDraft['data']);
}

function toDraft(key: Buffer, row: Selectable<SiteDraftsTable>): SiteDraft {
  const data = openData(key, row);
  return {
    id: row.draft_id,
    step: row.step as SiteCreateStep,
    name: draftName(data),
    data,
    siteGroupNum: row.site_group_num,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/**
 * The create-account stepper's drafts (site_drafts, migration 0010). Tenant
 * scope: every query names the signed-in user; another user's draft answers
 * like one that does not exist (undefined / false). The values typed (account
 * and panel passcodes among them) are stored sealed under `key` (AES-256-GCM,
 * bound to the user), never in clear.
 */
export function siteDraftsRepository(db: Db, key: Buffer) {
  const sealed = (user: ScopeUser, data: unknown) =>
    JSON.stringify({ sealed: seal(key, JSON.stringify(data), sealingContext(user.user_id)) });
  return {
    /** A page of the user's drafts, the latest saved first unless sorted, with their total. */
    async list(
      user: ScopeUser,
      { filter, sort, offset, limit }: ListQuery<SiteDraftFilter, (typeof SITE_DRAFT_SORT_FIELDS)[number]>,
    ): Promise<{ items: SiteDraft[]; total: number }> {
      let query = db.selectFrom('site_drafts').where('user_id', '=', user.user_id);
      if (filter.id) query = query.where('draft_id', 'in', filter.id.length ? filter.id : [0]);
      const order = sort?.order ?? 'desc';
      const page = query
        .selectAll()
        .orderBy(sort?.field === 'id' ? 'draft_id' : 'updated_at', order)
        .orderBy('draft_id', order);
      const { rows, total } = await listPage(page, query, { offset, limit });
      return { items: rows.map((row) => toDraft(key, row)), total };
    },

    async get(user: ScopeUser, id: number): Promise<SiteDraft | undefined> {
      const row = await db
        .selectFrom('site_drafts')
        .selectAll()
        .where('draft_id', '=', id)
        .where('user_id', '=', user.user_id)
        .executeTakeFirst();
      return row && toDraft(key, row);
    },

    /** A new draft of the user, in the selected account group. */
    async create(user: ScopeUser, input: SiteDraftInput): Promise<SiteDraft> {
      return db.transaction().execute(async (trx) => {
        const { count } = await trx
          .selectFrom('site_drafts')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('user_id', '=', user.user_id)
          .executeTakeFirstOrThrow();
        if (Number(count) >= SITE_CREATE_LIMITS.draftsPerUser) throw new TooManyDrafts();
        const row = await trx
          .insertInto('site_drafts')
          .values({
            user_id: user.user_id,
            site_group_num: user.current_site_group_num,
            step: input.step,
            data: sealed(user, input.data),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return toDraft(key, row);
      });
    },

    async update(user: ScopeUser, id: number, input: SiteDraftInput): Promise<SiteDraft | undefined> {
      const row = await db
        .updateTable('site_drafts')
        .set({ step: input.step, data: sealed(user, input.data), updated_at: new Date() })
        .where('draft_id', '=', id)
        .where('user_id', '=', user.user_id)
        .returningAll()
        .executeTakeFirst();
      return row && toDraft(key, row);
    },

    async delete(user: ScopeUser, id: number): Promise<boolean> {
      const result = await db.deleteFrom('site_drafts').where('draft_id', '=', id).where('user_id', '=', user.user_id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
