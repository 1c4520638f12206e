import { sql, type Kysely } from 'kysely';

/**
 * The header's quick search (GET /api/site/search, shell/sitesRepository.ts) of a dealer or staff
 * member, as a function whose statement is planned once per session. As a plain statement
 * PostgreSQL planned it on every call (0.5 to 0.8 ms, against 0.1 to 0.5 ms running it): a
 * prepared statement's generic plan could not use a LIKE prefix as an index range, and with byte
 * ranges instead PostgreSQL's own choice (plan_cache_mode auto) still kept custom plans. PL/pgSQL
 * caches the plan of each statement it runs for the session (on PGlite, the only session), and
 * `plan_cache_mode = force_generic_plan` makes that the generic plan from the first call.
 *
 * A generic plan knows nothing of the text, so the statement leaves it no wrong choice: the
 * prefixes are byte ranges of the C-collation indexes of 0025 (p_*_lo <= key < p_*_hi, the same
 * texts as LIKE 'prefix%'), each lookup is cut at 25 rows (SEARCH_LIMIT) in its index's order,
 * and a name prefix takes its first 25 sites having a device before their devices (LATERAL, by
 * the devices' site index), never the group's sites hashed against every device. A lookup whose
 * parameter is null is skipped by a one-time filter. The membership of the group is checked once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function quick_site_search(p_group integer, p_user integer, p_dev_num integer, p_site_num integer,
      p_xmit_lo text, p_xmit_hi text, p_name_lo text, p_name_hi text)
    returns table (site_num integer, site_name text, address_line1 text, address_line2 text, city text, state text,
      postal_code text, dev_num integer, transmitter_code text, lookup integer, sort_key text)
    language plpgsql stable
    set plan_cache_mode = force_generic_plan
    as $f$
    #variable_conflict use_column
    begin
      if not exists (select 1 from user_account_groups m where m.user_id = p_user and m.site_group_num = p_group) then
        return;
      end if;
      return query
      select found.* from (
        select s.site_num, s.site_name, s.address_line1, s.address_line2, s.city, s.state, s.postal_code,
          d.dev_num, d.transmitter_code, 0 as lookup, null::text collate "C" as sort_key
        from devices d join sites s on s.site_num = d.site_num
        where p_dev_num is not null and d.dev_num = p_dev_num and s.site_group_num = p_group
        union all
        select s.site_num, s.site_name, s.address_line1, s.address_line2, s.city, s.state, s.postal_code,
          d.dev_num, d.transmitter_code, 1, null::text collate "C"
        from sites s join devices d on d.site_num = s.site_num
        where p_site_num is not null and s.site_num = p_site_num and s.site_group_num = p_group
        union all
        (select s.site_num, s.site_name, s.address_line1, s.address_line2, s.city, s.state, s.postal_code,
          d.dev_num, d.transmitter_code, 2, d.transmitter_code collate "C"
        from devices d join sites s on s.site_num = d.site_num
        where p_xmit_lo is not null and d.transmitter_code collate "C" >= p_xmit_lo and d.transmitter_code collate "C" < p_xmit_hi
          and s.site_group_num = p_group
        order by d.transmitter_code collate "C" limit 25)
        union all
        (select s.site_num, s.site_name, s.address_line1, s.address_line2, s.city, s.state, s.postal_code,
          d.dev_num, d.transmitter_code, 3, s.sort_key
        from (
          select s.site_num, s.site_name, s.address_line1, s.address_line2, s.city, s.state, s.postal_code,
            lower(s.site_name) collate "C" as sort_key
          from sites s
          where p_name_lo is not null and s.site_group_num = p_group
            and lower(s.site_name) collate "C" >= p_name_lo and lower(s.site_name) collate "C" < p_name_hi
            and exists (select 1 from devices d where d.site_num = s.site_num)
          order by lower(s.site_name) collate "C", s.site_num limit 25
        ) s cross join lateral (
          select d.dev_num, d.transmitter_code from devices d where d.site_num = s.site_num order by d.dev_num limit 25
        ) d
        order by s.sort_key collate "C", s.site_num, d.dev_num limit 25)
      ) found
      order by found.lookup, found.sort_key collate "C", found.site_num, found.dev_num;
    end $f$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function quick_site_search(integer, integer, integer, integer, text, text, text, text)`.execute(db);
}
