import { sql, type Kysely } from 'kysely';

/**
 * Document libraries, product roadmap and contact us (schemas/documents.ts):
 * - library_documents: a document of /resources or /marketing (title, tags, audience); its file
 *   is stored as news documents are (news_documents), in library_document_files, one row per
 *   document, so a list never reads the bytes.
 * - roadmap_items: what staff publish on /home/product-roadmap (planned, in progress, shipped).
 * - contact_requests: the /home/contact-us messages mailed to support, with their reference
 *   (CU-<year>-<id>) and an optional attachment kept for support.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table library_documents (
      document_id serial primary key,
      library text not null check (library in ('resources', 'marketing')),
      title text not null,
      tags text[] not null default '{}',
      audience text not null check (audience in ('dealers', 'staff')),
      created_at timestamptz not null default now(),
      created_by integer references users on delete set null,
      updated_at timestamptz not null default now(),
      updated_by integer references users on delete set null
    );
    create index library_documents_library_idx on library_documents (library, updated_at desc);
    create table library_document_files (
      document_id integer primary key references library_documents on delete cascade,
      file_name text not null,
      content_type text not null,
      size_bytes integer not null,
      content bytea not null,
      uploaded_at timestamptz not null default now()
    );
    create table roadmap_items (
      roadmap_item_id serial primary key,
      title text not null,
      description text not null default '',
      status text not null check (status in ('planned', 'inProgress', 'shipped')),
      target_date date,
      shipped_on date,
      published boolean not null default true,
      created_at timestamptz not null default now(),
      created_by integer references users on delete set null,
      updated_at timestamptz not null default now(),
      updated_by integer references users on delete set null
    );
    create table contact_requests (
      contact_request_id serial primary key,
      reference text unique,
      user_id integer references users on delete set null,
      topic text not null,
      message text not null,
      attachment_name text,
      attachment_type text,
      attachment_size integer,
      attachment bytea,
      created_at timestamptz not null default now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table contact_requests;
    drop table roadmap_items;
    drop table library_document_files;
    drop table library_documents;
  `.execute(db);
}
