// Builds the single-page app into dist/web unless the build is newer than
// every source it depends on; `npm start` calls it so a restart is quick.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const OUTPUT = 'dist/web/index.html';
const SOURCES = ['src/web', 'src/common', 'schemas', 'locales', 'vite.config.ts', 'package-lock.json'];

function newest(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newest(path.join(entry, name))));
}

const force = process.argv.includes('--force');
if (force || !existsSync(OUTPUT) || statSync(OUTPUT).mtimeMs < Math.max(...SOURCES.map(newest))) {
  console.log('Building the web app...');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
} else {
  console.log('The web app is up to date (dist/web).');
}
