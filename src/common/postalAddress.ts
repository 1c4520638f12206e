import type { SiteCountry } from '../../schemas/siteCreate.js';
import REGION_TABLE from './regions.json';

/**
 * Postal addresses of new accounts (Create New Account): per country
 * the required fields, the states or provinces (codes; their names are proper
 * nouns, shown as they are in every language), the postal-code format and
 * the time zones that suit it. One rule for the stepper and the server.
 * Messages are locale keys (locales/<lang>/siteCreate.json, validation.json).
 */
export interface NewAddress {
  country: string;
  line1: string;
  line2?: string;
  city: string;
  state: string;
  postalCode: string;
}

export type AddressField = 'line1' | 'line2' | 'city' | 'state' | 'postalCode';

export interface Region {
  code: string;
  name: string;
  /** The zone most of the region keeps (the default of the account's time zone). */
  timeZone: string;
}

/** Each country's states or provinces, in list order: [code, name, the zone most of the region keeps]. */
const regionsIn = (country: SiteCountry): Region[] => REGION_TABLE[country].map(([code, name, timeZone]) => ({ code, name, timeZone }));

interface CountryRules {
  regions: readonly Region[];
  /** Fields that must hold text (line2 never does). */
  required: readonly AddressField[];
  /** The postal code once normalised (upper case, single spaces). */
  postalPattern: RegExp;
  /** Locale key of the postal-code format message. */
  postalMessage: string;
  /** How a typed code is written: ' A1A1A1 ' → 'A1A 1A1'. */
  normalisePostal: (code: string) => string;
  /** Locale key of the state field's label (State, Province). */
  stateLabel: string;
  postalLabel: string;
  /** The default region of the phone numbers typed for the account. */
  phoneRegion: string;
}

/** What a street address needs, in every country served so far. */
const STREET_ADDRESS: readonly AddressField[] = ['line1', 'city', 'state', 'postalCode'];

const trimUpper = (code: string) => code.trim().toUpperCase().replace(/\s+/g, ' ');

const RULES: Record<SiteCountry, CountryRules> = {
  US: {
    regions: regionsIn('US'),
    required: STREET_ADDRESS,
    postalPattern: /^\d{5}(-\d{4})?$/,
    postalMessage: 'siteCreate.errors.postalCode.US',
    normalisePostal: (code) => {
      const text = trimUpper(code).replace(/\s*-\s*/, '-');
      // Nine digits typed without the dash: ZIP+4.
      return /^\d{9}$/.test(text) ? `${text.slice(0, 5)}-${text.slice(5)}` : text;
    },
    stateLabel: 'siteCreate.fields.state',
    postalLabel: 'siteCreate.fields.zip',
    phoneRegion: 'US',
  },
  CA: {
    regions: regionsIn('CA'),
    required: STREET_ADDRESS,
    postalPattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d$/,
    postalMessage: 'siteCreate.errors.postalCode.CA',
    normalisePostal: (code) => {
      const compact = code.replace(/\s+/g, '').toUpperCase();
      return compact.length === 6 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : trimUpper(code);
    },
    stateLabel: 'siteCreate.fields.province',
    postalLabel: 'siteCreate.fields.postalCode',
    phoneRegion: 'CA',
  },
  MX: {
    regions: regionsIn('MX'),
    required: STREET_ADDRESS,
    postalPattern: /^\d{5}$/,
    postalMessage: 'siteCreate.errors.postalCode.MX',
    normalisePostal: trimUpper,
    stateLabel: 'siteCreate.fields.state',
    postalLabel: 'siteCreate.fields.postalCode',
    phoneRegion: 'MX',
  },
};

function rulesOf(country: string): CountryRules | undefined {
  return Object.hasOwn(RULES, country) ? RULES[country as SiteCountry] : undefined;
}

/** The states or provinces of a country, in the order a list shows them; none for an unknown country. */
export function regionsOf(country: string): readonly Region[] {
  return rulesOf(country)?.regions ?? [];
}

/** The fields a country's address requires. */
export function requiredAddressFields(country: string): readonly AddressField[] {
  return rulesOf(country)?.required ?? STREET_ADDRESS;
}

/** Locale keys of the state and postal-code labels of a country ('Province', 'ZIP code'...). */
export function addressLabels(country: string): { state: string; postalCode: string } {
  const rules = rulesOf(country) ?? RULES.US;
  return { state: rules.stateLabel, postalCode: rules.postalLabel };
}

