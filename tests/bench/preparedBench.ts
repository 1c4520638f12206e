/**
 * CPU of the PostgreSQL driver layer per query, no server: each form handed to a pg client that
 * queues it (not connected, so pg builds and queues the statement and sends nothing), beside the
 * text form the driver used before prepared statements, in alternating rounds. A fresh copy of the
 * SQL text every call, as Kysely compiles one per query.
 *   npx tsx tests/bench/preparedBench.ts
 */
import pg from 'pg';
import { PREPARED_PER_CONNECTION, preparedQueries } from '../../src/server/db/preparedStatements.js';

const SQL =
  'select "news_id", "title", "body", "order", "published_at", count(*) over() as "total" from "news" ' +
  'where "deleted_at" is null and ("audience" = $1 or "audience" = $2) order by "order" desc, "news_id" desc limit $3 offset $4';
const TEXTS = Array.from({ length: 8 }, (_, i) => `${SQL} -- ${i}`);
const VALUES = [1, 2, 25, 0];
const CALLS = Number(process.env.BENCH_CALLS ?? 200_000);
const ROUNDS = 7;

const client = new pg.Client();
const queue = (client as unknown as { _queryQueue: unknown[] })._queryQueue;
const done = () => undefined;
const prepared = preparedQueries(client as unknown as pg.PoolClient, PREPARED_PER_CONNECTION);

const forms: Record<string, (text: string) => void> = {
  'text form (before prepared statements)': (text) => void client.query(text, VALUES, done),
  'config object { name, text, values }': (text) => void client.query({ name: `n${text.length}`, text, values: VALUES }, done),
  'preparedQueries (named)': (text) => prepared(text, VALUES, done),
};

function round(form: (text: string) => void): number {
  const cpu = process.cpuUsage();
  for (let i = 0; i < CALLS; i++) {
    form((TEXTS[i & 7] + ' ').slice(0, -1));
    queue.length = 0;
  }
  const used = process.cpuUsage(cpu);
  return ((used.user + used.system) * 1000) / CALLS;
}

const results = new Map<string, number[]>(Object.keys(forms).map((name) => [name, []]));
for (let r = 0; r < ROUNDS; r++) for (const [name, form] of Object.entries(forms)) results.get(name)!.push(round(form));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const base = median(results.get('text form (before prepared statements)')!);
console.log(`PostgreSQL driver layer, CPU ns a query (median of ${ROUNDS} rounds of ${CALLS.toLocaleString('en')})`);
for (const [name, values] of results) {
  console.log(`${name.padEnd(42)} ${median(values).toFixed(0).padStart(6)} ns  ${(median(values) / base).toFixed(2)}x text form`);
}
