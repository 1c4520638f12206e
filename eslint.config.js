import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import prettier from 'eslint-config-prettier';

const NAMED_EXPORTS = { selector: 'ExportDefaultDeclaration', message: 'Use named exports (ARCHITECTURE.md).' };

/*
 * Import boundaries (README, "Architecture"): schemas/ is the floor, src/common sits on it, and on
 * each side a feature folder imports only schemas, common, its own folder and that side's platform;
 * features meet in the meeting places, which import anything of their side. Read from the folders at
 * load, so a new feature folder is bound at once. Relative specifiers are resolved per directory, so
 * each directory gets its own block; dynamic import() and import('…') types are held to the same
 * rule through no-restricted-syntax.
 */
const ROOT = import.meta.dirname;
const BOUNDARIES = {
  server: {
    // mail (app.outbox), realtime (app.realtime, the hubs and their backplane) and jobs (app.jobs, durable jobs) are services features use.
    platform: ['db', 'http', 'audit', 'platform', 'captcha', 'mail', 'realtime', 'jobs', 'auth', 'config.ts', 'i18n.ts'],
    meeting: ['app.ts', 'main.ts'],
    /** Platform folders of which only these files are public (sessions, sign-in, secrets, throttle); the rest is private. */
    surfaces: {
      auth: [
        'accessGuard',
        'authPlugin',
        'bearer',
        'commonPasswords',
        'cookies',
        'identity',
        'mfaCodes',
        // one-time link tokens: recovery, registration, invitations, support's resend (issue 16).
        'oneTimeTokens',
        'pendingGuard',
        'requirements',
        'secrets',
        'sessions',
        'signIn',
        'throttle',
        'trustedDevices',
        // resetAuthenticator: support's and dealer administrators' 'Reset MFA' (issue 16).
        'totpRepository',
        // resetPasskeys, the passkey count: support's user page and actions (issue 16).
        'passkeysRepository',
        // the email telling a user their sign-in changed: recovery's reset, support's resets.
        'securityNotices',
      ],
    },
  },
  web: {
    // realtime is the live-connection provider; resources holds the resource template's shared parts;
    // captcha, banner and privacy are shared UI pieces (a widget and its API call, shown on several
    // features' pages, with no page of their own).
    platform: ['providers', 'forms', 'theme', 'i18n', 'realtime', 'resources', 'captcha', 'banner', 'privacy'],
    meeting: ['app', 'entry'],
    surfaces: {},
  },
};
const entries = (dir) => readdirSync(path.join(ROOT, dir), { withFileTypes: true });
const directoriesUnder = (dir) => [dir, ...entries(dir).flatMap((e) => (e.isDirectory() ? directoriesUnder(`${dir}/${e.name}`) : []))];
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SOURCE = /\.(ts|tsx)$/;

/** A regular expression for the specifiers, written in `dir`, that reach one of `targets` (folders, or files without extension). */
function reaching(dir, targets) {
  const alternatives = targets.map((target) => {
    const relative = path.posix.relative(dir, target.replace(SOURCE, ''));
    const specifier = escape(relative.startsWith('.') ? relative : `./${relative}`);
    return SOURCE.test(target) ? `${specifier}(\\.[jt]sx?)?$` : `${specifier}(/|$)`;
  });
  return `^(?:${alternatives.join('|')})`;
}

/** One block for the files matching `files` in `dir`, forbidding imports that reach `forbidden`. */
function boundary(dir, files, forbidden, message) {
  const regex = reaching(dir, forbidden);
  // esquery reads a regular expression up to the next '/'.
  const selectorRegex = regex.replaceAll('/', '\\x2F');
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex, message },
            {
              regex: '(^|/)(?!\\.\\.(/|$))[^/]+/\\.\\.(/|$)',
              message: 'Write a relative import in its shortest form (no /x/../), so the boundary rules can read it.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        NAMED_EXPORTS,
        { selector: `ImportExpression[source.value=/${selectorRegex}/]`, message },
        { selector: `TSImportType[source.value=/${selectorRegex}/]`, message },
      ],
    },
  };
}

function boundaryBlocks() {
  const blocks = [];
  const sides = Object.keys(BOUNDARIES);
  for (const dir of directoriesUnder('schemas')) {
    blocks.push(
      boundary(dir, [`${dir}/*.{ts,tsx}`], ['src', 'tests'], 'schemas/ is the floor: it imports nothing from src/ (README, Architecture).'),
    );
  }
  // A schema test runs the schemas through common's validator, as both sides do.
  blocks.push(boundary('schemas', ['schemas/*.test.ts'], ['src/server', 'src/web', 'tests'], 'A schema test may use src/common only.'));
  for (const dir of directoriesUnder('src/common')) {
    blocks.push(
      boundary(
        dir,
        [`${dir}/*.{ts,tsx}`],
        ['src/server', 'src/web', 'tests'],
        'src/common imports only schemas/ and itself (README, Architecture).',
      ),
    );
  }
  for (const side of sides) {
    const { platform, meeting, surfaces } = BOUNDARIES[side];
    const base = `src/${side}`;
    const others = sides.filter((s) => s !== side).map((s) => `src/${s}`);
    const units = entries(base)
      .filter((e) => e.isDirectory() || SOURCE.test(e.name))
      .map((e) => e.name);
    const privateFiles = Object.entries(surfaces).map(([folder, open]) => [
      folder,
      entries(`${base}/${folder}`)
        .filter((e) => e.isFile() && SOURCE.test(e.name) && !open.includes(e.name.replace(SOURCE, '')))
        .map((e) => `${base}/${folder}/${e.name}`),
    ]);
    for (const unit of units) {
      const isMeeting = meeting.includes(unit);
      const forbidden = isMeeting
        ? [...others, 'tests']
        : [
            ...others,
            'tests',
            ...units.filter((u) => u !== unit && !platform.includes(u)).map((u) => `${base}/${u}`),
            ...privateFiles.flatMap(([folder, files]) => (folder === unit ? [] : files)),
          ];
      const message = isMeeting
        ? `${base}/${unit} is where ${side} features meet: it imports anything of src/${side}, nothing of ${others.join(', ')}.`
        : `${base}/${unit} may import schemas/, src/common, its own folder and the ${side} platform (${platform.join(', ')}` +
          `${Object.keys(surfaces)
            .map((f) => `, but of ${f}/ only ${surfaces[f].join(', ')}`)
            .join('')}); features meet in ${meeting.map((m) => `${base}/${m}`).join(' and ')} (README, Architecture).`;
      if (SOURCE.test(unit)) blocks.push(boundary(base, [`${base}/${unit}`], forbidden, message));
      else for (const dir of directoriesUnder(`${base}/${unit}`)) blocks.push(boundary(dir, [`${dir}/*.{ts,tsx}`], forbidden, message));
    }
  }
  return blocks;
}

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.data*/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', NAMED_EXPORTS],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Promise rules that need types, read from the one program of tsconfig.json (the one
    // `npm run typecheck` checks). A web and a server program cost more: they share most of it
    // (the server's scripts and tests import web modules, and with them MUI and react-admin).
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: ROOT } },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // react-router's navigate() answers a promise under a data router, and it never rejects:
          // a failed navigation lands in the route's error element.
          allowForKnownSafeCalls: [{ from: 'package', package: 'react-router', name: 'NavigateFunction' }],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  ...boundaryBlocks(),
  {
    // Tool configuration files are read through their default export.
    files: ['*.config.{js,ts}'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
