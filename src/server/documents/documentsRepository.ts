import { sql, type Selectable } from 'kysely';
import type {
  DOCUMENT_SORT_FIELDS,
  DocumentAudience,
  DocumentLibrary,
  LibraryDocument,
  LibraryDocumentFilter,
  LibraryDocumentInput,
} from '../../../schemas/documents.js';
import type { Db } from '../db/database.js';
import { containsPattern, iso, listPage } from '../db/listing.js';
import type { LibraryDocumentFilesTable, LibraryDocumentsTable } from '../db/schema.js';

type Row = Selectable<LibraryDocumentsTable> &
  Pick<Selectable<LibraryDocumentFilesTable>, 'file_name' | 'content_type' | 'size_bytes' | 'uploaded_at'>;
type SortField = (typeof DOCUMENT_SORT_FIELDS)[number];

const SORT_COLUMNS = {
  title: 'd.title',
  updatedAt: 'd.updated_at',
  sizeBytes: 'f.size_bytes',
} as const satisfies Record<Exclude<SortField, 'id'>, string>;

/** What a reader may see: the libraries and audiences open to them (the routes work it out from the access table). */
export interface DocumentScope {
  libraries: readonly DocumentLibrary[];
  audiences: readonly DocumentAudience[];
}

function toDocument(row: Row): LibraryDocument {
  return {
    id: row.document_id,
    library: row.library as DocumentLibrary,
    title: row.title,
    tags: row.tags,
    audience: row.audience as DocumentAudience,
    fileName: row.file_name,
    contentType: row.content_type as LibraryDocument['contentType'],
    sizeBytes: row.size_bytes,
    uploadedAt: iso(row.uploaded_at),
    updatedAt: iso(row.updated_at),
  };
}

export interface StoredUpload {
  fileName: string;
  contentType: string;
  content: Uint8Array;
}

/** Library documents and their files; every read is held to the reader's scope. */
export function documentsRepository(db: Db) {
  const base = (scope: DocumentScope) =>
    db
      .selectFrom('library_documents as d')
      .innerJoin('library_document_files as f', 'f.document_id', 'd.document_id')
      .where('d.library', 'in', scope.libraries.length ? [...scope.libraries] : ['-'])
      .where('d.audience', 'in', scope.audiences.length ? [...scope.audiences] : ['-']);

  return {
    async list(
      scope: DocumentScope,
      {
        filter,
        sort,
        offset,
        limit,
      }: { filter: LibraryDocumentFilter; sort?: { field: SortField; order: 'asc' | 'desc' }; offset: number; limit: number },
    ) {
      let query = base(scope);
      if (filter.library) query = query.where('d.library', '=', filter.library);
      if (filter.audience) query = query.where('d.audience', '=', filter.audience);
      if (filter.tag?.trim()) {
        const tag = filter.tag.trim().toLowerCase();
        query = query.where(sql<boolean>`exists (select 1 from unnest(d.tags) t where lower(t) = ${tag})`);
      }
      if (filter.q?.trim()) {
        const pattern = containsPattern(filter.q.trim());
        query = query.where((eb) =>
          eb.or([eb('d.title', 'ilike', pattern), sql<boolean>`exists (select 1 from unnest(d.tags) t where t ilike ${pattern})`]),
        );
      }
      if (filter.id) query = query.where('d.document_id', 'in', filter.id.length ? filter.id : [-1]);
      const { field = 'updatedAt', order = 'desc' } = sort ?? {};
      let page = query.selectAll('d').select(['f.file_name', 'f.content_type', 'f.size_bytes', 'f.uploaded_at']);
      // Any other column is tied by the key, in the same direction.
      if (field !== 'id') page = page.orderBy(sql.ref(SORT_COLUMNS[field]), order);
      const { rows, total } = await listPage(page.orderBy('d.document_id', order), query, { offset, limit });
      return { total, items: rows.map(toDocument) };
    },

    async get(scope: DocumentScope, id: number): Promise<LibraryDocument | undefined> {
      const row = await base(scope)
        .selectAll('d')
        .select(['f.file_name', 'f.content_type', 'f.size_bytes', 'f.uploaded_at'])
        .where('d.document_id', '=', id)
        .executeTakeFirst();
      return row && toDocument(row);
    },

    /** The document's file, within the scope. */
    async file(scope: DocumentScope, id: number) {
      return base(scope)
        .select(['d.title', 'f.file_name', 'f.content_type', 'f.size_bytes', 'f.content'])
        .where('d.document_id', '=', id)
        .executeTakeFirst();
    },

    /** A new document and its file, in one transaction; answers its id. */
    async create(input: LibraryDocumentInput, file: StoredUpload, userId: number | null): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const { document_id } = await trx
          .insertInto('library_documents')
          .values({
            library: input.library,
            title: input.title.trim(),
            tags: input.tags,
            audience: input.audience,
            created_by: userId,
            updated_by: userId,
          })
          .returning('document_id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('library_document_files')
          .values({
            document_id,
            file_name: file.fileName,
            content_type: file.contentType,
            size_bytes: file.content.length,
            content: file.content,
          })
          .execute();
        return document_id;
      });
    },

    /** Changes the title, tags, audience or library; answers whether there was such a document. */
    async update(id: number, input: LibraryDocumentInput, userId: number | null): Promise<boolean> {
      const result = await db
        .updateTable('library_documents')
        .set({
          library: input.library,
          title: input.title.trim(),
          tags: input.tags,
          audience: input.audience,
          updated_by: userId,
          updated_at: new Date(),
        })
        .where('document_id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom('library_documents').where('document_id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
