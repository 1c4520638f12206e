import { describe, expect, it } from 'vitest';
import { SITE_STATUSES } from '../../../schemas/sites.js';
import { STATUS_COLORS, emptyMessage, hasFilters, normaliseState, statusesOf, toggleFavorite, toggleStatus } from './siteRules.js';

/** WCAG 2.x contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('status tags (WCAG: text, not colour alone)', () => {
  it.each(SITE_STATUSES)('%s: white text on its colour is at least 4.5:1', (status) => {
    expect(contrast(STATUS_COLORS[status], '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
  it('every status has its own colour', () => {
    expect(new Set(Object.values(STATUS_COLORS)).size).toBe(SITE_STATUSES.length);
  });
});

describe('status chips (multi)', () => {
  it('reads one status or a list, in the order of the statuses', () => {
    expect(statusesOf({})).toEqual([]);
    expect(statusesOf({ status: 'onTest' })).toEqual(['onTest']);
    expect(statusesOf({ status: ['pending', 'active'] })).toEqual(['active', 'pending']);
  });
  it('adds a status and keeps the others', () => {
    expect(toggleStatus({ q: 'x' }, 'inAlarm')).toEqual({ q: 'x', status: ['inAlarm'] });
    expect(toggleStatus({ status: ['pending'] }, 'active')).toEqual({ status: ['active', 'pending'] });
    expect(toggleStatus({ status: 'pending' }, 'active')).toEqual({ status: ['active', 'pending'] });
  });
  it('removes a status, and the key with the last one', () => {
    expect(toggleStatus({ status: ['active', 'pending'] }, 'active')).toEqual({ status: ['pending'] });
    expect(toggleStatus({ q: 'x', status: ['active'] }, 'active')).toEqual({ q: 'x' });
  });
});

describe("'Favorites only'", () => {
  it('on sends favorite: true; off drops the key rather than sending false', () => {
    expect(toggleFavorite({ city: 'Duluth' })).toEqual({ city: 'Duluth', favorite: true });
    expect(toggleFavorite({ city: 'Duluth', favorite: true })).toEqual({ city: 'Duluth' });
  });
});

describe('state filter', () => {
  it('two letters, upper case', () => {
    expect(normaliseState('mn')).toBe('MN');
    expect(normaliseState(' i-l x')).toBe('IL');
    expect(normaliseState('4')).toBe('');
  });
});

describe('empty state: what to try', () => {
  it('a search names the text and suggests other fields', () => {
    expect(emptyMessage({ q: ' xyz ', status: ['active'] })).toEqual({ key: 'sites.empty.noMatch', args: { q: 'xyz' } });
  });
  it('filters without a search suggest clearing them', () => {
    expect(emptyMessage({ status: ['pending'] })).toEqual({ key: 'sites.empty.filtered' });
    expect(emptyMessage({ favorite: true })).toEqual({ key: 'sites.empty.filtered' });
  });
  it('nothing asked: the group has no accounts', () => {
    expect(emptyMessage({})).toEqual({ key: 'sites.empty.none' });
    expect(emptyMessage({ q: '  ', status: [] })).toEqual({ key: 'sites.empty.none' });
  });
  it('hasFilters ignores empty values', () => {
    expect(hasFilters({ q: '', status: [] })).toBe(false);
    expect(hasFilters({ siteType: 'commercial' })).toBe(true);
  });
});
