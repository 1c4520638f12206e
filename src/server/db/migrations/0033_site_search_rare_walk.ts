import { sql, type Kysely } from 'kysely';
import { up as functionOf0031 } from './0031_site_search_function.js';

/**
 * site_relevance_search (migration 0031) at a lower database cost per search, same answers
 * (tests/integration/sitesSearch.test.ts holds it to byRelevance's statement, page by page).
 *
 * - The walk reads the group's sites through site_search_group_idx (group, site_num), 1,000 rows
 *   for a walk of 1,000. The generic plan took the primary key in site-number order and filtered
 *   the group on the heap: four rows read for each of the group's in a table of four groups. The
 *   function plans with random_page_cost 1.1 (the walk's pages are in memory, as every page a
 *   search reads), which is what makes the group's index the cheaper walk.
 * - Whether the group has more sites than the walk reads: the site after the walk's last, one
 *   index entry found by offset, not a count of 1,001 rows.
 * - A rare text (none of the first RARE_PROBE sites of the walk match it: numbers, transmitter codes,
 *   whole names) takes its walk from the trigram candidates instead of reading 1,000 sites: the
 *   walk's answer is the first SEARCH_WALK_MATCHES of the group's matches up to the walk's last site
 *   in site-number order, and name_c and other_c hold every match of the group, so the walk is
 *   those candidates up to that site, in that order. When either holds more than RARE_COMPLETE
 *   (a text rare at the start of the group and frequent further on), the walk runs as before:
 *   named and others read their 500 from the same materialized rows either way. The trigram
 *   lookups were what such a text cost anyway (the walk falls short of its matches for them).
 *   A text found among the first sites runs 0031's statement unchanged.
 */
const RARE_PROBE = 250;
/** Above SEARCH_MATCH_CAP (500), so that named and others read the same first 500 rows. */
const RARE_COMPLETE = 1000;

const tier = (alias: string) =>
  `case when ${alias}.name_fold like p_prefix then 1 when ${alias}.name_fold like p_word then 2
            when ${alias}.name_fold like p_contains then 3 else 4 end`;

/** The group's first p_walk_rows sites in site-number order (the walk's rows), and a match among them. */
const WALK_ROWS = `(select s.site_num, s.name_fold, s.doc, s.digits from site_search s
          where s.site_group_num = p_group order by s.site_num limit p_walk_rows) w`;
const WALK_MATCH = `(w.name_fold like p_contains or w.doc like p_contains or w.digits like p_digits)`;

/** The name prefix and the equal numbers (0031's). */
const PREFIXED_EXACT = `prefixed as (
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
      )`;

/** The trigram lookups (0031's). */
const TRIGRAMS = `name_c as materialized (
        select s.site_num, s.name_fold from site_search s where s.site_group_num = p_group and s.name_fold like p_contains
      ), other_c as materialized (
        select s.site_num, s.name_fold from site_search s
        where p_group_key and s.site_group_num = p_group and (s.doc like p_contains or s.digits like p_digits)
        union all
        select s.site_num, s.name_fold from site_search s
        where not p_group_key and (s.site_group_num + 0) = p_group and (s.doc like p_contains or s.digits like p_digits)
      ), named as (
        select c.site_num, c.name_fold, ${tier('c')} as tier
        from name_c c limit 500
      ), others as (
        select c.site_num, c.name_fold, 4 as tier from other_c c limit 500
      )`;

