import { sql, type Kysely } from 'kysely';

/**
 * The header's quick search (GET /api/site/search, shell/sitesRepository.ts) answers the first 25
 * name-prefix matches of a group in name order, and the first 25 transmitter-code prefix matches in
 * code order. With 0001's and 0003's text_pattern_ops indexes the prefix was a range of the index
 * but the order was the database collation's, so every match was read and sorted before the
 * limit ('martinez': 24,000 sites of a group, 20,000 heap pages). In C collation (byte order, the
 * order of a C or C.UTF-8 database and of PGlite) one index gives both the range and the order: the
 * search reads 25 entries. These replace 0003's (site_group_num, lower(site_name) text_pattern_ops,
 * site_num) and 0001's (transmitter_code text_pattern_ops), which only that search used;
 * transmitter codes by equality keep their unique index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index sites_group_name_c_idx on sites (site_group_num, lower(site_name) collate "C", site_num);
    create index devices_xmit_c_idx on devices (transmitter_code collate "C");
    drop index if exists sites_group_name_idx;
    drop index if exists devices_xmit_idx;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index devices_xmit_idx on devices (transmitter_code text_pattern_ops);
    create index sites_group_name_idx on sites (site_group_num, lower(site_name) text_pattern_ops, site_num);
    drop index devices_xmit_c_idx;
    drop index sites_group_name_c_idx;
  `.execute(db);
}
