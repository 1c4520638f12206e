/**
 * The Node flags every portal process runs with: `npm start` (package.json, held to this list by
 * nodeFlags.test.ts), `npm run cluster` and the benchmarks' portals.
 *
 * A heap budget for V8's old generation. With the default budget (a quarter of the machine's
 * memory, up to 4 GB) V8 lets the old generation grow to up to four times what was live at its
 * last full collection before it collects again, so a burst of short-lived garbage, an account
 * import's rows say, left a process some 150 to 250 MB larger than it needed (RSS keeps the
 * high-water mark). Under a 1 GB budget V8 grows it by at most about 1.6 times and collects
 * sooner (docs/performance.md, Account import). 1 GB is some ten times what a process holds live
 * during the largest import allowed, and is what an operator would give each process anyway.
 */
export const SERVER_NODE_FLAGS = ['--max-old-space-size=1024'] as const;

/** A portal process's arguments after `node`: the flags, tsx's loader and the server's entry. */
export const SERVER_PROCESS_ARGS = [...SERVER_NODE_FLAGS, '--import', 'tsx', 'src/server/main.ts'];
