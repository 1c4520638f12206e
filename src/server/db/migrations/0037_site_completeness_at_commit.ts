import { sql, type Kysely } from 'kysely';

/**
 * An account's completeness counts (site_completeness, migration 0007) are recomputed once per
 * transaction, at its commit, instead of once per statement. An account the wizard or the import
 * creates writes sites, contacts, passcodes and premise phones in one statement, whose four
 * statement-level triggers each recomputed it: on PGlite the four were 2.5 of the statement's
 * 4 ms (docs/performance.md, Account import). As with the search rows (migration 0030):
 *
 * - site_completeness_stale: the sites a transaction touched, one row per statement (an array of
 *   site numbers), added by the same triggers as before; a row never outlives its transaction.
 * - site_completeness_flush: a deferred constraint trigger on it; at commit, the first of the
 *   transaction's rows takes them all (delete … returning) and recomputes those sites in one
 *   statement (site_completeness_refresh, unchanged); the others find nothing left. Only the
 *   dashboard and the reports read site_completeness, never inside a writing transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table site_completeness_stale (site_nums integer[] not null);

    create function site_completeness_flush() returns trigger language plpgsql as $t$
    declare nums integer[];
    begin
      with gone as (delete from site_completeness_stale returning site_nums)
      select array_agg(distinct n) into nums from gone, unnest(gone.site_nums) as n;
      if nums is not null then
        perform site_completeness_refresh(nums);
      end if;
      return null;
    end $t$;
    create constraint trigger site_completeness_flush after insert on site_completeness_stale
      deferrable initially deferred for each row execute function site_completeness_flush();

    create or replace function site_completeness_touched() returns trigger language plpgsql as $t$
    begin
      if tg_op = 'INSERT' then
        insert into site_completeness_stale select array_agg(distinct site_num) from new_rows having count(*) > 0;
      elsif tg_op = 'DELETE' then
        insert into site_completeness_stale select array_agg(distinct site_num) from old_rows having count(*) > 0;
      else
        insert into site_completeness_stale
          select array_agg(distinct site_num) from (select site_num from new_rows union all select site_num from old_rows) t having count(*) > 0;
      end if;
      return null;
    end $t$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function site_completeness_touched() returns trigger language plpgsql as $t$
    declare nums integer[];
    begin
      if tg_op = 'INSERT' then select array_agg(distinct site_num) into nums from new_rows;
      elsif tg_op = 'DELETE' then select array_agg(distinct site_num) into nums from old_rows;
      else select array_agg(distinct site_num) into nums from (select site_num from new_rows union select site_num from old_rows) t;
      end if;
      if nums is not null then perform site_completeness_refresh(nums); end if;
      return null;
    end $t$;
    drop table site_completeness_stale;
    drop function site_completeness_flush();
  `.execute(db);
}
