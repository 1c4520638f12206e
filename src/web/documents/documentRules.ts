import type { LibraryDocument } from '../../../schemas/documents.js';

/** Below this width the libraries show cards instead of a table. */
export const PHONE_MAX_WIDTH = 639.95;

/** A file size in the reader's words: 820 B, 14 KB, 2.4 MB. */
export function formatSize(bytes: number, locale: string): string {
  const units = [
    ['byte', 1],
    ['kilobyte', 1024],
    ['megabyte', 1024 * 1024],
  ] as const;
  const [unit, size] = bytes >= units[2][1] ? units[2] : bytes >= units[1][1] ? units[1] : units[0];
  const value = bytes / size;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: unit === 'megabyte' && value < 10 ? 1 : 0,
  }).format(value);
}

/** Every tag of the documents shown, once (first spelling wins), sorted as the reader's language sorts. */
export function tagsOf(documents: readonly Pick<LibraryDocument, 'tags'>[], locale: string): string[] {
  const seen = new Map<string, string>();
  for (const doc of documents) for (const tag of doc.tags) if (!seen.has(tag.toLowerCase())) seen.set(tag.toLowerCase(), tag);
  return [...seen.values()].sort((a, b) => a.localeCompare(b, locale, { sensitivity: 'base' }));
}
