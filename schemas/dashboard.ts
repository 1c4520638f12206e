import type { FromSchema } from 'json-schema-to-ts';
import { SIGNAL_KINDS } from './events.js';
import { closedObject, closedObjectArray, closedSchema, int4Range } from './shared.js';
import { SITE_STATUSES, SITE_WARNINGS } from './sites.js';

/**
 * The dealer dashboard (SPEC §2 /home/dashboard): GET /api/dashboard,
 * the figures of the selected account group. Days are UTC calendar days
 * ('YYYY-MM-DD'); "24 h" and "7 days" are rolling windows ending now. Without
 * a selected group every figure is zero and every list empty (`siteGroupNum`
 * null).
 */

/** How many accounts on test and how many top accounts the answer lists. */
export const DASHBOARD_LIST_LIMIT = 10;
/** The chart and the top accounts cover this many UTC days, today included. */
export const DASHBOARD_DAYS = 30;

const count = { type: 'integer', minimum: 0 } as const;
const siteRef = {
  siteNum: { type: 'integer', ...int4Range },
  /** The account's first device (for /site/* links); null when it has none. */
  devNum: { type: ['integer', 'null'], ...int4Range },
  siteName: { type: 'string' },
} as const;

/** An object with a count for each of `keys`. */
function byKey<K extends readonly string[]>(keys: K) {
  return {
    type: 'object',
    additionalProperties: false,
    required: keys,
    properties: Object.fromEntries(keys.map((k) => [k, count])) as Record<K[number], typeof count>,
  } as const;
}

export const dashboardSchema = closedSchema('Dashboard', {
  siteGroupNum: { type: ['integer', 'null'], ...int4Range },
  generatedAt: { type: 'string', format: 'date-time' },
  totalSites: count,
  /** Accounts per SITE_STATUSES (sites.status). */
  statusCounts: byKey(SITE_STATUSES),
  /** Alarm events (event kind 'alarm') in the last 24 hours and the last 7 days. */
  alarms: closedObject({ last24h: count, last7d: count }),
  /** Accounts with a device on test now (devices.on_test_until later than now), soonest end first. */
  onTest: closedObject({
    total: count,
    sites: {
      type: 'array',
      maxItems: DASHBOARD_LIST_LIMIT,
      items: closedObject({ ...siteRef, until: { type: 'string', format: 'date-time' } }),
    },
  }),
  /** Accounts with each data-completeness warning (src/common/siteWarnings.ts). */
  warningCounts: byKey(SITE_WARNINGS),
  /** One entry per UTC day, oldest first, DASHBOARD_DAYS of them ending today; events per kind. */
  alarmsPerDay: {
    type: 'array',
    maxItems: DASHBOARD_DAYS,
    items: closedObject({
      day: { type: 'string', format: 'date' },
      counts: byKey(SIGNAL_KINDS),
    }),
  },
  /** The accounts with the most alarms over DASHBOARD_DAYS (false-alarm candidates), most first. */
  topSites: {
    type: 'array',
    maxItems: DASHBOARD_LIST_LIMIT,
    items: closedObject({ ...siteRef, alarms: count }),
  },
  /** The user's favourite accounts in the group with their status (the names and links come from the shell's favourites). */
  favorites: closedObjectArray({ siteNum: { type: 'integer', ...int4Range }, status: { type: 'string', enum: SITE_STATUSES } }),
});
export type Dashboard = FromSchema<typeof dashboardSchema>;
