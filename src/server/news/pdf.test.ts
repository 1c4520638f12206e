import { describe, expect, it } from 'vitest';
import { attachmentDisposition, documentFileName, isPdf, minimalPdf } from './pdf.js';

describe('PDF check by content (SPEC §5 news: pdf only)', () => {
  it('accepts a real PDF', () => {
    expect(isPdf(minimalPdf())).toBe(true);
  });
  it('accepts trailing whitespace after %%EOF', () => {
    expect(isPdf(Buffer.concat([minimalPdf(), Buffer.from('\r\n\r\n')]))).toBe(true);
  });
  it('refuses a text file, whatever its name', () => {
    expect(isPdf(Buffer.from('Just some notes, renamed to notes.pdf\n'.repeat(4)))).toBe(false);
  });
  it('refuses a file that only starts like a PDF', () => {
    expect(isPdf(Buffer.from(`%PDF-1.7\n${'x'.repeat(100)}`))).toBe(false);
  });
  it('refuses a trailer pointing outside the file', () => {
    const pdf = minimalPdf()
      .toString('latin1')
      .replace(/startxref\n\d+/, 'startxref\n999999');
    expect(isPdf(Buffer.from(pdf, 'latin1'))).toBe(false);
  });
  it('refuses HTML with a PDF name', () => {
    expect(isPdf(Buffer.from('<html><script>alert(1)</script></html>%%EOF'))).toBe(false);
  });
  it('refuses an empty file', () => {
    expect(isPdf(new Uint8Array())).toBe(false);
  });
});

describe('document file names', () => {
  it('keeps the last path segment and ends in .pdf', () => {
    expect(documentFileName('C:\\Users\\me\\Report 1.PDF', 1024)).toBe('Report 1.PDF');
    expect(documentFileName('../../etc/passwd', 1024)).toBe('passwd.pdf');
  });
  it('drops quotes and control characters', () => {
    expect(documentFileName('a"b\r\nc.pdf', 1024)).toBe('abc.pdf');
  });
  it('names an empty name', () => {
    expect(documentFileName('', 1024)).toBe('document.pdf');
    expect(documentFileName(undefined, 1024)).toBe('document.pdf');
  });
  it('fits the limit of SPEC §9 (document name 1024)', () => {
    const name = documentFileName(`${'n'.repeat(2000)}.pdf`, 1024);
    expect(name).toHaveLength(1024);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('Content-Disposition', () => {
  it('is an attachment with an ASCII fallback and the UTF-8 name', () => {
    expect(attachmentDisposition('Résumé "x".pdf')).toBe(
      `attachment; filename="R_sum_ _x_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22x%22.pdf`,
    );
  });
});
