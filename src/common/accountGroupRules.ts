import type { AccountGroupSettingsInput, GroupAddress } from '../../schemas/accountGroup.js';
import { phoneMessage } from './callList.js';
import { normalisePhone } from './phone.js';
import { addressProblems, normalisePostalCode, phoneRegionOf } from './postalAddress.js';
import { isTimeZone } from './timeZone.js';

/**
 * Account Group Settings (SPEC §3 dealer / account group, §6 xtAdmin): who changes
 * what, what is wrong with a change, and the stored form of one. One rule for the page and
 * the server. Messages are locale keys.
 *
 * The dealer (xtAdmin) keeps their own contact, billing contact, addresses and time zone up to
 * date; the name, dealer number, team domain, allowed dealers and SSO providers are part of the
 * dealer's contract and sign-in set-up, so staff change them and the page only shows them.
 */
export const DEALER_EDITABLE = [
  'contactPhone',
  'contactEmail',
  'billingPhone',
  'billingEmail',
  'officeAddress',
  'mailingAddress',
  'timeZone',
] as const;
export const STAFF_ONLY = ['siteGroupName', 'dealerNumber', 'teamDomain', 'allowedDealers', 'ssoProviders'] as const;

const ADDRESS_FIELDS = ['line1', 'line2', 'city', 'state', 'postalCode', 'country'] as const;
const PHONES = ['contactPhone', 'billingPhone'] as const;

/** The region a group's phone numbers are read in: the office's country, else US. */
function phoneRegion(input: Pick<AccountGroupSettingsInput, 'officeAddress'>): string {
  return phoneRegionOf(input.officeAddress?.country ?? 'US');
}

const blank = (value: string | null | undefined) => !value || !value.trim();

/**
 * What is wrong with the dealer's change, field by field ('officeAddress.postalCode' for a part
 * of an address); empty when it can be stored. An empty phone or email is none (cleared).
 */
export function groupSettingsProblems(input: AccountGroupSettingsInput): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!isTimeZone(input.timeZone)) problems.timeZone = 'accountGroup.errors.timeZone';
  const region = phoneRegion(input);
  for (const field of PHONES) {
    const value = input[field];
    if (!blank(value)) {
      const message = phoneMessage(value!, region);
      if (message) problems[field] = message;
    }
  }
  for (const field of ['officeAddress', 'mailingAddress'] as const) {
    const address = input[field];
    if (!address) continue;
    const found = addressProblems({ ...address, line2: address.line2 ?? '', state: address.state.trim().toUpperCase() });
    for (const part of ADDRESS_FIELDS) {
      const message = found[part];
      if (message) problems[`${field}.${part}`] = message;
    }
  }
  return problems;
}

function normaliseAddress(address: GroupAddress | null): GroupAddress | null {
  if (!address) return null;
  const line2 = address.line2?.trim();
  return {
    country: address.country,
    line1: address.line1.trim(),
    ...(line2 ? { line2 } : {}),
    city: address.city.trim(),
    state: address.state.trim().toUpperCase(),
    postalCode: normalisePostalCode(address.country, address.postalCode),
  };
}

/** The stored form of a valid change: phones in E.164, emails trimmed and lower case, addresses tidied, blanks null. */
export function normaliseGroupSettings(input: AccountGroupSettingsInput): AccountGroupSettingsInput {
  const region = phoneRegion(input);
  const phoneOf = (value: string | null) => (blank(value) ? null : (normalisePhone(value!, region) ?? value!.trim()));
  const emailOf = (value: string | null) => (blank(value) ? null : value!.trim().toLowerCase());
  return {
    timeZone: input.timeZone,
    contactPhone: phoneOf(input.contactPhone),
    contactEmail: emailOf(input.contactEmail),
    billingPhone: phoneOf(input.billingPhone),
    billingEmail: emailOf(input.billingEmail),
    officeAddress: normaliseAddress(input.officeAddress),
    mailingAddress: normaliseAddress(input.mailingAddress),
  };
}

/** The editable fields whose stored value changes (for the audit entry); both sides compared in their stored form. */
export function changedGroupFields(before: AccountGroupSettingsInput, after: AccountGroupSettingsInput): string[] {
  const [a, b] = [normaliseGroupSettings(before), normaliseGroupSettings(after)];
  return DEALER_EDITABLE.filter((field) => JSON.stringify(a[field]) !== JSON.stringify(b[field]));
}
