import type { SiteMatch } from '../../../schemas/sites.js';
import { INT4_MAX } from '../../../schemas/shared.js';
import { SEARCH_FOLD_FROM, SEARCH_FOLD_TO } from '../db/migrations/0005_site_search.js';

/**
 * Account search, the pure part: what to look for (searchPlan) and
 * where a site matched (findMatch, the highlight). The database side is
 * migration 0005 (search documents, trigram indexes) and sitesRepository.ts.
 */

const FOLD = new Map([...SEARCH_FOLD_FROM].map((c, i) => [c, SEARCH_FOLD_TO[i]]));

/** search_fold of migration 0005 in TypeScript: one UTF-16 unit for one, so positions carry over. */
export function foldSearchText(text: string): string {
  let out = '';
  for (const c of text) out += FOLD.get(c) ?? c;
  return out;
}

/** Below this many characters a substring has no trigram: only name prefixes and exact numbers are searched. */
const MIN_SUBSTRING = 3;
/** A phone fragment needs this many digits. */
const MIN_PHONE_DIGITS = 3;

export interface SearchPlan {
  /** The folded text, trimmed, inner white space as one space. */
  text: string;
  /** Substring search (name, documents) rather than name prefix only. */
  substring: boolean;
  /** The digits of a phone-like text ('(555) 123-45' → '55512345'), when there are enough. */
  digits?: string;
  /** A site or device number equal to the text. */
  number?: number;
  /** A transmitter code equal to the text (codes are upper case). */
  xmit?: string;
}

/** What filter.q looks for; undefined when there is nothing to look for. */
export function searchPlan(q: string | undefined): SearchPlan | undefined {
  // Control characters separate the fields of a search document: typed text never spans two.
  const raw = (q ?? '')
    .replace(/[\p{Cc}]/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ');
  if (!raw) return undefined;
  const text = foldSearchText(raw);
  const plan: SearchPlan = { text, substring: text.length >= MIN_SUBSTRING };
  if (/^[\d\s()+.\-/]+$/.test(raw)) {
    const digits = raw.replace(/\D/g, '');
    if (digits.length >= MIN_PHONE_DIGITS) plan.digits = digits;
  }
  if (/^\d{1,10}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= INT4_MAX) plan.number = Number(raw);
  if (/^[A-Za-z0-9-]{1,32}$/.test(raw)) plan.xmit = raw.toUpperCase();
  return plan;
}

/** A site as the highlighter reads it. */
export interface SearchableSite {
  siteNum: number;
  siteName: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  postalCode: string;
  phoneNumber: string | null;
  devices: { devNum: number; transmitterCode: string }[];
  contacts: { name: string; phoneNumber: string | null }[];
  premisePhones: string[];
}

export interface SiteHit {
  match: SiteMatch | null;
  /** The device the text matched, else the first; undefined when the site has none. */
  device: { devNum: number; transmitterCode: string } | undefined;
}

/** The part of `value` that the (folded) text is, case- and accent-insensitively. */
function within(field: SiteMatch['field'], value: string | null, text: string, prefixOnly = false): SiteMatch | undefined {
  if (!value) return undefined;
  const start = foldSearchText(value).indexOf(text);
  if (start < 0 || (prefixOnly && start > 0)) return undefined;
  return { field, value, start, end: start + text.length };
}

/** The digits of a formatted phone: where `digits` is in it, the range covering them in the formatted value. */
export function phoneMatch(value: string | null, digits: string): SiteMatch | undefined {
  if (!value) return undefined;
  const positions: number[] = [];
  for (let i = 0; i < value.length; i++) if (value[i] >= '0' && value[i] <= '9') positions.push(i);
  const at = positions
    .map((i) => value[i])
    .join('')
    .indexOf(digits);
  if (at < 0) return undefined;
  return { field: 'phone', value, start: positions[at], end: positions[at + digits.length - 1] + 1 };
}

/**
 * Where a found site matched, in the order of relevance of the search: an
 * equal site number, device number or transmitter code; the name; then the
 * address lines, city, postal code, phones, contacts, transmitter codes,
 * site and device numbers containing the text.
 */
export function findMatch(site: SearchableSite, plan: SearchPlan): SiteHit {
  const first = site.devices[0];
  const hit = (match: SiteMatch | undefined, device = first): SiteHit | undefined => (match ? { match, device } : undefined);
  const whole = (field: SiteMatch['field'], value: string): SiteMatch => ({ field, value, start: 0, end: value.length });

  if (plan.number !== undefined && site.siteNum === plan.number) return { match: whole('siteNum', String(site.siteNum)), device: first };
  const byNumber = plan.number !== undefined ? site.devices.find((d) => d.devNum === plan.number) : undefined;
  if (byNumber) return { match: whole('devNum', String(byNumber.devNum)), device: byNumber };
  const byXmit = plan.xmit ? site.devices.find((d) => d.transmitterCode.toUpperCase() === plan.xmit) : undefined;
  if (byXmit) return { match: whole('xmit', byXmit.transmitterCode), device: byXmit };

  const text = plan.text;
  const name = hit(within('name', site.siteName, text, !plan.substring));
  if (name || !plan.substring) return name ?? { match: null, device: first };

  const found =
    hit(within('address', site.addressLine1, text)) ??
    hit(within('address', site.addressLine2, text)) ??
    hit(within('city', site.city, text)) ??
    hit(within('postalCode', site.postalCode, text));
  if (found) return found;
  if (plan.digits) {
    const phones = [site.phoneNumber, ...site.premisePhones, ...site.contacts.map((c) => c.phoneNumber)];
    for (const phone of phones) {
      const match = phoneMatch(phone, plan.digits);
      if (match) return { match, device: first };
    }
  }
  for (const contact of site.contacts) {
    const match = within('contact', contact.name, text);
    if (match) return { match, device: first };
  }
  for (const device of site.devices) {
    const match = within('xmit', device.transmitterCode, text);
    if (match) return { match, device };
  }
  const siteNum = hit(within('siteNum', String(site.siteNum), text));
  if (siteNum) return siteNum;
  for (const device of site.devices) {
    const match = within('devNum', String(device.devNum), text);
    if (match) return { match, device };
  }
  return { match: null, device: first };
}
