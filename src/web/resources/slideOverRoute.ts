/**
 * The slide-over opens by route, so a reload or the browser's Back keeps or closes it:
 * `${basePath}/create` creates, `${basePath}/:id` edits, `basePath` itself is the page
 * with the slide-over closed (e.g. /news/setup, /news/setup/create, /news/setup/12).
 */
export type SlideOverTarget = { mode: 'create' } | { mode: 'edit'; id: string };

const CREATE_SEGMENT = 'create';

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** What a path opens under `basePath`: nothing, the create form or the edit form of one id. */
export function slideOverTarget(pathname: string, basePath: string): SlideOverTarget | undefined {
  const base = trimSlash(basePath);
  const path = trimSlash(pathname);
  if (!path.startsWith(`${base}/`)) return undefined;
  const rest = path.slice(base.length + 1);
  if (!rest || rest.includes('/')) return undefined;
  if (rest === CREATE_SEGMENT) return { mode: 'create' };
  let id: string;
  try {
    id = decodeURIComponent(rest);
  } catch {
    return undefined;
  }
  return id.trim() ? { mode: 'edit', id } : undefined;
}

/** The path that opens `target` under `basePath` (the page itself when there is none). */
export function slideOverPath(basePath: string, target?: SlideOverTarget): string {
  const base = trimSlash(basePath);
  if (!target) return base;
  return target.mode === 'create' ? `${base}/${CREATE_SEGMENT}` : `${base}/${encodeURIComponent(target.id)}`;
}
