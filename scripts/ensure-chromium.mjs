// Finds a Chromium for the end-to-end tests: Debian's /usr/bin/chromium,
// installed with apt when running as root and missing, else Playwright's own.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const run = (command) => execSync(command, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });

if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) process.exit(0);
if (existsSync(DEBIAN_CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
let hasApt = false;
try {
  execSync('command -v apt-get', { stdio: 'ignore' });
  hasApt = true;
} catch {
  hasApt = false;
}
if (isRoot && hasApt) {
  console.log("Chromium is missing: installing Debian's chromium package...");
  run('apt-get update -qq');
  run('apt-get install -y -qq chromium');
} else {
  console.log("Chromium is missing and apt is not usable here: installing Playwright's Chromium...");
  run('npx playwright install chromium');
}
