import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, redact } from '../../config.js';
import { migrateToLatest, openDatabase, preparedStatementsSetting } from '../database.js';
import { isEmpty, seedDemo } from './demoSeed.js';
import { seedEvents } from './eventsSeed.js';
import { seedLarge } from './largeSeed.js';

/**
 * `npm run seed [-- --sites N] [--events N [--site S]] [--demo]`: migrates
 * the database that the environment names (DATABASE_URL, else PGlite in
 * DATA_DIR), seeds the demo data set when the database has no users yet, then
 * adds N generated sites when --sites is given, then N alarm events to one
 * site when --events is given.
 */
export const SEED_USAGE = `Usage: npm run seed -- [--sites N] [--events N [--site S]] [--demo]

  --demo      seed the demo data set (users, sites, news, ...) when the database is empty;
              this is also what happens without any option
  --sites N   then add N generated sites (with devices, zones, contacts and alarm events)
  --events N  then add N alarm events (every kind, with zones, over the last year) to one site
  --site S    the site --events adds to (default: the first site of account group 9993, dealer.beta's)
  --help      show this text

The database is the one the portal uses: DATABASE_URL when set, else PGlite in DATA_DIR (./data).`;

export class SeedUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SeedUsageError';
  }
}

export interface SeedArgs {
  sites: number | undefined;
  events: number | undefined;
  site: number | undefined;
  demo: boolean;
  help: boolean;
}

export function parseSeedArgs(argv: string[]): SeedArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        sites: { type: 'string' },
        events: { type: 'string' },
        site: { type: 'string' },
        demo: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new SeedUsageError(error instanceof Error ? error.message : String(error));
  }
  const sites = wholeNumber('sites', values.sites, 50_000_000);
  const events = wholeNumber('events', values.events, 100_000_000);
  const site = wholeNumber('site', values.site, 2_147_483_647);
  if (site !== undefined && events === undefined) throw new SeedUsageError('--site names the site of --events: give --events too');
  return { sites, events, site, demo: values.demo ?? false, help: values.help ?? false };
}

/** A whole number option from 1 to max ("1_000_000" too), or undefined when not given. */
function wholeNumber(name: string, value: string | undefined, max: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.replace(/_/g, '');
  const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > max)
    throw new SeedUsageError(`--${name} must be a whole number from 1 to ${max} (got "${value}")`);
  return n;
}

export async function runSeedCli(argv: string[], print: (msg: string) => void = console.log): Promise<void> {
  const args = parseSeedArgs(argv);
  if (args.help) {
    print(SEED_USAGE);
    return;
  }
  const config = loadConfig();
  const where = config.databaseUrl ? `PostgreSQL at ${redact(config.databaseUrl)}` : `PGlite in ${config.dataDir}`;
  print(`Seeding ${where}`);
  const started = Date.now();
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    preparedStatements: preparedStatementsSetting(config),
  });
  try {
    const applied = await migrateToLatest(handle.db);
    if (applied.length) print(`migrations applied: ${applied.join(', ')}`);
    if (await isEmpty(handle.db)) {
      await seedDemo(handle.db, { log: print, publicUrl: config.publicUrl });
    } else {
      print('demo data: the database already has users, so the demo set is left as it is');
    }
    if (args.sites !== undefined) {
      print(`adding ${args.sites} sites`);
      await seedLarge(handle.db, { sites: args.sites, log: print });
    }
    if (args.events !== undefined) {
      print(`adding ${args.events} events`);
      await seedEvents(handle.db, { events: args.events, siteNum: args.site, log: print });
    }
    print(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await handle.close();
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  runSeedCli(process.argv.slice(2)).then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof SeedUsageError) {
        console.error(`${error.message}\n\n${SEED_USAGE}`);
      } else if (error instanceof ConfigError) {
        console.error(error.message);
      } else {
        console.error('Seeding failed:', error instanceof Error ? (error.stack ?? error.message) : error);
      }
      process.exit(1);
    },
  );
}
