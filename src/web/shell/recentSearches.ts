import { LIMITS } from '../../common/constants.js';

/** SPEC §2 account search: 'keeps 10 recent searches in local storage'. */
export const RECENT_SEARCHES_KEY = 'recent-account-searches';

/** The newest first, without duplicates (case-insensitive), at most 10. */
export function addRecentSearch(recent: readonly string[], query: string, max: number = LIMITS.recentAccountSearches): string[] {
  const q = query.trim();
  if (!q) return [...recent].slice(0, max);
  return [q, ...recent.filter((r) => r.toLowerCase() !== q.toLowerCase())].slice(0, max);
}

/** Whatever is stored, as a list of strings (bad data gives an empty list). */
export function parseRecentSearches(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(0, LIMITS.recentAccountSearches) : [];
  } catch {
    return [];
  }
}

/** §2 'opened by the '/' key outside inputs'. */
export function opensSearchOnSlash(
  key: string,
  target: { tagName?: string; isContentEditable?: boolean } | null,
  modifiers: { ctrl: boolean; meta: boolean; alt: boolean },
): boolean {
  if (key !== '/' || modifiers.ctrl || modifiers.meta || modifiers.alt) return false;
  const tag = target?.tagName?.toUpperCase();
  return !(tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target?.isContentEditable);
}

/** §2 'spotlight search (Ctrl/Cmd+K)'. */
export function opensSpotlight(key: string, modifiers: { ctrl: boolean; meta: boolean }): boolean {
  return key.toLowerCase() === 'k' && (modifiers.ctrl || modifiers.meta);
}

/**
 * The search dialogs' lists (a combobox, focus stays in the text box): the option the arrow keys
 * make current among `count`, wrapping at both ends; -1 is none. Other keys leave it.
 */
export function moveActive(active: number, key: string, count: number): number {
  if (count <= 0) return -1;
  if (key === 'ArrowDown') return active < 0 || active >= count - 1 ? 0 : active + 1;
  if (key === 'ArrowUp') return active <= 0 || active >= count ? count - 1 : active - 1;
  return Math.min(active, count - 1);
}
