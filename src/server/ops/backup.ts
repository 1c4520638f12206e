import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Backups of the embedded database. The running portal holds its PGlite directory, so a
 * backup of a running portal is taken by the portal itself (POST /api/ops/backup, loopback only,
 * with the token kept in the data directory: whoever may read the data directory may back it up).
 * The portal notes its process and port in the data directory while it listens; `npm run backup`
 * reads it to find the portal, or opens the directory itself when no portal runs there.
 */

const LOCK_FILE = 'portal.json';
const TOKEN_FILE = 'ops-token';

export interface PortalLock {
  pid: number;
  port: number;
}

/** The token of the data directory's backup call, made on first use (mode 0600). */
export function opsToken(dataDir: string): string {
  const file = path.join(dataDir, TOKEN_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const token = randomBytes(32).toString('base64url');
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return token;
}

export function writePortalLock(dataDir: string, lock: PortalLock): void {
  writeFileSync(path.join(dataDir, LOCK_FILE), `${JSON.stringify(lock)}\n`);
}

export function removePortalLock(dataDir: string, pid = process.pid): void {
  if (readPortalLock(dataDir)?.pid === pid) rmSync(path.join(dataDir, LOCK_FILE), { force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The portal that listens on this data directory now, if any (a note left by a process that died is ignored). */
export function readPortalLock(dataDir: string): PortalLock | undefined {
  try {
    const lock = JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as PortalLock;
    return Number.isInteger(lock.pid) && Number.isInteger(lock.port) && alive(lock.pid) ? lock : undefined;
  } catch {
    return undefined;
  }
}

/** A backup file's default name: portal-backup-20261126-0512.tar.gz. */
export function backupFileName(now = new Date()): string {
  const stamp = now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  return `portal-backup-${stamp}.tar.gz`;
}
