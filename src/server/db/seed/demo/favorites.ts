import type { Insertable } from 'kysely';
import type { Db } from '../../database.js';
import type { Database } from '../../schema.js';
import { randomInt, sample, type Random } from '../random.js';
import { DAY_MS, insertChunked } from './helpers.js';
import type { SiteInfo } from './sites.js';

/**
 * Favourites and recents of the dealer users, in their groups. Draws from the demo's `rng` after
 * the accounts (buildSites): it must stay the last to draw from it, in this order.
 */
export async function seedFavoritesAndRecents(
  db: Db,
  rng: Random,
  { sites, ids, now }: { sites: readonly SiteInfo[]; ids: Record<string, number>; now: number },
): Promise<void> {
  const inGroup = (groupNum: number) => sites.filter((s) => s.groupNum === groupNum);
  const favorites: Insertable<Database['site_favorites']>[] = [];
  const recents: Insertable<Database['site_recents']>[] = [];
  for (const [userId, groupNum, favCount, recentCount] of [
    [ids.beta, 9993, 6, 8],
    [ids.beta, 4120, 1, 2],
    [ids.classic, 4120, 4, 6],
    [ids.newuser, 9993, 2, 3],
  ] as const) {
    const picked = sample(rng, inGroup(groupNum), favCount + recentCount);
    picked.slice(0, favCount).forEach((s, i) =>
      favorites.push({
        user_id: userId,
        site_num: s.siteNum,
        dev_num: s.devNums[0],
        created_at: new Date(now - (i + 1) * 7 * DAY_MS),
      }),
    );
    // Recents overlap the favourites a little, as they would in real use.
    picked
      .slice(Math.max(0, favCount - 2))
      .slice(0, recentCount)
      .forEach((s, i) =>
        recents.push({
          user_id: userId,
          site_num: s.siteNum,
          dev_num: s.devNums[0],
          accessed_at: new Date(now - (i + 1) * 3_600_000 * randomInt(rng, 1, 20)),
        }),
      );
  }
  await insertChunked(db, 'site_favorites', favorites);
  await insertChunked(db, 'site_recents', recents);
}
