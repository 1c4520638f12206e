import { describe, expect, it } from 'vitest';
import { addRecentSearch, moveActive, opensSearchOnSlash, opensSpotlight, parseRecentSearches } from './recentSearches.js';

describe('recent account searches (SPEC §2)', () => {
  it('newest first, no duplicates, at most 10', () => {
    let list: string[] = [];
    for (let i = 0; i < 12; i += 1) list = addRecentSearch(list, `A${i}`);
    expect(list).toHaveLength(10);
    expect(list[0]).toBe('A11');
    expect(addRecentSearch(['a1', 'b'], 'A1')).toEqual(['A1', 'b']);
    expect(addRecentSearch(['a'], '  ')).toEqual(['a']);
  });
  it('reads stored lists defensively', () => {
    expect(parseRecentSearches(null)).toEqual([]);
    expect(parseRecentSearches('nope')).toEqual([]);
    expect(parseRecentSearches('["a",1,"b"]')).toEqual(['a', 'b']);
  });
});

describe('keys', () => {
  const none = { ctrl: false, meta: false, alt: false };
  it("'/' opens the search outside inputs only", () => {
    expect(opensSearchOnSlash('/', { tagName: 'BODY' }, none)).toBe(true);
    expect(opensSearchOnSlash('/', { tagName: 'INPUT' }, none)).toBe(false);
    expect(opensSearchOnSlash('/', { tagName: 'DIV', isContentEditable: true }, none)).toBe(false);
    expect(opensSearchOnSlash('/', { tagName: 'BODY' }, { ...none, ctrl: true })).toBe(false);
    expect(opensSearchOnSlash('a', { tagName: 'BODY' }, none)).toBe(false);
  });
  it('Ctrl or Cmd+K opens the spotlight', () => {
    expect(opensSpotlight('k', { ctrl: true, meta: false })).toBe(true);
    expect(opensSpotlight('K', { ctrl: false, meta: true })).toBe(true);
    expect(opensSpotlight('k', { ctrl: false, meta: false })).toBe(false);
  });
});

describe('arrow keys in the search dialogs', () => {
  it('down from none is the first, and wraps from the last', () => {
    expect(moveActive(-1, 'ArrowDown', 3)).toBe(0);
    expect(moveActive(0, 'ArrowDown', 3)).toBe(1);
    expect(moveActive(2, 'ArrowDown', 3)).toBe(0);
  });
  it('up from none or the first is the last', () => {
    expect(moveActive(-1, 'ArrowUp', 3)).toBe(2);
    expect(moveActive(0, 'ArrowUp', 3)).toBe(2);
    expect(moveActive(2, 'ArrowUp', 3)).toBe(1);
  });
  it('no options: none', () => {
    expect(moveActive(1, 'ArrowDown', 0)).toBe(-1);
    expect(moveActive(-1, 'ArrowUp', 0)).toBe(-1);
  });
  it('other keys keep the current option, within a shorter list', () => {
    expect(moveActive(1, 'a', 3)).toBe(1);
    expect(moveActive(5, 'a', 3)).toBe(2);
    expect(moveActive(5, 'ArrowUp', 3)).toBe(2);
    expect(moveActive(-1, 'Enter', 3)).toBe(-1);
  });
});
