import type { SiteWarning } from '../../schemas/sites.js';
import { wallClockText } from './zoneClock.js';

/** What the completeness rules read of an account (SPEC §3 site/account). */
export interface SiteCompleteness {
  passcodes: readonly unknown[];
  contacts: readonly { verifies: boolean; phoneNumber: string | null }[];
  agencies: readonly { permitNumber: string | null; permitExpiresOn: string | null }[];
  premisePhones: readonly unknown[];
}

/** An alarm is verified by calling two people: fewer verifying contacts with a phone is a warning. */
const MIN_VERIFICATION_CONTACTS = 2;

/** A phone number someone can be called on: at least one digit. */
const callable = (phone: string | null) => phone !== null && /\d/.test(phone);

/**
 * A permit is held when it has a number and has not expired: it is valid
 * through its expiry date ('YYYY-MM-DD', compared with `today` as text, which
 * orders ISO dates correctly); a permit without an expiry date does not expire.
 */
export function holdsPermit(agency: { permitNumber: string | null; permitExpiresOn: string | null }, today: string): boolean {
  if (!agency.permitNumber?.trim()) return false;
  return agency.permitExpiresOn === null || agency.permitExpiresOn >= today;
}

/**
 * The data-completeness warnings of the account view, in SITE_WARNINGS order:
 * - noPasscode: the account has no passcode;
 * - fewVerificationContacts: fewer than two contacts on the call list who may
 *   verify an alarm (`verifies`) and have a phone number;
 * - noAgency: no police, fire, medical or guard agency;
 * - noPremisePhone: no phone at the premises;
 * - noPermit: the account has agencies but none holds a current permit (no
 *   permit number, or every permit expired before `today`). An account with no
 *   agency at all gets noAgency only: the same section, one warning.
 * `today` is the date at the premises ('YYYY-MM-DD', see dateIn).
 */
export function siteWarnings(site: SiteCompleteness, today: string): SiteWarning[] {
  const warnings: SiteWarning[] = [];
  if (site.passcodes.length === 0) warnings.push('noPasscode');
  const verifiers = site.contacts.filter((c) => c.verifies && callable(c.phoneNumber)).length;
  if (verifiers < MIN_VERIFICATION_CONTACTS) warnings.push('fewVerificationContacts');
  if (site.agencies.length === 0) warnings.push('noAgency');
  if (site.premisePhones.length === 0) warnings.push('noPremisePhone');
  if (site.agencies.length > 0 && !site.agencies.some((a) => holdsPermit(a, today))) warnings.push('noPermit');
  return warnings;
}

/** What site_completeness (migration 0007, kept by triggers) counts of an account. */
export interface CompletenessCounts {
  passcodes: number;
  /** Contacts who may verify an alarm and have a phone number. */
  verifiers: number;
  agencies: number;
  premisePhones: number;
  /** The last day a numbered permit is held through ('YYYY-MM-DD', 'infinity' without expiry); null without one. */
  permitThrough: string | null;
}

/** siteWarnings() over an account's counts (the reports read these rather than every contact and agency). */
export function warningsFromCounts(counts: CompletenessCounts, today: string): SiteWarning[] {
  const warnings: SiteWarning[] = [];
  if (counts.passcodes === 0) warnings.push('noPasscode');
  if (counts.verifiers < MIN_VERIFICATION_CONTACTS) warnings.push('fewVerificationContacts');
  if (counts.agencies === 0) warnings.push('noAgency');
  if (counts.premisePhones === 0) warnings.push('noPremisePhone');
  if (counts.agencies > 0 && (counts.permitThrough === null || (counts.permitThrough !== 'infinity' && counts.permitThrough < today)))
    warnings.push('noPermit');
  return warnings;
}

/** The calendar date ('YYYY-MM-DD') of an instant in an IANA time zone (UTC when the zone is unknown). */
export function dateIn(timeZone: string, at: Date = new Date()): string {
  let clock: string;
  try {
    clock = wallClockText(at, timeZone);
  } catch {
    clock = wallClockText(at, 'UTC');
  }
  return clock.slice(0, 10);
}
