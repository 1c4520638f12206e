import { describe, expect, it } from 'vitest';
import { documentFileName } from './pdf.js';
import { cleanUploadName } from './uploadNames.js';

describe('cleanUploadName', () => {
  it('drops the bidirectional controls that disguise an extension', () => {
    expect(cleanUploadName('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    for (const control of ['\u061c', '\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(cleanUploadName(`a${control}b.pdf`)).toBe('ab.pdf');
    }
  });
  it('drops C0 and C1 controls, DEL, quotes and reserved characters; keeps the last path segment', () => {
    expect(cleanUploadName('C:\\dir\\a"b\r\n\u0085\u009f\u007fc<>|*?:.pdf')).toBe('abc.pdf');
    expect(cleanUploadName('../../x/  Report   1.pdf ')).toBe('Report 1.pdf');
    expect(cleanUploadName('Café été.pdf')).toBe('Café été.pdf');
    expect(cleanUploadName(undefined)).toBe('');
  });
  it('is what news PDFs are stored under', () => {
    expect(documentFileName('notice\u202efdp.exe', 1024)).toBe('noticefdp.exe.pdf');
  });
});
