import pg from 'pg';

/**
 * How many statements each PostgreSQL connection keeps prepared, the most recently used. The
 * portal runs a few hundred distinct parameterised statements (lists with their filters, the
 * searches, sessions); the rare ones fall out and are prepared again when next used.
 */
export const PREPARED_PER_CONNECTION = 200;

/** SQLSTATE of "cached plan must not change result type": a `select *` whose table a migration changed. */
const FEATURE_NOT_SUPPORTED = '0A000';
/** SQLSTATE of "prepared statement … does not exist": the session lost it (DISCARD ALL, DEALLOCATE ALL). */
const INVALID_SQL_STATEMENT_NAME = '26000';

let nextName = 0;

/**
 * The names of the statements one connection has prepared, by SQL text, at most `capacity`, the
 * least recently used falling out first. Names are never reused in the process (a counter), so a
 * name always means one text, even while a statement that fell out waits to be deallocated.
 * A hit, nearly every query, only notes when the text was used (no reordering, no allocation); a
 * miss on a full list looks for the least recently used among them.
 */
export class PreparedNames {
  readonly #names = new Map<string, { name: string; used: number }>();
  #clock = 0;

  constructor(private readonly capacity: number) {}

  /** The name of `text`'s statement (new when `text` is new); the names that fell out to make room are pushed to `evicted`. */
  use(text: string, evicted: string[]): string {
    const known = this.#names.get(text);
    if (known !== undefined) {
      known.used = ++this.#clock;
      return known.name;
    }
    while (this.#names.size >= this.capacity && this.#names.size > 0) evicted.push(this.#dropLeastRecentlyUsed());
    const name = `p${(nextName++).toString(36)}`;
    this.#names.set(text, { name, used: ++this.#clock });
    return name;
  }

  #dropLeastRecentlyUsed(): string {
    let oldestText = '';
    let oldest: { name: string; used: number } | undefined;
    for (const [text, entry] of this.#names) {
      if (oldest === undefined || entry.used < oldest.used) {
        oldest = entry;
        oldestText = text;
      }
    }
    this.#names.delete(oldestText);
    return oldest!.name;
  }

  /** Drops `text`'s statement from the list; its name, to deallocate. */
  forget(text: string): string | undefined {
    const name = this.#names.get(text)?.name;
    this.#names.delete(text);
    return name;
  }

  get size(): number {
    return this.#names.size;
  }
}

type Callback = (error: Error | null, result: pg.QueryResult) => void;

/**
 * Queries on one pg client as named prepared statements, so that PostgreSQL parses, analyses and
 * (once it settles on a generic plan, after five executions) plans each distinct statement once per
 * connection instead of on every call. Only statements with parameters: they are single statements
 * by the extended protocol's rule, whereas a text without parameters may hold several (migrations)
 * and runs by the simple protocol as before.
 *
 * - Bounded: at most `capacity` per connection; those that fall out are deallocated when the
 *   connection is next outside a transaction (a DEALLOCATE in a failed transaction would fail).
 * - Schema changes: PostgreSQL replans a prepared statement itself when a table, index or function
 *   it uses changes; what it refuses is a statement whose result columns changed (`select *` of an
 *   altered table): that statement is dropped and the query runs again once, unprepared, when
 *   outside a transaction (inside one the error stands, as any error there).
 * - A statement the session lost (DISCARD ALL) is forgotten and the query run again the same way.
 * - Transactions: a prepared statement belongs to the session, not to a transaction, so one
 *   prepared inside a transaction that rolls back stays valid.
 * - Each pool connection is one session, so this needs the pool to talk to PostgreSQL itself (or
 *   through a pooler in session mode); `preparedStatements: 0` (DATABASE_PREPARED_STATEMENTS=false)
 *   turns it off for a pooler in transaction mode.
 */
export function preparedQueries(client: pg.PoolClient, capacity: number) {
  const names = new PreparedNames(capacity);
  const stale: string[] = [];
  /** pg's own record of the statements parsed on this connection, which it never forgets by itself. */
  const parsed = (client as unknown as { connection?: { parsedStatements?: Record<string, string> } }).connection?.parsedStatements;

  /**
   * A query by its text: pg copies a config object given to it (property descriptors and all, some
   * 1.5 µs a query under load, `tests/bench/preparedBench.ts`), a text it does not.
   */
  const raw = (text: string, values: unknown[], callback: Callback) => client.query(text, values, callback);
  const idle = () => client.getTransactionStatus() === 'I';

  /** Deallocates the statements that fell out, one by one (one that no longer exists fails alone), then runs `next`. */
  function deallocateStale(next: () => void) {
    const name = stale.shift();
    if (name === undefined) return next();
    if (parsed) delete parsed[name];
    raw(`deallocate ${name}`, [], () => deallocateStale(next));
  }

  return function run(text: string, values: unknown[], callback: Callback): void {
    if (capacity <= 0 || values.length === 0) {
      raw(text, values, callback);
      return;
    }
    if (stale.length && idle()) {
      deallocateStale(() => run(text, values, callback));
      return;
    }
    const name = names.use(text, stale);
    // The statement pg builds from `{ name, text, values }`, built from the text and then named.
    const query = new pg.Query(text, values, (error: Error | undefined, result: pg.QueryResult) => {
      const code = (error as { code?: string } | undefined)?.code;
      if (!error || (code !== FEATURE_NOT_SUPPORTED && code !== INVALID_SQL_STATEMENT_NAME)) {
        callback(error ?? null, result);
        return;
      }
      names.forget(text);
      if (code === INVALID_SQL_STATEMENT_NAME) {
        if (parsed) delete parsed[name];
      } else {
        stale.push(name);
      }
      if (!idle()) {
        callback(error, result);
        return;
      }
      deallocateStale(() => raw(text, values, callback));
    }) as pg.Query & { name?: string };
    query.name = name;
    client.query(query);
  };
}
