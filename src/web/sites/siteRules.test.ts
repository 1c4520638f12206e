import { describe, expect, it } from 'vitest';
import { emptyMessage, hasFilters, normaliseState, statusesOf, toggleFavorite, toggleStatus } from './siteRules.js';

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
