import { describe, expect, it } from 'vitest';
import { minimalPdf } from '../http/pdf.js';
import { solidPng } from '../db/seed/documentsSeed.js';
import { contactReference, documentScope, libraryFileName, parseTags, sniffDocument, supportAddress } from './documentRules.js';

describe('sniffDocument: what a file is, by content only', () => {
  it('knows PDFs, PNGs, JPEGs and WebPs', () => {
    expect(sniffDocument(minimalPdf())).toEqual({ type: 'application/pdf' });
    expect(sniffDocument(solidPng(2, 2, [0, 0, 0]))).toEqual({ type: 'image/png' });
    expect(sniffDocument(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toEqual({ type: 'image/jpeg' });
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(8)]);
    expect(sniffDocument(webp)).toEqual({ type: 'image/webp' });
  });

  it('refuses SVG, text, a broken PDF and a PDF with script', () => {
    expect(sniffDocument(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({ refusal: 'documents.errors.notAllowed' });
    expect(sniffDocument(Buffer.from('hello'))).toEqual({ refusal: 'documents.errors.notAllowed' });
    expect(sniffDocument(Buffer.from('%PDF-1.4 but nothing else'))).toEqual({ refusal: 'documents.errors.notAllowed' });
    const scripted = Buffer.from(
      minimalPdf().toString('latin1').replace('/Type /Catalog', '/Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >>'),
      'latin1',
    );
    expect(sniffDocument(scripted)).toEqual({ refusal: 'errors.pdfActiveContent' });
  });
});

describe('libraryFileName', () => {
  it('keeps the last path segment and gives the extension of the content', () => {
    expect(libraryFileName('../../etc/report.pdf', 'application/pdf')).toBe('report.pdf');
    expect(libraryFileName('logo.pdf', 'image/png')).toBe('logo.png');
    expect(libraryFileName('photo.JPEG', 'image/jpeg')).toBe('photo.jpg');
    expect(libraryFileName('Quarterly "Report"', 'application/pdf')).toBe('Quarterly Report.pdf');
    expect(libraryFileName('', 'image/webp')).toBe('document.webp');
    expect(libraryFileName('..', 'application/pdf')).toBe('document.pdf');
    // A right-to-left override would show 'scanexe.png' as 'scangnp.exe' (http/uploadNames.ts).
    expect(libraryFileName('scan\u202egnp.exe.png', 'image/png')).toBe('scangnp.exe.png');
  });

  it('cuts long names to the limit, extension kept', () => {
    const name = libraryFileName(`${'a'.repeat(300)}.pdf`, 'application/pdf', 20);
    expect(name).toHaveLength(20);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('parseTags', () => {
  it('splits on commas, trims, drops blanks and repeats whatever their case', () => {
    expect(parseTags(' pricing, Pricing ,, 2026 ')).toEqual(['pricing', '2026']);
    expect(parseTags(['a,b', 'B', 'c'])).toEqual(['a', 'b', 'c']);
    expect(parseTags(undefined)).toEqual([]);
  });
});

describe('contactReference', () => {
  it('is CU-<year>-<number of six digits at least>', () => {
    expect(contactReference(123, new Date('2026-03-01T00:00:00Z'))).toBe('CU-2026-000123');
    expect(contactReference(1234567, new Date('2027-12-31T23:59:59Z'))).toBe('CU-2027-1234567');
  });
});

describe('supportAddress', () => {
  it('is the support mailbox of the sending domain', () => {
    expect(supportAddress('Security Portal <no-reply@example.com>')).toBe('support@example.com');
    expect(supportAddress('portal@alarms.example')).toBe('support@alarms.example');
  });
});

describe('documentScope (the access table)', () => {
  const base = { roles: [], canEdit: false };
  it('opens both libraries and audiences to application 1', () => {
    expect(documentScope({ ...base, applicationNum: 1 })).toEqual({
      libraries: ['resources', 'marketing'],
      audiences: ['dealers', 'staff'],
    });
  });
  it('opens the resources for dealers to application 2', () => {
    expect(documentScope({ ...base, applicationNum: 2 })).toEqual({ libraries: ['resources'], audiences: ['dealers'] });
  });
  it('opens nothing to customers', () => {
    expect(documentScope({ ...base, applicationNum: 3 })).toEqual({ libraries: [], audiences: [] });
  });
});
