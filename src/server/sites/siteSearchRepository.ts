import { expressionBuilder, sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { SITE_SORT_FIELDS, SiteFilter, SiteRecord } from '../../../schemas/sites.js';
import { APPLICATION } from '../../common/constants.js';
import type { Db } from '../db/database.js';
import { escapeLike, prefixRange } from '../db/listing.js';
import { DIGIT_GRAM } from '../db/migrations/0034_site_search_digit_grams.js';
import type { Database } from '../db/schema.js';
import { rowAddressDisplay, siteAddressColumns, type SiteAddressRow } from '../db/siteAddress.js';
import { siteScope, type ScopeUser } from '../db/siteScope.js';
import { findMatch, foldSearchText, searchPlan, type SearchPlan, type SearchableSite } from './siteSearch.js';

type SortField = (typeof SITE_SORT_FIELDS)[number];
type Scope = ExpressionBuilder<Database, 'site_search' | 'sites'>;

/**
 * With filter.q and no sort, at most this many matches of each kind (name; other fields) are
 * ranked, counted (the total of Content-Range) and paged: ranking every site of a group that
 * holds 'son' would cost more than the page itself, and nobody pages that far into a search.
 */
const SEARCH_MATCH_CAP = 500;
/** A substring search first reads at most this many of the user's sites (a walk in site-number order)… */
const SEARCH_WALK_ROWS = 1000;
/** …and stops at this many matches (or the page's end, when further): a text that frequent needs no index. */
const SEARCH_WALK_MATCHES = 25;
/** A text with this many digits is looked up in the trigram indexes without their group key (byRelevance). */
const NUMBER_DIGITS = 5;

export interface SiteListOptions {
  filter: SiteFilter;
  sort?: { field: SortField; order: 'asc' | 'desc' };
  offset: number;
  limit: number;
}

interface DetailRow extends SiteAddressRow {
  site_num: number;
  site_name: string;
  phone_number: string | null;
  status: SiteRecord['status'];
  site_type: SiteRecord['siteType'];
  is_favorite: boolean;
  devices: { devNum: number; transmitterCode: string }[] | null;
  contacts: { name: string; phoneNumber: string | null }[] | null;
  premise_phones: string[] | null;
}

function toRecord(row: DetailRow, plan: SearchPlan | undefined): SiteRecord {
  const site: SearchableSite = {
    siteNum: row.site_num,
    siteName: row.site_name,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    city: row.city,
    postalCode: row.postal_code,
    phoneNumber: row.phone_number,
    devices: row.devices ?? [],
    contacts: row.contacts ?? [],
    premisePhones: row.premise_phones ?? [],
  };
  const hit = plan ? findMatch(site, plan) : { match: null, device: site.devices[0] };
  return {
    id: row.site_num,
    siteNum: row.site_num,
    siteName: row.site_name,
    devNum: hit.device?.devNum ?? null,
    transmitterCode: hit.device?.transmitterCode ?? null,
    addressDisplay: rowAddressDisplay(row),
    city: row.city,
    state: row.state,
    status: row.status,
    siteType: row.site_type,
    isFavorite: row.is_favorite,
    match: hit.match,
  };
}

/**
 * GET /api/sites: the sites in the user's scope (siteScope), the
 * filters, and the search of filter.q over the documents of migration 0005.
 *
 * Without a sort, a search answers by relevance in tiers, each a query that an
 * index answers in name order with a LIMIT (so no tier sorts all its matches):
 * 0 an equal site number, device number or transmitter code; 1 a name prefix
 * (the btree); 2 a word of the name starting with the text; 3 the name
 * containing it; 4 another field containing it (address, city, postal code,
 * contact names, transmitter, numbers; phones by their digits). A site counts
 * in its best tier; within a tier by name.
 */
export function siteSearchRepository(
  db: Db,
  /**
   * walkRows: the walk's length, SEARCH_WALK_ROWS unless a test makes it shorter than its group (so the trigram fallback runs).
   * relevanceFunction: false runs the statement where migration 0031's function would answer, so a test can hold the two to
   * the same answers.
   */
  { walkRows = SEARCH_WALK_ROWS, relevanceFunction = true }: { walkRows?: number; relevanceFunction?: boolean } = {},
) {
  /** Sites with their search rows, in scope and filtered. */
  function scoped(user: ScopeUser, filter: SiteFilter) {
    let query = db
      .selectFrom('site_search')
      .innerJoin('sites', 'sites.site_num', 'site_search.site_num')
      .where(siteScope(user))
      .where(filters(user, filter));
    // The group first in every index: a dealer's searches stay inside one group's entries.
    if (user.application_num !== APPLICATION.customer && user.current_site_group_num !== null) {
      query = query.where('site_search.site_group_num', '=', user.current_site_group_num);
    }
    return query;
  }

  function filters(user: ScopeUser, filter: SiteFilter): Expression<SqlBool> {
    const eb = expressionBuilder<Database, 'sites'>();
    const all: Expression<SqlBool>[] = [];
    if (filter.status !== undefined) {
      const statuses = Array.isArray(filter.status) ? filter.status : [filter.status];
      all.push(statuses.length ? eb('sites.status', 'in', statuses) : eb.lit(false));
    }
    if (filter.siteType) all.push(eb('sites.site_type', '=', filter.siteType));
    if (filter.city?.trim()) all.push(eb(sql`search_fold(sites.city)`, '=', foldSearchText(filter.city.trim())));
    if (filter.state?.trim()) all.push(eb(sql`upper(sites.state)`, '=', filter.state.trim().toUpperCase()));
    if (filter.favorite !== undefined) {
      const favorite = eb.exists(
        eb
          .selectFrom('site_favorites')
          .select('site_favorites.site_num')
          .whereRef('site_favorites.site_num', '=', 'sites.site_num')
          .where('site_favorites.user_id', '=', user.user_id),
      );
      all.push(filter.favorite ? favorite : eb.not(favorite));
    }
    if (filter.id) all.push(filter.id.length ? eb('sites.site_num', 'in', filter.id) : eb.lit(false));
    return eb.and(all);
  }

  /** Sites whose number, a device number or a transmitter code equals the text. */
  function exact(plan: SearchPlan): Expression<SqlBool> | undefined {
    const eb = expressionBuilder<Database, 'sites'>();
    const any: Expression<SqlBool>[] = [];
    if (plan.number !== undefined) any.push(eb('sites.site_num', '=', plan.number));
    if (plan.number !== undefined || plan.xmit) {
      const { number, xmit } = plan;
      const devices = eb
        .selectFrom('devices')
        .select('devices.site_num')
        .where((d) =>
          d.or([
            ...(number !== undefined ? [d('devices.dev_num', '=', number)] : []),
            ...(xmit ? [d('devices.transmitter_code', '=', xmit)] : []),
          ]),
        );
      any.push(eb('sites.site_num', 'in', devices));
    }
    return any.length ? eb.or(any) : undefined;
  }

  /** Every site the text matches (the union of the tiers). */
  function matches(eb: Scope, plan: SearchPlan): Expression<SqlBool> {
    const text = escapeLike(plan.text);
    const any: Expression<SqlBool>[] = [];
    if (plan.substring) {
      any.push(eb('site_search.name_fold', 'like', `%${text}%`), eb('site_search.doc', 'like', `%${text}%`));
    } else {
      any.push(eb('site_search.name_fold', 'like', `${text}%`));
    }
    if (plan.digits) any.push(eb('site_search.digits', 'like', `%${plan.digits}%`));
    // A substring search finds equal numbers in the documents already (they hold site and device
    // numbers and transmitter codes); an OR with the devices lookup would cost the bitmap scans.
    const equal = plan.substring ? undefined : exact(plan);
    if (equal) any.push(equal);
    return eb.or(any);
  }

  /** Name, address, status, type, favourite, devices, and for a search the contacts and phones: what a row and its match need (DetailRow). */
  function detailColumns(user: ScopeUser, withSearchFields: boolean) {
    return [
      sql.ref<number>('sites.site_num').as('site_num'),
      sql.ref<string>('sites.site_name').as('site_name'),
      ...siteAddressColumns.map((column) => sql.ref(column).as(column.slice('sites.'.length))),
      sql.ref<string | null>('sites.phone_number').as('phone_number'),
      sql.ref<DetailRow['status']>('sites.status').as('status'),
      sql.ref<DetailRow['site_type']>('sites.site_type').as('site_type'),
      sql<boolean>`exists (select 1 from site_favorites f where f.user_id = ${user.user_id} and f.site_num = sites.site_num)`.as(
        'is_favorite',
      ),
      sql<DetailRow['devices']>`(select json_agg(json_build_object('devNum', d.dev_num, 'transmitterCode', d.transmitter_code)
        order by d.dev_num) from devices d where d.site_num = sites.site_num)`.as('devices'),
      (withSearchFields
        ? sql<DetailRow['contacts']>`(select json_agg(json_build_object('name', c.name, 'phoneNumber', c.phone_number)
            order by c.position, c.contact_id) from contacts c where c.site_num = sites.site_num)`
        : sql<null>`null`
      ).as('contacts'),
      (withSearchFields
        ? sql<DetailRow['premise_phones']>`(select json_agg(p.phone_number order by p.phone_id) from premise_phones p
            where p.site_num = sites.site_num)`
        : sql<null>`null`
      ).as('premise_phones'),
    ];
  }

  async function details(user: ScopeUser, siteNums: number[], withSearchFields: boolean): Promise<Map<number, DetailRow>> {
    if (siteNums.length === 0) return new Map();
    const rows = (await db
      .selectFrom('sites')
      .select(detailColumns(user, withSearchFields))
      .where('sites.site_num', 'in', siteNums)
      .where(siteScope(user))
      .execute()) as unknown as DetailRow[];
    return new Map(rows.map((row) => [row.site_num, row]));
  }

  function records(order: number[], rows: Map<number, DetailRow>, plan: SearchPlan | undefined): SiteRecord[] {
    return order.flatMap((siteNum) => {
      const row = rows.get(siteNum);
      return row ? [toRecord(row, plan)] : [];
    });
  }

  /**
   * A search by relevance, in one statement. A page needs a few matches, not all of them:
   * - equal numbers by primary key, name prefixes from the btree (group, name_fold), in name order;
   * - a substring first by a walk of the user's sites in site-number order (heap order), at most
   *   SEARCH_WALK_ROWS of them, stopping at the SEARCH_WALK_MATCHES-th match: a frequent text
   *   ('son', '555-01') is answered after a few hundred rows, whatever the size of the group;
   * - only when the walk found fewer (a rarer text) and there are more sites than it read: the
   *   trigram indexes, from a materialized CTE (planned for all its rows, so a bitmap scan whatever
   *   LIMIT follows), the group checked on the heap; at most SEARCH_MATCH_CAP of each kind (name;
   *   other fields) ranked and counted.
   * The total of Content-Range counts the candidates: exact when the walk read every site or the
   * indexes were used, a lower bound (at least SEARCH_WALK_MATCHES) for a frequent text.
   * A dealer's or staff member's search without other filters runs the same statement in migration
   * 0031's function (planned once per session); keep the two alike.
   */
  async function byRelevance(user: ScopeUser, options: SiteListOptions, plan: SearchPlan) {
    const need = Math.min(options.offset + options.limit, SEARCH_MATCH_CAP);
    const text = escapeLike(plan.text);
    const prefix = `${text}%`;
    const contains = `%${text}%`;
    const walkMatches = Math.max(need, SEARCH_WALK_MATCHES);
    const customer = user.application_num === APPLICATION.customer;
    const group = customer ? null : user.current_site_group_num;
    if (!customer && group === null) return { order: [], rows: new Map<number, DetailRow>(), total: 0 };
    const filtered = Object.entries(options.filter).some(([key, value]) => key !== 'q' && value !== undefined);
    // siteScope for dealers and staff is "the site is in the selected group, and the user still
    // belongs to that group": on site_search (whose group the triggers keep equal to the site's),
    // the group is an index key and the membership a one-time check. A customer's sites: the links.
    // The page's rows are read through siteScope itself (details()).
    // groupKey false: the group is checked on the heap only (an expression no index has), so that
    // the trigram indexes are read without their group key (see other_c).
    const scope = (groupKey: boolean) =>
      group !== null
        ? sql`${groupKey ? sql`site_search.site_group_num` : sql`(site_search.site_group_num + 0)`} = ${group}
            and exists (select 1 from user_account_groups m where m.user_id = ${user.user_id} and m.site_group_num = ${group})`
        : sql`site_search.site_num in (select l.site_num from msa_account_links l where l.user_id = ${user.user_id})`;
    const inScope = scope(true);
    // The filters (and the scope of a customer): a scalar subquery, so one primary-key lookup per
    // candidate read (a join would let the planner hash the whole group's sites first).
    const visible = (siteNum: RawBuilder<number>) =>
      group !== null && !filtered
        ? sql`true`
        : sql`coalesce((select true from sites where sites.site_num = ${siteNum} and ${siteScope(user)} and ${filters(user, options.filter)}), false)`;
    const ctes = [
      // The name prefix, in name order straight from the btree (group, name_fold).
      sql`prefixed as (
        select site_search.site_num, site_search.name_fold, 1 as tier
        from site_search
        where ${inScope} and site_search.name_fold like ${prefix} and ${visible(sql`site_search.site_num`)}
        order by site_search.name_fold, site_search.site_num limit ${plan.substring ? need : SEARCH_MATCH_CAP})`,
    ];
    const parts = [sql`select * from prefixed`];
    // Equal numbers: the site numbers first (an init plan), then their rows by primary key.
    const equalSites = [
      ...(plan.number !== undefined
        ? [sql`select ${plan.number}::int`, sql`select site_num from devices where dev_num = ${plan.number}`]
        : []),
      ...(plan.xmit ? [sql`select site_num from devices where transmitter_code = ${plan.xmit}`] : []),
    ];
    if (equalSites.length) {
      ctes.push(sql`exact as (
        select site_search.site_num, site_search.name_fold, 0 as tier
        from site_search
        where site_search.site_num = any(array(${sql.join(equalSites, sql` union all `)}))
          and ${inScope} and ${visible(sql`site_search.site_num`)})`);
      parts.push(sql`select * from exact`);
    }
    if (plan.substring) {
      const found = (c: string) =>
        sql`(${sql.ref(`${c}.name_fold`)} like ${contains} or ${sql.ref(`${c}.doc`)} like ${contains}${
          plan.digits ? sql` or ${sql.ref(`${c}.digits`)} like ${`%${plan.digits}%`}` : sql``
        })`;
      const tier = (c: string) =>
        sql`case when ${sql.ref(`${c}.name_fold`)} like ${prefix} then 1 when ${sql.ref(`${c}.name_fold`)} like ${`% ${text}%`} then 2
          when ${sql.ref(`${c}.name_fold`)} like ${contains} then 3 else 4 end`;
      ctes.push(
        sql`walked as materialized (
          select w.site_num, w.name_fold, ${tier('w')} as tier
          from (select site_search.site_num, site_search.name_fold, site_search.doc, site_search.digits from site_search
            where ${inScope} order by site_search.site_num limit ${walkRows}) w
          where ${found('w')} and ${visible(sql`w.site_num`)}
          limit ${walkMatches})`,
        // The patterns as init-plan parameters, hidden from the planner's statistics: they are table-wide
        // ('ent' is in 7% of all names), while here the walk has just shown the text rare in this group.
        // With the default estimate, the group-first trigram indexes (group, trigram) answer from the
        // group's own entries, instead of a scan of the group's whole name btree.
        sql`name_c as materialized (select site_num, name_fold from site_search where ${inScope} and name_fold like (select ${contains}))`,
        // A number of DIGIT_GRAM digits or more and nothing else (site, device number): the index of runs
        // of digits (migration 0034), whose keys are rare where digit trigrams are not; the LIKEs
        // checked on the heap only ("is true": no AND with the trigram indexes' bitmaps). Another text
        // of NUMBER_DIGITS digits or more (a phone) is about as rare in the table as in the group: the
        // trigrams alone find its few documents, where the group key would intersect each digit
        // trigram's long posting list with the group's (9 ms).
        sql`other_c as materialized (
          select site_num, name_fold from site_search
          where ${
            plan.digits === plan.text && plan.digits.length >= DIGIT_GRAM
              ? sql`site_search_digit_grams(site_search.doc || E'\\n' || site_search.digits) @> site_search_digit_grams(${contains})
                  and ${scope(false)} and (site_search.doc like ${contains} or site_search.digits like ${`%${plan.digits}%`}) is true`
              : sql`${scope((plan.text.match(/\d/g)?.length ?? 0) < NUMBER_DIGITS)} and (site_search.doc like (select ${contains})${
                  plan.digits ? sql` or site_search.digits like (select ${`%${plan.digits}%`}::text)` : sql``
                })`
          })`,
        sql`named as (
          select c.site_num, c.name_fold, ${tier('c')} as tier
          from name_c c where ${visible(sql`c.site_num`)} limit ${SEARCH_MATCH_CAP})`,
        sql`others as (
          select c.site_num, c.name_fold, 4 as tier
          from other_c c where ${visible(sql`c.site_num`)} limit ${SEARCH_MATCH_CAP})`,
      );
      // The trigram CTEs run only when the walk fell short and did not read every site in scope:
      // behind a one-time filter (an init plan), which leaves them unread otherwise.
      ctes.push(sql`short as materialized (
        select (select count(*) from walked) < ${walkMatches}
          and (select count(*) from (select 1 from site_search where ${inScope} limit ${walkRows + 1}) n) > ${walkRows} as yes)`);
      const walkFellShort = sql`(select yes from short)`;
      parts.push(
        sql`select * from walked`,
        sql`select * from named where ${walkFellShort}`,
        sql`select * from others where ${walkFellShort}`,
      );
    }
    // The page and its rows' details in one statement (details() as a join, siteScope included):
    // the total comes with every candidate of the page, the details only with those in scope.
    const ranked = (offset: number, limit: number) =>
      sql<{ candidate: number; total: number } & ({ site_num: number } | { site_num: null })>`
        with ${sql.join(ctes, sql`, `)}
        select page.site_num as candidate, page.total, ${sql.join(detailColumns(user, true))}
        from (
          select site_num, count(*) over () as total, min(tier) as tier, min(name_fold) as name_fold
          from (${sql.join(parts, sql` union all `)}) as candidates
          group by site_num
          order by min(tier), min(name_fold), site_num
          offset ${offset} limit ${limit}
        ) as page
        left join sites on sites.site_num = page.site_num and ${siteScope(user)}
        order by page.tier, page.name_fold, page.site_num`.execute(db);
    // A dealer's or staff member's search without other filters: migration 0031's function, the same
    // statement planned once per session (unless the name prefix has no range above it, U+10FFFF only).
    const range = prefixRange(plan.text);
    const hi = range.hi;
    const viaFunction = relevanceFunction && group !== null && !filtered && hi !== undefined;
    const rankedByFunction = (offset: number, limit: number) =>
      sql<{ candidate: number; total: number } & ({ site_num: number } | { site_num: null })>`
        select * from site_relevance_search(${group}::int, ${user.user_id}::int, ${offset}::int, ${limit}::int,
          ${plan.substring ? need : SEARCH_MATCH_CAP}::int, ${walkRows}::int, ${walkMatches}::int, ${plan.substring}::boolean,
          ${range.lo}::text, ${hi ?? null}::text, ${prefix}::text, ${`% ${text}%`}::text, ${contains}::text,
          ${plan.digits ? `%${plan.digits}%` : null}::text, ${plan.number ?? null}::int, ${plan.xmit ?? null}::text,
          ${(plan.text.match(/\d/g)?.length ?? 0) < NUMBER_DIGITS}::boolean)`.execute(db);
    const rank = viaFunction ? rankedByFunction : ranked;
    const page = await rank(options.offset, options.offset < need ? Math.min(options.limit, need - options.offset) : 0);
    let total = page.rows.length ? Number(page.rows[0].total) : 0;
    if (page.rows.length === 0 && options.offset > 0) total = Number((await rank(0, 1)).rows[0]?.total ?? 0);
    const rows = page.rows.flatMap((row) => (row.site_num === null ? [] : [row as unknown as DetailRow]));
    return { order: rows.map((r) => r.site_num), rows: new Map(rows.map((row) => [row.site_num, row])), total };
  }

  /** A list in a chosen order (every site in scope, or the matches of a search), with its total. */
  async function sorted(user: ScopeUser, options: SiteListOptions, plan: SearchPlan | undefined) {
    const sort = options.sort ?? { field: 'siteName', order: 'asc' };
    let query = scoped(user, options.filter);
    if (plan) query = query.where((eb) => matches(eb, plan));
    // id is the record's key, the site number.
    const column = {
      id: 'sites.site_num',
      siteName: 'site_search.name_fold',
      siteNum: 'sites.site_num',
      city: 'sites.city',
      status: 'sites.status',
    } as const satisfies Record<SortField, string>;
    const byKey = column[sort.field] === 'sites.site_num';
    let ordered = query
      .select(['sites.site_num', (eb) => eb.fn.countAll<number>().over().as('total')])
      .orderBy(column[sort.field], sort.order);
    if (!byKey && sort.field !== 'siteName') ordered = ordered.orderBy('site_search.name_fold', sort.order);
    if (!byKey) ordered = ordered.orderBy('sites.site_num', sort.order);
    const rows = await ordered.offset(options.offset).limit(options.limit).execute();
    let total = rows.length ? Number(rows[0].total) : 0;
    // A page past the end has no row to carry the total: count apart.
    if (rows.length === 0 && options.offset > 0) {
      const counted = await scoped(user, options.filter)
        .$if(plan !== undefined, (q) => q.where((eb) => matches(eb, plan!)))
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      total = Number(counted.total);
    }
    return { order: rows.map((r) => r.site_num), total };
  }

  return {
    /** One page of GET /api/sites and the total for Content-Range. */
    async list(user: ScopeUser, options: SiteListOptions): Promise<{ items: SiteRecord[]; total: number }> {
      const plan = searchPlan(options.filter.q);
      if (plan && !options.sort) {
        const { order, rows, total } = await byRelevance(user, options, plan);
        return { items: records(order, rows, plan), total };
      }
      const { order, total } = await sorted(user, options, plan);
      const rows = await details(user, order, plan !== undefined);
      return { items: records(order, rows, plan), total };
    },
  };
}
