import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The root holds only the HTML entry, so no page path (/news, /login...) can
// collide with a source folder when Vite serves files in development.
const web = path.resolve(import.meta.dirname, 'src/web');

export default defineConfig({
  root: path.join(web, 'entry'),
  publicDir: path.join(web, 'public'),
  plugins: [react()],
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    // tests/bench reads it to sum what the /login page loads.
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    // npm run dev serves through Fastify (Vite middleware); this is for `vite` alone.
    proxy: { '/api': 'http://localhost:8080', '/hubs': { target: 'ws://localhost:8080', ws: true } },
    fs: { allow: [path.resolve(import.meta.dirname)] },
  },
});
