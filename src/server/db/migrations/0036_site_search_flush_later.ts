import { sql, type Kysely } from 'kysely';

/**
 * The account search's rows of a transaction (migration 0030) can be written after it, in a
 * transaction of their own: a writer that sets `portal.site_search` to `later` for its transaction
 * leaves its sites in site_search_stale, committed with its accounts, and calls
 * site_search_flush_stale when it chooses. The import does so on PGlite, whose one connection
 * every other request waits for behind a transaction: an account's transaction held it about
 * 9 ms, of which the search rows and the merge of six pending lists were about 5; as two
 * transactions each holds it half as long (docs/performance.md, Account import).
 *
 * Nothing is lost to a crash between the two: the sites wait in site_search_stale, and the next
 * flush, whoever's, takes every row there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Every stale site's search row written, the pending lists merged; answers how many sites.
    create function site_search_flush_stale() returns integer language plpgsql as $f$
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

    create or replace function site_search_flush() returns trigger language plpgsql as $t$
    begin
      if current_setting('portal.site_search', true) is distinct from 'later' then
        perform site_search_flush_stale();
      end if;
      return null;
    end $t$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function site_search_flush() returns trigger language plpgsql as $t$
    declare nums integer[];
    begin
      with gone as (delete from site_search_stale returning site_nums)
      select array_agg(distinct n) into nums from gone, unnest(gone.site_nums) as n;
      if nums is not null then
        perform site_search_refresh(nums);
        perform site_search_merge_pending();
      end if;
      return null;
    end $t$;
    drop function site_search_flush_stale();
  `.execute(db);
}
