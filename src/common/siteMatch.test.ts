import { describe, expect, it } from 'vitest';
import { highlightParts, quickSearchQuery, sitePath } from './siteMatch.js';

describe('highlightParts: the matched part of a field', () => {
  it('cuts before, the match and after', () => {
    expect(highlightParts({ value: '(312) 555-0142', start: 6, end: 14 })).toEqual([
      { text: '(312) ', match: false },
      { text: '555-0142', match: true },
    ]);
    expect(highlightParts({ value: 'Lakeside Bakery', start: 4, end: 8 })).toEqual([
      { text: 'Lake', match: false },
      { text: 'side', match: true },
      { text: ' Bakery', match: false },
    ]);
  });
  it('a match of the whole text is one marked part', () => {
    expect(highlightParts({ value: '10042', start: 0, end: 5 })).toEqual([{ text: '10042', match: true }]);
  });
  it('an empty or reversed range marks nothing', () => {
    expect(highlightParts({ value: 'Main St', start: 3, end: 3 })).toEqual([
      { text: 'Mai', match: false },
      { text: 'n St', match: false },
    ]);
    expect(highlightParts({ value: 'Main St', start: 5, end: 2 }).some((p) => p.match)).toBe(false);
  });
  it('a range past the text is clamped to it', () => {
    expect(highlightParts({ value: 'Café', start: 2, end: 99 })).toEqual([
      { text: 'Ca', match: false },
      { text: 'fé', match: true },
    ]);
    expect(highlightParts({ value: 'Café', start: 10, end: 12 })).toEqual([{ text: 'Café', match: false }]);
  });
  it('joined again, the parts are the text', () => {
    const value = 'José Núñez';
    for (let start = 0; start <= value.length; start += 1)
      for (let end = 0; end <= value.length + 1; end += 1)
        expect(
          highlightParts({ value, start, end })
            .map((p) => p.text)
            .join(''),
        ).toBe(value);
  });
  it('an empty text has no parts', () => {
    expect(highlightParts({ value: '', start: 0, end: 0 })).toEqual([]);
  });
});

describe('sitePath', () => {
  it('carries sn and dn', () => {
    expect(sitePath('info', { siteNum: 10042, devNum: 1 })).toBe('/site/info?sn=10042&dn=1');
  });
  it('only sn for a site without a device', () => {
    expect(sitePath('info', { siteNum: 10042, devNum: null })).toBe('/site/info?sn=10042');
  });
  it('leads to the histories the same way', () => {
    expect(sitePath('alarm-history', { siteNum: 100101, devNum: 7 })).toBe('/site/alarm-history?sn=100101&dn=7');
    expect(sitePath('alarm-history', { siteNum: 100101, devNum: null })).toBe('/site/alarm-history?sn=100101');
    expect(sitePath('history', { siteNum: 100001, devNum: 500001 })).toBe('/site/history?sn=100001&dn=500001');
    expect(sitePath('alarm-history', { siteNum: 100001, devNum: 500001 })).toBe('/site/alarm-history?sn=100001&dn=500001');
    expect(sitePath('history', { siteNum: 100001, devNum: undefined })).toBe('/site/history?sn=100001');
    expect(sitePath('info', { siteNum: 5, devNum: 6 })).toBe('/site/info?sn=5&dn=6');
  });
});

describe('quickSearchQuery: GET /api/sites for the search dialogs', () => {
  it('the trimmed text as filter.q, the first ten, no sort', () => {
    const params = new URLSearchParams(quickSearchQuery('  555-01 '));
    expect(JSON.parse(params.get('filter')!)).toEqual({ q: '555-01' });
    expect(JSON.parse(params.get('range')!)).toEqual([0, 9]);
    expect(params.has('sort')).toBe(false);
  });
  it('encodes what the text holds', () => {
    const params = new URLSearchParams(quickSearchQuery('A&B "x"', 5));
    expect(JSON.parse(params.get('filter')!)).toEqual({ q: 'A&B "x"' });
    expect(JSON.parse(params.get('range')!)).toEqual([0, 4]);
  });
});
