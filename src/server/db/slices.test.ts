import { describe, expect, it } from 'vitest';
import { concatAhead, sliceBounds } from './slices.js';

const at = (text: string) => new Date(text);
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe('sliceBounds', () => {
  const start = at('2026-01-01T05:00:00Z');
  const end = at('2026-01-11T05:00:00Z');

  it('cuts at day starts so each slice holds about as many rows', () => {
    const days = Array.from({ length: 10 }, (_, i) => ({ day: `2026-01-${String(i + 1).padStart(2, '0')}`, rows: 100 }));
    expect(iso(sliceBounds(start, end, days, 4))).toEqual([
      start.toISOString(),
      '2026-01-04T00:00:00.000Z',
      '2026-01-06T00:00:00.000Z',
      '2026-01-09T00:00:00.000Z',
      end.toISOString(),
    ]);
  });

  it('follows where the rows are, and gives fewer slices when they sit on few days', () => {
    const skewed = [
      { day: '2026-01-09', rows: 10 },
      { day: '2026-01-10', rows: 10 },
      { day: '2026-01-02', rows: 0 },
    ];
    expect(iso(sliceBounds(start, end, skewed, 4))).toEqual([start.toISOString(), '2026-01-10T00:00:00.000Z', end.toISOString()]);
    expect(iso(sliceBounds(start, end, [], 4))).toEqual([start.toISOString(), end.toISOString()]);
    // Days outside the period do not count; a cut never falls on or before the start.
    expect(
      iso(
        sliceBounds(
          start,
          end,
          [
            { day: '2025-12-31', rows: 1000 },
            { day: '2026-01-01', rows: 5 },
          ],
          4,
        ),
      ),
    ).toEqual([start.toISOString(), end.toISOString()]);
  });
});

describe('concatAhead', () => {
  async function* source(name: string, count: number, log: string[]) {
    for (let i = 0; i < count; i++) {
      log.push(`read ${name}${i}`);
      await new Promise((resolve) => setTimeout(resolve, 1));
      yield `${name}${i}`;
    }
  }

  it('keeps the order and reads the next source ahead while the current one is consumed', async () => {
    const log: string[] = [];
    const out: string[] = [];
    for await (const item of concatAhead([source('a', 3, log), source('b', 2, log), source('c', 1, log)])) out.push(item);
    expect(out).toEqual(['a0', 'a1', 'a2', 'b0', 'b1', 'c0']);
    // b's first item is asked for along with a's first.
    expect(log.slice(0, 2)).toEqual(['read a0', 'read b0']);
  });

  it('surfaces a failure of a source read ahead at its turn, and closes the sources when stopped early', async () => {
    const closed: string[] = [];
    async function* failing() {
      yield 'x0';
      throw new Error('query failed');
    }
    async function* tracked(name: string) {
      try {
        for (let i = 0; ; i++) yield `${name}${i}`;
      } finally {
        closed.push(name);
      }
    }
    const out: string[] = [];
    await expect(
      (async () => {
        for await (const item of concatAhead([tracked('a'), failing()])) {
          out.push(item);
          if (item === 'a2') break;
        }
      })(),
    ).resolves.toBeUndefined();
    expect(out).toEqual(['a0', 'a1', 'a2']);
    expect(closed).toEqual(['a']);

    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const item of concatAhead([source('a', 1, []), failing()])) seen.push(item);
      })(),
    ).rejects.toThrow('query failed');
    expect(seen).toEqual(['a0', 'x0']);
  });
});
