import { sql, type ExpressionBuilder, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { siteScope, type ScopeUser } from '../db/siteScope.js';
import type { SiteListItem } from '../../../schemas/dealer.js';
import type { SiteSearchQuery, SiteSummary } from '../../../schemas/shell.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { escapeLike, prefixRange } from '../db/listing.js';
import { APPLICATION } from '../../common/constants.js';
import { rowAddressDisplay, siteAddressColumns, type SiteAddressRow } from '../db/siteAddress.js';

import { normaliseTransmitter } from '../../common/transmitter.js';

/** Search answers and recents are short lists (the search's is also written into quick_site_search, migration 0029). */
const SEARCH_LIMIT = 25;
const RECENTS_KEPT = 20;

/** A LIKE prefix pattern for text typed by a user: % and _ match themselves. */
export function likePrefix(text: string): string {
  return `${escapeLike(text)}%`;
}

export interface SearchPlan {
  /** Device number (exact), when the text is a number. */
  devNum?: number;
  /** Transmitter code prefix (codes are upper case). */
  xmitPrefix?: string;
  /** Site (account) number (exact), when the text is a number. */
  siteNum?: number;
  /** Site name prefix, lower case. */
  namePrefix?: string;
}

/**
 * What to look for (SPEC §7 'Account search via device, xmit and details'):
 * the device number, the transmitter code and the details (account number
 * or name), each a lookup an index answers. Without a type, all three.
 */
export function searchPlan(query: SiteSearchQuery): SearchPlan {
  const text = query.q.trim();
  const numeric = /^\d{1,9}$/.test(text) ? Number(text) : undefined;
  const wants = (type: NonNullable<SiteSearchQuery['type']>) => !query.type || query.type === type;
  const plan: SearchPlan = {};
  if (!text) return plan;
  if (wants('device') && numeric !== undefined) plan.devNum = numeric;
  if (wants('xmit') && /^[A-Za-z0-9-]+$/.test(text)) plan.xmitPrefix = text.toUpperCase();
  if (wants('details')) {
    if (numeric !== undefined) plan.siteNum = numeric;
    plan.namePrefix = text.toLowerCase();
  }
  return plan;
}

const listColumns = ['sites.site_num', 'sites.site_name', ...siteAddressColumns, 'devices.dev_num', 'devices.transmitter_code'] as const;

type ListRow = SiteAddressRow & {
  site_num: number;
  site_name: string;
  dev_num: number;
  transmitter_code: string;
};

/** A row of the quick search: which lookup found it, and its place in that lookup's order. */
type QuickRow = ListRow & { lookup: number; sort_key: string | null };

function toListItem(row: ListRow): SiteListItem {
  return {
    siteName: row.site_name,
    siteNum: row.site_num,
    devNum: row.dev_num,
    xmit: row.transmitter_code,
    transmitterCode: row.transmitter_code,
    addressDisplay: rowAddressDisplay(row),
  };
}

/** A favourite's or recent's devices: the one it remembers, or every device of the site when it remembers none. */
function rememberedDevice(table: 'site_favorites' | 'site_recents') {
  const remembered = sql.ref<number | null>(`${table}.dev_num`);
  return (eb: ExpressionBuilder<Database, 'devices'>) => eb.or([eb('devices.dev_num', '=', remembered), eb(remembered, 'is', null)]);
}

/** Keeps the first row of each site (rows come one per device). */
function firstPerSite<T extends { site_num: number }>(rows: T[]): T[] {
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.site_num) && seen.add(r.site_num));
}

/**
 * The sites of the shell (SPEC §7 'Dealer, site and live'): favourites,
 * recents, account search and the site summary. Every query is within
 * siteScope of the user who asks.
 */
