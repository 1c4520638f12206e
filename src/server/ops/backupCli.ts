import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase, openPglite, pgliteDirOf } from '../db/database.js';
import { backupFileName, opsToken, readPortalLock } from './backup.js';

export const BACKUP_USAGE = `Usage:
  npm run backup [-- --out FILE]
      A consistent copy of the embedded database (PGlite in DATA_DIR) as a gzip tarball, taken
      while the portal runs (it asks the portal of DATA_DIR for it) or while it is stopped.
      Default FILE: ./portal-backup-YYYYMMDD-HHMM.tar.gz.
  npm run restore -- FILE [--data-dir DIR]
      Starts an empty data directory (default DATA_DIR) from a backup. It refuses a directory
      that already holds a database, and one a running portal uses.

DATA_DIR/session-secret is not in the backup: keep it (or SESSION_SECRET) apart, like a key.
On PostgreSQL (DATABASE_URL) use pg_dump and pg_restore (docs/operations.md, Backups).`;

export class BackupUsageError extends Error {}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

async function backup(argv: string[], print: (msg: string) => void): Promise<string> {
  const { values } = parseArgs({ args: argv, options: { out: { type: 'string' } } });
  const config = loadConfig();
  if (config.databaseUrl) throw new BackupUsageError('DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/operations.md, Backups).');
  const out = path.resolve(values.out ?? backupFileName());
  const started = Date.now();
  const portal = readPortalLock(config.dataDir);
  let tarball: Buffer;
  if (portal) {
    print(`Asking the running portal (process ${portal.pid}, port ${portal.port}) for a backup of ${config.dataDir}`);
    const response = await fetch(`http://127.0.0.1:${portal.port}/api/ops/backup`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${opsToken(config.dataDir)}` },
    });
    if (!response.ok) throw new Error(`the portal answered ${response.status}: ${await response.text()}`);
    tarball = Buffer.from(await response.arrayBuffer());
  } else {
    if (!existsSync(pgliteDirOf(config.dataDir))) throw new BackupUsageError(`No database in ${config.dataDir}.`);
    print(`No portal runs on ${config.dataDir}: reading it directly`);
    const handle = await openDatabase({ dataDir: config.dataDir });
    try {
      tarball = Buffer.from(await (await handle.backup!()).arrayBuffer());
    } finally {
      await handle.close();
    }
  }
  writeFileSync(out, tarball, { mode: 0o600 });
  print(`Backup written to ${out} (${megabytes(tarball.length)}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return out;
}

async function restore(argv: string[], print: (msg: string) => void): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { 'data-dir': { type: 'string' } } });
  const file = positionals[0];
  if (!file) throw new BackupUsageError('Name the backup file to restore.');
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupUsageError(`No backup file at ${file}.`);
  const dataDir = path.resolve(values['data-dir'] ?? loadConfig().dataDir);
  if (readPortalLock(dataDir)) throw new BackupUsageError(`A portal is running on ${dataDir}: stop it first.`);
  const target = pgliteDirOf(dataDir);
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new BackupUsageError(`${target} already holds a database: restore into an empty data directory.`);
  }
  const started = Date.now();
  const pglite = openPglite(dataDir, new Blob([readFileSync(file)]));
  try {
    const { rows } = await pglite.query<{ users: number }>('select count(*)::int as users from users');
    print(`Restored ${file} into ${dataDir} (${rows[0].users} users) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await pglite.close();
  }
}

export async function runBackupCli(argv: string[], print: (msg: string) => void = console.log): Promise<void> {
  const [command, ...rest] = argv;
  if (command === 'backup') await backup(rest, print);
  else if (command === 'restore') await restore(rest, print);
  else print(BACKUP_USAGE);
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  runBackupCli(process.argv.slice(2)).then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof BackupUsageError) console.error(`${error.message}\n\n${BACKUP_USAGE}`);
      else if (error instanceof ConfigError) console.error(error.message);
      else console.error('Failed:', error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    },
  );
}
