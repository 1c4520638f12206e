import { sql, type Selectable } from 'kysely';
import type { NewsFilter, NewsItem, NewsItemInput, NEWS_SORT_FIELDS } from '../../../schemas/news.js';
import type { Db } from '../db/database.js';
import { containsPattern, iso, listPage } from '../db/listing.js';
import type { NewsItemsTable } from '../db/schema.js';

type Row = Selectable<NewsItemsTable> & { has_document: boolean };
type SortField = (typeof NEWS_SORT_FIELDS)[number];

const SORT_COLUMNS = {
  id: 'news_id',
  title: 'title',
  order: 'sort_order',
  effectiveDate: 'effective_date',
  expirationDate: 'expiration_date',
} as const satisfies Record<SortField, keyof NewsItemsTable>;

/** SPEC §3: an item is future before its start, expired from its end, active in between. */
export function newsFlags(
  effectiveDate: Date | null,
  expirationDate: Date | null,
  now: Date,
): Pick<NewsItem, 'active' | 'future' | 'expired'> {
  const future = effectiveDate !== null && effectiveDate > now;
  const expired = expirationDate !== null && expirationDate <= now;
  return { active: !future && !expired, future, expired };
}

function toNewsItem(row: Row, now: Date): NewsItem {
  return {
    id: row.news_id,
    newsId: row.news_id,
    title: row.title,
    body: row.body,
    effectiveDate: iso(row.effective_date),
    expirationDate: iso(row.expiration_date),
    order: row.sort_order,
    icon: row.icon as NewsItem['icon'],
    color: row.color as NewsItem['color'],
    documentName: row.document_name,
    url: row.url,
    hasDocument: row.has_document,
    ...newsFlags(row.effective_date, row.expiration_date, now),
  };
}

/** Whether an item has an uploaded document, selected beside its columns. */
const hasDocument = () => sql<boolean>`exists (select 1 from news_documents d where d.news_id = news_items.news_id)`.as('has_document');

function selectNews(db: Db) {
  return db.selectFrom('news_items').selectAll('news_items').select(hasDocument);
}

export interface NewsListOptions {
  filter: NewsFilter;
  sort?: { field: SortField; order: 'asc' | 'desc' };
  offset: number;
  limit: number;
  now?: Date;
}

export function newsRepository(db: Db) {
  return {
    async list({ filter, sort, offset, limit, now = new Date() }: NewsListOptions) {
      let query = db.selectFrom('news_items');
      if (filter.q?.trim()) {
        const pattern = containsPattern(filter.q.trim());
        query = query.where((eb) => eb.or([eb('title', 'ilike', pattern), eb('body', 'ilike', pattern)]));
      }
      if (filter.active) {
        query = query
          .where((eb) => eb.or([eb('effective_date', 'is', null), eb('effective_date', '<=', now)]))
          .where((eb) => eb.or([eb('expiration_date', 'is', null), eb('expiration_date', '>', now)]));
      } else if (!filter.includeExpired) {
        query = query.where((eb) => eb.or([eb('expiration_date', 'is', null), eb('expiration_date', '>', now)]));
      }
      if (filter.id) query = query.where('news_id', 'in', filter.id.length ? filter.id : [-1]);

      const { field = 'order', order = 'desc' } = sort ?? {};
      let page = query.selectAll('news_items').select(hasDocument);
      // By id: the key alone; by a column: nulls last, ties by id in the same direction.
      if (field !== 'id') {
        page = page.orderBy(sql.ref(SORT_COLUMNS[field]), (ob) => (order === 'asc' ? ob.asc().nullsLast() : ob.desc().nullsLast()));
      }
      const { rows, total } = await listPage(page.orderBy('news_id', order), query, { offset, limit });
      return { total, items: rows.map((row) => toNewsItem(row, now)) };
    },

    async get(id: number, now = new Date()): Promise<NewsItem | undefined> {
      const row = await selectNews(db).where('news_id', '=', id).executeTakeFirst();
      return row && toNewsItem(row, now);
    },

    async create(input: NewsItemInput, userId: number | null): Promise<NewsItem> {
      const { news_id } = await db
        .insertInto('news_items')
        .values({ ...toColumns(input), created_by: userId, updated_by: userId })
        .returning('news_id')
        .executeTakeFirstOrThrow();
      return (await this.get(news_id))!;
    },

    async update(id: number, input: NewsItemInput, userId: number | null): Promise<NewsItem | undefined> {
      const result = await db
        .updateTable('news_items')
        .set({ ...toColumns(input), updated_by: userId, updated_at: new Date() })
        .where('news_id', '=', id)
        .executeTakeFirst();
      if (!result.numUpdatedRows) return undefined;
      return this.get(id);
    },

    /** Stores (or replaces) the item's document and names it; undefined when there is no such item. */
    async saveDocument(id: number, document: { name: string; content: Uint8Array }, userId: number | null): Promise<NewsItem | undefined> {
      const found = await db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('news_items')
          .set({ document_name: document.name, updated_by: userId, updated_at: new Date() })
          .where('news_id', '=', id)
          .executeTakeFirst();
        if (!result.numUpdatedRows) return false;
        const row = {
          news_id: id,
          file_name: document.name,
          content_type: 'application/pdf',
          size_bytes: document.content.length,
          content: document.content,
          uploaded_at: new Date(),
        };
        await trx
          .insertInto('news_documents')
          .values(row)
          .onConflict((oc) => oc.column('news_id').doUpdateSet({ ...row, news_id: undefined }))
          .execute();
        return true;
      });
      return found ? this.get(id) : undefined;
    },

    async getDocument(id: number) {
      return db
        .selectFrom('news_documents')
        .select(['file_name', 'content_type', 'size_bytes', 'content'])
        .where('news_id', '=', id)
        .executeTakeFirst();
    },

    /** Removes the item's document and its name; answers whether there was one. */
    async deleteDocument(id: number, userId: number | null): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const removed = await trx.deleteFrom('news_documents').where('news_id', '=', id).executeTakeFirst();
        await trx
          .updateTable('news_items')
          .set({ document_name: null, updated_by: userId, updated_at: new Date() })
          .where('news_id', '=', id)
          .execute();
        return removed.numDeletedRows > 0n;
      });
    },

    async delete(id: number): Promise<NewsItem | undefined> {
      const item = await this.get(id);
      if (item) await db.deleteFrom('news_items').where('news_id', '=', id).execute();
      return item;
    },
  };
}

/** The writable columns; documentName follows the uploaded document, not the form. */
function toColumns(input: NewsItemInput) {
  return {
    title: input.title,
    body: input.body,
    effective_date: input.effectiveDate ?? null,
    expiration_date: input.expirationDate ?? null,
    sort_order: input.order ?? null,
    icon: input.icon ?? null,
    color: input.color ?? null,
    url: input.url ?? null,
  };
}
