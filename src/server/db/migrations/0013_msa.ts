import { sql, type Kysely } from 'kysely';

/**
 * My Security Account:
 * - users.active_site_num: the customer's active linked account (§7 'Switch active account'),
 *   the account the /api/msa resources answer for when no siteNum is named. Cleared when the
 *   site goes; a link removed leaves it pointing at a site the scope no longer reaches, and the
 *   repository then falls back to the default link.
 * - msa_change_requests: what a customer asks the dealer to change of what only the dealer may
 *   change (address, site type, time zone, premise phones, agencies), listed as pending until
 *   the dealer acts; site_group_num is the dealer who receives it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users add column active_site_num integer references sites on delete set null;
    create table msa_change_requests (
      request_id serial primary key,
      site_num integer not null references sites on delete cascade,
      site_group_num integer not null references account_groups on delete cascade,
      user_id integer not null references users on delete cascade,
      field text not null,
      current_value text,
      requested_value text not null,
      note text,
      status text not null default 'pending' check (status in ('pending', 'done', 'declined', 'withdrawn')),
      created_at timestamptz not null default now(),
      resolved_at timestamptz
    );
    create index msa_change_requests_site_idx on msa_change_requests (site_num, created_at desc);
    create index msa_change_requests_group_idx on msa_change_requests (site_group_num, status, created_at desc);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table msa_change_requests;
    alter table users drop column active_site_num;
  `.execute(db);
}
