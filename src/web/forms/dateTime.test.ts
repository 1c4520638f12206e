import { describe, expect, it } from 'vitest';
import { parseLocalDateTime } from './dateTime.js';

describe('date-time inputs', () => {
  it('store the local time as an ISO instant', () => {
    expect(parseLocalDateTime('2030-02-01T10:00')).toBe(new Date(2030, 1, 1, 10, 0).toISOString());
  });
  it('store an empty input as null', () => {
    expect(parseLocalDateTime('')).toBeNull();
  });
  it('leave text that is no date for validation to refuse', () => {
    expect(parseLocalDateTime('soon')).toBe('soon');
  });
});
