import type { LibraryDocument, LibraryDocumentInput } from '../../../schemas/documents.js';

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

/** Tags typed in one field, split on commas, spaces tidied, each once whatever its case (as the server keeps them). */
export function splitTags(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of text.split(',')) {
    const tag = part.replace(/\s+/g, ' ').trim();
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      tags.push(tag);
    }
  }
  return tags;
}

/** A title from a chosen file's name: without its extension, dashes and underscores as spaces. */
export function titleFromFileName(name: string): string {
  return name.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' ');
}

/** The document's fields as sent (the upload's multipart fields, an edit's body): the title trimmed. */
export function libraryDocumentInput(values: Record<string, unknown>): LibraryDocumentInput {
  return {
    library: values.library as LibraryDocumentInput['library'],
    title: String(values.title ?? '').trim(),
    tags: (values.tags as string[] | undefined) ?? [],
    audience: values.audience as LibraryDocumentInput['audience'],
  };
}
