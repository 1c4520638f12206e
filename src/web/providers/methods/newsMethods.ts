import type { NewsItem } from '../../../../schemas/news.js';
import type { httpClient } from '../http.js';

/** A news item's document (SPEC §7 'Upload document by id (name and file)', 'delete document by id'): beside the item's simple-rest calls. */
export interface NewsMethods {
  /** A multipart body (name and file); answers the item with its document. */
  uploadNewsDocument(id: number, file: File): Promise<NewsItem>;
  deleteNewsDocument(id: number): Promise<NewsItem>;
}

/** SPEC §7 'download document by id': the browser follows this link (session cookie). */
export function newsDocumentUrl(id: number): string {
  return `/api/news/${id}/document`;
}

export function newsMethods(http: typeof httpClient): NewsMethods {
  return {
    async uploadNewsDocument(id, file) {
      const form = new FormData();
      form.append('name', file.name);
      form.append('file', file, file.name);
      const { json } = await http(newsDocumentUrl(id), { method: 'POST', body: form });
      return json as NewsItem;
    },
    async deleteNewsDocument(id) {
      const { json } = await http(newsDocumentUrl(id), { method: 'DELETE' });
      return json as NewsItem;
    },
  };
}
