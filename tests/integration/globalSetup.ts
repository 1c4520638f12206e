import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { dropSnapshots, makeSnapshots } from './snapshots.js';

/**
 * On PostgreSQL every integration suite works in a schema or a database of its own. Kysely's
 * migrator looks up its tables across all schemas, so a schema dropped by one suite while another
 * migrates can fail that migration ('schema … does not exist'). The suites therefore leave their
 * schemas, named after this run, and this teardown drops them once every suite has finished.
 * Before the suites start, the run's starting databases are made (snapshots.ts).
 */
const run = randomBytes(4).toString('hex');

/** The PostgreSQL of this run, unless TEST_DB narrows it to PGlite (harness.ts). */
const postgresUrl = () => (process.env.TEST_DB === 'pglite' ? undefined : process.env.TEST_DATABASE_URL || undefined);

export async function setup() {
  process.env.TEST_RUN_ID = run;
  Object.assign(process.env, await makeSnapshots(run, postgresUrl(), { pglite: process.env.TEST_DB !== 'postgres' }));
}

export async function teardown() {
  const url = postgresUrl();
  await dropSnapshots(run, url);
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>('select nspname as name from pg_namespace where nspname like $1', [
      `t\\_${run}\\_%`,
    ]);
    for (const { name } of rows) await client.query(`drop schema if exists ${pg.escapeIdentifier(name)} cascade`);
  } finally {
    await client.end();
  }
}
