import { parsePhoneNumber } from 'awesome-phonenumber';

/**
 * Phone numbers of the call list, premise phones and new accounts:
 * validated and normalised with libphonenumber (awesome-phonenumber), one rule
 * for the dealer's editors, the create-account stepper, the customer's screens
 * and the server. A number without a country code is read in the account's
 * country (US by default). Stored as E.164 (with an extension when given),
 * shown in the national format of that country and internationally otherwise.
 */
export type PhoneProblem = 'required' | 'tooShort' | 'tooLong' | 'invalid';

export type PhoneCheck =
  | { ok: true; e164: string; extension?: string; national: string; international: string; regionCode: string }
  | { ok: false; problem: PhoneProblem };

export const DEFAULT_PHONE_REGION = 'US';

export function checkPhone(input: string, regionCode: string = DEFAULT_PHONE_REGION): PhoneCheck {
  const text = input.trim();
  if (!text) return { ok: false, problem: 'required' };
  const parsed = parsePhoneNumber(text, { regionCode });
  if (!parsed.valid) {
    if (parsed.possibility === 'too-short') return { ok: false, problem: 'tooShort' };
    if (parsed.possibility === 'too-long') return { ok: false, problem: 'tooLong' };
    return { ok: false, problem: 'invalid' };
  }
  const extension = /;ext=(\d+)/.exec(parsed.number.rfc3966)?.[1];
  return {
    ok: true,
    e164: parsed.number.e164,
    ...(extension ? { extension } : {}),
    national: parsed.number.national,
    international: parsed.number.international,
    regionCode: parsed.regionCode,
  };
}

/** The stored form: E.164, then ';ext=' and the extension when there is one. */
export function normalisePhone(input: string, regionCode: string = DEFAULT_PHONE_REGION): string | null {
  const check = checkPhone(input, regionCode);
  if (!check.ok) return null;
  return check.extension ? `${check.e164};ext=${check.extension}` : check.e164;
}

/** How a stored number reads: national within `regionCode`, international elsewhere; unparseable text as it is. */
export function formatPhone(stored: string, regionCode: string = DEFAULT_PHONE_REGION): string {
  const [number, extension] = stored.split(';ext=');
  const parsed = parsePhoneNumber(number, { regionCode });
  const base = parsed.valid
    ? parsed.regionCode === regionCode
      ? parsed.number.national
      : parsed.number.international
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
