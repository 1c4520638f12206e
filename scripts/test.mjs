// The test command (`npm test`) and the inner loop (`npm run test:quick`): runs the suite's parts,
// side by side where they do not compete for the machine, and prints one table of each part's wall
// time at the end, passed or not, so every run shows where its minutes went.
//
//   node scripts/test.mjs           every part (npm test)
//   node scripts/test.mjs --quick   typecheck, lint of the files changed since the last commit,
//                                   knip, i18n check and the unit tests (npm run test:quick)
//
// A stage's parts start together (two at a time: the machine has two cores) and the next stage
// starts when they have all ended; a failed part ends the run after its stage. A part run alone
// streams its output; parts run together print theirs, whole, as each ends.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const quick = process.argv.includes('--quick');
const npx = (...args) => ['npx', ...args];

/** Files changed since the last commit (staged, unstaged and new), for the quick lint. */
function changedFiles() {
  const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);
  const files = [...git('diff', '--name-only', '--diff-filter=ACMR', 'HEAD'), ...git('ls-files', '--others', '--exclude-standard')];
  return [...new Set(files)].filter((file) => existsSync(file));
}

function quickStages() {
  const changed = changedFiles();
  const lintable = changed.filter((file) => /\.(c|m)?(t|j)sx?$/.test(file));
  const lint = [
    ...(lintable.length ? [{ name: 'eslint (changed)', command: npx('eslint', '--max-warnings', '0', ...lintable) }] : []),
    ...(changed.length
      ? [{ name: 'prettier (changed)', command: npx('prettier', '--check', '--ignore-unknown', '--log-level', 'warn', ...changed) }]
      : []),
    { name: 'knip', command: npx('knip') },
    { name: 'i18n check', command: ['npm', 'run', '--silent', 'i18n:check'] },
  ];
  return [[{ name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] }, { name: 'unit', command: unitCommand }, ...lint]];
}

const unitCommand = npx('vitest', 'run', '--project', 'unit');
const integration = (database) => ({
  name: `integration (${database})`,
  command: npx('vitest', 'run', '--project', 'integration'),
  env: { TEST_DB: database },
});

function fullStages() {
  const postgres = !!process.env.TEST_DATABASE_URL;
  return [
    [{ name: 'setup (dependencies, Chromium)', command: ['sh', '-c', 'node scripts/ensure-deps.mjs && node scripts/ensure-chromium.mjs'] }],
    // `npm run lint`'s four checks as parts of their own: one after the other they took 116 s while
    // typecheck, unit and build took 75 s on the other core. ESLint (typed rules, the longest part)
    // starts first and holds one core; the rest follow one another on the other.
    [
      { name: 'eslint', command: npx('eslint', '--max-warnings', '0', '.') },
      { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
      { name: 'unit', command: unitCommand },
      { name: 'knip', command: npx('knip') },
      { name: 'prettier', command: npx('prettier', '--check', '.', '--log-level', 'warn') },
      { name: 'build', command: ['npm', 'run', '--silent', 'build'] },
      { name: 'i18n check', command: ['npm', 'run', '--silent', 'i18n:check'] },
    ],
    // The two databases side by side: the PostgreSQL suites wait on the server's round trips, and
    // the PGlite ones fill those waits (measured: 385 s one after the other, 361 s together). The
    // first to end hands its core to durability, the second to the cluster journey (it needs the
    // build, made in the stage before), which would otherwise run alone after e2e.
    [
      integration('pglite'),
      ...(postgres ? [integration('postgres')] : []),
      { name: 'durability', command: ['npm', 'run', '--silent', 'test:durability', '--', '--writes', '100'] },
      { name: 'cluster', command: ['npm', 'run', '--silent', 'test:cluster'] },
    ],
    [{ name: 'e2e', command: ['npm', 'run', '--silent', 'test:e2e'] }],
  ];
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const minutes = (ms) => `${Math.floor(ms / 60000)} min ${String(Math.round((ms % 60000) / 1000)).padStart(2, '0')} s`;

/** Runs one part; resolves with its result. `alone`: stream its output, else hold it until it ends. */
function runPart(part, alone) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(part.command[0], part.command.slice(1), {
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0'), ...part.env },
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const result = { name: part.name, ok: code === 0, code: code ?? signal, ms: Date.now() - started };
      if (!alone) {
        process.stdout.write(`\n── ${part.name} (${result.ok ? 'passed' : 'FAILED'}, ${seconds(result.ms)}) ──\n`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(result);
    });
  });
}

/** Runs a stage's parts two at a time, in the order given. */
async function runStage(parts) {
  const results = [];
  const queue = [...parts];
  const alone = parts.length === 1;
  if (!alone) console.log(`\n▶ ${parts.map((p) => p.name).join(', ')}`);
  const worker = async () => {
    for (let part = queue.shift(); part; part = queue.shift()) results.push(await runPart(part, alone));
  };
  await Promise.all([worker(), worker()]);
  return parts.map((part) => results.find((r) => r.name === part.name));
}

const stages = quick ? quickStages() : fullStages();
const started = Date.now();
const results = [];
let failed = false;
for (const stage of stages) {
  if (failed) {
    results.push(...stage.map((part) => ({ name: part.name, ok: undefined, ms: 0 })));
    continue;
  }
  const stageStarted = Date.now();
  const done = await runStage(stage);
  results.push(...done);
  if (stage.length > 1) results.push({ name: '  (stage wall time)', ok: null, ms: Date.now() - stageStarted });
  failed = done.some((r) => !r.ok);
}

const total = Date.now() - started;
const width = Math.max(...results.map((r) => r.name.length), 10);
const status = (r) => (r.ok === null ? '' : r.ok === undefined ? 'not run' : r.ok ? 'passed' : `FAILED (${r.code})`);
console.log(`\n${quick ? 'test:quick' : 'npm test'}: each part's wall time`);
console.log(`${'part'.padEnd(width)}  ${'result'.padEnd(12)}  time`);
for (const r of results) console.log(`${r.name.padEnd(width)}  ${status(r).padEnd(12)}  ${r.ok === undefined ? '' : seconds(r.ms)}`);
console.log(`${'total'.padEnd(width)}  ${(failed ? 'FAILED' : 'passed').padEnd(12)}  ${minutes(total)}`);
process.exit(failed ? 1 : 0);
