import { parsePhoneNumber } from 'awesome-phonenumber';
import { DEFAULT_PHONE_REGION } from './phoneFormat.js';

/**
 * Phone numbers of the call list, premise phones and new accounts:
 * validated and normalised with libphonenumber (awesome-phonenumber), one rule
 * for the dealer's editors, the create-account stepper, the customer's screens
 * and the server. A number without a country code is read in the account's
 * country (US by default). Stored as E.164 (with an extension when given),
 * shown in the national format of that country and internationally otherwise
 * (phoneFormat.ts, with libphonenumber-js's small metadata, for the pages that only show numbers).
 */
export type PhoneProblem = 'required' | 'tooShort' | 'tooLong' | 'invalid';

export type PhoneCheck =
  | { ok: true; e164: string; extension?: string; national: string; international: string; regionCode: string }
  | { ok: false; problem: PhoneProblem };

export { DEFAULT_PHONE_REGION };

/**
 * The latest answers, by region and text: parsing is most of the time of checking an imported
 * row, and a row's numbers are checked, then normalised (parsed twice each).
 */
const RECENT = new Map<string, PhoneCheck>();
const RECENT_MAX = 1_000;

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

function parse(text: string, regionCode: string): PhoneCheck {
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

/** How a stored number reads (the display pages import it from phoneFormat.ts, without this module's metadata). */
export { formatPhone } from './phoneFormat.js';
