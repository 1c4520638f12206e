import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompiledValidators } from './scripts/precompiledValidators.js';
import { AREA_CATALOGUES, FIRST_LOAD_CATALOGUES, SHELL_CATALOGUES, SKIPPED_CATALOGUES } from './src/web/i18n/catalogues.js';

// The root holds only the HTML entry, so no page path (/news, /login...) can
// collide with a source folder when Vite serves files in development.
const web = path.resolve(import.meta.dirname, 'src/web');

/**
 * Modules the HTML entry and the light app's start import statically, found once the module graph
 * is complete; `portal`: the modules the portal's start really uses (measured: firstLoadChunks).
 */
interface FirstLoad {
  entry: Set<string>;
  portal: Set<string>;
  light: Set<string>;
  measuring: boolean;
}
// Vite loads this file afresh for the builder and for the environments, so the two builds of the
// client share their state through a global rather than this module's own.
const firstLoad: FirstLoad = ((globalThis as { [key: symbol]: FirstLoad })[Symbol.for('portal:first-load')] ??= {
  entry: new Set(),
  portal: new Set(),
  light: new Set(),
  measuring: false,
});

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
 * What each app's start imports, for the chunk groups below: each start is one chunk (fewer,
 * better compressed files than one per shared module), apart from the HTML entry's own modules.
 */
function firstLoadGraph(): Plugin {
  return {
    name: 'portal:first-load-graph',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const find = (file: string) => ids.find((id) => id.endsWith(`/src/web/${file}`));
      if (this.environment.name === LIGHT) {
        const light = find('entry/lightEntry.ts');
        firstLoad.light = light ? staticClosure(this, light) : new Set();
        return;
      }
      const entry = find('entry/main.tsx');
      firstLoad.entry = entry ? staticClosure(this, entry) : new Set();
    },
  };
}

/**
 * What the portal's start (src/web/app/App.tsx) really uses, measured by a first build of the
 * client without the portal's group: the modules of App's chunk and of every chunk it imports
 * statically, after tree-shaking. The import graph alone cannot tell: react-admin and MUI are
 * imported through their index modules, whose closure is every component, so a group over it
 * drew into the portal's chunk whatever any lazy page uses (inputs, steppers, date pickers).
 * The measuring build writes nothing.
 */
function firstLoadChunks(): Plugin {
  return {
    name: 'portal:first-load-chunks',
    apply: 'build',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      if (!firstLoad.measuring) return;
      const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
      const app = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/web/app/App.tsx'));
      if (!app) throw new Error('no chunk starts at src/web/app/App.tsx');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const seen = new Set<string>();
      const stack = [app.fileName];
      while (stack.length) {
        const chunk = byName.get(stack.pop()!);
        if (!chunk || seen.has(chunk.fileName)) continue;
        seen.add(chunk.fileName);
        for (const id of chunk.moduleIds) if (!firstLoad.entry.has(id)) firstLoad.portal.add(id);
        stack.push(...chunk.imports);
      }
      for (const name of Object.keys(bundle)) delete bundle[name];
    },
  };
}

/**
 * The light sign-in app (src/web/entry/lightEntry.ts) is built on its own, with Preact's React
 * layer (preact/compat) in place of React: its first load is React-sized otherwise (react-dom alone
 * is 62 KB gzipped of the 70 KB budget). The portal keeps React. In development both use React.
 */
const PREACT: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

function preactForTheLightApp(): Plugin {
  return {
    name: 'portal:light-preact',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === LIGHT,
    resolveId(source, importer, options) {
      const target = PREACT[source];
      return target ? this.resolve(target, importer, { ...options, skipSelf: true }) : null;
    },
  };
}

const LIGHT = 'light';
const LIGHT_ENTRY = path.join(web, 'entry/lightEntry.ts');
const LIGHT_MANIFEST = '.vite/light-manifest.json';
const LIGHT_APP = 'virtual:light-app';

/**
 * `virtual:light-app` (src/web/entry/lightApp.d.ts): startLightApp() loads and starts the light
 * sign-in app. In the build it names the light build's entry chunk and stylesheets (built first,
 * read from its manifest); in development it imports the source.
 */
