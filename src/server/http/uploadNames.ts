/**
 * Characters an uploaded file's name loses: C0 and C1 controls and DEL; the bidirectional
 * controls (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069), with which 'invoice', U+202E, 'fdp.exe'
 * shows as 'invoiceexe.pdf' in a list or a download bar; and the quotes and reserved characters of
 * file systems and headers.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"<>|*?:]/g;

/** An upload's name as sent, cleaned: its last path segment, without unsafe characters, blanks collapsed and trimmed. */
export function cleanUploadName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  return base.replace(UNSAFE, '').replace(/\s+/g, ' ').trim();
}
