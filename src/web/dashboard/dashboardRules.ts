import type { Dashboard } from '../../../schemas/dashboard.js';
import { SIGNAL_KINDS, type SignalKind } from '../../../schemas/events.js';
import type { SiteStatus } from '../../../schemas/sites.js';

/** Pure rules of the dealer dashboard: links, colours, chart series. */

/** The accounts list filtered by status, in react-admin's list URL format (/sites?filter={"status":"onTest"}). */
export function statusListUrl(status: SiteStatus): string {
  return `/sites?filter=${encodeURIComponent(JSON.stringify({ status }))}`;
}

/** The stacked series of the 30-day chart: one per kind the premises send, in SIGNAL_KINDS order, a value per day. */
export function perDaySeries(days: Dashboard['alarmsPerDay']): { kind: SignalKind; data: number[] }[] {
  return SIGNAL_KINDS.map((kind) => ({ kind, data: days.map((d) => d.counts[kind]) }));
}

/** 'YYYY-MM-DD' (a UTC day) as a short label in the user's language ('Mar 2'). */
export function dayLabel(day: string, locale?: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** Whether any event happened over the days (else the chart shows its empty state). */
export function hasEvents(days: Dashboard['alarmsPerDay']): boolean {
  return days.some((d) => Object.values(d.counts).some((n) => n > 0));
}

/** The sum of the warning counts (the completeness tile's headline). */
export function totalProblems(counts: Dashboard['warningCounts']): number {
  return Object.values(counts).reduce((a, b) => a + b, 0);
}

/** Round steps (1, 2 or 5 × 10ⁿ) up to the largest stacked total: the value axis' ticks. */
export function valueTicks(max: number, count = 5): number[] {
  if (max <= 0) return [0, 1];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power);
  const ticks: number[] = [];
  for (let v = 0; v < max + step; v += step) ticks.push(v);
  return ticks;
}
