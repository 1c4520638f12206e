import { describe, expect, it } from 'vitest';
import { formatSize, tagsOf } from './documentRules.js';

describe('formatSize', () => {
  it('speaks kilobytes (at least 0.1) and megabytes', () => {
    expect(formatSize(600, 'en')).toBe('0.6 kB');
    expect(formatSize(20, 'en')).toBe('0.1 kB');
    expect(formatSize(14 * 1024, 'en')).toBe('14 kB');
    expect(formatSize(2.4 * 1024 * 1024, 'en')).toBe('2.4 MB');
  });
});

describe('tagsOf', () => {
  it('lists each tag once, sorted, first spelling kept', () => {
    expect(tagsOf([{ tags: ['Guide', 'panels'] }, { tags: ['guide', 'alarms'] }], 'en')).toEqual(['alarms', 'Guide', 'panels']);
  });
});
