import { sql, type Kysely } from 'kysely';

/**
 * Importing accounts from a file (src/server/siteImport/):
 * - site_imports: one uploaded file and what became of it. The file itself (`file_content`)
 *   is kept until the import starts (the preview reads it again for each mapping); `mapping`
 *   is the import column of each file column; `worker_id` and `heartbeat_at` say which server
 *   process is creating its accounts and that it is alive (a stale one is taken over), and
 *   `cancel_requested` stops it between chunks.
 * - site_import_rows: each data row of the file after the preview: its values by import column,
 *   its problems by cell (locale keys), its warnings, its status and the account it created.
 *   `batch_key` is unique: the account of a row is created in the same transaction that sets
 *   its `site_num`, so a crash and a resume never create one row twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table site_imports (
      import_id serial primary key,
      user_id integer not null references users on delete cascade,
      site_group_num integer not null references account_groups on delete cascade,
      file_name text not null,
      file_kind text not null check (file_kind in ('csv', 'xlsx')),
      file_content bytea,
      sheets jsonb not null default '[]',
      sheet text,
      headers jsonb not null default '[]',
      mapping jsonb not null default '[]',
      row_count integer not null default 0,
      processed integer not null default 0,
      status text not null default 'draft'
        check (status in ('draft', 'previewed', 'running', 'cancelled', 'done', 'undone')),
      language text not null default 'en',
      worker_id text,
      heartbeat_at timestamptz,
      cancel_requested boolean not null default false,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz,
      undone_at timestamptz
    );
    create index site_imports_user_idx on site_imports (user_id, created_at desc);
    create index site_imports_running_idx on site_imports (status) where status = 'running';
    create table site_import_rows (
      import_id integer not null references site_imports on delete cascade,
      row_num integer not null,
      batch_key text not null unique,
      values jsonb not null default '{}',
      errors jsonb not null default '{}',
      warnings jsonb not null default '[]',
      status text not null check (status in ('ready', 'warning', 'refused', 'skipped', 'created', 'removed')),
      site_num integer references sites on delete set null,
      primary key (import_id, row_num)
    );
    create index site_import_rows_status_idx on site_import_rows (import_id, status, row_num);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table site_import_rows;
    drop table site_imports;
  `.execute(db);
}
