import { SITE_STATUSES, type SiteFilter, type SiteStatus } from '../../../schemas/sites.js';

/**
 * The accounts list's rules, pure: the filter values
 * the chips toggle, and what the empty state says.
 */

/** The list's filter values as react-admin holds them (what the URL carries). */
export type SiteFilterValues = Partial<Omit<SiteFilter, 'id'>>;

/** The statuses a filter holds, in the order of SITE_STATUSES (the API takes one or a list). */
export function statusesOf(filter: SiteFilterValues): SiteStatus[] {
  const value = filter.status;
  const chosen: readonly string[] = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return SITE_STATUSES.filter((status) => chosen.includes(status));
}

/** The filter with one status chip toggled; no status left removes the key. */
export function toggleStatus(filter: SiteFilterValues, status: SiteStatus): SiteFilterValues {
  const current = statusesOf(filter);
  const next = current.includes(status)
    ? current.filter((s) => s !== status)
    : SITE_STATUSES.filter((s) => s === status || current.includes(s));
  const rest = { ...filter };
  delete rest.status;
  return next.length ? { ...rest, status: next } : rest;
}

/** 'Favorites only' toggled: on is `favorite: true`; off removes the key (false would list the others only). */
export function toggleFavorite(filter: SiteFilterValues): SiteFilterValues {
  const rest = { ...filter };
  delete rest.favorite;
  return filter.favorite ? rest : { ...rest, favorite: true };
}

/** A state is two letters, upper case (the API's maxLength 2). */
export function normaliseState(text: string): string {
  return text
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 2)
    .toUpperCase();
}

/** Whether any filter is set (the search text counts). */
export function hasFilters(filter: SiteFilterValues): boolean {
  return Object.values(filter).some(
    (value) =>
      value !== undefined &&
      value !== null &&
      (typeof value !== 'string' || value.trim() !== '') &&
      !(Array.isArray(value) && !value.length),
  );
}

/** The empty state's message: what to try depends on what was asked. */
export function emptyMessage(filter: SiteFilterValues): { key: string; args?: Record<string, string> } {
  const q = filter.q?.trim();
  if (q) return { key: 'sites.empty.noMatch', args: { q } };
  if (hasFilters(filter)) return { key: 'sites.empty.filtered' };
  return { key: 'sites.empty.none' };
}