/** The region phone numbers of an account in this country are read in (US when unknown). */
export function phoneRegionOf(country: string): string {
  return rulesOf(country)?.phoneRegion ?? 'US';
}

/** A postal code as stored: upper case, the country's spacing ('k1a0b1' → 'K1A 0B1', '123456789' → '12345-6789'). */
export function normalisePostalCode(country: string, code: string): string {
  const rules = rulesOf(country);
  return rules ? rules.normalisePostal(code) : trimUpper(code);
}

/** The locale key of what is wrong with a postal code (after normalising), or undefined when it is right. */
export function postalCodeProblem(country: string, code: string): string | undefined {
  const rules = rulesOf(country);
  if (!code.trim()) return 'validation.required';
  if (!rules) return undefined;
  return rules.postalPattern.test(rules.normalisePostal(code)) ? undefined : rules.postalMessage;
}

/** The default time zone of an address: its region's, else the country's first suggestion. */
export function defaultTimeZone(country: string, state: string): string | undefined {
  const region = regionsOf(country).find((reg) => reg.code === state);
  return region?.timeZone ?? zonesOf(country)[0];
}

/** Every zone of each country (IANA), beyond those of its regions. */
const COUNTRY_ZONES: Record<string, RegExp> = {
  US: /^(America\/(Adak|Anchorage|Boise|Chicago|Denver|Detroit|Indiana\/.+|Juneau|Kentucky\/.+|Los_Angeles|Menominee|Metlakatla|New_York|Nome|North_Dakota\/.+|Phoenix|Puerto_Rico|Sitka|Yakutat)|Pacific\/Honolulu)$/,
  CA: /^America\/(Cambridge_Bay|Dawson|Dawson_Creek|Edmonton|Fort_Nelson|Glace_Bay|Goose_Bay|Halifax|Inuvik|Iqaluit|Moncton|Rankin_Inlet|Regina|Resolute|St_Johns|Swift_Current|Toronto|Vancouver|Whitehorse|Winnipeg|Yellowknife)$/,
  MX: /^America\/(Bahia_Banderas|Cancun|Chihuahua|Ciudad_Juarez|Hermosillo|Matamoros|Mazatlan|Merida|Mexico_City|Monterrey|Ojinaga|Tijuana)$/,
};

/**
 * The time zones that suit a country: every zone its regions keep (in the
 * order of the regions), then any other zone of the country the
 * runtime knows (`Intl.supportedValuesOf`), so an uncommon one can be chosen.
 */
export function timeZonesFor(country: string): string[] {
  return [...zonesOf(country)];
}

/** timeZonesFor's list, worked out once per country: an import checks every row's zone against it. */
const ZONES_BY_COUNTRY = new Map<string, readonly string[]>();
function zonesOf(country: string): readonly string[] {
  let zones = ZONES_BY_COUNTRY.get(country);
  if (zones) return zones;
  const ofRegions = [...new Set(regionsOf(country).map((reg) => reg.timeZone))];
  let known: string[] = [];
  try {
    known = Intl.supportedValuesOf('timeZone');
  } catch {
    known = [];
  }
  const pattern = COUNTRY_ZONES[country];
  const extra = pattern ? known.filter((zone) => pattern.test(zone) && !ofRegions.includes(zone)).sort() : [];
  zones = [...ofRegions, ...extra];
  // Only the countries with rules are kept: a country code read from a file is any text.
  if (rulesOf(country)) ZONES_BY_COUNTRY.set(country, zones);
  return zones;
}

/** Whether a time zone may be chosen for an account in this country. */
export function isTimeZoneOf(country: string, timeZone: string): boolean {
  return zonesOf(country).includes(timeZone);
}

/**
 * What is wrong with an address, field by field (locale keys); empty when it
 * can be stored. The state must be one of the country's codes; the postal
 * code must have the country's format once normalised.
 */
export function addressProblems(address: NewAddress): Partial<Record<AddressField | 'country', string>> {
  const problems: Partial<Record<AddressField | 'country', string>> = {};
  const rules = rulesOf(address.country);
  if (!rules) return { country: 'siteCreate.errors.country' };
  for (const field of rules.required) if (!(address[field] ?? '').trim()) problems[field] = 'validation.required';
  if (address.state && !rules.regions.some((reg) => reg.code === address.state)) problems.state = 'siteCreate.errors.state';
  if (!problems.postalCode) {
    const problem = postalCodeProblem(address.country, address.postalCode);
    if (problem) problems.postalCode = problem;
  }
  return problems;
}
