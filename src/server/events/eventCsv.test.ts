import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvRecords, type CsvValue } from './eventCsv.js';

const reference = (records: CsvValue[][]) => stringify(records, { escape_formulas: true });

describe('csvRecords', () => {
  it('writes what csv-stringify writes with escape_formulas, for hand-picked values', () => {
    const records: CsvValue[][] = [
      ['2026-03-01 12:00:00', 100001, 'Harbor Bakery, Café', 500001, 'AB500001', null, null, 'E130', 'Burglary "Alarm"', 'Alarm'],
      ['', 0, '=HYPERLINK("x")', 1, '+1', '-2', '@me', '\tTab', '\rCR', 'two\nlines'],
      ['\uFF1Dfull', '-', "'", '""', ',', 'plain', undefined, 7, 'ü', 'end'],
    ];
    expect(csvRecords(records)).toBe(reference(records));
  });

  it('writes what csv-stringify writes for any strings, numbers and nulls', () => {
    const value = fc.oneof(
      fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', '"', '\n', '\r', '=', '+', '-', '@', '\t', "'", 'é', '\uFF20') }),
      fc.string(),
      fc.nat(),
      fc.constant(null),
    );
    fc.assert(
      fc.property(fc.array(fc.array(value, { minLength: 1, maxLength: 10 }), { minLength: 1, maxLength: 5 }), (records) => {
        expect(csvRecords(records)).toBe(reference(records));
      }),
      { numRuns: 500 },
    );
  });
});
