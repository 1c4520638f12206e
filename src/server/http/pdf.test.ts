import { describe, expect, it } from 'vitest';
import { deflateSync } from 'node:zlib';
import { attachmentDisposition, documentFileName, isPdf, minimalPdf, pdfRefusal } from './pdf.js';

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

/** A PDF of the given objects (1 is the catalog), with a correct cross-reference and trailer. */
function pdfOf(objects: (string | Buffer)[], header = '%PDF-1.7\n'): Buffer {
  const parts: Buffer[] = [Buffer.from(header, 'latin1')];
  let length = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      Buffer.from(body as string, 'latin1'),
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(part);
    length += part.length;
  });
  let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) xref += `${String(offset).padStart(10, '0')} 00000 n \n`;
  xref += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  return Buffer.concat([...parts, Buffer.from(xref, 'latin1')]);
}

const PAGES = '<< /Type /Pages /Kids [] /Count 0 >>';
const catalog = (extra: string) => `<< /Type /Catalog /Pages 2 0 R ${extra} >>`;
const stream = (dictionary: string, data: Buffer) =>
  Buffer.concat([Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream')]);
const objectStream = (content: string, filter = '/FlateDecode') =>
  stream(`/Type /ObjStm /N 1 /First 4 /Filter ${filter}`, deflateSync(Buffer.from(`9 0 ${content}`, 'latin1')));

/** The same bytes for every run (a PRNG with a fixed seed), to test that compressed data raises no false alarm. */
function noise(size: number): Buffer {
  const out = Buffer.alloc(size);
  let x = 0x2545f491;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

describe('active content in news PDFs', () => {
  it('accepts a plain PDF built the same way', () => {
    expect(pdfRefusal(pdfOf([catalog(''), PAGES]))).toBeUndefined();
  });
  it('refuses JavaScript run on opening', () => {
    const pdf = pdfOf([catalog('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>'), PAGES]);
    expect(pdfRefusal(pdf)).toBe('errors.pdfActiveContent');
    expect(isPdf(pdf)).toBe(false);
  });
  it('refuses script referenced from an action, with names written in #xx escapes and comments between tokens', () => {
    expect(isPdf(pdfOf([catalog('/OpenAction 3 0 R'), PAGES, '<< /S /J#61va#53cript /J#53 %hidden\n 4 0 R >>', '(app.alert(1))']))).toBe(
      false,
    );
  });
  it("refuses the document's JavaScript name tree", () => {
    expect(
      isPdf(pdfOf([catalog('/Names << /JavaScript 3 0 R >>'), PAGES, '<< /Names [(x) 4 0 R] >>', '<< /S /JavaScript /JS (1) >>'])),
    ).toBe(false);
  });
  it('refuses launch actions', () => {
    expect(isPdf(pdfOf([catalog('/OpenAction << /S /Launch /F (cmd.exe) >>'), PAGES]))).toBe(false);
    expect(isPdf(pdfOf([catalog('/AA << /O << /S/Launch/Win << /F (calc) >> >> >>'), PAGES]))).toBe(false);
  });
  it('refuses JavaScript hidden in a compressed object stream', () => {
    const pdf = pdfOf([catalog('/OpenAction 9 0 R'), PAGES, objectStream('<< /S /JavaScript /JS (app.alert(1)) >>')]);
    expect(pdf.toString('latin1')).not.toContain('JavaScript');
    expect(pdfRefusal(pdf)).toBe('errors.pdfActiveContent');
  });
  it('accepts a clean object stream, and refuses one it cannot read', () => {
    expect(isPdf(pdfOf([catalog(''), PAGES, objectStream('<< /Type /Annot /Subtype /Text >>')]))).toBe(true);
    expect(isPdf(pdfOf([catalog(''), PAGES, objectStream('<< >>', '/LZWDecode')]))).toBe(false);
    const damaged = stream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', Buffer.from('not deflate data'));
    expect(isPdf(pdfOf([catalog(''), PAGES, damaged]))).toBe(false);
  });
  it('refuses HTML behind a PDF header', () => {
    expect(pdfRefusal(pdfOf([catalog(''), PAGES], '%PDF-1.4\n<html><script>alert(1)</script></html>\n'))).toBe('errors.pdfActiveContent');
    expect(isPdf(pdfOf([catalog(''), PAGES], '%PDF-1.7\n<!DOCTYPE html>\n'))).toBe(false);
    expect(isPdf(pdfOf([catalog(''), PAGES, '(<SCRIPT src=//evil.example></SCRIPT>)']))).toBe(false);
  });
  it('lets a document talk about JavaScript, and lets compressed data be random', () => {
    const text = stream('', Buffer.from('BT /F1 12 Tf (Learn /JavaScript and /Launch today) Tj ET'));
    expect(isPdf(pdfOf([catalog(''), PAGES, text]))).toBe(true);
    expect(isPdf(pdfOf([catalog(''), PAGES, stream('/Filter /FlateDecode', noise(4 * 1024 * 1024))]))).toBe(true);
  });
  it('finds an object stream whose type is written with #xx escapes, and the script it hides', () => {
    const hidden = stream(
      '/Type /Obj#53tm /N 1 /First 4 /Filter /Fl#61teDecode',
      deflateSync(Buffer.from('9 0 << /S /JavaScript /JS (app.alert(1)) >>', 'latin1')),
    );
    const pdf = pdfOf([catalog('/OpenAction 9 0 R'), PAGES, hidden]);
    expect(pdf.toString('latin1')).not.toMatch(/ObjStm|JavaScript/);
    expect(pdfRefusal(pdf)).toBe('errors.pdfActiveContent');
  });
  it('refuses an XFA form, whatever its packets hold', () => {
    const xml = deflateSync(
      Buffer.from('<xdp:xdp><template><event activity="initialize"><script>app.alert(1)</script></event></template></xdp:xdp>'),
    );
    const form = (xfa: string) => pdfOf([catalog(`/AcroForm << /Fields [] ${xfa} >>`), PAGES, stream('/Filter /FlateDecode', xml)]);
    expect(pdfRefusal(form('/XFA 3 0 R'))).toBe('errors.pdfActiveContent');
    expect(pdfRefusal(form('/X#46A [(template) 3 0 R]'))).toBe('errors.pdfActiveContent');
  });
  it('refuses an action run by itself that is not a GoTo: a URI, a form submitted or data imported on opening', () => {
    const refused = [
      pdfOf([catalog('/OpenAction << /S /URI /URI (https://tracker.example/open) >>'), PAGES]),
      pdfOf([catalog('/OpenAction 3 0 R'), PAGES, '<< /S /SubmitForm /F (https://collector.example/) >>']),
      pdfOf([
        catalog(''),
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /AA << /O 4 0 R >> >>',
        '<< /S /ImportData /F (x.fdf) >>',
      ]),
      pdfOf([catalog('/OpenAction << /S /GoTo /D [2 0 R /Fit] /Next << /S /URI /URI (https://tracker.example/) >> >>'), PAGES]),
      pdfOf([catalog('/Open#41ction << /S /U#52I /URI (https://tracker.example/) >>'), PAGES]),
      pdfOf([catalog('/OpenAction 9 0 R'), PAGES, objectStream('<< /S /URI /URI (https://tracker.example/) >>')]),
    ];
    for (const pdf of refused) expect(pdfRefusal(pdf)).toBe('errors.pdfActiveContent');
  });
  it('accepts opening on a page (GoTo or a destination) and links the reader follows only when clicked', () => {
    expect(pdfRefusal(pdfOf([catalog('/OpenAction << /S /GoTo /D [2 0 R /Fit] >>'), PAGES]))).toBeUndefined();
    expect(pdfRefusal(pdfOf([catalog('/OpenAction [2 0 R /FitH 792]'), PAGES]))).toBeUndefined();
    const link = '<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI (https://example.com/) >> >>';
    expect(pdfRefusal(pdfOf([catalog(''), PAGES, link]))).toBeUndefined();
    // Opening on a page whose link goes out: the link waits for a click.
    const pageWithLink = (open: string) =>
      pdfOf([catalog(open), '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /Annots [4 0 R] >>', link]);
    expect(pdfRefusal(pageWithLink('/OpenAction << /S /GoTo /D [3 0 R /Fit] >>'))).toBeUndefined();
    expect(pdfRefusal(pageWithLink('/OpenAction [3 0 R /Fit]'))).toBeUndefined();
  });
  // A scan that backtracked or rescanned at each of these 2.5 MB of near-misses would run far past
  // the test's timeout; a linear one takes milliseconds. The timeout bounds it, no timed assertion.
  it('answers hostile input without backtracking', { timeout: 60_000 }, () => {
    const hostile = pdfOf([
      catalog(''),
      PAGES,
      `(${'/JS %'.repeat(200_000)})`,
      `(${'obj /ObjStm '.repeat(100_000)})`,
      `(${'/S '.repeat(100_000)})`,
    ]);
    expect(pdfRefusal(hostile)).toBeUndefined();
  });
});
