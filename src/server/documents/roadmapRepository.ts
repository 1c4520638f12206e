import { sql, type Selectable } from 'kysely';
import type { RoadmapItem, RoadmapItemFilter, RoadmapItemInput, RoadmapStatus } from '../../../schemas/documents.js';
import type { Db } from '../db/database.js';
import { containsPattern, iso, listPage } from '../db/listing.js';
import type { RoadmapItemsTable } from '../db/schema.js';

function toItem(row: Selectable<RoadmapItemsTable>): RoadmapItem {
  return {
    id: row.roadmap_item_id,
    title: row.title,
    description: row.description,
    status: row.status as RoadmapStatus,
    targetDate: row.target_date,
    shippedOn: row.shipped_on,
    published: row.published,
    updatedAt: iso(row.updated_at),
  };
}

function toColumns(input: RoadmapItemInput) {
  return {
    title: input.title.trim(),
    description: input.description?.trim() ?? '',
    status: input.status,
    target_date: input.targetDate ?? null,
    shipped_on: input.status === 'shipped' ? (input.shippedOn ?? null) : null,
    published: input.published ?? true,
  };
}

/**
 * The product roadmap. Readers see published items only; editors see every one.
 * Listed in the order the page shows them: by status (planned, in progress, shipped), planned and
 * in-progress items soonest first, shipped items newest first; by id when the list asks for it.
 */
export function roadmapRepository(db: Db) {
  return {
    async list({
      filter,
      sort,
      offset,
      limit,
      includeUnpublished,
    }: {
      filter: RoadmapItemFilter;
      sort?: { field: 'id'; order: 'asc' | 'desc' };
      offset: number;
      limit: number;
      includeUnpublished: boolean;
    }) {
      let query = db.selectFrom('roadmap_items');
      if (!includeUnpublished) query = query.where('published', '=', true);
      if (filter.status) query = query.where('status', '=', filter.status);
      if (filter.q?.trim()) {
        const pattern = containsPattern(filter.q.trim());
        query = query.where((eb) => eb.or([eb('title', 'ilike', pattern), eb('description', 'ilike', pattern)]));
      }
      if (filter.id) query = query.where('roadmap_item_id', 'in', filter.id.length ? filter.id : [-1]);
      let page = query.selectAll();
      page = sort
        ? page.orderBy('roadmap_item_id', sort.order)
        : page
            .orderBy(sql`case status when 'planned' then 0 when 'inProgress' then 1 else 2 end`)
            .orderBy(sql`case when status = 'shipped' then null else target_date end`, (ob) => ob.asc().nullsLast())
            .orderBy('shipped_on', (ob) => ob.desc().nullsLast())
            .orderBy('roadmap_item_id');
      const { rows, total } = await listPage(page, query, { offset, limit });
      return { total, items: rows.map(toItem) };
    },

    async get(id: number, includeUnpublished: boolean): Promise<RoadmapItem | undefined> {
      let query = db.selectFrom('roadmap_items').selectAll().where('roadmap_item_id', '=', id);
      if (!includeUnpublished) query = query.where('published', '=', true);
      const row = await query.executeTakeFirst();
      return row && toItem(row);
    },

    async create(input: RoadmapItemInput, userId: number | null): Promise<RoadmapItem> {
      const row = await db
        .insertInto('roadmap_items')
        .values({ ...toColumns(input), created_by: userId, updated_by: userId })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toItem(row);
    },

    async update(id: number, input: RoadmapItemInput, userId: number | null): Promise<RoadmapItem | undefined> {
      const row = await db
        .updateTable('roadmap_items')
        .set({ ...toColumns(input), updated_by: userId, updated_at: new Date() })
        .where('roadmap_item_id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toItem(row);
    },

    async delete(id: number): Promise<RoadmapItem | undefined> {
      const row = await db.deleteFrom('roadmap_items').where('roadmap_item_id', '=', id).returningAll().executeTakeFirst();
      return row && toItem(row);
    },
  };
}
