import type { SiteCreate } from '../../schemas/siteCreate.js';
import { SITE_CREATE_LIMITS } from '../../schemas/siteCreate.js';
import { checkPasscode, type StoredPasscode } from './passcodeRules.js';
import { checkPhone, normalisePhone, type PhoneProblem } from './phone.js';
import { addressProblems, isTimeZoneOf, normalisePostalCode, phoneRegionOf } from './postalAddress.js';
import { normaliseTransmitter } from './transmitter.js';

/**
 * Create New Account: the rules a new account meets beyond its
 * JSON Schema (schemas/siteCreate.ts), one function for the stepper and the
 * server. Problems are keyed by the field's path in the payload, in the
 * notation of react-hook-form and of a 400's `errors` ('devices.1.transmitterCode'),
 * each a locale key.
 */
export type FieldProblems = Record<string, string>;

/** Locale keys of the phone problems (checkPhone). */
const PHONE_PROBLEM_KEYS: Record<PhoneProblem, string> = {
  required: 'validation.required',
  tooShort: 'siteCreate.errors.phone.tooShort',
  tooLong: 'siteCreate.errors.phone.tooLong',
  invalid: 'siteCreate.errors.phone.invalid',
};

/** The problem of a phone number typed for an account in `country`, or undefined. Empty is fine unless `required`. */
export function phoneProblem(phone: string | undefined, country: string, required: boolean): string | undefined {
  if (!phone?.trim()) return required ? 'validation.required' : undefined;
  const check = checkPhone(phone, phoneRegionOf(country));
  return check.ok ? undefined : PHONE_PROBLEM_KEYS[check.problem];
}

/** Step 1: the account's time zone must suit the country of its address. */
export function accountProblems(account: Pick<SiteCreate['account'], 'timeZone'>, country: string): FieldProblems {
  return account.timeZone && !isTimeZoneOf(country, account.timeZone) ? { 'account.timeZone': 'siteCreate.errors.timeZone' } : {};
}

/** Step 3: each transmitter once in the account (the platform-wide check is the server's). */
export function deviceProblems(devices: readonly { transmitterCode: string }[]): FieldProblems {
  const problems: FieldProblems = {};
  const seen = new Set<string>();
  devices.forEach((device, i) => {
    const code = normaliseTransmitter(device.transmitterCode ?? '');
    if (!code) return;
    if (seen.has(code)) problems[`devices.${i}.transmitterCode`] = 'siteCreate.errors.transmitterTwice';
    seen.add(code);
  });
  return problems;
}

/** Step 4: every contact has a callable phone, read in the account's country. */
export function contactProblems(contacts: readonly { phoneNumber: string }[], country: string): FieldProblems {
  const problems: FieldProblems = {};
  contacts.forEach((contact, i) => {
    const problem = phoneProblem(contact.phoneNumber, country, true);
    if (problem) problems[`contacts.${i}.phoneNumber`] = problem;
  });
  return problems;
}

/** Step 5: each zone belongs to a device of the account, once per device, and a device has at most 96 zones. */
export function zoneProblems(zones: readonly { device: number; zoneNum: number }[], deviceCount: number): FieldProblems {
  const problems: FieldProblems = {};
  const seen = new Set<string>();
  const perDevice = new Map<number, number>();
  zones.forEach((zone, i) => {
    if (zone.device >= deviceCount) problems[`zones.${i}.device`] = 'siteCreate.errors.zoneDevice';
    const key = `${zone.device}:${zone.zoneNum}`;
    if (seen.has(key)) problems[`zones.${i}.zoneNum`] = 'siteCreate.errors.zoneTwice';
    seen.add(key);
    const count = (perDevice.get(zone.device) ?? 0) + 1;
    perDevice.set(zone.device, count);
    if (count > SITE_CREATE_LIMITS.zonesPerDevice) problems[`zones.${i}.zoneNum`] = 'siteCreate.errors.tooManyZones';
  });
  return problems;
}

/**
 * Step 6: each passcode by the account editor's rule (src/common/passcodeRules.ts: length,
 * letters and digits, no value or name twice, at most one duress passcode) against the ones
 * before it.
 */
export function passcodeProblems(passcodes: readonly { name: string; passcode: string; isDuress?: boolean }[]): FieldProblems {
  const problems: FieldProblems = {};
  const before: StoredPasscode[] = [];
  passcodes.forEach((passcode, i) => {
    const isDuress = passcode.isDuress ?? false;
    for (const [field, key] of Object.entries(checkPasscode({ name: passcode.name, passcode: passcode.passcode, isDuress }, before)))
      problems[`passcodes.${i}.${field}`] = key;
    before.push({ passcodeId: -1 - i, name: passcode.name, passcode: passcode.passcode, isDuress });
  });
  return problems;
}

/** Step 2, with the premise phone. */
export function addressStepProblems(address: SiteCreate['address']): FieldProblems {
  const problems: FieldProblems = {};
  for (const [field, key] of Object.entries(addressProblems(address))) problems[`address.${field}`] = key;
  const phone = phoneProblem(address.phoneNumber, address.country, false);
  if (phone) problems['address.phoneNumber'] = phone;
  return problems;
}

/** Every rule of a new account; empty when it can be created (the transmitter clash aside). */
export function newSiteProblems(site: SiteCreate): FieldProblems {
  return {
    ...accountProblems(site.account, site.address.country),
    ...addressStepProblems(site.address),
    ...deviceProblems(site.devices),
    ...contactProblems(site.contacts, site.address.country),
    ...zoneProblems(site.zones, site.devices.length),
    ...passcodeProblems(site.passcodes),
  };
}

/**
 * The account as stored: texts trimmed, transmitters upper case, the postal
 * code in the country's format, phones E.164. Call after newSiteProblems
 * found nothing.
 */
export function normaliseNewSite(site: SiteCreate): SiteCreate {
  const country = site.address.country;
  const region = phoneRegionOf(country);
  const trim = (value: string | undefined) => (value ?? '').trim();
  const phone = (value: string | undefined) => (trim(value) ? (normalisePhone(trim(value), region) ?? trim(value)) : '');
  return {
    ...site,
    account: { ...site.account, siteName: trim(site.account.siteName) },
    address: {
      country,
      line1: trim(site.address.line1),
      line2: trim(site.address.line2),
      city: trim(site.address.city),
      state: site.address.state,
      postalCode: normalisePostalCode(country, site.address.postalCode),
      phoneNumber: phone(site.address.phoneNumber),
    },
    devices: site.devices.map((d) => ({
      transmitterCode: normaliseTransmitter(d.transmitterCode),
      panelType: trim(d.panelType),
      description: trim(d.description),
    })),
    contacts: site.contacts.map((c) => ({
      name: trim(c.name),
      relation: trim(c.relation),
      phoneNumber: phone(c.phoneNumber),
      email: trim(c.email),
      verifies: c.verifies ?? true,
      hasKey: c.hasKey ?? false,
    })),
    zones: site.zones.map((z) => ({ ...z, description: trim(z.description) })),
    passcodes: site.passcodes.map((p) => ({ name: trim(p.name), passcode: p.passcode })),
  };
}

/** What the audit entry of a new account records, whether the wizard or an import created it. */
export function siteCreatedDetails(created: { siteGroupNum: number; devNums: readonly number[] }, site: SiteCreate) {
  return {
    siteGroupNum: created.siteGroupNum,
    devNums: created.devNums,
    transmitters: site.devices.map((d) => d.transmitterCode),
    contacts: site.contacts.length,
    zones: site.zones.length,
    passcodes: site.passcodes.length,
  };
}
