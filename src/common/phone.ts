import { parsePhoneNumber } from 'awesome-phonenumber';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { DEFAULT_PHONE_REGION } from './phoneFormat.js';

/**
 * Phone numbers of the call list, premise phones and new accounts:
 * validated and normalised with libphonenumber (libphonenumber-js's full metadata for the
 * numbers it finds valid, awesome-phonenumber for the verdict on every other), one rule
 * for the dealer's editors, the create-account stepper, the customer's screens
 * and the server. A number without a country code is read in the account's
 * country (US by default). Stored as E.164 (with an extension when given),
 * shown in the national format of that country and internationally otherwise
 * (phoneFormat.ts, with libphonenumber-js's small metadata, for the pages that only show numbers).
 */
export type PhoneProblem = 'required' | 'tooShort' | 'tooLong' | 'invalid';

export type PhoneCheck = { ok: true; e164: string; extension?: string } | { ok: false; problem: PhoneProblem };

export { DEFAULT_PHONE_REGION };

/**
 * The latest answers, by region and text: a row's numbers are checked, then normalised (each
 * would be parsed twice). Kept small on purpose: an entry that outlived a few rows of an import
 * would be promoted to V8's old space, and ten thousand rows' worth of them is garbage the
 * process's memory grows by until a full collection.
 */
const RECENT = new Map<string, PhoneCheck>();
const RECENT_MAX = 32;

export function checkPhone(input: string, regionCode: string = DEFAULT_PHONE_REGION): PhoneCheck {
  const text = input.trim();
  if (!text) return { ok: false, problem: 'required' };
  const key = `${regionCode} ${text}`;
  const known = RECENT.get(key);
  if (known) return known;
  const check = Object.freeze(parse(text, regionCode));
  if (RECENT.size >= RECENT_MAX) RECENT.clear();
  RECENT.set(key, check);
  return check;
}

/**
 * A valid number is answered by libphonenumber-js (full metadata): awesome-phonenumber (Google's
 * compiled library) made about 20 KB of garbage per number, some of it outliving the young
 * generation, where libphonenumber-js makes about 8 KB that dies young; an import checks four
 * numbers a row. Every number it does not find valid gets awesome-phonenumber's verdict and
 * problem, so what is refused, and why, stays as it was (the two disagree on the reason of many
 * invalid numbers, and awesome-phonenumber reads vanity letters).
 */
function parse(text: string, regionCode: string): PhoneCheck {
  const quick = parsePhoneNumberFromString(text, regionCode as CountryCode);
  if (quick?.isValid()) return { ok: true, e164: quick.number, ...(quick.ext ? { extension: quick.ext } : {}) };
  const parsed = parsePhoneNumber(text, { regionCode });
  if (!parsed.valid) {
    if (parsed.possibility === 'too-short') return { ok: false, problem: 'tooShort' };
    if (parsed.possibility === 'too-long') return { ok: false, problem: 'tooLong' };
    return { ok: false, problem: 'invalid' };
  }
  const extension = /;ext=(\d+)/.exec(parsed.number.rfc3966)?.[1];
  return { ok: true, e164: parsed.number.e164, ...(extension ? { extension } : {}) };
}

/** The stored form: E.164, then ';ext=' and the extension when there is one. */
export function normalisePhone(input: string, regionCode: string = DEFAULT_PHONE_REGION): string | null {
  const check = checkPhone(input, regionCode);
  if (!check.ok) return null;
  return check.extension ? `${check.e164};ext=${check.extension}` : check.e164;
}

/** How a stored number reads (the display pages import it from phoneFormat.ts, without this module's metadata). */
export { formatPhone } from './phoneFormat.js';
