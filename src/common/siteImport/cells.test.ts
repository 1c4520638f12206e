import { describe, expect, it } from 'vitest';
import { dateToIso, excelSerialToIso, neutraliseCell, numberToText } from './cells.js';

describe('cells of an import file', () => {
  it('neutralises a cell that a spreadsheet would run as a formula', () => {
    for (const value of ['=1+1', '+15551234', '-2', '@SUM(A1)', '\tx', '\rx']) expect(neutraliseCell(value)).toBe(`'${value}`);
    expect(neutraliseCell('Front door')).toBe('Front door');
    expect(neutraliseCell('')).toBe('');
    expect(neutraliseCell('a=b')).toBe('a=b');
  });

  it('reads Excel serial dates in both date systems', () => {
    expect(excelSerialToIso(45292)).toBe('2024-01-01');
    expect(excelSerialToIso(45292.5)).toBe('2024-01-01T12:00:00');
    expect(excelSerialToIso(45292 - 1462, true)).toBe('2024-01-01');
    expect(excelSerialToIso(-1)).toBeUndefined();
    expect(excelSerialToIso(Number.NaN)).toBeUndefined();
    expect(dateToIso(new Date(Date.UTC(2023, 11, 31)))).toBe('2023-12-31');
  });

  it('writes numbers without exponent and keeps the leading zeros of a zeros format', () => {
    expect(numberToText(123456789012)).toBe('123456789012');
    expect(numberToText(1.5)).toBe('1.5');
    expect(numberToText(1234, '000000')).toBe('001234');
    expect(numberToText(601, '00000')).toBe('00601');
    expect(numberToText(1234, 'General')).toBe('1234');
    expect(numberToText(Number.POSITIVE_INFINITY)).toBe('');
  });
});
