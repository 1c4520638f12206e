import { describe, expect, it } from 'vitest';
import {
  batchParam,
  canUndo,
  columnChoices,
  countChips,
  importable,
  isAutoMatched,
  mappingState,
  rowColumns,
  setColumn,
  shownStep,
  stepOfStatus,
} from './siteImportRules.js';

const counts = { ready: 5, warning: 2, refused: 1, skipped: 0, created: 0, removed: 0 };

describe('the step of a batch', () => {
  it('follows its status, and the address names a batch by a positive whole number', () => {
    expect(stepOfStatus('draft')).toBe('map');
    expect(stepOfStatus('previewed')).toBe('preview');
    expect(stepOfStatus('running')).toBe('import');
    for (const status of ['done', 'cancelled', 'undone'] as const) expect(stepOfStatus(status)).toBe('result');
    expect(batchParam('12')).toBe(12);
    for (const bad of [null, '', '0', '-3', '1.5', 'abc']) expect(batchParam(bad)).toBeUndefined();
  });
  it("keeps the user's step while the batch allows it", () => {
    expect(shownStep(undefined, 'preview')).toBe('upload');
    expect(shownStep('previewed', undefined)).toBe('preview');
    expect(shownStep('previewed', 'map')).toBe('map');
    expect(shownStep('previewed', 'import')).toBe('import');
    expect(shownStep('draft', 'preview')).toBe('map');
    expect(shownStep('running', 'preview')).toBe('import');
    expect(shownStep('done', 'import')).toBe('result');
  });
});

describe('the mapping step', () => {
  it('names the required fields no column maps, and a field two columns map', () => {
    const mapping = ['siteName', 'country', 'addressLine1', 'city', 'state', null, 'device1TransmitterCode'];
    expect(mappingState(mapping)).toEqual({ missing: ['postalCode'], repeated: {}, ready: false });
    const complete = setColumn(mapping, 5, 'postalCode');
    expect(mapping[5]).toBeNull();
    expect(mappingState(complete).ready).toBe(true);
    const twice = setColumn([...complete, null], 7, 'city');
    expect(mappingState(twice).repeated).toEqual({ 7: 'siteImport.errors.columnTwice' });
    expect(mappingState(twice).ready).toBe(false);
  });
  it("offers the template's numbered columns, and one past the highest the file maps", () => {
    const plain = columnChoices([]).map((c) => c.column);
    expect(plain).toContain('siteName');
    expect(plain).toContain('contact3Phone');
    expect(plain).not.toContain('contact4Phone');
    expect(plain).toContain('zone8Number');
    expect(plain).not.toContain('zone9Number');
    const more = columnChoices(['contact5Name']).map((c) => c.column);
    expect(more).toContain('contact6HasKey');
    expect(more).not.toContain('contact7Name');
    // Never past the group's limit (8 devices).
    expect(columnChoices(['device8Description']).map((c) => c.column)).not.toContain('device9TransmitterCode');
    expect(
      columnChoices([])
        .filter((c) => c.required)
        .map((c) => c.column),
    ).toEqual(['siteName', 'country', 'addressLine1', 'city', 'state', 'postalCode', 'device1TransmitterCode']);
  });
  it('marks a column matched automatically while it keeps the suggestion', () => {
    expect(isAutoMatched(['siteName', null], ['siteName', null], 0)).toBe(true);
    expect(isAutoMatched(['siteName', null], ['siteName', null], 1)).toBe(false);
    expect(isAutoMatched(['siteName'], ['city'], 0)).toBe(false);
    expect(isAutoMatched(undefined, ['siteName'], 0)).toBe(false);
  });
});

describe('the preview and the result', () => {
  it('counts become chips that filter, left out only when some are', () => {
    expect(countChips(counts, 8).map((c) => [c.key, c.filter, c.count])).toEqual([
      ['all', 'all', 8],
      ['ready', 'ready', 5],
      ['warning', 'warnings', 2],
      ['refused', 'errors', 1],
    ]);
    expect(countChips({ ...counts, skipped: 3 }, 8).at(-1)).toMatchObject({ key: 'skipped', filter: 'skipped', count: 3 });
    expect(importable(counts)).toBe(7);
  });
  it("a row's dialog shows the mapped columns in file order, then the row's others", () => {
    expect(rowColumns(['city', null, 'siteName'], { siteName: 'A', zone1Number: '3' })).toEqual(['city', 'siteName', 'zone1Number']);
  });
  it('undo: a finished batch that created accounts, until its deadline', () => {
    const now = Date.parse('2026-01-02T00:00:00Z');
    const done = { status: 'done' as const, undoUntil: '2026-01-02T10:00:00Z', counts: { ...counts, created: 2 } };
    expect(canUndo(done, now)).toBe(true);
    expect(canUndo({ ...done, status: 'cancelled' }, now)).toBe(true);
    expect(canUndo({ ...done, undoUntil: '2026-01-01T23:00:00Z' }, now)).toBe(false);
    expect(canUndo({ ...done, undoUntil: null }, now)).toBe(false);
    expect(canUndo({ ...done, status: 'undone' }, now)).toBe(false);
    expect(canUndo({ ...done, counts }, now)).toBe(false);
  });
});
