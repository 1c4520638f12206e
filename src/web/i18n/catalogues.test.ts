import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREA_CATALOGUES, SHELL_CATALOGUES } from './catalogues.js';

const root = path.resolve(import.meta.dirname, '../../..');
// Every language's files (ra.json, react-admin's own, is Spanish's alone; the others take theirs from ra-language-*).
const catalogues = [
  ...new Set(
    readdirSync(path.join(root, 'locales')).flatMap((lang) =>
      readdirSync(path.join(root, 'locales', lang)).map((file) => file.replace(/\.json$/, '')),
    ),
  ),
];

/** The catalogues whose keys a source file names ('shell.menu.home', `sites.status.${s}`). */
function cataloguesNamedIn(file: string): string[] {
  const source = readFileSync(path.join(root, file), 'utf8');
  return catalogues.filter((name) => new RegExp(`['"\`]${name}\\.[A-Za-z_$]`).test(source));
}

function sourcesIn(folder: string): string[] {
  return readdirSync(path.join(root, folder))
    .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
    .map((file) => `${folder}/${file}`);
}

describe('catalogue parts', () => {
  it('the shell loads every catalogue its own components name (no key shows before a page loads the rest)', () => {
    const shell = [
      ...sourcesIn('src/web/shell'),
      'src/web/app/App.tsx',
      'src/web/app/ErrorPages.tsx',
      'src/web/app/areaRoutes.ts',
      'src/web/banner/StatusBanner.tsx',
      'src/web/resources/siteStatus.tsx',
      'src/web/resources/resourcePage.tsx',
      'src/web/providers/transport.ts',
      'src/web/providers/transportRules.ts',
    ];
    const missing = shell.flatMap((file) =>
      cataloguesNamedIn(file)
        .filter((name) => !SHELL_CATALOGUES.includes(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('the dashboard loads every catalogue its components name, beside the shell’s', () => {
    const own = [...SHELL_CATALOGUES, ...AREA_CATALOGUES.dashboard];
    const missing = [...sourcesIn('src/web/dashboard'), 'src/web/app/DashboardRoute.tsx'].flatMap((file) =>
      cataloguesNamedIn(file)
        .filter((name) => !own.includes(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('names only catalogues that exist, each in one part', () => {
    const named = [...SHELL_CATALOGUES, ...Object.values(AREA_CATALOGUES).flat()];
    expect(named.filter((name) => !catalogues.includes(name))).toEqual([]);
    expect(new Set(named).size).toBe(named.length);
  });
});
