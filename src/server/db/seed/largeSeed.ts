import { sql } from 'kysely';
import type { Db } from '../database.js';
import { BUSINESS_ZONES, PANEL_TYPES, RESIDENTIAL_ZONES } from './demo/deviceWords.js';
import { insertDemoGroups } from './demo/groups.js';
import {
  BUSINESS_PREFIXES,
  BUSINESS_RELATIONS,
  BUSINESS_TYPES,
  CITIES,
  FIRST_NAMES,
  LAST_NAMES,
  RESIDENCE_SUFFIXES,
  RESIDENTIAL_RELATIONS,
  STREET_NAMES,
  STREET_SUFFIXES,
} from './demo/siteWords.js';

/**
 * A large data set for load tests and benchmarks (`npm run seed -- --sites N`):
 * per site one device, 4 zones, 2 contacts (phones written in varied ways) and
 * 3 alarm events; a third of the sites a premise phone; mostly active sites,
 * some of every other status; site types; some accented names (José,
 * Société) for the accent-insensitive search. The rows are
 * made by the database itself (insert … select … from generate_series), in
 * batches of 50,000 sites, one transaction each; names and places come from
 * the demo word lists by modular arithmetic. The same SQL runs on PGlite and
 * PostgreSQL. The search documents (migration 0005) are filled per batch by one
 * set-based statement (site_search_fill) while the row triggers are skipped.
 */
const LARGE_SEED_BATCH = 50_000;

export interface LargeSeedOptions {
  sites: number;
  log?: (msg: string) => void;
}

/** Event codes of the large set; zone 0 = none, 1 = a burglary zone (1–3), 2 = the fire zone (4). */
const LARGE_EVENTS: [code: string, description: string, zone: number][] = [
  ['E602', 'Periodic Test Report', 0],
  ['E602', 'Periodic Test Report', 0],
  ['E602', 'Periodic Test Report', 0],
  ['E130', 'Burglary Alarm', 1],
  ['E130', 'Burglary Alarm', 1],
  ['E301', 'AC Power Loss', 0],
  ['R301', 'AC Power Restored', 0],
  ['E302', 'Low System Battery', 0],
  ['E110', 'Fire Alarm', 2],
  ['E120', 'Panic Alarm', 0],
  ['E401', 'Opening by User', 0],
  ['R401', 'Closing by User', 0],
  ['E350', 'Communication Trouble', 0],
];

/** Accented names for some sites, so that the search's accent folding has something to fold. */
const ACCENTED_LAST_NAMES = ['José', 'Müller', 'Núñez', 'Lefèvre', 'Dvořák', 'Björk', 'Çelik', 'Ångström', 'Gónzalez', 'Łukasz'];
const ACCENTED_PREFIXES = ['Société', 'Café', 'Crème', 'Château', 'Über'];

/** A phone as people write it, four ways: `area` and `line` are SQL text expressions, `k` picks the way. */
const phone = (area: string, line: string, k: string) =>
  sql.raw(`case (${k}) % 4
    when 0 then '(' || ${area} || ') 555-' || ${line}
    when 1 then ${area} || '-555-' || ${line}
    when 2 then ${area} || '.555.' || ${line}
    else '+1 ' || ${area} || ' 555 ' || ${line} end`);

/** Word lists sent once per statement, as arrays (a CTE `p`). */
function wordLists() {
  return sql`p as (select
    ${BUSINESS_PREFIXES}::text[] as prefixes,
    ${BUSINESS_TYPES.map((b) => b.name)}::text[] as types,
    ${LAST_NAMES}::text[] as last_names,
    ${ACCENTED_LAST_NAMES}::text[] as accented_names,
    ${ACCENTED_PREFIXES}::text[] as accented_prefixes,
    ${FIRST_NAMES}::text[] as first_names,
    ${RESIDENCE_SUFFIXES}::text[] as residence,
    ${STREET_NAMES}::text[] as streets,
    ${STREET_SUFFIXES}::text[] as suffixes,
    ${CITIES.map((c) => c.city)}::text[] as cities,
    ${CITIES.map((c) => c.state)}::text[] as states,
    ${CITIES.map((c) => c.zip)}::int[] as zips,
    ${CITIES.map((c) => c.areaCode)}::text[] as areas,
    ${CITIES.map((c) => c.timeZone)}::text[] as zones,
    ${PANEL_TYPES}::text[] as panels,
    ${[...RESIDENTIAL_ZONES.slice(0, 4), ...BUSINESS_ZONES.slice(0, 4)].map((zn) => zn.description)}::text[] as zone_names,
    ${[...RESIDENTIAL_ZONES.slice(0, 4), ...BUSINESS_ZONES.slice(0, 4)].map((zn) => zn.eventType)}::text[] as zone_types,
    ${RESIDENTIAL_RELATIONS.slice(1)}::text[] as home_relations,
    ${BUSINESS_RELATIONS.slice(1)}::text[] as business_relations,
    ${LARGE_EVENTS.map((e) => e[0])}::text[] as codes,
    ${LARGE_EVENTS.map((e) => e[1])}::text[] as descriptions,
    ${LARGE_EVENTS.map((e) => e[2])}::int[] as event_zones
  )`;
}

