import type { FastifyRequest } from 'fastify';
import { errorSchema } from '../../../schemas/shared.js';
import { HttpError } from './errors.js';

export interface FormUpload {
  name: string;
  content: Buffer;
}

/** What readMultipartForm answers beside a route's own: a file too large (413), a body that is not multipart (415). */
export const uploadRefusals = { 413: errorSchema, 415: errorSchema };

export interface MultipartOptions {
  /** The largest file, in bytes. */
  maxBytes: number;
  /** The largest file as its 413 message says it (`%{max}`: '10 MB', 512 for KB...). */
  max: string | number;
  /** The prefix of the locale keys: `<messages>.multipart` (415), `.tooLarge` (413), `.oneFile` (400). */
  messages: string;
  /** Limits on the text fields: how many, how long, and the parts in all. */
  fields?: number;
  fieldSize?: number;
  parts?: number;
}

/**
 * A multipart form: its text fields (a repeated field keeps every value) and at most one file.
 * An over-large file stops the upload with a 413; a second file or too many fields is a 400.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  { maxBytes, max, messages, fields: fieldCount = 24, fieldSize = 8192, parts = 26 }: MultipartOptions,
): Promise<{ fields: Record<string, string[]>; file: FormUpload | undefined }> {
  if (!request.isMultipart()) throw new HttpError(415, `${messages}.multipart`);
  const fields: Record<string, string[]> = {};
  const files: FormUpload[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 2, fields: fieldCount, fieldSize, parts } })) {
      if (part.type === 'file') files.push({ name: part.filename, content: await part.toBuffer() });
      else if (typeof part.value === 'string') (fields[part.fieldname] ??= []).push(part.value);
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, `${messages}.tooLarge`, { max });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new HttpError(400, `${messages}.oneFile`);
    throw error;
  }
  if (files.length > 1) throw new HttpError(400, `${messages}.oneFile`);
  return { fields, file: files[0] };
}
