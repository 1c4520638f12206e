import { DOCUMENT_CONTENT_TYPES } from '../../schemas/documents.js';

/**
 * A chosen file, checked before it is sent (the server checks the content again): a PDF or an
 * image by the type the browser names, at most `maxBytes`. SVG is not an image here.
 */
export function checkChosenFile(file: Pick<File, 'type' | 'size' | 'name'>, maxBytes: number): 'ok' | 'type' | 'size' {
  const type = file.type || (/\.pdf$/i.test(file.name) ? 'application/pdf' : '');
  if (!(DOCUMENT_CONTENT_TYPES as readonly string[]).includes(type)) return 'type';
  if (file.size > maxBytes) return 'size';
  return 'ok';
}

/** The value of the file input's accept attribute. */
export const ACCEPT = DOCUMENT_CONTENT_TYPES.join(',');
