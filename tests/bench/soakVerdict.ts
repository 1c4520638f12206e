/**
 * The soak's figures and its verdict (npm run soak, tests/bench/soak.ts), as pure functions:
 * one minute of samples of a kind to its count, errors, p50 and p99; the run's minutes to the
 * verdict against its goals:
 *
 *   - no error at all (every minute, the first included);
 *   - p99 flat: from minute 2 on, each minute's p99 of each kind within ±20 % of the median of
 *     that kind's p99s over those minutes (minute 1 warms up: JIT, caches, connections);
 *   - RSS growth at most 10 % from minute 2 to the last minute.
 *
 * A run of fewer than three minutes cannot show flatness or growth: it is not judged, and does
 * not pass.
 */

const SOAK_GOALS = {
  /** The first minute judged for flatness and growth (1-based). */
  fromMinute: 2,
  /** Each judged minute's p99 within this fraction of the median p99 of its kind. */
  p99Band: 0.2,
  /** RSS of the last minute at most this fraction above that of `fromMinute`. */
  rssGrowth: 0.1,
} as const;

export type SoakGoals = { fromMinute: number; p99Band: number; rssGrowth: number };

export interface KindMinute {
  /** Calls (or deliveries) that completed in the minute, failed ones included. */
  count: number;
  errors: number;
  /** Milliseconds, over the successful ones; 0 when there were none. */
  p50: number;
  p99: number;
}

export interface SoakMinute {
  /** 1-based. */
  minute: number;
  kinds: Record<string, KindMinute>;
  /** The server's resident set size in the minute (mean of its samples), bytes. */
  rssBytes: number;
}

/** Nearest-rank percentile of sorted values (0 for none). */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

function median(values: readonly number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** One kind's minute: `latencies` of the successful calls (ms, any order) and the number of failed ones. */
export function summariseMinute(latencies: readonly number[], errors: number): KindMinute {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { count: sorted.length + errors, errors, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

export interface KindFlatness {
  kind: string;
  /** Median of the judged minutes' p99s, ms. */
  median: number;
  lowest: number;
  highest: number;
  /** Judged minutes whose p99 lies outside the band. */
  outside: number[];
}

export interface SoakVerdict {
  /** False when the run is too short to judge flatness and growth. */
  judged: boolean;
  met: boolean;
  errors: number;
  errorsByKind: Record<string, number>;
  flatness: KindFlatness[];
  rss?: { fromBytes: number; toBytes: number; growth: number };
  /** Human-readable verdict, one line per goal. */
  lines: string[];
}

const pct = (fraction: number) => `${(fraction * 100).toFixed(1)} %`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** One kind's p99 over the minutes from `goals.fromMinute` in which it succeeded at least once; undefined when there are none. */
export function flatnessOf(kind: string, minutes: readonly SoakMinute[], goals: SoakGoals = SOAK_GOALS): KindFlatness | undefined {
  // Minutes with no successful call of the kind have no p99 to judge (their errors are counted apart).
  const points = minutes
    .filter((m) => m.minute >= goals.fromMinute)
    .map((m) => ({ minute: m.minute, figures: m.kinds[kind] }))
    .filter((p) => p.figures && p.figures.count > p.figures.errors);
  if (!points.length) return undefined;
  const p99s = points.map((p) => p.figures.p99);
  const mid = median(p99s);
  return {
    kind,
    median: mid,
    lowest: Math.min(...p99s),
    highest: Math.max(...p99s),
    outside: points.filter((p) => Math.abs(p.figures.p99 - mid) > goals.p99Band * mid).map((p) => p.minute),
  };
}

function flatnessLine(f: KindFlatness, goals: SoakGoals = SOAK_GOALS): string {
  const spread = f.median > 0 ? `${pct(f.lowest / f.median - 1)} to +${pct(f.highest / f.median - 1)}` : 'n/a';
  return (
    `p99 of ${f.kind}: median ${f.median.toFixed(1)} ms, minutes ${f.lowest.toFixed(1)} to ${f.highest.toFixed(1)} ms ` +
    `(${spread}; goal within ±${pct(goals.p99Band)}): ` +
    (f.outside.length ? `NOT met (minute ${f.outside.join(', ')})` : 'met')
  );
}

export function soakVerdict(minutes: readonly SoakMinute[], goals: SoakGoals = SOAK_GOALS): SoakVerdict {
  const ordered = [...minutes].sort((a, b) => a.minute - b.minute);
  const errorsByKind: Record<string, number> = {};
  for (const m of ordered) {
    for (const [kind, figures] of Object.entries(m.kinds)) errorsByKind[kind] = (errorsByKind[kind] ?? 0) + figures.errors;
  }
  const errors = Object.values(errorsByKind).reduce((sum, n) => sum + n, 0);
  const judgedMinutes = ordered.filter((m) => m.minute >= goals.fromMinute);
  const judged = judgedMinutes.length >= 2;
  const lines: string[] = [];
  lines.push(
    errors === 0
      ? 'errors: 0 (goal 0): met'
      : `errors: ${errors} (goal 0): NOT met (${Object.entries(errorsByKind)
          .filter(([, n]) => n > 0)
          .map(([kind, n]) => `${kind} ${n}`)
          .join(', ')})`,
  );
  if (!judged) {
    lines.push(
      `p99 flatness and RSS growth: not judged (${judgedMinutes.length} minute(s) from minute ${goals.fromMinute}; ` +
        `a run needs ${goals.fromMinute + 1} minutes or more)`,
    );
    return { judged, met: false, errors, errorsByKind, flatness: [], lines };
  }

  const kinds = [...new Set(judgedMinutes.flatMap((m) => Object.keys(m.kinds)))];
  const flatness = kinds.flatMap((kind) => flatnessOf(kind, judgedMinutes, goals) ?? []);
  const flat = flatness.every((f) => f.outside.length === 0);
  for (const f of flatness) lines.push(flatnessLine(f, goals));

  const from = judgedMinutes[0];
  const to = judgedMinutes[judgedMinutes.length - 1];
  const growth = from.rssBytes > 0 ? (to.rssBytes - from.rssBytes) / from.rssBytes : Number.POSITIVE_INFINITY;
  const rssMet = growth <= goals.rssGrowth;
  lines.push(
    `RSS: ${mb(from.rssBytes)} in minute ${from.minute}, ${mb(to.rssBytes)} in minute ${to.minute}, ` +
      `${growth >= 0 ? '+' : ''}${pct(growth)} (goal ≤ +${pct(goals.rssGrowth)}): ${rssMet ? 'met' : 'NOT met'}`,
  );
  return {
    judged,
    met: errors === 0 && flat && rssMet,
    errors,
    errorsByKind,
    flatness,
    rss: { fromBytes: from.rssBytes, toBytes: to.rssBytes, growth },
    lines,
  };
}
