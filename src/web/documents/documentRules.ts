import type { LibraryDocument } from '../../../schemas/documents.js';

/** Below this width the libraries show cards instead of a table. */
export const PHONE_MAX_WIDTH = 639.95;

/** A file size in the reader's words, in kilobytes at least: 0.6 kB, 14 kB, 2.4 MB (fr: 0,6 ko). */
export function formatSize(bytes: number, locale: string): string {
  const mega = bytes >= 1024 * 1024;
  const value = Math.max(bytes / (mega ? 1024 * 1024 : 1024), 0.1);
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: mega ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}

/** Every tag of the documents shown, once (first spelling wins), sorted as the reader's language sorts. */
export function tagsOf(documents: readonly Pick<LibraryDocument, 'tags'>[], locale: string): string[] {
  const seen = new Map<string, string>();
  for (const doc of documents) for (const tag of doc.tags) if (!seen.has(tag.toLowerCase())) seen.set(tag.toLowerCase(), tag);
  return [...seen.values()].sort((a, b) => a.localeCompare(b, locale, { sensitivity: 'base' }));
}
