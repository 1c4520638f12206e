import type { NewsItem } from '../../../schemas/news.js';
import { httpClient } from '../providers/http.js';

/** SPEC §7 'download document by id': the browser follows this link (session cookie). */
export function documentUrl(id: number): string {
  return `/api/news/${id}/document`;
}

/**
 * SPEC §7 'Upload document by id (name and file)': a multipart body through the
 * transport (its §7 parameters, XSRF header and bearer, §8 status handling).
 * Rejects with the transport's ApiError (status and the server's body).
 */
export async function uploadDocument(id: number, file: File): Promise<NewsItem> {
  const form = new FormData();
  form.append('name', file.name);
  form.append('file', file, file.name);
  const { json } = await httpClient(documentUrl(id), { method: 'POST', body: form });
  return json as NewsItem;
}

/** SPEC §7 'delete document by id'. */
export async function deleteDocument(id: number): Promise<NewsItem> {
  const { json } = await httpClient(documentUrl(id), { method: 'DELETE' });
  return json as NewsItem;
}
