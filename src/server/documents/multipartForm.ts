import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.js';

export interface FormUpload {
  name: string;
  content: Buffer;
}

/**
 * A multipart form: its text fields (a repeated field keeps every value) and at most one file.
 * An over-large file stops the upload with a 413; a second file or too many fields is a 400.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ fields: Record<string, string[]>; file: FormUpload | undefined }> {
  if (!request.isMultipart()) throw new HttpError(415, 'documents.errors.multipart');
  const fields: Record<string, string[]> = {};
  const files: FormUpload[] = [];
  const max = `${Math.round(maxBytes / 1024 / 1024)} MB`;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 2, fields: 24, fieldSize: 8192, parts: 26 } })) {
      if (part.type === 'file') files.push({ name: part.filename, content: await part.toBuffer() });
      else if (typeof part.value === 'string') (fields[part.fieldname] ??= []).push(part.value);
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'documents.errors.tooLarge', { max });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new HttpError(400, 'documents.errors.oneFile');
    throw error;
  }
  if (files.length > 1) throw new HttpError(400, 'documents.errors.oneFile');
  return { fields, file: files[0] };
}
