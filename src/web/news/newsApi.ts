import type { NewsItem } from '../../../schemas/news.js';
import { xsrfHeader } from '../providers/transportRules.js';

/** SPEC §7 'download document by id': the browser follows this link (session cookie). */
export function documentUrl(id: number): string {
  return `/api/news/${id}/document`;
}

/** A failed document call; `message` is the server's text (SPEC §8). */
export class DocumentRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function send(method: 'POST' | 'DELETE', id: number, body?: FormData): Promise<NewsItem> {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': document.documentElement.lang || navigator.language });
  for (const [name, value] of Object.entries(xsrfHeader(method, document.cookie) ?? {})) headers.set(name, value);
  const response = await fetch(documentUrl(id), { method, headers, body, credentials: 'same-origin' });
  const json = await response.json().catch(() => ({}));
  if (!response.ok) throw new DocumentRequestError(response.status, json.message ?? '');
  return json as NewsItem;
}

/**
 * SPEC §7 'Upload document by id (name and file)': multipart with the file
 * and its name (the JSON httpClient sends text bodies only).
 */
export function uploadDocument(id: number, file: File): Promise<NewsItem> {
  const form = new FormData();
  form.append('name', file.name);
  form.append('file', file, file.name);
  return send('POST', id, form);
}

/** SPEC §7 'delete document by id'. */
export function deleteDocument(id: number): Promise<NewsItem> {
  return send('DELETE', id);
}
