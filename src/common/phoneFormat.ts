import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * How a stored phone number reads, for the pages that only show numbers: libphonenumber-js with
 * its smallest metadata (the formats of every country, a fraction of the full library's size in
 * the browser). Checking and normalising what is typed stays with src/common/phone.ts (the full
 * metadata), as the server applies it; phone.ts re-exports this.
 */

/** The country of a number written without a country code, when the account names none. */
export const DEFAULT_PHONE_REGION = 'US';

/** How a stored number reads: national within `regionCode`, international elsewhere; unparseable text as it is. */
export function formatPhone(stored: string, regionCode: string = DEFAULT_PHONE_REGION): string {
  const [number, extension] = stored.split(';ext=');
  const parsed = parsePhoneNumberFromString(number, { defaultCountry: regionCode as never, extract: false });
  const base = parsed?.isValid()
    ? parsed.country === regionCode
      ? parsed.formatNational()
      : parsed.formatInternational()
    : northAmerican(number, regionCode);
  if (base === undefined) return stored;
  return extension ? `${base} ext. ${extension}` : base;
}

/** The countries of the North American plan, where a number is (NPA) NXX-XXXX. */
const NANP_REGIONS = new Set(['US', 'CA', 'PR', 'VI', 'GU', 'AS', 'MP']);

/**
 * Ten digits written any way in a North American account that libphonenumber calls unassigned
 * (the 555 numbers of demos and films, entries typed before numbers were checked), in the
 * national layout, so that a call list does not read 555.201.3345 beside (555) 201-3300.
 */
function northAmerican(number: string, regionCode: string): string | undefined {
  const text = number.trim();
  if (!NANP_REGIONS.has(regionCode) || !/^\+?[\d\s().-]+$/.test(text)) return undefined;
  const digits = text.replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : text.startsWith('+') ? '' : digits;
  return ten.length === 10 ? `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}` : undefined;
}
