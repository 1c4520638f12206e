import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { ONCE } from './harness.js';

/**
 * The import boundaries of eslint.config.js (README, Architecture), checked
 * through ESLint itself on one-line modules placed in the real folders: each
 * case names a file and an import, and whether the layering allows it.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const BOUNDARY_RULES = new Set(['no-restricted-imports', 'no-restricted-syntax']);

let eslint: ESLint;
beforeAll(() => {
  // The probes are files no tsconfig holds: the rules that need types are left out, the boundaries read no types.
  eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parserOptions: { projectService: false } },
      rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
    },
  });
}, 60_000);

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: path.join(ROOT, file) });
  return result.messages.filter((m) => m.ruleId && BOUNDARY_RULES.has(m.ruleId)).map((m) => m.message);
}

const refused: [file: string, code: string][] = [
  ['schemas/probe.ts', "import { TIMINGS } from '../src/common/constants.js'; export const a = TIMINGS;"],
  ['src/common/probe.ts', "import { loadConfig } from '../server/config.js'; export const a = loadConfig;"],
  ['src/common/probe.ts', "import type { Db } from '../server/db/database.js'; export type A = Db;"],
  ['src/common/probe.ts', "import { App } from '../web/app/App.js'; export const a = App;"],
  ['src/server/news/probe.ts', "import { siteRoutes } from '../shell/siteRoutes.js'; export const a = siteRoutes;"],
  ['src/server/news/probe.ts', "import type { Session } from '../sso/ssoRoutes.js'; export type A = Session;"],
  ['src/server/news/probe.ts', "export const a = () => import('../shell/siteRoutes.js');"],
  ['src/server/news/probe.ts', "export type A = import('../shell/siteRoutes.js').X;"],
  ['src/server/news/probe.ts', "export * from '../shell/siteRoutes.js';"],
  ['src/server/news/probe.ts', "import { buildApp } from '../app.js'; export const a = buildApp;"],
  ['src/server/news/probe.ts', "import { loginRoutes } from '../auth/loginRoutes.js'; export const a = loginRoutes;"],
  ['src/server/news/probe.ts', "import { a } from '../news/../shell/x.js'; export const b = a;"],
  ['src/server/db/seed/probe.ts', "import { newsRoutes } from '../../news/newsRoutes.js'; export const a = newsRoutes;"],
  ['src/server/http/probe.ts', "import { ssoRoutes } from '../sso/ssoRoutes.js'; export const a = ssoRoutes;"],
  ['src/web/news/probe.ts', "import { shellApi } from '../shell/shellApi.js'; export const a = shellApi;"],
  ['src/web/login/dialogs/probe.tsx', "import { newsApi } from '../../news/newsApi.js'; export const a = newsApi;"],
  ['src/web/realtime/probe.ts', "import { notices } from '../shell/notices.js'; export const a = notices;"],
  ['src/web/news/probe.ts', "import { App } from '../app/App.js'; export const a = App;"],
  ['src/web/app/probe.ts', "import { buildApp } from '../../server/app.js'; export const a = buildApp;"],
];

const allowed: [file: string, code: string][] = [
  ['src/common/probe.ts', "import { LIMITS } from '../../schemas/constants.js'; export const a = LIMITS;"],
  ['schemas/probe.test.ts', "import { createAjv } from '../src/common/validation.js'; export const a = createAjv;"],
  [
    'src/server/news/probe.ts',
    "import { HttpError } from '../http/errors.js'; import { WEB_DIST } from '../config.js'; export const a = [HttpError, WEB_DIST];",
  ],
  [
    'src/server/news/probe.ts',
    "import { mayAccess } from '../auth/authPlugin.js'; import { sha256 } from '../auth/secrets.js'; export const a = [mayAccess, sha256];",
  ],
  ['src/server/news/probe.ts', "import { requireCaptcha } from '../captcha/captchaPlugin.js'; export const a = requireCaptcha;"],
  ['src/server/auth/probe.ts', "import { backplane } from '../realtime/backplane.js'; export const a = backplane;"],
  ['src/server/auth/probe.ts', "import { loginRoutes } from './loginRoutes.js'; export const a = loginRoutes;"],
  ['src/server/app.ts', "import { siteRoutes } from './shell/siteRoutes.js'; export const a = siteRoutes;"],
  [
    'src/web/login/probe.ts',
    "import { StatusBanner } from '../banner/StatusBanner.js'; import { http } from '../providers/http.js'; export const a = [StatusBanner, http];",
  ],
  [
    'src/web/app/probe.ts',
    "import { ShellLayout } from '../shell/ShellLayout.js'; import { news } from '../news/index.js'; export const a = [ShellLayout, news];",
  ],
];

describe.skipIf(!ONCE)('import boundaries (eslint.config.js)', { timeout: 60_000 }, () => {
  it.each(refused)('%s may not: %s', async (file, code) => {
    expect(await boundaryErrors(file, code)).not.toEqual([]);
  });

  it.each(allowed)('%s may: %s', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