/** 1-based index into an array of `n` items chosen from `expr` (an int SQL expression). */
const at = (expr: string, n: number) => sql.raw(`1 + ((${expr}) % ${n})`);

interface Batch {
  groups: number[];
  siteBase: number;
  devBase: number;
  skipTriggers: boolean;
}

async function insertBatch(db: Db, { groups, siteBase, devBase, skipTriggers }: Batch, from: number, to: number) {
  // The rows are consistent by construction, so when allowed the foreign-key
  // triggers are skipped for this transaction: that makes a batch 2-3 times faster.
  if (skipTriggers) await sql`set local session_replication_role = replica`.execute(db);
  // The search indexes' pending lists take a whole batch before they are flushed (see seedLarge).
  await sql`set local gin_pending_list_limit = '64MB'`.execute(db);
  // g is the 1-based position in the large set; a site is a business when g % 5 < 2.
  const series = sql`generate_series(${from}::int, ${to}::int) as g`;
  const lists = wordLists();
  // Each group gets a run of neighbouring cities, as a dealer serves a region.
  const span = Math.max(1, Math.floor(CITIES.length / groups.length));
  const cityIndex = `1 + (((g % ${groups.length}) * ${span} + (g / ${groups.length} * 7) % ${span}) % ${CITIES.length})`;
  const city = sql.raw(cityIndex);
  await sql`with ${lists}
    insert into sites (site_num, site_group_num, site_name, address_line1, address_line2, city, state, postal_code,
      phone_number, time_zone, status, site_type)
    select ${siteBase}::int + g,
      (${groups}::int[])[${at('g', groups.length)}],
      case when g % 5 < 2 then
        case when g % 41 = 5 then p.accented_prefixes[${at('g / 41', ACCENTED_PREFIXES.length)}]
          else p.prefixes[${at('g / 5 * 7 + g', BUSINESS_PREFIXES.length)}] end || ' ' || p.types[${at('g / 3', BUSINESS_TYPES.length)}]
      else
        case when g % 23 = 7 then p.accented_names[${at('g / 23', ACCENTED_LAST_NAMES.length)}]
          else p.last_names[${at('g * 7', LAST_NAMES.length)}] end || ' ' || p.residence[${at('g / 11', RESIDENCE_SUFFIXES.length)}]
      end,
      (100 + (g::bigint * 7919) % 9800)::text || ' ' || p.streets[${at('g / 13 + g', STREET_NAMES.length)}] || ' '
        || p.suffixes[${at('g / 17', STREET_SUFFIXES.length)}],
      case when g % 9 = 0 then
        case when g % 5 < 2 then 'Suite ' || (1 + g % 4)::text || '00' else 'Apt ' || (1 + g % 8)::text || 'B' end
      end,
      p.cities[c.i], p.states[c.i], lpad((p.zips[c.i] + g % 25)::text, 5, '0'),
      ${phone('p.areas[c.i]', "'01' || lpad((g % 100)::text, 2, '0')", 'g / 7')},
      p.zones[c.i],
      -- Mostly active (92 %), 2 % of each other status.
      case g % 50 when 11 then 'inAlarm' when 23 then 'onTest' when 37 then 'outOfService' when 49 then 'pending' else 'active' end,
      case when g % 5 >= 2 then 'residential'
        else (array['commercial', 'commercial', 'industrial', 'institutional'])[1 + g / 5 % 4] end
    from p, ${series}, lateral (select ${city} as i) c`.execute(db);

  await sql`with ${lists}
    insert into devices (dev_num, site_num, transmitter_code, panel_type, description)
    select ${devBase}::int + g, ${siteBase}::int + g,
      chr(65 + (${devBase}::int + g) % 26) || chr(65 + (${devBase}::int + g) / 26 % 26) || (${devBase}::int + g)::text,
      p.panels[${at('g * 3 + g / 23', PANEL_TYPES.length)}], 'Main Panel'
    from p, ${series}`.execute(db);

  await sql`with ${lists}
    insert into zones (dev_num, zone_num, description, event_type)
    select ${devBase}::int + g, z, p.zone_names[k.i], p.zone_types[k.i]
    from p, ${series}, generate_series(1, 4) as z, lateral (select case when g % 5 < 2 then 4 else 0 end + z as i) k`.execute(db);

  await sql`with ${lists}
    insert into contacts (site_num, position, name, relation, phone_number, email, has_key)
    select ${siteBase}::int + g, c, n.first || ' ' || n.last,
      case when c = 1 then 'Owner' when g % 5 < 2 then p.business_relations[${at('g', BUSINESS_RELATIONS.length - 1)}]
        else p.home_relations[${at('g', RESIDENTIAL_RELATIONS.length - 1)}] end,
      ${phone(`p.areas[${cityIndex}]`, "'01' || lpad(((g + c * 37) % 100)::text, 2, '0')", 'g + c')},
      case when (g + c) % 3 <> 0 then lower(n.first || '.' || n.last || '@example.com') end,
      c = 1 or g % 2 = 0
    from p, ${series}, generate_series(1, 2) as c,
      lateral (select p.first_names[${at('g * 13 + c * 7', FIRST_NAMES.length)}] as first,
        case when c = 1 or g % 5 >= 2 then p.last_names[${at('g * 7', LAST_NAMES.length)}]
          else p.last_names[${at('g * 11 + 5', LAST_NAMES.length)}] end as last) n`.execute(db);

  // A premise phone for a third of the sites.
  await sql`with ${lists}
    insert into premise_phones (site_num, label, phone_number)
    select ${siteBase}::int + g, case when g % 5 < 2 then 'Front desk' else 'Home' end,
      ${phone(`p.areas[${cityIndex}]`, "'01' || lpad(((g * 3 + 11) % 100)::text, 2, '0')", 'g / 3 + 1')}
    from p, ${series}
    where g % 3 = 0`.execute(db);

  // The search documents of the batch in one statement (the row triggers did it per row when not skipped).
  if (skipTriggers) await sql`select site_search_fill(${siteBase + from}::int, ${siteBase + to}::int)`.execute(db);

  await sql`with ${lists}
    insert into alarm_events (site_num, dev_num, site_group_num, transmitter_code, zone_num, event_code,
      event_code_description, alarm_date, received_at)
    select d.site_num, d.dev_num, s.site_group_num, d.transmitter_code,
      case p.event_zones[e.i] when 1 then 1 + (d.dev_num + k) % 3 when 2 then 4 end,
      p.codes[e.i], p.descriptions[e.i], t.ts, t.ts + ((1 + (d.dev_num + k) % 20) * interval '1 second')
    from p, devices d
      join sites s on s.site_num = d.site_num
      cross join generate_series(1, 3) as k,
      lateral (select ${at('d.dev_num * 7 + k * 5', LARGE_EVENTS.length)} as i) e,
      lateral (select date_trunc('second', now()) - (((d.dev_num::bigint * 7919 + k * 104729) % 7776000) * interval '1 second') as ts) t
    where d.dev_num between ${devBase + from}::int and ${devBase + to}::int`.execute(db);
}

