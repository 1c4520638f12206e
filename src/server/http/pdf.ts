/**
 * SPEC §2/§5 'Document upload: one file, pdf only', checked by the content,
 * never by the name or the type the browser claims: the file must start with
 * the PDF header and end with a trailer a reader can follow (`startxref`, an
 * offset inside the file, then `%%EOF`). A text file renamed to .pdf fails.
 */
import { constants, inflateSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { errorSchema } from '../../../schemas/shared.js';
import { idParams } from './simpleRestRoutes.js';
import { cleanUploadName } from './uploadNames.js';

export { NEWS_DOCUMENT_MAX_BYTES as MAX_DOCUMENT_BYTES } from '../../../schemas/news.js';

const HEADER = /^%PDF-\d\.\d/;
/** The end of a PDF: `startxref`, the byte offset of the cross-reference, `%%EOF` (then at most whitespace). */
const TRAILER = /startxref\s+(\d+)\s+%%EOF\s*$/;
/** How far from the end the trailer may start (incremental updates add a little). */
const TAIL_BYTES = 2048;

/** Is the file a PDF (by its content) that carries nothing active? See pdfRefusal. */
export function isPdf(content: Uint8Array): boolean {
  return pdfRefusal(content) === undefined;
}

/**
 * Why an upload is refused as a news document (a locale key), or undefined
 * when it is a plain PDF: not a PDF by its header and trailer; HTML or
 * script behind a PDF header (a polyglot a browser could render); active
 * content, JavaScript (/JS, /JavaScript) or a launch action (/Launch); an XFA
 * form (its XML carries scripts); or an action the reader runs by itself (the
 * document's /OpenAction, a page's or a field's /AA) of any kind but GoTo: a
 * /URI, /SubmitForm or /ImportData opened with the file calls out unasked.
 * Looked for in the file and inside its compressed object streams, with names
 * unescaped first (/Obj#53tm is /ObjStm). An object stream that cannot be read
 * is refused too: what cannot be checked is not served to every dealer.
 */
export function pdfRefusal(content: Uint8Array): 'news.document.notPdf' | 'errors.pdfActiveContent' | undefined {
  if (!hasPdfFrame(content)) return 'news.document.notPdf';
  const text = Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('latin1');
  if (HTML_START.test(text.slice(0, HTML_WINDOW)) || /<script/i.test(text)) return 'errors.pdfActiveContent';
  // Every place a reader finds objects: the file itself and each object stream, names unescaped.
  const sources = [decodeNames(text)];
  for (const stream of objectStreams(content, text)) {
    if (stream === undefined) return 'errors.pdfActiveContent';
    sources.push(decodeNames(stream));
  }
  if (sources.some((source) => ACTIVE.test(source) || XFA.test(source))) return 'errors.pdfActiveContent';
  if (automaticActions(sources).some((kind) => kind !== 'GoTo')) return 'errors.pdfActiveContent';
  return undefined;
}

function hasPdfFrame(content: Uint8Array): boolean {
  if (content.length < 32) return false;
  const head = Buffer.from(content.subarray(0, 16)).toString('latin1');
  if (!HEADER.test(head)) return false;
  const tail = Buffer.from(content.subarray(Math.max(0, content.length - TAIL_BYTES))).toString('latin1');
  const match = TRAILER.exec(tail);
  if (!match) return false;
  const offset = Number(match[1]);
  return Number.isSafeInteger(offset) && offset > 0 && offset < content.length;
}

/** HTML markup near the start: a browser sniffing the file would render it. */
const HTML_START = /<\s*(?:!doctype|html|head|body|script|iframe|svg|object|embed|meta)\b/i;
const HTML_WINDOW = 1024;

/** PDF names are written with #xx escapes at will (/J#61vaScript is /JavaScript). */
const NAME = /\/[^\s/<>[\]()%{}]*/g;
/** Whitespace (NUL included) and comments may sit between tokens (written so no input can make the search backtrack far). */
const GAP = String.raw`(?:[\s\0]|%[^\r\n]{0,256}[\r\n])*`;
const SEP = String.raw`(?:[\s\0]|%[^\r\n]{0,256}[\r\n])+`;
/**
 * Active content as a reader sees it: a JavaScript or launch action (/S /JavaScript, /S /Launch), script
 * (/JS followed by a string or a reference) or the document's JavaScript name tree. Requiring the value
 * after the name keeps random compressed bytes from raising the alarm, since the whole file is searched
 * (stream data included: no parsing trick can hide a dictionary from the search).
 */
const ACTIVE = new RegExp(
  [
    String.raw`/S${GAP}/(?:JavaScript|Launch)(?![^\s/<>[\]()%{}])`,
    String.raw`/JS${GAP}(?:\(|<|\d+${SEP}\d+${SEP}R)`,
    String.raw`/JavaScript${GAP}(?:<<|\d+${SEP}\d+${SEP}R)`,
    String.raw`/Launch${GAP}(?:<<|\d+${SEP}\d+${SEP}R|\()`,
  ].join('|'),
);

/** The text with every name's #xx escapes written out (/J#61vaScript becomes /JavaScript). */
function decodeNames(text: string): string {
  return text.includes('#')
    ? text.replace(NAME, (name) => name.replace(/#([0-9a-fA-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))))
    : text;
}

/** An XFA form: its XML packets may hold scripts the reader runs. */
const XFA = new RegExp(String.raw`/XFA${GAP}(?:\[|\d+${SEP}\d+${SEP}R|<|\()`);

/** An object's text by its number: `N G obj … endobj` in the file, or an object stream's member. */
function objectTexts(sources: string[]): Map<number, string> {
  const objects = new Map<number, string>();
  for (const match of sources[0]!.matchAll(/(\d+)\s+\d+\s+obj\b([\s\S]*?)\bendobj\b/g)) objects.set(Number(match[1]), match[2]!);
  for (const stream of sources.slice(1)) {
    // An object stream: pairs of object number and offset, then the objects from /First (here: after the pairs).
    const header = /^\s*((?:\d+\s+\d+\s+)+)/.exec(stream);
    if (!header) continue;
    const numbers = header[1]!.trim().split(/\s+/).map(Number);
    const body = stream.slice(header[0].length);
    const offsets = numbers.filter((_n, i) => i % 2 === 1);
    numbers.forEach((number, i) => {
      if (i % 2 === 0)
        objects.set(
          number,
          body.slice(offsets[i / 2]! - offsets[0]!, offsets[i / 2 + 1] === undefined ? undefined : offsets[i / 2 + 1]! - offsets[0]!),
        );
    });
  }
  return objects;
}

/** The balanced `<< … >>` at the start of `text` (empty when it starts with something else). */
function dictionaryAt(text: string): string {
  if (!text.startsWith('<<')) return '';
  let depth = 0;
  for (let i = 0; i < Math.min(text.length, 65_536); i++) {
    if (text.startsWith('<<', i)) {
      depth++;
      i++;
    } else if (text.startsWith('>>', i)) {
      depth--;
      i++;
      if (depth === 0) return text.slice(0, i + 1);
    }
  }
  return depth === 0 ? '' : text.slice(0, 65_536);
}

const ACTION_KIND = new RegExp(String.raw`^/S${GAP}/\w`);
/** Every action kind in a dictionary's text, and where an automatic action's value starts. */
const ACTION_KINDS = new RegExp(String.raw`/S${GAP}/(\w+)`, 'g');
const AUTOMATIC_ACTION = new RegExp(String.raw`/(?:OpenAction|AA)${GAP}`, 'g');
/** An object stream's type in its (unescaped) dictionary. */
const OBJECT_STREAM_TYPE = new RegExp(String.raw`/Type${GAP}/ObjStm\b`);

/** Whether a dictionary is an action: an /S of its own (not one of a dictionary or array inside it). */
function isAction(dictionary: string): boolean {
  let depth = 0;
  let arrays = 0;
  for (let i = 0; i < dictionary.length; i++) {
    if (dictionary.startsWith('<<', i) || dictionary.startsWith('>>', i)) {
      depth += dictionary[i] === '<' ? 1 : -1;
      i++;
    } else if (dictionary[i] === '[') arrays++;
    else if (dictionary[i] === ']') arrays--;
    else if (dictionary[i] === '/' && depth === 1 && arrays === 0 && ACTION_KIND.test(dictionary.slice(i, i + 300))) return true;
  }
  return false;
}

/**
 * The kinds (/S) of the actions a reader runs by itself: the values of every /OpenAction and /AA,
 * inline or by reference, and the actions they refer to, two levels deep (a trigger's action, its
 * /Next). A reference to anything but an action (the page of a GoTo's destination) is not followed:
 * that page's links run only when clicked.
 */
function automaticActions(sources: string[]): string[] {
  const objects = objectTexts(sources);
  const kinds: string[] = [];
  const read = (value: string, depth: number) => {
    const reference = /^(\d+)\s+\d+\s+R\b/.exec(value);
    const text = reference ? dictionaryAt((objects.get(Number(reference[1])) ?? '').trimStart()) : dictionaryAt(value);
    if (depth > 0 && !isAction(text)) return;
    kinds.push(...[...text.matchAll(ACTION_KINDS)].map((m) => m[1]!));
    if (depth < 2) for (const ref of text.matchAll(/(\d+\s+\d+\s+R)\b/g)) read(ref[1]!, depth + 1);
  };
  for (const source of sources) {
    for (const match of source.matchAll(AUTOMATIC_ACTION)) {
      read(source.slice(match.index + match[0].length, match.index + match[0].length + 65_536), 0);
    }
  }
  return kinds;
}

/** Inflated object streams may not grow past this (a zip bomb is refused, not expanded). */
const MAX_INFLATED_BYTES = 32 * 1024 * 1024;

/**
 * The content of each object stream (/Type /ObjStm), inflated; undefined for
 * one that cannot be read (another filter, a damaged or oversized stream).
 */
function* objectStreams(content: Uint8Array, text: string): Generator<string | undefined> {
  let budget = MAX_INFLATED_BYTES;
  // Each stream, by its keyword; its dictionary runs from the `obj` keyword before it. Names are
  // unescaped before they are read: /Type /Obj#53tm is an object stream.
  for (const keyword of text.matchAll(/\bstream(\r\n|\n|\r)/g)) {
    const open = text.lastIndexOf('obj', keyword.index);
    if (open < 0) continue;
    const dictionary = decodeNames(text.slice(open, keyword.index));
    if (!OBJECT_STREAM_TYPE.test(dictionary)) continue;
    const start = keyword.index + keyword[0].length;
    const end = text.indexOf('endstream', start);
    const filters = [...dictionary.matchAll(/\/(\w+Decode)\b/g)].map((m) => m[1]);
    if (end < 0 || filters.length !== 1 || filters[0] !== 'FlateDecode' || /\/DecodeParms/.test(dictionary)) {
      yield undefined;
      continue;
    }
    try {
      const inflated = inflateSync(content.subarray(start, end), { maxOutputLength: budget, finishFlush: constants.Z_SYNC_FLUSH });
      budget -= inflated.length;
      yield inflated.toString('latin1');
    } catch {
      yield undefined;
    }
  }
}

/**
 * The name a document is stored and downloaded under: the upload's name cleaned (uploadNames.ts),
 * at most `max` characters, ending in .pdf. Empty names become 'document.pdf'.
 */
export function documentFileName(raw: string | undefined, max: number): string {
  let name = cleanUploadName(raw);
  if (!name || name === '.' || name === '..') name = 'document';
  if (!/\.pdf$/i.test(name)) name = `${name}.pdf`;
  if (name.length > max) name = `${name.slice(0, max - 4).trimEnd()}.pdf`;
  return name;
}

/** Content-Disposition for a download: an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A stored document (news documents, library documents): its name, type, size and bytes. */
export interface StoredFile {
  file_name: string;
  content_type: string;
  size_bytes: number;
  content: Uint8Array;
}

/**
 * Sends a stored document as a download: an attachment under its name, never sniffed or
 * rendered in the portal's origin (nosniff, a sandboxing CSP), not cached.
 */
export function sendAttachment(reply: FastifyReply, file: StoredFile) {
  return (
    reply
      .header('Content-Type', file.content_type)
      .header('Content-Disposition', attachmentDisposition(file.file_name))
      .header('Content-Length', String(file.size_bytes))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'private, no-store')
      // A Buffer is sent as it is (Fastify does not serialise it); the schema's string is for OpenAPI.
      .send(Buffer.from(file.content) as unknown as string)
  );
}

/** The schema of a download answered by sendAttachment: the record by id, the file's types, a 404 when there is none. */
export function attachmentRoute(produces: readonly string[], description: string) {
  return {
    params: idParams,
    produces: [...produces],
    response: { 200: { description, type: 'string', format: 'binary' }, 401: errorSchema, 403: errorSchema, 404: errorSchema },
  } as const;
}

/** A minimal valid one-page PDF (tests and the demo seed use it). */
export function minimalPdf(text = 'Portal document'): Buffer {
  const safe = text.replace(/[()\\]/g, '');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 24 Tf 72 720 Td (${safe}) Tj ET`.length} >>\nstream\nBT /F1 24 Tf 72 720 Td (${safe}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
