import { describe, expect, it } from 'vitest';
import { percentile, soakVerdict, summariseMinute, type KindMinute, type SoakMinute } from './soakVerdict.js';

const MB = 1024 * 1024;
const kind = (p99: number, errors = 0, count = 100): KindMinute => ({ count, errors, p50: p99 / 2, p99 });

/** Minutes 1..n of two kinds, with the given p99s of `list` (the other kind steady) and RSS in MB. */
function run(listP99: number[], rssMb: number[], errors: number[] = []): SoakMinute[] {
  return listP99.map((p99, i) => ({
    minute: i + 1,
    kinds: { list: kind(p99, errors[i] ?? 0), hub: kind(40) },
    rssBytes: rssMb[i] * MB,
  }));
}

describe('soak figures', () => {
  it('takes nearest-rank percentiles', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 99)).toBe(0);
  });

  it('counts failed calls in the minute but times only the successful ones', () => {
    expect(summariseMinute([30, 10, 20], 2)).toEqual({ count: 5, errors: 2, p50: 20, p99: 30 });
    expect(summariseMinute([], 3)).toEqual({ count: 3, errors: 3, p50: 0, p99: 0 });
  });
});

describe('soakVerdict', () => {
  it('passes a steady run with no error', () => {
    const verdict = soakVerdict(run([80, 50, 52, 48, 51], [300, 310, 312, 315, 320]));
    expect(verdict).toMatchObject({ judged: true, met: true, errors: 0 });
    expect(verdict.rss!.growth).toBeCloseTo(10 / 310);
    expect(verdict.lines[0]).toBe('errors: 0 (goal 0): met');
  });

  it('ignores minute 1 for flatness and growth', () => {
    // Minute 1 warms up: a slow p99 and a smaller RSS there are not held against the run.
    expect(soakVerdict(run([500, 50, 50, 50], [100, 300, 300, 300])).met).toBe(true);
  });

  it('fails on any error, minute 1 included, and names the kinds', () => {
    const verdict = soakVerdict(run([50, 50, 50], [300, 300, 300], [1, 0, 0]));
    expect(verdict.met).toBe(false);
    expect(verdict.errorsByKind).toEqual({ list: 1, hub: 0 });
    expect(verdict.lines[0]).toBe('errors: 1 (goal 0): NOT met (list 1)');
  });

  it('fails when a minute p99 leaves the ±20 % band around the median, and names the minute', () => {
    // Median of minutes 2–5 is 50: 61 is +22 %, outside; 40 is −20 %, inside.
    const verdict = soakVerdict(run([50, 50, 40, 61, 50], [300, 300, 300, 300, 300]));
    expect(verdict.met).toBe(false);
    expect(verdict.flatness.find((f) => f.kind === 'list')).toMatchObject({ median: 50, lowest: 40, highest: 61, outside: [4] });
    expect(verdict.flatness.find((f) => f.kind === 'hub')!.outside).toEqual([]);
    expect(verdict.lines.find((l) => l.startsWith('p99 of list'))).toMatch(/NOT met \(minute 4\)$/);
  });

  it('fails when RSS grows more than 10 % from minute 2 to the last', () => {
    expect(soakVerdict(run([50, 50, 50, 50], [300, 300, 320, 330])).met).toBe(true); // exactly +10 %
    const verdict = soakVerdict(run([50, 50, 50, 50], [300, 300, 320, 331]));
    expect(verdict.met).toBe(false);
    expect(verdict.lines.at(-1)).toMatch(/^RSS: 300\.0 MB in minute 2, 331\.0 MB in minute 4, \+10\.3 % .*NOT met$/);
  });

  it('judges a kind only in minutes where it succeeded at least once', () => {
    const minutes = run([50, 50, 50, 50], [300, 300, 300, 300]);
    minutes[2].kinds.list = { count: 4, errors: 4, p50: 0, p99: 0 };
    const verdict = soakVerdict(minutes);
    expect(verdict.flatness.find((f) => f.kind === 'list')!.outside).toEqual([]);
    expect(verdict.met).toBe(false); // the four errors still fail it
  });

  it('does not judge (nor pass) a run shorter than three minutes', () => {
    const verdict = soakVerdict(run([50, 50], [300, 300]));
    expect(verdict).toMatchObject({ judged: false, met: false, errors: 0 });
    expect(verdict.lines[1]).toMatch(/not judged/);
  });

  it('takes the minutes in order whatever order they come in', () => {
    const minutes = run([50, 50, 50, 50], [300, 300, 300, 400]).reverse();
    expect(soakVerdict(minutes).rss).toMatchObject({ fromBytes: 300 * MB, toBytes: 400 * MB });
  });
});
