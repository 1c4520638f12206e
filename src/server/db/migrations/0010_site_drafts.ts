import { sql, type Kysely } from 'kysely';

/**
 * Create New Account:
 * - site_drafts: what a user has typed in the create-account stepper, saved on
 *   every step and while typing, so that a reload loses nothing. A draft is
 *   its user's alone (every query names user_id); site_group_num is the
 *   account group it was started in. `data` is the stepper's form values as
 *   typed (not valid yet), `step` the step it was on.
 * - sites.country: the country of the premises (postal-code and state rules,
 *   phone numbers read in it); the accounts stored so far are in the US.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table site_drafts (
      draft_id serial primary key,
      user_id integer not null references users on delete cascade,
      site_group_num integer references account_groups on delete set null,
      step text not null default 'account',
      data jsonb not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index site_drafts_user_idx on site_drafts (user_id, updated_at desc);
    alter table sites add column country text not null default 'US' check (country in ('US', 'CA', 'MX'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table sites drop column country;
    drop table site_drafts;
  `.execute(db);
}