function lightAppLoader(): Plugin {
  let command: 'build' | 'serve' = 'serve';
  let outDir = '';
  return {
    name: 'portal:light-app',
    configResolved(config) {
      command = config.command;
      outDir = config.build.outDir;
    },
    resolveId: (source) => (source === LIGHT_APP ? `\0${LIGHT_APP}` : null),
    load(id) {
      if (id !== `\0${LIGHT_APP}`) return null;
      if (command === 'serve') return `export const startLightApp = () => import('/loginEntry.tsx').then((m) => m.startLoginApp());`;
      const manifest = JSON.parse(readFileSync(path.join(outDir, LIGHT_MANIFEST), 'utf8')) as Record<
        string,
        { file: string; isEntry?: boolean; css?: string[]; imports?: string[] }
      >;
      const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
      if (!entry) throw new Error(`no entry in ${LIGHT_MANIFEST}`);
      // The stylesheets of the entry and of every chunk it imports statically.
      const css = new Set<string>();
      const seen = new Set<string>();
      const collect = (chunk: (typeof manifest)[string] | undefined) => {
        if (!chunk || seen.has(chunk.file)) return;
        seen.add(chunk.file);
        for (const file of chunk.css ?? []) css.add(`/${file}`);
        for (const key of chunk.imports ?? []) collect(manifest[key]);
      };
      collect(entry);
      return `const script = ${JSON.stringify(`/${entry.file}`)};
const styles = ${JSON.stringify([...css])};
const stylesheet = (href) => new Promise((resolve) => {
  const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
  link.addEventListener('load', resolve);
  link.addEventListener('error', resolve);
  document.head.append(link);
});
export async function startLightApp() {
  const [app] = await Promise.all([import(/* @vite-ignore */ script), ...styles.map(stylesheet)]);
  return app.startLoginApp();
}`;
    },
  };
}

const REACT = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;

/**
 * The locale catalogues (locales/<lang>/<name>.json, each a lazy import) in chunks per language:
 * those the sign-in page shows first, each its own; the rest of those the portal's shell shows
 * (SHELL_CATALOGUES); those of a page that loads only its own (AREA_CATALOGUES); those only the
 * portal's pages show; the rest (the sign-in app's dialogs and steps, which the portal's pages load
 * too).
 */
function catalogueChunk(id: string): string | null {
  const [, lang, name] = /[\\/]locales[\\/]([^\\/]+)[\\/]([^\\/]+)\.json$/.exec(id) ?? [];
  if (!lang || FIRST_LOAD_CATALOGUES.includes(name)) return null;
  if (SHELL_CATALOGUES.includes(name)) return `catalogues-shell-${lang}`;
  const area = Object.keys(AREA_CATALOGUES).find((page) => AREA_CATALOGUES[page].includes(name));
  if (area) return `catalogues-${area}-${lang}`;
  return SKIPPED_CATALOGUES.has(name) ? `catalogues-portal-${lang}` : `catalogues-${lang}`;
}

export default defineConfig({
  root: path.join(web, 'entry'),
  publicDir: path.join(web, 'public'),
  plugins: [react(), precompiledValidators(), firstLoadGraph(), firstLoadChunks(), preactForTheLightApp(), lightAppLoader()],
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
  },
  environments: {
    client: {
      build: {
        emptyOutDir: false,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // The HTML entry's own modules, React, then the portal's start: one chunk each.
                { name: 'index', test: (id) => firstLoad.entry.has(id), priority: 3 },
                { name: 'react', test: REACT, priority: 2 },
                { name: 'portal', test: (id) => firstLoad.portal.has(id), priority: 1 },
                { name: catalogueChunk, debugName: 'catalogues' },
              ],
            },
          },
        },
      },
    },
    [LIGHT]: {
      consumer: 'client',
      build: {
        emptyOutDir: true,
        manifest: LIGHT_MANIFEST,
        rolldownOptions: {
          input: { signin: LIGHT_ENTRY },
          preserveEntrySignatures: 'exports-only',
          output: {
            codeSplitting: {
              groups: [
                { name: 'signin', test: (id) => firstLoad.light.has(id), priority: 1 },
                { name: catalogueChunk, debugName: 'catalogues' },
              ],
            },
          },
        },
      },
    },
  },
  // The light app first: the portal's HTML entry names its files.
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments[LIGHT]);
      // Twice: once to measure what the portal's start uses (firstLoadChunks), once to write.
      firstLoad.measuring = true;
      firstLoad.portal.clear();
      await builder.build(builder.environments.client);
      firstLoad.measuring = false;
      await builder.build(builder.environments.client);
    },
  },
  server: {
    // npm run dev serves through Fastify (Vite middleware); this is for `vite` alone.
    proxy: { '/api': 'http://localhost:8080', '/hubs': { target: 'ws://localhost:8080', ws: true } },
    fs: { allow: [path.resolve(import.meta.dirname)] },
  },
});
