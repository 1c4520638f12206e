import { sql, type Kysely } from 'kysely';

/** The six trigram indexes of site_search (migration 0005). */
const SEARCH_GIN_INDEXES = [
  'site_search_name_trgm',
  'site_search_doc_trgm',
  'site_search_digits_trgm',
  'site_search_name_group_trgm',
  'site_search_doc_group_trgm',
  'site_search_digits_group_trgm',
] as const;

/** The tables whose rows make part of a site's search row (sites has its own update trigger: only some of its columns count). */
const CHILD_TABLES = ['contacts', 'devices', 'premise_phones'] as const;

/**
 * The account search's row (migration 0005) is written once per account and transaction, at
 * commit, instead of once per row written. Before, a row-level trigger on sites, contacts,
 * devices and premise_phones recomputed the site's row for every row inserted: an account of the
 * import (2 devices, 3 contacts, a premise phone) was written seven times, each time with every
 * trigram of its text into six GIN indexes, which was almost all of the time of an import or of
 * any bulk insert (docs/performance.md, Account import).
 *
 * - site_search_stale: the sites a transaction changed, one row per statement (an array of site
 *   numbers). Statement-level triggers with transition tables add to it; a row never outlives
 *   its transaction.
 * - site_search_flush: a deferred constraint trigger on site_search_stale; at commit, the first
 *   of the transaction's rows takes them all (delete … returning) and recomputes those sites in
 *   one set-based statement (site_search_refresh); the others find nothing left. A search in
 *   the writing transaction itself sees the search rows as they were before it (none reads
 *   site_search there).
 * - The trigram indexes take entries through their pending list (fastupdate on) and the flush
 *   merges it at once (gin_clean_pending_list): in bulk, sorted by trigram, several times faster
 *   than one entry at a time, and no search reads a pending list left behind. The merge runs as
 *   the indexes' owner (security definer), as the function requires, whoever writes.
 * - An update of sites refreshes the sites whose searched columns changed (the same columns as
 *   before); any insert, update or delete of a contact, device or premise phone refreshes its
 *   site (both sites when one moves).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger site_search_sites on sites;
    ${sql.raw(CHILD_TABLES.map((table) => `drop trigger site_search_${table} on ${table};`).join('\n    '))}
    drop function site_search_site_changed();
    drop function site_search_child_changed();

    create table site_search_stale (site_nums integer[] not null);

    -- What site_search_fill (0005) computes for a range, here for a set of sites.
    create function site_search_refresh(p_sites integer[]) returns void language sql as $fill$
      with c as (
        select site_num, string_agg(name, E'\n' order by position, contact_id) as names,
          string_agg(search_digits(phone_number), E'\n' order by position, contact_id) filter (where phone_number is not null) as phones
        from contacts where site_num = any(p_sites) group by site_num
      ), d as (
        select site_num, string_agg(transmitter_code || E'\n' || dev_num::text, E'\n' order by dev_num) as devices
        from devices where site_num = any(p_sites) group by site_num
      ), p as (
        select site_num, string_agg(search_digits(phone_number), E'\n' order by phone_id) as phones
        from premise_phones where site_num = any(p_sites) group by site_num
      )
      insert into site_search (site_num, site_group_num, name_fold, doc, digits)
      select s.site_num, s.site_group_num, search_fold(s.site_name),
        search_fold(concat_ws(E'\n', s.address_line1, s.address_line2, s.city, s.postal_code, s.site_num::text, c.names, d.devices)),
        concat_ws(E'\n', search_digits(s.phone_number), c.phones, p.phones)
      from sites s
        left join c on c.site_num = s.site_num
        left join d on d.site_num = s.site_num
        left join p on p.site_num = s.site_num
      where s.site_num = any(p_sites)
      order by s.site_num
      on conflict (site_num) do update set site_group_num = excluded.site_group_num, name_fold = excluded.name_fold,
        doc = excluded.doc, digits = excluded.digits
    $fill$;

    -- The pending lists merged into the indexes, as their owner (gin_clean_pending_list asks for it).
    create function site_search_merge_pending() returns void language plpgsql security definer set search_path from current as $m$
    begin
      ${sql.raw(SEARCH_GIN_INDEXES.map((index) => `perform gin_clean_pending_list('${index}'::regclass);`).join('\n      '))}
    end $m$;

    create function site_search_flush() returns trigger language plpgsql as $t$
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
    create constraint trigger site_search_flush after insert on site_search_stale
      deferrable initially deferred for each row execute function site_search_flush();

    create function site_search_rows_changed() returns trigger language plpgsql as $t$
    begin
      if tg_op = 'INSERT' then
        insert into site_search_stale select array_agg(distinct site_num) from new_rows having count(*) > 0;
      elsif tg_op = 'DELETE' then
        insert into site_search_stale select array_agg(distinct site_num) from old_rows having count(*) > 0;
      else
        insert into site_search_stale
          select array_agg(distinct site_num) from (select site_num from new_rows union all select site_num from old_rows) t having count(*) > 0;
      end if;
      return null;
    end $t$;

    create function site_search_sites_updated() returns trigger language plpgsql as $t$
    begin
      insert into site_search_stale
        select array_agg(n.site_num) from new_rows n join old_rows o on o.site_num = n.site_num
        where (n.site_name, n.address_line1, n.address_line2, n.city, n.postal_code, n.phone_number, n.site_group_num)
          is distinct from (o.site_name, o.address_line1, o.address_line2, o.city, o.postal_code, o.phone_number, o.site_group_num)
        having count(*) > 0;
      return null;
    end $t$;

    create trigger site_search_sites_insert after insert on sites
      referencing new table as new_rows for each statement execute function site_search_rows_changed();
    create trigger site_search_sites_update after update on sites
      referencing old table as old_rows new table as new_rows for each statement execute function site_search_sites_updated();
    ${sql.raw(
      CHILD_TABLES.flatMap((table) => [
        `create trigger site_search_${table}_insert after insert on ${table}\n` +
          `      referencing new table as new_rows for each statement execute function site_search_rows_changed();`,
        `create trigger site_search_${table}_update after update on ${table}\n` +
          `      referencing old table as old_rows new table as new_rows for each statement execute function site_search_rows_changed();`,
        `create trigger site_search_${table}_delete after delete on ${table}\n` +
          `      referencing old table as old_rows for each statement execute function site_search_rows_changed();`,
      ]).join('\n    '),
    )}
  `.execute(db);
  for (const index of SEARCH_GIN_INDEXES) await sql`alter index ${sql.id(index)} set (fastupdate = on)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of SEARCH_GIN_INDEXES) await sql`alter index ${sql.id(index)} set (fastupdate = off)`.execute(db);
  await sql`
    drop trigger site_search_sites_insert on sites;
    drop trigger site_search_sites_update on sites;
    ${sql.raw(
      CHILD_TABLES.flatMap((table) =>
        ['insert', 'update', 'delete'].map((event) => `drop trigger site_search_${table}_${event} on ${table};`),
      ).join('\n    '),
    )}
    drop function site_search_sites_updated();
    drop function site_search_rows_changed();
    drop table site_search_stale;
    drop function site_search_flush();
    drop function site_search_merge_pending();
    drop function site_search_refresh(integer[]);

    create function site_search_site_changed() returns trigger language plpgsql as $t$
    begin
      perform site_search_fill(new.site_num, new.site_num);
      return null;
    end $t$;
    create function site_search_child_changed() returns trigger language plpgsql as $t$
    begin
      if tg_op <> 'DELETE' then
        perform site_search_fill(new.site_num, new.site_num);
      end if;
      if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.site_num <> new.site_num) then
        perform site_search_fill(old.site_num, old.site_num);
      end if;
      return null;
    end $t$;
    create trigger site_search_sites after insert or update of site_name, address_line1, address_line2, city, postal_code,
      phone_number, site_group_num on sites for each row execute function site_search_site_changed();
    ${sql.raw(
      CHILD_TABLES.map(
        (table) =>
          `create trigger site_search_${table} after insert or update or delete on ${table}\n` +
          `      for each row execute function site_search_child_changed();`,
      ).join('\n    '),
    )}
  `.execute(db);
}
