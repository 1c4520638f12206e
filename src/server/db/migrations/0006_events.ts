import { sql, type Kysely } from 'kysely';

/**
 * Event history: GET /api/events lists a site's events newest
 * first, (alarm_date desc, alarm_num desc), in keyset pages. These indexes give
 * that order as it is stored, for a site and for one of its devices, so page
 * 1,000 (a cursor) costs what page 1 costs and no query sorts. The index of
 * 0001 on (site_num, alarm_date desc) is the first two columns of the new one:
 * it goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index alarm_events_site_keyset_idx on alarm_events (site_num, alarm_date desc, alarm_num desc);
    create index alarm_events_device_keyset_idx on alarm_events (dev_num, alarm_date desc, alarm_num desc);
    drop index alarm_events_site_idx;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index alarm_events_site_idx on alarm_events (site_num, alarm_date desc);
    drop index alarm_events_device_keyset_idx;
    drop index alarm_events_site_keyset_idx;
  `.execute(db);
}
