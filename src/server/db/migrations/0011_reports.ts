import { sql, type Kysely } from 'kysely';

/**
 * Reports. The report tables of 0001 were never used; they are
 * replaced by:
 * - report_schedules: a user's scheduled report (daily, weekly or monthly at
 *   a local time in time_zone), emailed to recipients as links;
 * - report_runs: one run of a report, the row the durable job (pg-boss queue
 *   'report-run') works on. status queued -> running -> done | failed |
 *   cancelled; heartbeat_at is refreshed while a worker runs it, so a run whose
 *   worker died is taken up again; attempts counts the starts;
 * - report_file_chunks: the file of a done run in chunks of about 1 MB, written
 *   and read one chunk at a time (memory does not grow with the file), shared
 *   by every server process;
 * - report_links: an emailed download link (one per recipient and run);
 * - report_link_codes: the verification codes sent for a link (single use,
 *   10 minutes, throttled like sign-in codes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table report_links;
    drop table report_files;
    drop table report_runs;

    create table report_schedules (
      schedule_id serial primary key,
      user_id integer not null references users on delete cascade,
      site_group_num integer references account_groups on delete cascade,
      name text not null,
      report_id text not null,
      format text not null check (format in ('csv', 'xlsx', 'pdf')),
      parameters jsonb not null default '{}',
      frequency text not null check (frequency in ('daily', 'weekly', 'monthly')),
      time_of_day text not null,
      weekday smallint check (weekday between 0 and 6),
      month_day smallint check (month_day = -1 or month_day between 1 and 28),
      time_zone text not null,
      language text not null default 'en',
      recipients text[] not null,
      active boolean not null default true,
      next_run_at timestamptz,
      last_run_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index report_schedules_user_idx on report_schedules (user_id, created_at desc);
    create index report_schedules_due_idx on report_schedules (next_run_at) where active;

    create table report_runs (
      report_run_id serial primary key,
      user_id integer not null references users on delete cascade,
      site_group_num integer references account_groups on delete cascade,
      schedule_id integer references report_schedules on delete set null,
      report_id text not null,
      report_name text not null,
      format text not null check (format in ('csv', 'xlsx', 'pdf')),
      parameters jsonb not null default '{}',
      time_zone text not null default 'UTC',
      language text not null default 'en',
      status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed', 'cancelled')),
      progress smallint not null default 0,
      error text,
      row_count integer,
      size_bytes bigint,
      file_name text,
      content_type text,
      attempts integer not null default 0,
      cancel_requested boolean not null default false,
      worker_id text,
      heartbeat_at timestamptz,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz
    );
    create index report_runs_user_idx on report_runs (user_id, created_at desc);
    create index report_runs_active_idx on report_runs (site_group_num, status) where status in ('queued', 'running');
    create index report_runs_created_idx on report_runs (created_at);

    create table report_file_chunks (
      report_run_id integer not null references report_runs on delete cascade,
      seq integer not null,
      bytes bytea not null,
      primary key (report_run_id, seq)
    );

    create table report_links (
      link_id text primary key,
      report_run_id integer not null references report_runs on delete cascade,
      email text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    );
    create index report_links_run_idx on report_links (report_run_id);

    create table report_link_codes (
      code_id serial primary key,
      link_id text not null references report_links on delete cascade,
      code_hash text not null,
      attempts integer not null default 0,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index report_link_codes_link_idx on report_link_codes (link_id, created_at desc);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table report_link_codes;
    drop table report_links;
    drop table report_file_chunks;
    drop table report_runs;
    drop table report_schedules;
    create table report_runs (
      report_run_id serial primary key,
      user_id integer not null references users on delete cascade,
      site_group_num integer references account_groups,
      report_name text not null,
      parameters jsonb not null default '{}',
      status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
      progress smallint not null default 0,
      success boolean,
      error text,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz,
      read_at timestamptz
    );
    create table report_files (
      report_file_id serial primary key,
      report_run_id integer not null references report_runs on delete cascade,
      file_name text not null,
      content_type text not null,
      size_bytes integer not null,
      content bytea not null,
      created_at timestamptz not null default now()
    );
    create table report_links (
      link_id uuid primary key,
      report_run_id integer not null references report_runs on delete cascade,
      email text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    );
  `.execute(db);
}
