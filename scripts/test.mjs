// The test command (`npm test`) and the inner loop (`npm run test:quick`): runs the suite's parts,
// side by side where they do not compete for the machine, and prints one table of each part's wall
// time at the end, passed or not, so every run shows where its minutes went.
//
//   node scripts/test.mjs           every part (npm test)
//   node scripts/test.mjs --quick   typecheck, lint of the files changed since the last commit,
//                                   knip, i18n check and the unit tests (npm run test:quick)
//
// Parts run two at a time (the machine has two cores), in the order given, each as soon as a core is
// free and the parts of the stages before it have ended; a part may name parts of earlier stages it
// need not wait for (`overlaps`). A failed part ends the run after its stage: the rest of its stage
// runs, no part of a later stage starts. A part that is the only one of its stage streams its
// output; the others print theirs, whole, as each ends.
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
    // The journeys start once both integration parts and the cluster have ended, without waiting
    // for durability: the core the cluster frees would otherwise idle until durability (the longer
    // of the two) has ended too. Durability counts what arrives, never how fast; the cluster's
    // reconnects have 5 s each, which the journeys' two browsers would eat into.
    [{ name: 'e2e', command: ['npm', 'run', '--silent', 'test:e2e'], overlaps: ['durability'] }],
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

/**
 * Runs every stage's parts two at a time, each in the order given as soon as a core is free and
 * every part of the stages before it (but those it `overlaps`) has ended. After a part fails, the
 * rest of its stage still runs; no part of a later stage starts.
 */
async function runStages(stages) {
  const parts = stages.flatMap((stage, index) =>
    stage.map((part) => ({
      ...part,
      stage: index,
      alone: stage.length === 1,
      after: stages
        .slice(0, index)
        .flat()
        .filter((earlier) => !part.overlaps?.includes(earlier.name)),
    })),
  );
  const results = new Map();
  const pending = [...parts];
  const running = new Set();
  const announced = new Set();
  // The first stage with a failed part: no part of a later stage starts.
  let failedStage = Infinity;
  await new Promise((resolve) => {
    const next = () => {
      while (running.size < 2) {
        const part = pending.find((p) => p.stage <= failedStage && p.after.every((earlier) => results.has(earlier.name)));
        if (!part) break;
        pending.splice(pending.indexOf(part), 1);
        if (!part.alone && !announced.has(part.stage)) console.log(`\n▶ ${stages[part.stage].map((p) => p.name).join(', ')}`);
        announced.add(part.stage);
        const started = Date.now();
        const run = runPart(part, part.alone).then((result) => {
          running.delete(run);
          results.set(part.name, { ...result, started, ended: Date.now() });
          if (!result.ok) failedStage = Math.min(failedStage, part.stage);
          next();
        });
        running.add(run);
      }
      if (running.size === 0) resolve();
    };
    next();
  });
  return stages.flatMap((stage) => {
    const done = stage.map((part) => results.get(part.name) ?? { name: part.name, ok: undefined, ms: 0 });
    const ran = done.filter((r) => r.started);
    if (stage.length === 1 || !ran.length) return done;
    const span = Math.max(...ran.map((r) => r.ended)) - Math.min(...ran.map((r) => r.started));
    return [...done, { name: '  (stage wall time)', ok: null, ms: span }];
  });
}

const stages = quick ? quickStages() : fullStages();
const started = Date.now();
const results = await runStages(stages);
const failed = results.some((r) => r.ok === false || r.ok === undefined);

const total = Date.now() - started;
const width = Math.max(...results.map((r) => r.name.length), 10);
const status = (r) => (r.ok === null ? '' : r.ok === undefined ? 'not run' : r.ok ? 'passed' : `FAILED (${r.code})`);
console.log(`\n${quick ? 'test:quick' : 'npm test'}: each part's wall time`);
console.log(`${'part'.padEnd(width)}  ${'result'.padEnd(12)}  time`);
for (const r of results) console.log(`${r.name.padEnd(width)}  ${status(r).padEnd(12)}  ${r.ok === undefined ? '' : seconds(r.ms)}`);
console.log(`${'total'.padEnd(width)}  ${(failed ? 'FAILED' : 'passed').padEnd(12)}  ${minutes(total)}`);
process.exit(failed ? 1 : 0);
