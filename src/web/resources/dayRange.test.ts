import { describe, expect, it } from 'vitest';
import { boundaryDay, dayBoundary } from './dayRange.js';

describe('day filters', () => {
  it('turn a day into the instants it starts and the next one starts', () => {
    expect(dayBoundary('2026-03-01')).toBe(new Date('2026-03-01T00:00:00').toISOString());
    expect(dayBoundary('2026-03-01', true)).toBe(new Date('2026-03-02T00:00:00').toISOString());
    expect(dayBoundary('')).toBeUndefined();
    expect(dayBoundary('yesterday')).toBeUndefined();
  });

  it('show the same days back in the inputs', () => {
    expect(boundaryDay(dayBoundary('2026-03-01'))).toBe('2026-03-01');
    expect(boundaryDay(dayBoundary('2026-03-01', true), true)).toBe('2026-03-01');
    expect(boundaryDay(undefined)).toBe('');
    expect(boundaryDay('not a date')).toBe('');
  });
});
