import { beforeAll, describe, expect, it } from 'vitest';
import { loadDateLocale } from '../i18n/calendar.js';
import { checkChosenFile, formatNewsDate, formatOrder, newsTag, savePlan, toNewsInput, truncateBody } from './newsRules.js';

describe('news setup columns (SPEC §2)', () => {
  beforeAll(() => loadDateLocale('fr'));
  it('cuts the body to 50 characters plus an ellipsis', () => {
    expect(truncateBody('x'.repeat(50))).toBe('x'.repeat(50));
    expect(truncateBody('x'.repeat(51))).toBe(`${'x'.repeat(50)}…`);
    expect(truncateBody('short')).toBe('short');
  });
  it("shows '-' for an empty order and dates", () => {
    expect(formatOrder(null)).toBe('-');
    expect(formatOrder(0)).toBe('0');
    expect(formatNewsDate(null)).toBe('-');
    expect(formatNewsDate('not a date')).toBe('-');
  });
  it("formats dates as 'L HH:mm'", () => {
    const local = new Date(2026, 2, 7, 14, 5).toISOString();
    expect(formatNewsDate(local)).toBe('03/07/2026 14:05');
    expect(formatNewsDate(local, 'fr')).toBe('07/03/2026 14:05');
  });
  it('tags Active, Future and Expired', () => {
    expect(newsTag({ active: true, future: false, expired: false })).toBe('active');
    expect(newsTag({ active: false, future: true, expired: false })).toBe('future');
    expect(newsTag({ active: false, future: false, expired: true })).toBe('expired');
  });
});

describe('news save (SPEC §4)', () => {
  const record = {
    id: 7,
    title: 'T',
    body: 'B',
    effectiveDate: '2026-01-01T10:00:00.000Z',
    expirationDate: null,
    order: null,
    icon: null,
    color: null,
    url: null,
    documentName: 'a.pdf',
    hasDocument: true,
  };
  const file = new File(['%PDF-'], 'b.pdf', { type: 'application/pdf' });

  it('creates a new item', () => {
    expect(savePlan(undefined, { title: 'T', body: 'B' })).toEqual({ item: 'create', document: { kind: 'none' } });
  });
  it('leaves an unchanged item alone, and only uploads the new file', () => {
    expect(savePlan(record, { ...record, effectiveDate: '2026-01-01T10:00:00Z', documentFile: file })).toEqual({
      item: 'none',
      document: { kind: 'upload', file },
    });
  });
  it('updates a changed item; empty and null are the same', () => {
    expect(savePlan(record, { ...record, url: '' }).item).toBe('none');
    expect(savePlan(record, { ...record, title: 'T2' }).item).toBe('update');
    expect(savePlan(record, { ...record, order: 3 }).item).toBe('update');
  });
  it('deletes the document when its name was cleared', () => {
    expect(savePlan(record, { ...record, documentName: null }).document).toEqual({ kind: 'delete' });
    expect(savePlan({ ...record, hasDocument: false, documentName: null }, { ...record, documentName: null }).document).toEqual({
      kind: 'none',
    });
  });
  it('sends only the writable fields, empty ones as null', () => {
    expect(toNewsInput({ ...record, url: '', active: true, documentFile: file })).toEqual({
      title: 'T',
      body: 'B',
      effectiveDate: '2026-01-01T10:00:00.000Z',
      expirationDate: null,
      order: null,
      icon: null,
      color: null,
      url: null,
    });
  });
});

describe('the chosen document (SPEC §5: one file, pdf only)', () => {
  it('takes a PDF within the limit', () => {
    expect(checkChosenFile({ name: 'a.pdf', type: '', size: 10 }, 100)).toBe('ok');
    expect(checkChosenFile({ name: 'scan', type: 'application/pdf', size: 10 }, 100)).toBe('ok');
  });
  it('refuses other files and large ones', () => {
    expect(checkChosenFile({ name: 'a.txt', type: 'text/plain', size: 10 }, 100)).toBe('notPdf');
    expect(checkChosenFile({ name: 'a.pdf', type: 'application/pdf', size: 101 }, 100)).toBe('tooLarge');
  });
});
