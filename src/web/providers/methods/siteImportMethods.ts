import type { SiteImport, SiteImportRow, SiteImportUndone, SITE_IMPORT_ROW_FILTERS } from '../../../../schemas/siteImport.js';
import { download, type DownloadedFile } from './billingMethods.js';
import { jsonCaller, type AdminHttpClient } from './call.js';

export type SiteImportFormat = 'csv' | 'xlsx';
export type SiteImportRowFilter = (typeof SITE_IMPORT_ROW_FILTERS)[number];

const FILE_TYPES = { csv: 'text/csv', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/**
 * Importing accounts from a file (/site/import, /api/siteImports): a batch is not a simple-rest
 * record (its list is the user's latest imports, its rows a page of their own), so every call is
 * a typed method. Files (the template, the result) are fetched with the session and saved by the page.
 */
export function siteImportMethods(client: AdminHttpClient) {
  const call = jsonCaller(client);
  const at = (id: number, rest = '') => `siteImports/${id}${rest}`;
  return {
    siteImportTemplate: (format: SiteImportFormat): Promise<DownloadedFile> =>
      download(`/api/siteImports/template?format=${format}`, FILE_TYPES[format]),
    siteImportResult: (id: number, format: SiteImportFormat): Promise<DownloadedFile> =>
      download(`/api/${at(id, `/result?format=${format}`)}`, FILE_TYPES[format]),
    siteImports: () => call<SiteImport[]>('siteImports'),
    siteImport: (id: number) => call<SiteImport>(at(id)),
    /** A multipart upload of the file (and the sheet of a workbook); answers the batch with a suggested mapping. */
    uploadSiteImport: async (file: File, sheet?: string): Promise<SiteImport> => {
      const form = new FormData();
      if (sheet) form.append('sheet', sheet);
      form.append('file', file, file.name);
      const { json } = await client('/api/siteImports', { method: 'POST', body: form });
      return json as SiteImport;
    },
    /** The preview (every row checked), or another sheet's headers and suggested mapping. */
    mapSiteImport: (id: number, mapping: (string | null)[], sheet?: string) =>
      call<SiteImport>(at(id, '/mapping'), 'PUT', sheet === undefined ? { mapping } : { mapping, sheet }),
    siteImportRows: (id: number, filter: SiteImportRowFilter, offset: number, limit: number) =>
      call<{ total: number; rows: SiteImportRow[] }>(at(id, `/rows?filter=${filter}&offset=${offset}&limit=${limit}`)),
    fixSiteImportRow: (id: number, rowNum: number, values: Record<string, string>) =>
      call<SiteImportRow>(at(id, `/rows/${rowNum}`), 'PUT', { values }),
    skipSiteImportRow: (id: number, rowNum: number, skipped: boolean) =>
      call<SiteImportRow>(at(id, `/rows/${rowNum}/skip`), 'POST', { skipped }),
    startSiteImport: (id: number) => call<SiteImport>(at(id, '/start'), 'POST', {}),
    cancelSiteImport: (id: number) => call<SiteImport>(at(id, '/cancel'), 'POST', {}),
    undoSiteImport: (id: number) => call<SiteImportUndone>(at(id, '/undo'), 'POST', {}),
  };
}

export type SiteImportMethods = ReturnType<typeof siteImportMethods>;
