import {
  DOCUMENT_LIMITS,
  LIBRARY_DOCUMENT_MAX_BYTES,
  type DocumentAudience,
  type DocumentContentType,
  type DocumentLibrary,
} from '../../../schemas/documents.js';
import { canAccess, type AccessUser } from '../../common/access.js';
import { APPLICATION } from '../../common/constants.js';
import type { ThrottlePolicy } from '../auth/throttle.js';
import { pdfRefusal } from '../http/pdf.js';
import { cleanUploadName } from '../http/uploadNames.js';
import type { MultipartOptions } from '../http/multipartForm.js';

/** The most a library document or a contact-us attachment may weigh, as its messages say it. */
export const LIBRARY_MAX_MB = `${LIBRARY_DOCUMENT_MAX_BYTES / 1024 / 1024} MB`;

/** How a library document or a contact-us attachment is read (http/multipartForm.ts). */
export const LIBRARY_UPLOAD: MultipartOptions = { maxBytes: LIBRARY_DOCUMENT_MAX_BYTES, max: LIBRARY_MAX_MB, messages: 'documents.errors' };

/**
 * The rules of the document libraries and of contact us, as pure functions:
 * what a file is by its content, the name it is stored under, the tags of a form field,
 * the reference a contact request is shown and how often one may be sent.
 */

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

function startsWith(content: Uint8Array, bytes: number[], at = 0): boolean {
  return content.length >= at + bytes.length && bytes.every((b, i) => content[at + i] === b);
}

/** Why a file is refused (a locale key), or what it is: a plain PDF (pdf.ts), a PNG, a JPEG or a WebP, by content only. */
export function sniffDocument(content: Uint8Array): { type: DocumentContentType } | { refusal: string } {
  if (startsWith(content, PNG)) return { type: 'image/png' };
  if (startsWith(content, JPEG)) return { type: 'image/jpeg' };
  const ascii = (from: number, to: number) => Buffer.from(content.subarray(from, to)).toString('latin1');
  if (content.length >= 16 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return { type: 'image/webp' };
  if (ascii(0, 5) === '%PDF-') {
    const refusal = pdfRefusal(content);
    return refusal
      ? { refusal: refusal === 'news.document.notPdf' ? 'documents.errors.notAllowed' : refusal }
      : { type: 'application/pdf' };
  }
  return { refusal: 'documents.errors.notAllowed' };
}

const EXTENSIONS: Record<DocumentContentType, string> = {
  'application/pdf': '.pdf',
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
};
const KNOWN_EXTENSION = /\.(pdf|png|jpe?g|webp)$/i;

/**
 * The name a file is stored and downloaded under: the upload's name cleaned (uploadNames.ts), at
 * most `max` characters, with the extension of what it is by content
 * (a PNG named report.pdf is stored as report.png). Empty names become 'document'.
 */
export function libraryFileName(raw: string | undefined, type: DocumentContentType, max: number = DOCUMENT_LIMITS.fileNameMax): string {
  let stem = cleanUploadName(raw).replace(KNOWN_EXTENSION, '').trim();
  if (!stem || /^\.+$/.test(stem)) stem = 'document';
  const extension = EXTENSIONS[type];
  if (stem.length + extension.length > max) stem = stem.slice(0, max - extension.length).trimEnd();
  return `${stem}${extension}`;
}

/**
 * Tags as a form sends them: one comma-separated field (or several), trimmed, blanks and
 * repeats (whatever their case) dropped, in the order given. Length limits are the schema's.
 */
export function parseTags(raw: string | readonly string[] | undefined): string[] {
  const parts = (typeof raw === 'string' ? [raw] : (raw ?? [])).flatMap((text) => text.split(','));
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of parts) {
    const tag = part.replace(/\s+/g, ' ').trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** A contact request's reference: CU-<year of sending, UTC>-<its number, six digits at least>. */
export function contactReference(id: number, sentAt: Date): string {
  return `CU-${sentAt.getUTCFullYear()}-${String(id).padStart(6, '0')}`;
}

/**
 * How often one user may write to support: five messages an hour go through; after that each
 * further one waits, from 15 minutes up to an hour. Counted with app.throttle (each message is a
 * 'failure' of the key), so a restart forgets nothing.
 */
export const CONTACT_POLICY: ThrottlePolicy = { freeFailures: 4, baseDelayMs: 15 * 60_000, maxDelayMs: 60 * 60_000, windowMs: 60 * 60_000 };
export const contactThrottleKey = (userId: number) => `contact-us:${userId}`;

/** Where support mail goes: the support mailbox of the domain the portal sends from (MAIL_FROM). */
export function supportAddress(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const domain = address.split('@')[1]?.trim() || 'localhost';
  return `support@${domain}`;
}

/**
 * What a reader may see (the access table, src/common/access.ts): /resources to whoever may list
 * documents, /marketing to whoever may list marketing (application 1); 'staff' documents to
 * application 1 only, 'dealers' documents to both.
 */
export function documentScope(user: AccessUser): { libraries: DocumentLibrary[]; audiences: DocumentAudience[] } {
  if (!canAccess(user, { resource: 'documents', action: 'list' })) return { libraries: [], audiences: [] };
  const libraries: DocumentLibrary[] = ['resources'];
  if (canAccess(user, { resource: 'marketing', action: 'list' })) libraries.push('marketing');
  const audiences: DocumentAudience[] = user.applicationNum === APPLICATION.internal ? ['dealers', 'staff'] : ['dealers'];
  return { libraries, audiences };
}
