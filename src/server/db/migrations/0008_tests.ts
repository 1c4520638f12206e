import { sql, type Kysely } from 'kysely';

/**
 * Place on test (the spec's "No Action" state): site_tests holds
 * every test placed on an account, its scope (the whole account, one device,
 * chosen zones of a device, or event kinds), its start and end (never
 * open-ended: at most 30 days), who placed, changed and ended it and why, and
 * the status the account returns to when its last test ends. Alarms that
 * arrive while a test covers them are stored with alarm_events.on_test.
 * - site_tests_open_idx: the tests not yet ended of an account (ingest, status).
 * - site_tests_ends_idx: the tests not yet ended by end time (the sweep at start-up).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table site_tests (
      test_id serial primary key,
      site_num integer not null references sites on delete cascade,
      dev_num integer references devices on delete cascade,
      scope text not null check (scope in ('site', 'device', 'zones', 'kinds')),
      zones integer[] not null default '{}',
      kinds text[] not null default '{}',
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      reason text not null check (length(reason) between 1 and 500),
      created_by integer references users (user_id) on delete set null,
      created_at timestamptz not null default now(),
      updated_by integer references users (user_id) on delete set null,
      updated_at timestamptz not null default now(),
      ended_at timestamptz,
      ended_by integer references users (user_id) on delete set null,
      end_reason text check (end_reason in ('expired', 'cancelled')),
      end_note text check (length(end_note) <= 500),
      return_status text check (return_status in ('active', 'inAlarm', 'outOfService', 'pending')),
      check (ends_at > starts_at),
      check (ends_at <= starts_at + interval '30 days'),
      check ((scope in ('device', 'zones')) <= (dev_num is not null)),
      check ((ended_at is null) = (end_reason is null))
    );
    create index site_tests_open_idx on site_tests (site_num) where ended_at is null;
    create index site_tests_ends_idx on site_tests (ends_at) where ended_at is null;
    alter table alarm_events add column on_test boolean not null default false;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table alarm_events drop column on_test;
    drop table site_tests;
  `.execute(db);
}
