import { sql, type Kysely } from 'kysely';
import { up as functionOf0033 } from './0033_site_search_rare_walk.js';

/**
 * A number's search (a site or device number: a text of DIGIT_GRAM digits or more and nothing else)
 * looks its documents up by runs of DIGIT_GRAM digits instead of by trigrams.
 *
 * Digits make only a thousand distinct trigrams, so each trigram of a six-digit number is in 8,000
 * to 34,000 of a million documents, and the trigram lookup stepped through all of them to find the
 * few dozen that hold the whole number. site_search_digit_grams is every run of DIGIT_GRAM
 * consecutive digits of a text, as integers (a hundred thousand keys: a site number's runs are each
 * in a few dozen documents); site_search_digit_grams_idx indexes those of doc and digits together.
 * A document that holds the number holds each of its runs (the number lies inside one digit run of
 * doc or one line of digits), so the index's candidates hold every match, and the LIKEs of the
 * trigram lookup keep exactly those. Other texts keep the trigrams: a text with letters has rare
 * trigrams already (a transmitter code 'es502740' costs no more than a name), one without a run of
 * DIGIT_GRAM digits ('555-0168') has no key here; and so do the names (name_c), which seldom hold
 * digits: their trigram lookup finds nothing at once.
 *
 * The index is an expression of site_search's columns: the refresh at commit (migration 0030)
 * writes it with the row, through its pending list, merged by site_search_merge_pending with the
 * trigram indexes'.
 *
 * site_relevance_search is 0033's with that lookup in other_c; sites/siteSearchRepository.ts's
 * statement (customers', filtered searches) has the same.
 */
export const DIGIT_GRAM = 5;

/** site_search_merge_pending (migration 0030) for every GIN index site_search has now. */
async function mergePending(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
    where i.indrelid = 'site_search'::regclass and a.amname = 'gin' order by c.relname`.execute(db);
  await sql`
    create or replace function site_search_merge_pending() returns void language plpgsql security definer set search_path from current as $m$
    begin
      ${sql.raw(rows.map(({ name }) => `perform gin_clean_pending_list('${name}'::regclass);`).join('\n      '))}
    end $m$`.execute(db);
}

const tier = (alias: string) =>
  `case when ${alias}.name_fold like p_prefix then 1 when ${alias}.name_fold like p_word then 2
            when ${alias}.name_fold like p_contains then 3 else 4 end`;

/** 0033's, unchanged. */
const WALK_ROWS = `(select s.site_num, s.name_fold, s.doc, s.digits from site_search s
          where s.site_group_num = p_group order by s.site_num limit p_walk_rows) w`;
const WALK_MATCH = `(w.name_fold like p_contains or w.doc like p_contains or w.digits like p_digits)`;

/** 0033's, unchanged. */
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

/**
 * 0033's trigram lookups, and a third branch of other_c for a number (v_grams not null): its runs'
 * index, the group and the LIKEs checked on the heap. The LIKEs are behind "is true" so that the
 * planner cannot AND the runs' bitmap with the trigram indexes' (the lookup this replaces).
 */
const TRIGRAMS = `name_c as materialized (
        select s.site_num, s.name_fold from site_search s where s.site_group_num = p_group and s.name_fold like p_contains
      ), other_c as materialized (
        select s.site_num, s.name_fold from site_search s
        where v_grams is null and p_group_key and s.site_group_num = p_group and (s.doc like p_contains or s.digits like p_digits)
        union all
        select s.site_num, s.name_fold from site_search s
        where v_grams is null and not p_group_key and (s.site_group_num + 0) = p_group and (s.doc like p_contains or s.digits like p_digits)
        union all
        select s.site_num, s.name_fold from site_search s
        where v_grams is not null and site_search_digit_grams(s.doc || E'\\n' || s.digits) @> v_grams
          and (s.site_group_num + 0) = p_group and (s.doc like p_contains or s.digits like p_digits) is true
      ), named as (
        select c.site_num, c.name_fold, ${tier('c')} as tier
        from name_c c limit 500
      ), others as (
        select c.site_num, c.name_fold, 4 as tier from other_c c limit 500
      )`;

/** 0033's, unchanged. */
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

const RARE_PROBE = 250;
const RARE_COMPLETE = 1000;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function site_search_digit_grams(text) returns integer[] language sql immutable strict parallel safe as $g$
      select coalesce(array_agg(substr(r, i, ${sql.lit(DIGIT_GRAM)})::integer), '{}')
      from regexp_split_to_table($1, '[^0-9]+') r, generate_series(1, length(r) - ${sql.lit(DIGIT_GRAM - 1)}) i
    $g$`.execute(db);
  await sql`create index site_search_digit_grams_idx on site_search using gin (site_search_digit_grams(doc || E'\\n' || digits))
    with (fastupdate = on)`.execute(db);
  await sql`analyze site_search`.execute(db);
  await mergePending(db);
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
      v_grams integer[];
    begin
      if not exists (select 1 from user_account_groups m where m.user_id = p_user and m.site_group_num = p_group) then
        return;
      end if;
      -- A number: the text is its digits (p_digits is '%digits%'), DIGIT_GRAM of them or more.
      if p_digits = p_contains and length(p_digits) >= ${sql.raw(String(DIGIT_GRAM + 2))} then
        v_grams := site_search_digit_grams(p_digits);
      end if;
      if p_substring then
        select w.site_num, w.n - 1 into v_first, v_before
        from (select s.site_num, s.name_fold, s.doc, s.digits, row_number() over (order by s.site_num) as n from site_search s
          where s.site_group_num = p_group order by s.site_num limit least(p_walk_rows, ${sql.raw(String(RARE_PROBE))})) w
        where ${sql.raw(WALK_MATCH)}
        limit 1;
      end if;
      if p_substring and v_first is null then
        return query
        with ${sql.raw(PREFIXED_EXACT)}, walk_end as materialized (
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
  await functionOf0033(db);
  await sql`drop index site_search_digit_grams_idx`.execute(db);
  await mergePending(db);
  await sql`drop function site_search_digit_grams(text)`.execute(db);
}
