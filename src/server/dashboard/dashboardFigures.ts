import { DASHBOARD_DAYS, type Dashboard } from '../../../schemas/dashboard.js';
import { SIGNAL_KINDS, type SignalKind } from '../../../schemas/events.js';
import { SITE_STATUSES, SITE_WARNINGS, type SiteStatus } from '../../../schemas/sites.js';

/** Pure parts of the dashboard answer: the UTC days, filling the gaps, zeroed answers. */

const DAY_MS = 86_400_000;

/** The UTC calendar day ('YYYY-MM-DD') of an instant. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The DASHBOARD_DAYS UTC days ending with the day of `now`, oldest first. */
export function dashboardDays(now: Date, days: number = DASHBOARD_DAYS): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => utcDay(new Date(today - (days - 1 - i) * DAY_MS)));
}

const zeroKinds = () => Object.fromEntries(SIGNAL_KINDS.map((k) => [k, 0])) as Record<SignalKind, number>;

/** One entry per day of `days` (every kind, zero when no row), from (day, kind, count) rows. */
export function fillDays(
  days: readonly string[],
  rows: readonly { day: string; kind: string; count: number }[],
): Dashboard['alarmsPerDay'] {
  const byDay = new Map(days.map((day) => [day, zeroKinds()]));
  for (const row of rows) {
    const counts = byDay.get(row.day);
    if (counts && (SIGNAL_KINDS as readonly string[]).includes(row.kind)) counts[row.kind as SignalKind] += Number(row.count);
  }
  return days.map((day) => ({ day, counts: byDay.get(day)! }));
}

/** Accounts per status, every status present (zero when none), from (status, count) rows. */
export function fillStatuses(rows: readonly { status: string; count: number }[]): Record<SiteStatus, number> {
  const counts = Object.fromEntries(SITE_STATUSES.map((s) => [s, 0])) as Record<SiteStatus, number>;
  for (const row of rows) if (row.status in counts) counts[row.status as SiteStatus] += Number(row.count);
  return counts;
}

/** The answer for a user without a (still valid) selected group: every figure zero, every list empty, the days still there. */
export function emptyDashboard(now: Date): Dashboard {
  return {
    siteGroupNum: null,
    generatedAt: now.toISOString(),
    totalSites: 0,
    statusCounts: fillStatuses([]),
    alarms: { last24h: 0, last7d: 0 },
    onTest: { total: 0, sites: [] },
    warningCounts: Object.fromEntries(SITE_WARNINGS.map((w) => [w, 0])) as Dashboard['warningCounts'],
    alarmsPerDay: fillDays(dashboardDays(now), []),
    topSites: [],
    favorites: [],
  };
}
