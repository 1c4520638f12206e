import { sql, type Kysely } from 'kysely';

/**
 * Account search within an account group (SPEC §7 'Account search via device,
 * xmit and details'), fast over a million sites: a name prefix inside one
 * group is one range of this index. Device numbers, site numbers and
 * transmitter-code prefixes use the indexes of 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists sites_group_name_idx on sites (site_group_num, lower(site_name) text_pattern_ops, site_num)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists sites_group_name_idx`.execute(db);
}
