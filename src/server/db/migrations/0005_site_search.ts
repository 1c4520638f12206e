import { sql, type Kysely } from 'kysely';

/**
 * Account search: `filter.q` of GET /api/sites matches a substring,
 * case- and accent-insensitively, of many fields of a site. Per site, one row
 * of site_search holds what is searched, folded (search_fold), and kept up to
 * date by triggers on sites, contacts, devices and premise_phones:
 * - name_fold: the folded site name (C collation: a prefix LIKE is a range of
 *   the btree, in name order);
 * - doc: address lines, city, postal code, site number, contact names,
 *   transmitter codes and device numbers, folded, one per line;
 * - digits: the digits of the site phone, premise phones and contact phones,
 *   one per line ('(555) 123-4567' is '5551234567').
 * Trigram GIN indexes (pg_trgm) find the sites holding a rarer substring of
 * 3 characters or more; the btree (site_group_num, site_num) walks a group's
 * sites for a frequent one (siteSearchRepository). Two sets: trigrams only
 * (customers' searches, sorted searches), and group first (btree_gin: group,
 * trigrams) for a dealer's search that the walk found rare in the group but
 * that may be frequent in the table ('ent': 66,000 names, 4 in a group of
 * 250,000): GIN's scan steps through the group's posting list by the rarer
 * trigram's items, so it reads ~100 pages where the trigrams alone would
 * recheck every match of the table on the heap.
 *
 * search_fold maps A–Z and the accented Latin letters (Latin-1, Latin
 * Extended-A) to lower-case ASCII, one character for one character, so that
 * positions in a folded text are positions in the original (the highlighter,
 * src/server/sites/siteSearch.ts foldSearchText, is the same map). translate
 * rather than lower(): lower() depends on the database's collation (PGlite's
 * is C), the map does not.
 */
export const SEARCH_FOLD_FROM =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞàáâãäåçèéêëìíîïñòóôõöøùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĲĴĵĶķĹĺĻļĽľĿŀŁłŃńŅņŇňŊŌōŎŏŐőŒŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽž';
export const SEARCH_FOLD_TO =
  'abcdefghijklmnopqrstuvwxyzaaaaaaæceeeeiiiiðnoooooouuuuyþaaaaaaceeeeiiiinoooooouuuuyyaaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiiĳjjkkllllllllllnnnnnnŋooooooœrrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzz';

/** Where an extension lives (a test schema of PostgreSQL has search_path set to itself only). */
async function extensionSchema(db: Kysely<unknown>, name: string): Promise<string> {
  const found = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = ${name}`.execute(db);
  const schema = found.rows[0]?.schema;
  if (!schema) throw new Error(`extension ${name} is not installed`);
  return schema;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // Extensions are per database, shared by every schema: installed once, in public, by the
  // first migration to get there (the lock keeps two concurrent migrations from both creating them).
  await sql`select pg_advisory_xact_lock(50050011)`.execute(db);
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  await sql`create extension if not exists btree_gin with schema public`.execute(db);
  const trgm = sql.id(await extensionSchema(db, 'pg_trgm'));

  await sql`
    create function search_fold(text) returns text language sql immutable strict parallel safe
      as $fold$ select translate($1, ${sql.lit(SEARCH_FOLD_FROM)}, ${sql.lit(SEARCH_FOLD_TO)}) $fold$;

    create function search_digits(text) returns text language sql immutable strict parallel safe
      as $digits$ select regexp_replace($1, '[^0-9]', '', 'g') $digits$;

    create table site_search (
      site_num integer primary key references sites on delete cascade,
      site_group_num integer not null,
      name_fold text collate "C" not null,
      doc text not null,
      digits text not null
    );
    create index site_search_name_idx on site_search (site_group_num, name_fold, site_num);
    create index site_search_group_idx on site_search (site_group_num, site_num);

    -- The documents of the sites from p_from to p_to (site numbers): one set-based statement,
    -- what the triggers run for one site and the large seed for a batch.
    create function site_search_fill(p_from integer, p_to integer) returns void language sql as $fill$
      with c as (
        select site_num, string_agg(name, E'\n' order by position, contact_id) as names,
          string_agg(search_digits(phone_number), E'\n' order by position, contact_id) filter (where phone_number is not null) as phones
        from contacts where site_num between p_from and p_to group by site_num
      ), d as (
        select site_num, string_agg(transmitter_code || E'\n' || dev_num::text, E'\n' order by dev_num) as devices
        from devices where site_num between p_from and p_to group by site_num
      ), p as (
        select site_num, string_agg(search_digits(phone_number), E'\n' order by phone_id) as phones
        from premise_phones where site_num between p_from and p_to group by site_num
      )
      insert into site_search (site_num, site_group_num, name_fold, doc, digits)
      select s.site_num, s.site_group_num, search_fold(s.site_name),
        search_fold(concat_ws(E'\n', s.address_line1, s.address_line2, s.city, s.postal_code, s.site_num::text, c.names, d.devices)),
        concat_ws(E'\n', search_digits(s.phone_number), c.phones, p.phones)
      from sites s
        left join c on c.site_num = s.site_num
        left join d on d.site_num = s.site_num
        left join p on p.site_num = s.site_num
      where s.site_num between p_from and p_to
      on conflict (site_num) do update set site_group_num = excluded.site_group_num, name_fold = excluded.name_fold,
        doc = excluded.doc, digits = excluded.digits
    $fill$;

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
    create trigger site_search_contacts after insert or update or delete on contacts
      for each row execute function site_search_child_changed();
    create trigger site_search_devices after insert or update or delete on devices
      for each row execute function site_search_child_changed();
    create trigger site_search_premise_phones after insert or update or delete on premise_phones
      for each row execute function site_search_child_changed();

    select site_search_fill(0, 2147483647);
  `.execute(db);
  // Trigrams only. Without fastupdate: a pending list (flushed only by vacuum, which PGlite never
  // runs by itself) is read sequentially by every search; the large seed turns it on for its
  // batches, then vacuums.
  await sql`
    create index site_search_name_trgm on site_search using gin (name_fold ${trgm}.gin_trgm_ops) with (fastupdate = off);
    create index site_search_doc_trgm on site_search using gin (doc ${trgm}.gin_trgm_ops) with (fastupdate = off);
    create index site_search_digits_trgm on site_search using gin (digits ${trgm}.gin_trgm_ops) with (fastupdate = off);
    create index site_search_name_group_trgm on site_search using gin (site_group_num, name_fold ${trgm}.gin_trgm_ops) with (fastupdate = off);
    create index site_search_doc_group_trgm on site_search using gin (site_group_num, doc ${trgm}.gin_trgm_ops) with (fastupdate = off);
    create index site_search_digits_group_trgm on site_search using gin (site_group_num, digits ${trgm}.gin_trgm_ops) with (fastupdate = off);
    analyze site_search;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger site_search_premise_phones on premise_phones;
    drop trigger site_search_devices on devices;
    drop trigger site_search_contacts on contacts;
    drop trigger site_search_sites on sites;
    drop function site_search_child_changed();
    drop function site_search_site_changed();
    drop function site_search_fill(integer, integer);
    drop table site_search;
    drop function search_digits(text);
    drop function search_fold(text);
  `.execute(db);
}