const SEARCH_GIN_INDEXES = [
  'site_search_name_trgm',
  'site_search_doc_trgm',
  'site_search_digits_trgm',
  'site_search_name_group_trgm',
  'site_search_doc_group_trgm',
  'site_search_digits_group_trgm',
];

async function searchIndexesFastUpdate(db: Db, on: boolean) {
  for (const index of SEARCH_GIN_INDEXES) {
    await sql`alter index ${sql.id(index)} set (fastupdate = ${sql.raw(on ? 'on' : 'off')})`.execute(db);
  }
}

/** Adds `sites` sites after the current highest site and device numbers, then analyzes. */
export async function seedLarge(db: Db, options: LargeSeedOptions): Promise<void> {
  const total = options.sites;
  if (!Number.isInteger(total) || total < 0) throw new Error(`sites must be a whole number, 0 or more (got ${total})`);
  const log = options.log ?? (() => undefined);
  const started = Date.now();

  let groups = (await db.selectFrom('account_groups').select('site_group_num').orderBy('site_group_num').execute()).map(
    (r) => r.site_group_num,
  );
  if (groups.length === 0) {
    await db.transaction().execute((trx) => insertDemoGroups(trx));
    groups = (await db.selectFrom('account_groups').select('site_group_num').orderBy('site_group_num').execute()).map(
      (r) => r.site_group_num,
    );
  }
  const max = await db
    .selectFrom('sites')
    .select((eb) => eb.fn.max('site_num').as('site'))
    .executeTakeFirst();
  const maxDev = await db
    .selectFrom('devices')
    .select((eb) => eb.fn.max('dev_num').as('dev'))
    .executeTakeFirst();
  const siteBase = max?.site ?? 100000;
  const devBase = maxDev?.dev ?? 500000;
  // Skipping triggers needs a superuser: always so on PGlite, on PostgreSQL only when connected as one.
  const role = await sql<{ su: boolean }>`select current_setting('is_superuser') = 'on' as su`.execute(db);
  const batch: Batch = { groups, siteBase, devBase, skipTriggers: role.rows[0]?.su === true };

  // The search indexes (migration 0005) take a batch's entries in bulk through their pending
  // lists, flushed by the vacuum at the end, rather than one row at a time.
  await searchIndexesFastUpdate(db, true);
  try {
    for (let from = 1; from <= total; from += LARGE_SEED_BATCH) {
      const to = Math.min(total, from + LARGE_SEED_BATCH - 1);
      await db.transaction().execute((trx) => insertBatch(trx, batch, from, to));
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      log(`sites ${to}/${total} (${Math.floor((to / total) * 100)}%) ${seconds} s`);
    }
  } finally {
    await searchIndexesFastUpdate(db, false);
  }
  await sql`vacuum analyze site_search`.execute(db);
  await sql`analyze`.execute(db);
  log(`large seed: ${total} sites added after site ${siteBase} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
