import type { SiteMatch } from '../../schemas/sites.js';

/**
 * Account search on the client: where a result (and any account link) leads, how the matched part of
 * its field is cut out for a <mark>, and the query of GET /api/sites for a search text.
 * The '/' dialog, the spotlight (web/shell) and the accounts list (web/sites) share these.
 */

/** One piece of a field's text: `match` marks the part the search text matched. */
export interface TextPart {
  text: string;
  match: boolean;
}

/**
 * The field's text cut at the match (`start`/`end`, UTF-16 indexes as the server sends them),
 * clamped to the text; an empty or reversed range marks nothing. Empty pieces are left out.
 */
export function highlightParts(match: Pick<SiteMatch, 'value' | 'start' | 'end'>): TextPart[] {
  const { value } = match;
  const start = Math.max(0, Math.min(value.length, match.start));
  const end = Math.max(start, Math.min(value.length, match.end));
  const parts: TextPart[] = [
    { text: value.slice(0, start), match: false },
    { text: value.slice(start, end), match: true },
    { text: value.slice(end), match: false },
  ];
  return parts.filter((part) => part.text !== '');
}

/** The pages of an account (SPEC §2 '/site/info, /site/history, /site/alarm-history (each with sn and dn)'). */
export type SitePage = 'info' | 'history' | 'alarm-history';

/** A page of an account; without a device, only sn. */
export function sitePath(page: SitePage, site: { siteNum: number; devNum?: number | null }): string {
  const device = site.devNum === null || site.devNum === undefined ? '' : `&dn=${site.devNum}`;
  return `/site/${page}?sn=${site.siteNum}${device}`;
}

/** How many results the search dialogs show (range [0,9]). */
const QUICK_SEARCH_SIZE = 10;

/** The query string of GET /api/sites for a quick search: `filter={"q":…}&range=[0,9]`, no sort (by relevance). */
export function quickSearchQuery(text: string, size: number = QUICK_SEARCH_SIZE): string {
  const params = new URLSearchParams({ filter: JSON.stringify({ q: text.trim() }), range: JSON.stringify([0, size - 1]) });
  return params.toString();
}
