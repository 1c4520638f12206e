// Installs the npm dependencies when node_modules is missing or does not hold what the lock file
// names, so `npm start` and `npm test` work on a fresh clone by themselves.
//
// The check reads what is installed (npm's own record, node_modules/.package-lock.json) against the
// lock file, package by package, rather than comparing the two files' dates: a fresh clone has a
// newer lock file than a node_modules put beside it, and reinstalling the same packages took 37 s.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const installedRecord = 'node_modules/.package-lock.json';

/** Whether every package the lock file names is installed at its version (optional ones may be absent: other platforms'). */
function installedMatchesLock() {
  if (!existsSync(installedRecord)) return false;
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')).packages ?? {};
  const installed = JSON.parse(readFileSync(installedRecord, 'utf8')).packages ?? {};
  return Object.entries(lock).every(([path, entry]) => {
    if (path === '' || entry.link) return true;
    const present = installed[path];
    if (!present) return !!entry.optional;
    return present.version === entry.version;
  });
}

if (!installedMatchesLock()) {
  console.log('Installing dependencies (npm ci)...');
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
}
