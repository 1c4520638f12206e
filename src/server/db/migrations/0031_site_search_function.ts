import { sql, type Kysely } from 'kysely';

/**
 * The account search by relevance (GET /api/sites?filter={"q":…} without a sort,
 * sites/siteSearchRepository.ts byRelevance) of a dealer or staff member without other filters, as
 * a function whose statement is planned once per session, as 0029 did for the quick search: as a
 * plain statement PostgreSQL planned its CTEs on every call (about 0.8 ms).
 *
 * It is the statement of byRelevance with the text as parameters, written so that one generic
 * plan is right for every text: the name prefix is a byte range of site_search_name_idx (name_fold
 * is C collation: p_lo <= name_fold < p_hi holds the same names as LIKE 'prefix%', and a LIKE whose
 * pattern is a parameter is no index range); the equal numbers, the walk and the trigram lookups
 * are skipped by one-time filters when their parameter is null or p_substring false; the trigram
 * lookup of the other fields with and without its group key (NUMBER_DIGITS) are two branches, one
 * skipped. The trigram patterns were hidden from the planner's statistics already (init plans):
 * as parameters of a generic plan they are. The limits are the caller's (the page, the prefix
 * tier's, the walk's) and SEARCH_MATCH_CAP (500). The membership of the group is checked once;
 * the page's rows are joined on the group as siteScope does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function site_relevance_search(p_group integer, p_user integer, p_offset integer, p_limit integer,
      p_prefix_limit integer, p_walk_rows integer, p_walk_matches integer, p_substring boolean,
      p_lo text, p_hi text, p_prefix text, p_word text, p_contains text, p_digits text,
      p_number integer, p_xmit text, p_group_key boolean)
    returns table (candidate integer, total bigint, site_num integer, site_name text, address_line1 text,
      address_line2 text, city text, state text, postal_code text, phone_number text, status text, site_type text,
      is_favorite boolean, devices json, contacts json, premise_phones json)
    language plpgsql stable
    set plan_cache_mode = force_generic_plan
    as $f$
    #variable_conflict use_column
    begin
      if not exists (select 1 from user_account_groups m where m.user_id = p_user and m.site_group_num = p_group) then
        return;
      end if;
      return query
      with prefixed as (
        select s.site_num, s.name_fold, 1 as tier
        from site_search s
        where s.site_group_num = p_group and s.name_fold >= p_lo and s.name_fold < p_hi
        order by s.name_fold, s.site_num limit p_prefix_limit
      ), exact as (
        select s.site_num, s.name_fold, 0 as tier
        from site_search s
        where s.site_num = any(array(
            select p_number where p_number is not null
            union all select d.site_num from devices d where p_number is not null and d.dev_num = p_number
            union all select d.site_num from devices d where p_xmit is not null and d.transmitter_code = p_xmit))
          and s.site_group_num = p_group
      ), walked as materialized (
        select w.site_num, w.name_fold,
          case when w.name_fold like p_prefix then 1 when w.name_fold like p_word then 2
            when w.name_fold like p_contains then 3 else 4 end as tier
        from (select s.site_num, s.name_fold, s.doc, s.digits from site_search s
          where s.site_group_num = p_group order by s.site_num limit p_walk_rows) w
        where w.name_fold like p_contains or w.doc like p_contains or w.digits like p_digits
        limit p_walk_matches
      ), name_c as materialized (
        select s.site_num, s.name_fold from site_search s where s.site_group_num = p_group and s.name_fold like p_contains
      ), other_c as materialized (
        select s.site_num, s.name_fold from site_search s
        where p_group_key and s.site_group_num = p_group and (s.doc like p_contains or s.digits like p_digits)
        union all
        select s.site_num, s.name_fold from site_search s
        where not p_group_key and (s.site_group_num + 0) = p_group and (s.doc like p_contains or s.digits like p_digits)
      ), named as (
        select c.site_num, c.name_fold,
          case when c.name_fold like p_prefix then 1 when c.name_fold like p_word then 2
            when c.name_fold like p_contains then 3 else 4 end as tier
        from name_c c limit 500
      ), others as (
        select c.site_num, c.name_fold, 4 as tier from other_c c limit 500
      ), short as materialized (
        select p_substring and (select count(*) from walked) < p_walk_matches
          and (select count(*) from (select 1 from site_search s where s.site_group_num = p_group limit p_walk_rows + 1) n) > p_walk_rows
          as yes
      )
      select page.site_num, page.total, si.site_num, si.site_name, si.address_line1, si.address_line2, si.city, si.state,
        si.postal_code, si.phone_number, si.status, si.site_type,
        exists (select 1 from site_favorites f where f.user_id = p_user and f.site_num = si.site_num),
        (select json_agg(json_build_object('devNum', d.dev_num, 'transmitterCode', d.transmitter_code) order by d.dev_num)
          from devices d where d.site_num = si.site_num),
        (select json_agg(json_build_object('name', c.name, 'phoneNumber', c.phone_number) order by c.position, c.contact_id)
          from contacts c where c.site_num = si.site_num),
        (select json_agg(p.phone_number order by p.phone_id) from premise_phones p where p.site_num = si.site_num)
      from (
        select cand.site_num, count(*) over () as total, min(cand.tier) as tier, min(cand.name_fold) as name_fold
        from (
          select * from prefixed
          union all select * from exact
          union all select * from walked where p_substring
          union all select * from named where (select yes from short)
          union all select * from others where (select yes from short)
        ) as cand
        group by cand.site_num
        order by min(cand.tier), min(cand.name_fold), cand.site_num
        offset p_offset limit p_limit
      ) as page
      left join sites si on si.site_num = page.site_num and si.site_group_num = p_group
      order by page.tier, page.name_fold, page.site_num;
    end $f$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function site_relevance_search(integer, integer, integer, integer, integer, integer, integer, boolean,
    text, text, text, text, text, text, integer, text, boolean)`.execute(db);
}
