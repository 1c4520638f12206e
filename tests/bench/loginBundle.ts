import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { FIRST_LOAD_CATALOGUES } from '../../src/web/i18n/catalogues.js';

/** SPEC-driven budget of the issue: the /login route loads at most 120 KB of gzipped JavaScript. */
export const LOGIN_BUDGET_BYTES = 120 * 1024;


interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The JavaScript files the /login page requests on its first load, from Vite's manifest:
 * the HTML entry and its static imports, the login app chunk it imports for /login (with
 * its static imports), and one language's first-load catalogues (the largest of each, to be safe).
 * Lazy parts (steps, dialogs, ajv) load only after an interaction and are not counted.
 */
export function loginFirstLoadFiles(manifest: Manifest): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  const loginKey = Object.keys(manifest).find((k) => /(^|\/)loginEntry\.tsx$/.test(k));
  if (!loginKey) throw new Error('no loginEntry chunk in the Vite manifest');
  visit(loginKey);
  // Catalogue chunks are named after their file (login-XXXX.js); keep the largest per name.
  const catalogues = new Map<string, string>();
  for (const key of manifest[loginKey].dynamicImports ?? []) {
    const chunk = manifest[key];
    const name = chunk?.name ?? path.basename(chunk?.file ?? key).replace(/-[^-]+\.js$/, '');
    if (!chunk || key.endsWith('.tsx') || !FIRST_LOAD_CATALOGUES.includes(name)) continue;
    const previous = catalogues.get(name);
    if (!previous || (manifest[previous] && sizeOf(chunk.file) > sizeOf(manifest[previous].file))) catalogues.set(name, key);
  }
  for (const key of catalogues.values()) files.add(manifest[key].file);
  return [...files].filter((f) => f.endsWith('.js'));
}

let distDir = '';
function sizeOf(file: string): number {
  return gzipSync(readFileSync(path.join(distDir, file))).length;
}

/** Gzipped bytes of the /login first load in a built dist/web. */
export function loginBundleBytes(webDist: string): { bytes: number; files: number } {
  distDir = webDist;
  const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const files = loginFirstLoadFiles(manifest);
  return { bytes: files.reduce((sum, f) => sum + sizeOf(f), 0), files: files.length };
}
