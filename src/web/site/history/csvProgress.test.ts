import { describe, expect, it } from 'vitest';
import { createCsvRowCounter, exportPercent, filenameFromDisposition, parseTotal } from './csvProgress.js';

describe('counting streamed CSV rows', () => {
  it('does not count the header row', () => {
    const counter = createCsvRowCounter();
    expect(counter.push('date,siteNum\n')).toBe(0);
    expect(counter.push('2026-11-23 10:00,1\n2026-11-23 11:00,1\n')).toBe(2);
    expect(counter.finish()).toBe(2);
  });

  it('counts rows split across chunks, and a last row without a line break', () => {
    const counter = createCsvRowCounter();
    counter.push('a,b\r\n1,');
    expect(counter.push('2\r')).toBe(0);
    expect(counter.push('\n3,4')).toBe(1);
    expect(counter.finish()).toBe(2);
  });

  it('ignores line breaks inside quoted fields, escaped quotes included', () => {
    const counter = createCsvRowCounter();
    counter.push('a,b\n"line one\nline two",x\n"say ""hi');
    expect(counter.push('""\nstill quoted",y\n')).toBe(2);
    expect(counter.finish()).toBe(2);
  });

  it('answers 0 for an empty body or a header alone', () => {
    expect(createCsvRowCounter().finish()).toBe(0);
    const header = createCsvRowCounter();
    header.push('date,siteNum');
    expect(header.finish()).toBe(0);
  });
});

describe('progress maths', () => {
  it('reads the announced total', () => {
    expect(parseTotal('1000000')).toBe(1_000_000);
    expect(parseTotal(' 12 ')).toBe(12);
    expect(parseTotal(null)).toBeUndefined();
    expect(parseTotal('many')).toBeUndefined();
    expect(parseTotal('-1')).toBeUndefined();
  });

  it('gives whole percents, capped at 100', () => {
    expect(exportPercent(0, 200)).toBe(0);
    expect(exportPercent(1, 200)).toBe(0);
    expect(exportPercent(199, 200)).toBe(99);
    expect(exportPercent(200, 200)).toBe(100);
    expect(exportPercent(250, 200)).toBe(100);
    expect(exportPercent(333_333, 1_000_000)).toBe(33);
  });

  it('is complete for an empty export and indeterminate without a total', () => {
    expect(exportPercent(0, 0)).toBe(100);
    expect(exportPercent(10, undefined)).toBeUndefined();
  });
});

describe('the file name', () => {
  const fallback = 'events.csv';
  it('reads filename, quoted or not', () => {
    expect(filenameFromDisposition('attachment; filename="events-100001-2026-11-23.csv"', fallback)).toBe('events-100001-2026-11-23.csv');
    expect(filenameFromDisposition('attachment; filename=alarms.csv', fallback)).toBe('alarms.csv');
    expect(filenameFromDisposition('attachment; filename="a \\"b\\".csv"', fallback)).toBe('a _b_.csv');
  });

  it('prefers filename* (UTF-8)', () => {
    expect(filenameFromDisposition(`attachment; filename="Caf_.csv"; filename*=UTF-8''Caf%C3%A9%20Nord.csv`, fallback)).toBe(
      'Café Nord.csv',
    );
  });

  it('keeps no path and falls back when there is no usable name', () => {
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"', fallback)).toBe('passwd');
    expect(filenameFromDisposition('attachment', fallback)).toBe(fallback);
    expect(filenameFromDisposition(null, fallback)).toBe(fallback);
    expect(filenameFromDisposition('attachment; filename=".."', fallback)).toBe(fallback);
  });
});
