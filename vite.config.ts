import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = path.resolve(import.meta.dirname, 'src/web');

export default defineConfig({
  root,
  publicDir: path.resolve(root, 'public'),
  plugins: [react()],
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    // npm run dev serves through Fastify (Vite middleware); this is for `vite` alone.
    proxy: { '/api': 'http://localhost:8080', '/hubs': { target: 'ws://localhost:8080', ws: true } },
    fs: { allow: [path.resolve(import.meta.dirname)] },
  },
});
