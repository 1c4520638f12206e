import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompiledValidators } from './scripts/precompiledValidators.js';
import { FIRST_LOAD_CATALOGUES, SKIPPED_CATALOGUES } from './src/web/i18n/catalogues.js';

// The root holds only the HTML entry, so no page path (/news, /login...) can
// collide with a source folder when Vite serves files in development.
const web = path.resolve(import.meta.dirname, 'src/web');

/** Modules each app's start imports statically, found once the module graph is complete. */
const firstLoad = { entry: new Set<string>(), admin: new Set<string>(), login: new Set<string>() };

function staticClosure(plugin: { getModuleInfo: (id: string) => { importedIds: readonly string[] } | null }, entry: string) {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(plugin.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * What the portal's start and the light sign-in app's start each import, for the chunk groups
 * below: the portal's own start is one chunk (fewer, better compressed files than one per shared
 * module), without anything the sign-in page also loads.
 */
function firstLoadGraph(): Plugin {
  return {
    name: 'portal:first-load-graph',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const find = (file: string) => ids.find((id) => id.endsWith(`/src/web/${file}`));
      const app = find('app/App.tsx');
      const login = find('entry/loginEntry.tsx');
      const entry = find('entry/main.tsx');
      // What the HTML entry itself imports (the choice of app) stays in the entry chunk.
      firstLoad.entry = entry ? staticClosure(this, entry) : new Set();
      const own = (start: string | undefined) =>
        new Set([...(start ? staticClosure(this, start) : [])].filter((id) => !firstLoad.entry.has(id)));
      firstLoad.admin = own(app);
      firstLoad.login = own(login);
    },
  };
}

const REACT = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;

/**
 * The locale catalogues (locales/<lang>/<name>.json, each a lazy import) in three chunks per
 * language: those the sign-in page shows first, each its own; those only the portal shows; the
 * rest (the sign-in app's dialogs and steps, which the portal loads too).
 */
function catalogueChunk(id: string): string | null {
  const [, lang, name] = /[\\/]locales[\\/]([^\\/]+)[\\/]([^\\/]+)\.json$/.exec(id) ?? [];
  if (!lang || FIRST_LOAD_CATALOGUES.includes(name)) return null;
  return SKIPPED_CATALOGUES.has(name) ? `catalogues-portal-${lang}` : `catalogues-${lang}`;
}

export default defineConfig({
  root: path.join(web, 'entry'),
  publicDir: path.join(web, 'public'),
  plugins: [react(), precompiledValidators(), firstLoadGraph()],
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    // tests/bench reads it to sum what the /login page loads.
    manifest: true,
    chunkSizeWarningLimit: 1500,
    // Browsers with CSS light-dark(), so the minifier keeps it: the status banner's colours
    // follow the page's color-scheme, which MUI's CssBaseline sets at run time in the admin
    // (the lowered form needs color-scheme in the same CSS). light-dark() is Baseline 2024.
    cssTarget: ['chrome123', 'edge123', 'firefox120', 'safari17.5'],
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React itself, then the rest both starts share, then each app's own start: one chunk each.
            { name: 'index', test: (id) => firstLoad.entry.has(id), priority: 5 },
            { name: 'react', test: REACT, priority: 4 },
            { name: 'shared', test: (id) => firstLoad.admin.has(id) && firstLoad.login.has(id), priority: 3 },
            { name: 'signin', test: (id) => firstLoad.login.has(id), priority: 2 },
            { name: 'portal', test: (id) => firstLoad.admin.has(id), priority: 1 },
            { name: catalogueChunk },
          ],
        },
      },
    },
  },
  server: {
    // npm run dev serves through Fastify (Vite middleware); this is for `vite` alone.
    proxy: { '/api': 'http://localhost:8080', '/hubs': { target: 'ws://localhost:8080', ws: true } },
    fs: { allow: [path.resolve(import.meta.dirname)] },
  },
});
