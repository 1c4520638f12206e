import type { LibraryDocument, LibraryDocumentInput } from '../../../../schemas/documents.js';
import type { httpClient } from '../http.js';

/** The library's calls beyond simple-rest: an upload is multipart (the file beside its fields), not JSON. */
export interface DocumentsMethods {
  uploadDocument(input: LibraryDocumentInput, file: File): Promise<LibraryDocument>;
}

/** The download link: the browser follows it with the session (an attachment, audited by the server). */
export const documentFileUrl = (id: number) => `/api/documents/${id}/file`;

export function documentsMethods(http: typeof httpClient): DocumentsMethods {
  return {
    async uploadDocument(input, file) {
      const form = new FormData();
      form.append('library', input.library);
      form.append('title', input.title);
      form.append('tags', input.tags.join(','));
      form.append('audience', input.audience);
      form.append('file', file, file.name);
      const { json } = await http('/api/documents', { method: 'POST', body: form });
      return json as LibraryDocument;
    },
  };
}
