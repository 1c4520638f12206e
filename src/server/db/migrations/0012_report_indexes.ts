import { sql, type Kysely } from 'kysely';

/**
 * Reports: the alarm activity report reads a group's events oldest
 * first in keyset batches, (alarm_date, alarm_num) after the last row read.
 * This index gives that order for a group as it is stored, so no batch sorts
 * and batch 500 costs what batch 1 costs; read backwards it gives the newest
 * first too. It replaces 0001's (site_group_num, alarm_date desc), its prefix.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index alarm_events_group_keyset_idx on alarm_events (site_group_num, alarm_date, alarm_num);
    drop index alarm_events_group_idx;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index alarm_events_group_idx on alarm_events (site_group_num, alarm_date desc);
    drop index alarm_events_group_keyset_idx;
  `.execute(db);
}
