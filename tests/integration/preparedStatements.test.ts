import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database.js';
import { preparedQueries } from '../../src/server/db/preparedStatements.js';
import { dropTestSchema, openTestDatabase, SERVER, testSchemaName } from './harness.js';

/**
 * The PostgreSQL driver's prepared statements (src/server/db/preparedStatements.ts): one
 * connection's statements as PostgreSQL lists them, a schema change under them, a rolled-back
 * transaction, a session that lost them; and the portal's pool under the same.
 */
const url = SERVER?.url;
if (!url) console.log('preparedStatements.test.ts skipped: this run has no PostgreSQL (TEST_DATABASE_URL unset, or TEST_DB=pglite)');

describe.skipIf(!url)('prepared statements on PostgreSQL', () => {
  const schema = testSchemaName();
  let client: pg.Client;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
    await client.connect();
    await client.query(`create schema ${pg.escapeIdentifier(schema)}`);
    await client.query('create table t (id int primary key, label text)');
    await client.query(`insert into t values (1, 'one'), (2, 'two'), (3, 'three')`);
    handle = await openDatabase({ databaseUrl: url, schema });
  });
  afterAll(async () => {
    await handle?.close();
    await client?.end();
    if (url) await dropTestSchema(url, schema);
  });

  /** A query through the prepared layer of `client`, as the driver runs it. */
  const through = (run: ReturnType<typeof preparedQueries>) => (text: string, values: unknown[]) =>
    new Promise<pg.QueryResult>((resolve, reject) => run(text, values, (error, result) => (error ? reject(error) : resolve(result))));
  const preparedTexts = async () =>
    (await client.query<{ statement: string }>('select statement from pg_prepared_statements order by statement')).rows.map(
      (r) => r.statement,
    );

  it('prepares parameterised statements once per connection, at most its capacity, dropping the least recently used', async () => {
    const query = through(preparedQueries(client as unknown as pg.PoolClient, 2));
    const byId = 'select label from t where id = $1';
    const byLabel = 'select id from t where label = $1';
    const both = 'select id from t where id = $1 and label = $2';
    expect((await query(byId, [1])).rows).toEqual([{ label: 'one' }]);
    expect((await query(byId, [2])).rows).toEqual([{ label: 'two' }]);
    expect((await query(byLabel, ['three'])).rows).toEqual([{ id: 3 }]);
    expect(await preparedTexts()).toEqual([byLabel, byId]);
    // Without parameters: the simple protocol, several statements allowed, nothing prepared.
    await query('select 1; select 2', []);
    expect(await preparedTexts()).toEqual([byLabel, byId]);
    // A third statement: byId, the least recently used, falls out (deallocated before the next query).
    await query(byLabel, ['one']);
    expect((await query(both, [2, 'two'])).rows).toEqual([{ id: 2 }]);
    await query(byLabel, ['two']);
    expect(await preparedTexts()).toEqual([both, byLabel]);
    // …and comes back under a new name when used again.
    expect((await query(byId, [3])).rows).toEqual([{ label: 'three' }]);
    await query(byLabel, ['two']);
    expect((await preparedTexts()).sort()).toEqual([byId, byLabel].sort());
    await client.query('deallocate all');
  });

  it('answers after a schema change, a rolled-back transaction and a session that lost its statements', async () => {
    const query = through(preparedQueries(client as unknown as pg.PoolClient, 10));
    const all = 'select * from t where id = $1';
    expect((await query(all, [1])).rows).toEqual([{ id: 1, label: 'one' }]);
    // A column added: PostgreSQL refuses the prepared `select *` ("cached plan must not change result type").
    await client.query('alter table t add column note text');
    expect((await query(all, [1])).rows).toEqual([{ id: 1, label: 'one', note: null }]);
    expect((await query(all, [1])).rows).toEqual([{ id: 1, label: 'one', note: null }]);
    // Inside a transaction the error stands (the transaction is lost anyway); after it, the query answers.
    await client.query('begin');
    await client.query('alter table t drop column note');
    await expect(query(all, [2])).rejects.toThrow(/cached plan must not change result type/);
    await client.query('rollback');
    expect((await query(all, [2])).rows).toEqual([{ id: 2, label: 'two', note: null }]);
    // Prepared inside a transaction that rolls back: the statement belongs to the session and stays.
    const byLabel = 'select id from t where label = $1';
    await client.query('begin');
    expect((await query(byLabel, ['two'])).rows).toEqual([{ id: 2 }]);
    await client.query('rollback');
    expect((await query(byLabel, ['three'])).rows).toEqual([{ id: 3 }]);
    // The session forgets every statement (DISCARD ALL): each query answers, and is prepared again on its next call.
    await client.query('discard all');
    await client.query(`set search_path = ${pg.escapeIdentifier(schema)}`);
    expect((await query(byLabel, ['one'])).rows).toEqual([{ id: 1 }]);
    expect((await query(all, [3])).rows).toEqual([{ id: 3, label: 'three', note: null }]);
    expect(await preparedTexts()).toEqual([]);
    await query(byLabel, ['one']);
    await query(all, [3]);
    expect((await preparedTexts()).sort()).toEqual([all, byLabel].sort());
    await client.query('alter table t drop column note');
  });

  it('keeps the pool answering through a migration that changes a table its statements read', async () => {
    const { db } = handle;
    const read = () => sql<Record<string, unknown>>`select * from t where id = ${1}`.execute(db);
    // Enough at once that most of the pool's connections prepare the statement, then more than the
    // five executions after which PostgreSQL may settle on a generic plan.
    for (let round = 0; round < 8; round++) await Promise.all(Array.from({ length: 10 }, read));
    await sql`alter table t add column added int default 7`.execute(db);
    const after = await Promise.all(Array.from({ length: 20 }, read));
    expect(after.map((r) => r.rows[0])).toEqual(Array.from({ length: 20 }, () => ({ id: 1, label: 'one', added: 7 })));
    // In a transaction, statements prepared there and before answer as outside.
    const inTransaction = await db.transaction().execute(async (trx) => {
      await sql`select id from t where label = ${'two'}`.execute(trx);
      return (await sql<{ id: number }>`select id from t where label = ${'two'}`.execute(trx)).rows;
    });
    expect(inTransaction).toEqual([{ id: 2 }]);
  });

  it('prepares nothing with DATABASE_PREPARED_STATEMENTS=false, and prepares by default', async () => {
    /** How many statements the connection that ran a parameterised query holds prepared. */
    const preparedAfterAQuery = async (env: Record<string, string>) => {
      const opened = await openTestDatabase(SERVER!, env);
      try {
        return await opened.handle.db.connection().execute(async (connection) => {
          expect((await sql<{ n: number }>`select ${41}::int + 1 as n`.execute(connection)).rows).toEqual([{ n: 42 }]);
          return (await sql<{ count: number }>`select count(*)::int as count from pg_prepared_statements`.execute(connection)).rows[0]
            .count;
        });
      } finally {
        await opened.close();
      }
    };
    expect(await preparedAfterAQuery({ DATABASE_PREPARED_STATEMENTS: 'false' })).toBe(0);
    expect(await preparedAfterAQuery({})).toBe(1);
  });
});
