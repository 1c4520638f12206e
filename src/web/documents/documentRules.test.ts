import { describe, expect, it } from 'vitest';
import { formatSize, libraryDocumentInput, splitTags, tagsOf, titleFromFileName } from './documentRules.js';

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

describe('the document form', () => {
  it('splits typed tags on commas, tidies spaces and keeps each once', () => {
    expect(splitTags(' Guide,  panel   wiring ,guide,, ')).toEqual(['Guide', 'panel wiring']);
    expect(splitTags('')).toEqual([]);
  });
  it('makes a title of a chosen file name', () => {
    expect(titleFromFileName('alarm_panel-guide.v2.pdf')).toBe('alarm panel guide.v2');
  });
  it('sends the document’s own fields, the title trimmed', () => {
    expect(libraryDocumentInput({ id: 3, fileName: 'a.pdf', library: 'resources', title: ' A ', tags: ['x'], audience: 'staff' })).toEqual({
      library: 'resources',
      title: 'A',
      tags: ['x'],
      audience: 'staff',
    });
  });
});
