/**
 * SPEC §2/§5 'Document upload: one file, pdf only', checked by the content,
 * never by the name or the type the browser claims: the file must start with
 * the PDF header and end with a trailer a reader can follow (`startxref`, an
 * offset inside the file, then `%%EOF`). A text file renamed to .pdf fails.
 */
export { NEWS_DOCUMENT_MAX_BYTES as MAX_DOCUMENT_BYTES } from '../../../schemas/news.js';

const HEADER = /^%PDF-\d\.\d/;
/** The end of a PDF: `startxref`, the byte offset of the cross-reference, `%%EOF` (then at most whitespace). */
const TRAILER = /startxref\s+(\d+)\s+%%EOF\s*$/;
/** How far from the end the trailer may start (incremental updates add a little). */
const TAIL_BYTES = 2048;

export function isPdf(content: Uint8Array): boolean {
  if (content.length < 32) return false;
  const head = Buffer.from(content.subarray(0, 16)).toString('latin1');
  if (!HEADER.test(head)) return false;
  const tail = Buffer.from(content.subarray(Math.max(0, content.length - TAIL_BYTES))).toString('latin1');
  const match = TRAILER.exec(tail);
  if (!match) return false;
  const offset = Number(match[1]);
  return Number.isSafeInteger(offset) && offset > 0 && offset < content.length;
}

/**
 * The name a document is stored and downloaded under: the last path segment,
 * without control characters or quotes, at most `max` characters, ending in
 * .pdf. Empty names become 'document.pdf'.
 */
export function documentFileName(raw: string | undefined, max: number): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  let name = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>|*?:]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
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
