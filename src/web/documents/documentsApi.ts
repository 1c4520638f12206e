import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentLibrary, LibraryDocument, LibraryDocumentInput } from '../../../schemas/documents.js';
import { httpClient } from '../providers/http.js';

/** The download link: the browser follows it with the session (an attachment, audited by the server). */
export const fileUrl = (id: number) => `/api/documents/${id}/file`;

/** The library's calls (/api/documents, simple-rest), through the one transport (SPEC §7). */
const documentsApi = {
  async list(library: DocumentLibrary, q: string, tag: string | undefined): Promise<LibraryDocument[]> {
    const filter = { library, ...(q.trim() && { q: q.trim() }), ...(tag && { tag }) };
    const params = new URLSearchParams({ filter: JSON.stringify(filter), range: JSON.stringify([0, 499]) });
    const { json } = await httpClient(`/api/documents?${params.toString()}`);
    return Array.isArray(json) ? (json as LibraryDocument[]) : [];
  },
  async upload(input: LibraryDocumentInput, file: File): Promise<LibraryDocument> {
    const form = new FormData();
    form.append('library', input.library);
    form.append('title', input.title);
    form.append('tags', input.tags.join(','));
    form.append('audience', input.audience);
    form.append('file', file, file.name);
    const { json } = await httpClient('/api/documents', { method: 'POST', body: form });
    return json as LibraryDocument;
  },
  async update(id: number, input: LibraryDocumentInput): Promise<LibraryDocument> {
    const { json } = await httpClient(`/api/documents/${id}`, { method: 'PUT', body: JSON.stringify(input) });
    return json as LibraryDocument;
  },
  async remove(id: number): Promise<void> {
    await httpClient(`/api/documents/${id}`, { method: 'DELETE' });
  },
};

export function useDocuments(library: DocumentLibrary, q: string, tag: string | undefined) {
  return useQuery({
    queryKey: ['documents', library, q.trim(), tag ?? ''],
    queryFn: () => documentsApi.list(library, q, tag),
    placeholderData: keepPreviousData,
  });
}

/** Upload, change and delete; each refreshes the lists. */
export function useDocumentWrites() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: ['documents'] });
  return {
    upload: useMutation({
      mutationFn: (v: { input: LibraryDocumentInput; file: File }) => documentsApi.upload(v.input, v.file),
      onSuccess,
    }),
    update: useMutation({ mutationFn: (v: { id: number; input: LibraryDocumentInput }) => documentsApi.update(v.id, v.input), onSuccess }),
    remove: useMutation({ mutationFn: (id: number) => documentsApi.remove(id), onSuccess }),
  };
}
