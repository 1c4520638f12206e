import { sql, type Kysely } from 'kysely';

/**
 * The answering service (schemas/ansService.ts), every table by account group:
 * - ans_messages: the messages the service took (caller, number, account, text, when, to whom it
 *   was passed, status new/delivered/handled, who marked it handled). Listed newest first per
 *   group: (site_group_num, taken_at desc).
 * - ans_on_call: the rota; an entry is a person and their contact methods (jsonb list) from
 *   starts_at to ends_at, repeating weekly at the same local times when weekly.
 * - ans_auto_notify: 'when a message of kind K arrives for accounts A (empty: all), notify P by
 *   email or text'; last_test_at is the last 'Send test'.
 * - ans_business_hours: one row per group: the time zone and the week's hours (jsonb, seven
 *   days); ans_hours_exceptions: dated holidays, closures and special hours.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ans_messages (
      message_id serial primary key,
      site_group_num integer not null references account_groups on delete cascade,
      site_num integer references sites on delete set null,
      caller_name text not null,
      caller_number text not null,
      kind text not null check (kind in ('emergency', 'service', 'billing', 'general')),
      body text not null,
      taken_at timestamptz not null,
      delivered_to text,
      status text not null default 'new' check (status in ('new', 'delivered', 'handled')),
      handled_at timestamptz,
      handled_by integer references users on delete set null,
      created_at timestamptz not null default now()
    );
    create index ans_messages_group_taken_idx on ans_messages (site_group_num, taken_at desc, message_id desc);

    create table ans_on_call (
      entry_id serial primary key,
      site_group_num integer not null references account_groups on delete cascade,
      person_name text not null,
      contact_methods jsonb not null default '[]',
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      weekly boolean not null default false,
      notes text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (ends_at > starts_at)
    );
    create index ans_on_call_group_idx on ans_on_call (site_group_num, starts_at);

    create table ans_auto_notify (
      rule_id serial primary key,
      site_group_num integer not null references account_groups on delete cascade,
      name text not null,
      kind text not null check (kind in ('any', 'emergency', 'service', 'billing', 'general')),
      site_nums integer[] not null default '{}',
      person_name text not null,
      channel text not null check (channel in ('email', 'text')),
      destination text not null,
      active boolean not null default true,
      last_test_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index ans_auto_notify_group_idx on ans_auto_notify (site_group_num);

    create table ans_business_hours (
      site_group_num integer primary key references account_groups on delete cascade,
      time_zone text not null default 'America/Chicago',
      days jsonb not null,
      updated_at timestamptz not null default now()
    );

    create table ans_hours_exceptions (
      exception_id serial primary key,
      site_group_num integer not null references account_groups on delete cascade,
      name text not null,
      date date not null,
      end_date date not null,
      closed boolean not null default true,
      opens_at text,
      closes_at text,
      created_at timestamptz not null default now(),
      check (end_date >= date)
    );
    create index ans_hours_exceptions_group_idx on ans_hours_exceptions (site_group_num, end_date);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table ans_hours_exceptions;
    drop table ans_business_hours;
    drop table ans_auto_notify;
    drop table ans_on_call;
    drop table ans_messages;
  `.execute(db);
}
