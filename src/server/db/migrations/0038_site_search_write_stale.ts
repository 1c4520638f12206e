import { sql, type Kysely } from 'kysely';

/**
 * The stale sites' search rows can be written without merging the GIN indexes' pending lists:
 * site_search_write_stale is the first half of site_search_flush_stale (migration 0036), which now
 * calls it and then merges, as before.
 *
 * The import on PGlite writes each account's search rows after its transaction, and every other
 * request waits behind that write: merging the six pending lists was more than half of it (about
 * 3.5 of 5.8 ms a flush, one account's rows). It writes the rows after each chunk and merges once
 * a second and at the end (docs/performance.md, Account import). Unmerged entries are found by every
 * search meanwhile (GIN scans its pending list), and any other transaction's flush merges them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Every stale site's search row written, the pending lists left; answers how many sites.
    create function site_search_write_stale() returns integer language plpgsql as $f$
    declare nums integer[];
    begin
      with gone as (delete from site_search_stale returning site_nums)
      select array_agg(distinct n) into nums from gone, unnest(gone.site_nums) as n;
      if nums is null then
        return 0;
      end if;
      perform site_search_refresh(nums);
      return cardinality(nums);
    end $f$;

    create or replace function site_search_flush_stale() returns integer language plpgsql as $f$
    declare n integer;
    begin
      n := site_search_write_stale();
      if n > 0 then
        perform site_search_merge_pending();
      end if;
      return n;
    end $f$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function site_search_flush_stale() returns integer language plpgsql as $f$
    declare nums integer[];
    begin
      with gone as (delete from site_search_stale returning site_nums)
      select array_agg(distinct n) into nums from gone, unnest(gone.site_nums) as n;
      if nums is null then
        return 0;
      end if;
      perform site_search_refresh(nums);
      perform site_search_merge_pending();
      return cardinality(nums);
    end $f$;
    drop function site_search_write_stale();
  `.execute(db);
}
