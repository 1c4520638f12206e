import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompiledValidators } from './scripts/precompiledValidators.js';

// The root holds only the HTML entry, so no page path (/news, /login...) can
// collide with a source folder when Vite serves files in development.
const web = path.resolve(import.meta.dirname, 'src/web');

export default defineConfig({
  root: path.join(web, 'entry'),
  publicDir: path.join(web, 'public'),
  plugins: [react(), precompiledValidators()],
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
  server: {
    // npm run dev serves through Fastify (Vite middleware); this is for `vite` alone.
    proxy: { '/api': 'http://localhost:8080', '/hubs': { target: 'ws://localhost:8080', ws: true } },
    fs: { allow: [path.resolve(import.meta.dirname)] },
  },
});
