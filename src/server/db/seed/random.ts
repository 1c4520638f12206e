/**
 * A small seeded pseudo-random generator (mulberry32) and helpers, so the demo
 * data set is the same on every run. Not for anything security related.
 */
export type Random = () => number;

/** mulberry32: 32-bit state, uniform floats in [0, 1). */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number from min to max, both included. */
export function randomInt(rng: Random, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function pick<T>(rng: Random, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick from an empty list');
  return items[Math.floor(rng() * items.length)];
}

/** True with probability p. */
export function chance(rng: Random, p: number): boolean {
  return rng() < p;
}

/** A shuffled copy (Fisher–Yates). */
function shuffled<T>(rng: Random, items: readonly T[]): T[] {
  const copy = items.slice();
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** count distinct items, in random order. */
export function sample<T>(rng: Random, items: readonly T[], count: number): T[] {
  return shuffled(rng, items).slice(0, Math.min(count, items.length));
}

/** A string of digits of the given length (leading zeros allowed). */
export function digits(rng: Random, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += String(randomInt(rng, 0, 9));
  return text;
}

/** An item chosen with probability proportional to weight(item). */
export function weightedPick<T>(rng: Random, items: readonly T[], weight: (item: T) => number): T {
  const total = items.reduce((sum, item) => sum + weight(item), 0);
  let r = rng() * total;
  for (const item of items) {
    r -= weight(item);
    if (r < 0) return item;
  }
  return items[items.length - 1];
}