/** The ranked page and its rows' details (0031's). */
const PAGE = `select page.site_num, page.total, si.site_num, si.site_name, si.address_line1, si.address_line2, si.city, si.state,
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
      order by page.tier, page.name_fold, page.site_num`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function site_relevance_search(p_group integer, p_user integer, p_offset integer, p_limit integer,
      p_prefix_limit integer, p_walk_rows integer, p_walk_matches integer, p_substring boolean,
      p_lo text, p_hi text, p_prefix text, p_word text, p_contains text, p_digits text,
      p_number integer, p_xmit text, p_group_key boolean)
    returns table (candidate integer, total bigint, site_num integer, site_name text, address_line1 text,
      address_line2 text, city text, state text, postal_code text, phone_number text, status text, site_type text,
      is_favorite boolean, devices json, contacts json, premise_phones json)
    language plpgsql stable
    set plan_cache_mode = force_generic_plan
    set random_page_cost = 1.1
    as $f$
    #variable_conflict use_column
    declare
      v_first integer;
      v_before integer;
    begin
      if not exists (select 1 from user_account_groups m where m.user_id = p_user and m.site_group_num = p_group) then
        return;
      end if;
      if p_substring then
        -- The probe: the first of the walk's first RARE_PROBE sites that matches, and how many come before it.
        select w.site_num, w.n - 1 into v_first, v_before
        from (select s.site_num, s.name_fold, s.doc, s.digits, row_number() over (order by s.site_num) as n from site_search s
          where s.site_group_num = p_group order by s.site_num limit least(p_walk_rows, ${sql.raw(String(RARE_PROBE))})) w
        where ${sql.raw(WALK_MATCH)}
        limit 1;
      end if;
      if p_substring and v_first is null then
        return query
        with ${sql.raw(PREFIXED_EXACT)}, walk_end as materialized (
          -- The walk's last site and the one after it, if any.
          select array(select s.site_num from site_search s where s.site_group_num = p_group
            order by s.site_num offset p_walk_rows - 1 limit 2) as b
        ), ${sql.raw(TRIGRAMS)}, complete as materialized (
          select (select count(*) from (select 1 from name_c limit ${sql.raw(String(RARE_COMPLETE + 1))}) n) <= ${sql.raw(String(RARE_COMPLETE))}
            and (select count(*) from (select 1 from other_c limit ${sql.raw(String(RARE_COMPLETE + 1))}) o) <= ${sql.raw(String(RARE_COMPLETE))}
            as yes
        ), walked as materialized (
          (select m.site_num, m.name_fold, ${sql.raw(tier('m'))} as tier
          from (select c.site_num, c.name_fold from name_c c union select c.site_num, c.name_fold from other_c c) m
          where (select yes from complete) and m.site_num <= coalesce((select e.b[1] from walk_end e), 2147483647)
          order by m.site_num limit p_walk_matches)
          union all
          (select w.site_num, w.name_fold, ${sql.raw(tier('w'))} as tier
          from ${sql.raw(WALK_ROWS)}
          where ${sql.raw(WALK_MATCH)} and not (select yes from complete)
          limit p_walk_matches)
        ), short as materialized (
          select (select count(*) from walked) < p_walk_matches and (select cardinality(e.b) from walk_end e) = 2 as yes
        )
        ${sql.raw(PAGE)};
      else
        return query
        with ${sql.raw(PREFIXED_EXACT)}, walked as materialized (
          -- The walk from the probe's match on (the sites before it match nothing), as a range of the group's index
          -- (a row comparison, which the primary key cannot answer). Without a substring, no walk.
          select w.site_num, w.name_fold, ${sql.raw(tier('w'))} as tier
          from (select s.site_num, s.name_fold, s.doc, s.digits from site_search s
            where s.site_group_num = p_group and (s.site_group_num, s.site_num) >= (p_group, v_first)
            order by s.site_num limit p_walk_rows - coalesce(v_before, 0)) w
          where ${sql.raw(WALK_MATCH)}
          limit p_walk_matches
        ), ${sql.raw(TRIGRAMS)}, short as materialized (
          select p_substring and (select count(*) from walked) < p_walk_matches
            and exists (select 1 from site_search s where s.site_group_num = p_group order by s.site_num offset p_walk_rows limit 1)
            as yes
        )
        ${sql.raw(PAGE)};
      end if;
    end $f$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function site_relevance_search(integer, integer, integer, integer, integer, integer, integer, boolean,
    text, text, text, text, text, text, integer, text, boolean)`.execute(db);
  await functionOf0031(db);
}
