import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig, type Config } from '../../src/server/config.js';
import { migrateToLatest, openDatabase, pgliteDirOf, type DatabaseHandle } from '../../src/server/db/database.js';
import { seedDemo } from '../../src/server/db/seed/demoSeed.js';

/**
 * The run's starting databases. Migrating a new database and seeding the demo data takes some
 * 5 s on PostgreSQL and 9 s on PGlite, and the integration suites start a hundred-odd apps. So
 * globalSetup.ts makes them once per run: two PGlite data directories and two PostgreSQL template
 * databases, one migrated and one migrated with the demo data. An app of a suite (startTestApp)
 * starts from a copy: PGlite opens a copy of the directory in shared memory (about 0.3 s; loading a
 * dumpDataDir tarball into PGlite's in-memory file system took 0.6 to 1.1 s), PostgreSQL makes a
 * database from the template (about 0.2 s).
 */
type Kind = 'plain' | 'demo';

/** The schema the run's PostgreSQL databases keep the portal's tables in (each suite's database is its own). */
export const SUITE_SCHEMA = 'portal';

const templateName = (run: string, kind: Kind) => `t_${run}_template_${kind}`;

/** The URL of another database on the server of `url`. */
function databaseUrl(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Where the run's copies of PGlite directories go: shared memory where the system has it (a copy on disk took twice as long). */
const scratch = () => (existsSync('/dev/shm') ? '/dev/shm' : tmpdir());

/** Makes the run's starting databases (globalSetup.ts); answers the environment the suites read them from. */
export async function makeSnapshots(run: string, postgresUrl: string | undefined, { pglite = true } = {}): Promise<Record<string, string>> {
  const dir = path.join(scratch(), `portal-test-${run}`);
  mkdirSync(dir, { recursive: true });
  // The demo data names the portal's address (links in the demo outbox): the default config's.
  const { publicUrl } = loadConfig({ DATA_DIR: dir });
  // The demo database starts as a copy of the migrated one: a second new database would run initdb and
  // every migration again (on PGlite some 4 s of the 18 s of CPU the two took, docs/testing.md).
  if (pglite) {
    const trimmed = async (handle: DatabaseHandle, kind: Kind) => {
      const current = await sql<{ name: string }>`select pg_walfile_name(pg_current_wal_lsn()) as name`.execute(handle.db);
      await handle.close();
      dropLaterWal(pgliteDirOf(path.join(dir, kind)), current.rows[0]!.name);
    };
    const plain = await openDatabase({ dataDir: path.join(dir, 'plain') });
    await migrateToLatest(plain.db, plain.schema);
    await trimmed(plain, 'plain');
    cpSync(pgliteDirOf(path.join(dir, 'plain')), pgliteDirOf(path.join(dir, 'demo')), { recursive: true });
    const demo = await openDatabase({ dataDir: path.join(dir, 'demo') });
    await seedDemo(demo.db, { publicUrl });
    await trimmed(demo, 'demo');
  }
  if (postgresUrl) {
    await withAdmin(postgresUrl, (admin) => admin.query(`create database ${pg.escapeIdentifier(templateName(run, 'plain'))}`));
    const plain = await openDatabase({ databaseUrl: databaseUrl(postgresUrl, templateName(run, 'plain')), schema: SUITE_SCHEMA });
    await migrateToLatest(plain.db, plain.schema);
    await plain.close();
    await withAdmin(postgresUrl, (admin) =>
      admin.query(
        `create database ${pg.escapeIdentifier(templateName(run, 'demo'))} template ${pg.escapeIdentifier(templateName(run, 'plain'))}`,
      ),
    );
    const demo = await openDatabase({ databaseUrl: databaseUrl(postgresUrl, templateName(run, 'demo')), schema: SUITE_SCHEMA });
    await seedDemo(demo.db, { publicUrl });
    await demo.close();
  }
  writeFileSync(path.join(dir, 'publicUrl'), publicUrl);
  return { TEST_SNAPSHOTS: dir };
}

/**
 * Removes the WAL segments after `current`: files PostgreSQL made ahead of need at a checkpoint
 * (48 of the demo directory's 100 MB), which every suite's copy would copy again. PostgreSQL makes
 * a segment it finds missing.
 */
function dropLaterWal(pgliteDir: string, current: string): void {
  const wal = path.join(pgliteDir, 'pg_wal');
  for (const name of readdirSync(wal)) if (/^[0-9A-F]{24}$/.test(name) && name > current) rmSync(path.join(wal, name));
}

/** Removes the run's PGlite directories and drops its PostgreSQL databases (templates and suites' alike). */
export async function dropSnapshots(run: string, postgresUrl: string | undefined): Promise<void> {
  rmSync(path.join(scratch(), `portal-test-${run}`), { recursive: true, force: true });
  if (!postgresUrl) return;
  await withAdmin(postgresUrl, async (admin) => {
    const { rows } = await admin.query<{ name: string }>('select datname as name from pg_database where datname like $1', [
      `t\\_${run}\\_%`,
    ]);
    for (const { name } of rows) await admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
  });
}

/** Which starting database suits an app with this config: none when the run made none, or the demo data would differ. */
function kindFor(config: Config): Kind | undefined {
  const dir = process.env.TEST_SNAPSHOTS;
  if (!dir || !existsSync(path.join(dir, 'publicUrl'))) return undefined;
  if (config.demo && readFileSync(path.join(dir, 'publicUrl'), 'utf8') !== config.publicUrl) return undefined;
  return config.demo ? 'demo' : 'plain';
}

/**
 * A copy of the run's PGlite directory for an app with this config, to open as its data directory
 * (openDatabase's dataDir), and a drop() for the end. None outside a run that made them.
 */
export function pgliteCopy(config: Config): { dataDir: string; drop(): void } | undefined {
  const kind = kindFor(config);
  const source = kind && pgliteDirOf(path.join(process.env.TEST_SNAPSHOTS!, kind));
  if (!source || !existsSync(source)) return undefined;
  const dataDir = mkdtempSync(path.join(scratch(), 'portal-pglite-'));
  cpSync(source, pgliteDirOf(dataDir), { recursive: true });
  return { dataDir, drop: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/**
 * A database of its own for a suite on the server of `url`, copied from the run's template for an
 * app with this config: its URL and a drop() for the end. None outside a run that made templates.
 */
export async function postgresCopy(url: string, config: Config): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const kind = kindFor(config);
  const run = process.env.TEST_RUN_ID;
  if (!kind || !run) return undefined;
  const name = `t_${run}_${randomBytes(6).toString('hex')}`;
  await withAdmin(url, (admin) =>
    admin.query(`create database ${pg.escapeIdentifier(name)} template ${pg.escapeIdentifier(templateName(run, kind))}`),
  );
  return {
    url: databaseUrl(url, name),
    drop: () =>
      withAdmin(url, (admin) => admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`)).then(() => undefined),
  };
}