export function sitesRepository(db: Db) {
  /** Sites in scope with their devices, one row per device. */
  const listed = (user: ScopeUser) =>
    db.selectFrom('sites').innerJoin('devices', 'devices.site_num', 'sites.site_num').select(listColumns).where(siteScope(user));

  /** Records a site opened; a user keeps the RECENTS_KEPT latest. */
  async function recordRecent(userId: number, siteNum: number, devNum: number | null): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('site_recents')
        .values({ user_id: userId, site_num: siteNum, dev_num: devNum, accessed_at: new Date() })
        .onConflict((oc) => oc.columns(['user_id', 'site_num']).doUpdateSet({ dev_num: devNum, accessed_at: new Date() }))
        .execute();
      const keep = trx
        .selectFrom('site_recents')
        .select('site_num')
        .where('user_id', '=', userId)
        .orderBy('accessed_at', 'desc')
        .limit(RECENTS_KEPT);
      await trx.deleteFrom('site_recents').where('user_id', '=', userId).where('site_num', 'not in', keep).execute();
    });
  }

  /**
   * The quick search of a dealer or staff member in their selected group: migration 0029's function,
   * whose statement is planned once per session; undefined for a customer, or a prefix with no
   * range above it (U+10FFFF only), which quickSearchStatement answers.
   */
  async function quickSearchFunction(user: ScopeUser, plan: SearchPlan): Promise<QuickRow[] | undefined> {
    const group = user.current_site_group_num;
    if (user.application_num === APPLICATION.customer || group === null) return undefined;
    const xmit = plan.xmitPrefix ? prefixRange(plan.xmitPrefix) : undefined;
    const name = plan.namePrefix ? prefixRange(plan.namePrefix) : undefined;
    if ((xmit && xmit.hi === undefined) || (name && name.hi === undefined)) return undefined;
    const found = await sql<QuickRow>`select * from quick_site_search(${group}::int, ${user.user_id}::int, ${plan.devNum ?? null}::int,
      ${plan.siteNum ?? null}::int, ${xmit?.lo ?? null}::text, ${xmit?.hi ?? null}::text, ${name?.lo ?? null}::text,
      ${name?.hi ?? null}::text)`.execute(db);
    return found.rows;
  }

  /** The quick search as one statement (any user), planned on every call: see search(). */
  async function quickSearchStatement(user: ScopeUser, plan: SearchPlan): Promise<QuickRow[]> {
    const branches: SelectQueryBuilder<Database, 'sites' | 'devices', QuickRow>[] = [];
    /** A lookup's rows, tagged with its place and with the key of its order. */
    const lookup = (place: number, key: RawBuilder<string> = sql`null::text collate "C"`) =>
      listed(user).select([sql.lit(place).as('lookup'), key.as('sort_key')]);
    const xmitKey = sql<string>`devices.transmitter_code collate "C"`;
    const nameKey = sql<string>`lower(sites.site_name) collate "C"`;
    if (plan.devNum !== undefined) branches.push(lookup(0).where('devices.dev_num', '=', plan.devNum));
    if (plan.siteNum !== undefined) branches.push(lookup(1).where('sites.site_num', '=', plan.siteNum));
    if (plan.xmitPrefix) {
      branches.push(lookup(2, xmitKey).where(xmitKey, 'like', likePrefix(plan.xmitPrefix)).orderBy(xmitKey).limit(SEARCH_LIMIT));
    }
    if (plan.namePrefix) {
      branches.push(
        lookup(3, nameKey)
          .where(nameKey, 'like', likePrefix(plan.namePrefix))
          .orderBy(nameKey)
          .orderBy('sites.site_num')
          .orderBy('devices.dev_num')
          .limit(SEARCH_LIMIT),
      );
    }
    if (branches.length === 0) return [];
    const [first, ...rest] = branches.map((branch, i) => db.selectFrom(branch.as(`lookup${i}`)).selectAll());
    return db
      .selectFrom(rest.reduce((union, branch) => union.unionAll(branch), first).as('found'))
      .selectAll()
      .orderBy('lookup')
      .orderBy(sql`sort_key collate "C"`)
      .orderBy('site_num')
      .orderBy('dev_num')
      .execute();
  }

  return {
    /**
     * The quick search: each lookup of the plan (device number, account number, transmitter-code
     * prefix, name prefix; in that order of relevance) as one branch of a single statement, each
     * branch read in its own order from an index and cut at SEARCH_LIMIT there (migration 0025:
     * C-collation indexes give the prefix range and the order at once), so no branch reads or
     * sorts more than its first rows. A device found by an earlier lookup is not repeated. A
     * dealer's or staff member's runs in migration 0029's function, planned once per session.
     */
    async search(user: ScopeUser, plan: SearchPlan): Promise<SiteListItem[]> {
      const rows = (await quickSearchFunction(user, plan)) ?? (await quickSearchStatement(user, plan));
      const seen = new Set<number>();
      const items: SiteListItem[] = [];
      for (const row of rows) {
        if (seen.has(row.dev_num) || items.length >= SEARCH_LIMIT) continue;
        seen.add(row.dev_num);
        items.push(toListItem(row));
      }
      return items;
    },

    async favorites(user: ScopeUser): Promise<SiteListItem[]> {
      const rows = await db
        .selectFrom('site_favorites')
        .innerJoin('sites', 'sites.site_num', 'site_favorites.site_num')
        .innerJoin('devices', (join) => join.onRef('devices.site_num', '=', 'sites.site_num').on(rememberedDevice('site_favorites')))
        .select(listColumns)
        .where('site_favorites.user_id', '=', user.user_id)
        .where(siteScope(user))
        .orderBy('sites.site_name')
        .orderBy('devices.dev_num')
        .execute();
      return firstPerSite(rows).map(toListItem);
    },

    async recents(user: ScopeUser): Promise<SiteListItem[]> {
      const rows = await db
        .selectFrom('site_recents')
        .innerJoin('sites', 'sites.site_num', 'site_recents.site_num')
        .innerJoin('devices', (join) => join.onRef('devices.site_num', '=', 'sites.site_num').on(rememberedDevice('site_recents')))
        .select([...listColumns, 'site_recents.accessed_at'])
        .where('site_recents.user_id', '=', user.user_id)
        .where(siteScope(user))
        .orderBy('site_recents.accessed_at', 'desc')
        .orderBy('devices.dev_num')
        .limit(RECENTS_KEPT * 2)
        .execute();
      return firstPerSite(rows).slice(0, RECENTS_KEPT).map(toListItem);
    },

    /** A device in scope by its transmitter code (any case). */
    deviceByXmit(user: ScopeUser, xmit: string) {
      return db
        .selectFrom('devices')
        .innerJoin('sites', 'sites.site_num', 'devices.site_num')
        .select(['devices.dev_num', 'devices.site_num'])
        .where('devices.transmitter_code', '=', normaliseTransmitter(xmit))
        .where(siteScope(user))
        .executeTakeFirst();
    },

    /** Favourites a device's site (found by deviceByXmit), remembering the device. */
    async favorite(user: ScopeUser, device: { site_num: number; dev_num: number }): Promise<void> {
      await db
        .insertInto('site_favorites')
        .values({ user_id: user.user_id, site_num: device.site_num, dev_num: device.dev_num })
        .onConflict((oc) => oc.columns(['user_id', 'site_num']).doUpdateSet({ dev_num: device.dev_num }))
        .execute();
    },

    async unfavorite(user: ScopeUser, siteNum: number): Promise<void> {
      await db.deleteFrom('site_favorites').where('user_id', '=', user.user_id).where('site_num', '=', siteNum).execute();
    },

    /** A site in scope with its devices, recorded among the user's recents (device `dn`, else the first); undefined when out of scope. */
    async open(user: ScopeUser, siteNum: number, dn?: number): Promise<SiteSummary | undefined> {
      const site = await db
        .selectFrom('sites')
        .select(['sites.site_num', 'sites.site_name', 'sites.site_group_num', ...siteAddressColumns])
        .where('sites.site_num', '=', siteNum)
        .where(siteScope(user))
        .executeTakeFirst();
      if (!site) return undefined;
      const devices = await db
        .selectFrom('devices')
        .select(['dev_num as devNum', 'transmitter_code as transmitterCode', 'description'])
        .where('site_num', '=', site.site_num)
        .orderBy('dev_num')
        .execute();
      const devNum = devices.find((d) => d.devNum === dn)?.devNum ?? devices[0]?.devNum ?? null;
      await recordRecent(user.user_id, site.site_num, devNum);
      const favorite = await db
        .selectFrom('site_favorites')
        .select('site_num')
        .where('user_id', '=', user.user_id)
        .where('site_num', '=', site.site_num)
        .executeTakeFirst();
      return {
        siteNum: site.site_num,
        siteName: site.site_name,
        siteGroupNum: site.site_group_num,
        addressDisplay: rowAddressDisplay(site),
        isFavorite: Boolean(favorite),
        devices,
      };
    },
  };
}
