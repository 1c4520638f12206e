/**
 * A long read (a report over a million events, the history export) as consecutive time slices,
 * two at a time. Each slice is read in keyset batches, one query after the other; while one slice
 * is written, the next one is read on another connection into memory (at most {@link SLICE_ROWS}
 * rows), so on PostgreSQL two cores build the rows. On PGlite, whose single connection would run
 * them in turn anyway, nothing is read ahead. The output keeps its order: slice after slice, batch
 * after batch.
 */

/**
 * Rows of a slice, about: what is held in memory ahead of the writer (some 2 MB of CSV). What is held
 * outlives young-generation collections and waits in the old one for a full collection: measured on
 * the events export of 1,000,000 rows, the server grew by 44 to 46 MB an export with slices of
 * 50,000 rows and by 17 MB, then 0 to 2 MB, with 20,000, in the same time (`npm run bench -- --events`).
 */
export const SLICE_ROWS = 20_000;

/** How many slices of `sliceRows` for `rows` rows (a day is never cut, so a period has at most one per day). */
const sliceCount = (rows: number, sliceRows = SLICE_ROWS) => Math.max(1, Math.min(366, Math.ceil(rows / sliceRows)));

/**
 * The boundaries of `parts` consecutive slices of [start, end) holding about as many rows each,
 * cut at UTC day starts from the per-day counts (`days`, in any order; days outside the period are
 * ignored). Answers [start, …cuts, end]: fewer slices when the rows do not spread over enough days.
 */
export function sliceBounds(start: Date, end: Date, days: readonly { day: string; rows: number }[], parts: number): Date[] {
  const inside = days
    .map((d) => ({ at: new Date(`${d.day}T00:00:00Z`), rows: d.rows }))
    .filter((d) => d.rows > 0 && d.at.getTime() < end.getTime() && d.at.getTime() + 86_400_000 > start.getTime())
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const total = inside.reduce((sum, d) => sum + d.rows, 0);
  const bounds = [start];
  let seen = 0;
  for (const d of inside) {
    const cut = (total * bounds.length) / parts;
    // A cut at the start of the day that would pass the next share; never at or before the last bound.
    if (bounds.length < parts && seen >= cut && d.at.getTime() > bounds[bounds.length - 1].getTime()) bounds.push(d.at);
    seen += d.rows;
  }
  bounds.push(end);
  return bounds;
}

/**
 * [start, end) as consecutive slices of about `sliceRows` rows each, cut at UTC day starts from the
 * per-day counts (sliceBounds): one slice when the rows fit in one.
 */
export function timeSlices(start: Date, end: Date, days: readonly { day: string; rows: number }[], sliceRows = SLICE_ROWS) {
  const rows = days.reduce((sum, d) => sum + d.rows, 0);
  const bounds = sliceBounds(start, end, days, sliceCount(rows, sliceRows));
  return bounds.slice(1).map((sliceEnd, i) => ({ start: bounds[i], end: sliceEnd }));
}

/** Batches of `batchSize` to read ahead so that a whole next slice of `sliceRows` is read while this one is written. */
export const readAheadBatches = (sliceRows: number, batchSize: number) => Math.ceil(sliceRows / batchSize) + 1;

/**
 * Yields every item of each source in turn, asking the next source for up to `depth` items ahead
 * while the current one is read (an async generator answers queued requests one after the other,
 * so a source still runs one query at a time; `depth` 0: none, the sources in turn). A failure of a source read ahead surfaces when its
 * turn comes; stopping early closes every source.
 */
export async function* concatAhead<T>(sources: readonly AsyncIterable<T>[], depth = 1): AsyncGenerator<T> {
  const iterators = sources.map((source) => source[Symbol.asyncIterator]());
  const queues: Promise<IteratorResult<T>>[][] = iterators.map(() => []);
  const ask = (i: number, count: number) => {
    while (queues[i].length < count) {
      const next = iterators[i].next();
      next.catch(() => undefined);
      queues[i].push(next);
    }
  };
  try {
    for (let i = 0; i < iterators.length; i++) {
      for (;;) {
        ask(i, 1);
        if (i + 1 < iterators.length) ask(i + 1, depth);
        const result = await queues[i].shift()!;
        if (result.done) break;
        yield result.value;
      }
    }
  } finally {
    await Promise.allSettled(iterators.map((iterator) => iterator.return?.()));
  }
}
