import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Refuses passwords an attacker tries first: the 49 000 most common passwords
 * of zxcvbn-ts's dictionary (compared without regard to case), the same with
 * a little decoration ('Password2024!'), one character repeated
 * ('aaaaaaaaaaaa') and simple sequences ('123456789012', 'abcdefghijkl',
 * 'abcabcabcabc'). Server-only: the dictionary is about 400 KB.
 *
 * The recovery and registration routes use {@link commonPasswordError} for
 * their new-password fields.
 */
export const COMMON_PASSWORD_KEY = 'steps.password.common';

const COMMON = new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));

/** A dictionary word of at least this length, with decoration around it, still counts as common. */
const MIN_DECORATED_WORD = 5;
/** At most this much decoration: digits, symbols and spaces before or after the word. */
const MAX_DECORATION = 6;
/** A unit this short, repeated ('abab…', '123123…'), is a pattern, not a password. */
const MAX_REPEATED_UNIT = 3;

/** One short unit repeated over the whole password ('aaaa', 'abab', 'xyzxyz'). */
export function isRepetition(password: string): boolean {
  const chars = [...password];
  for (let unit = 1; unit <= MAX_REPEATED_UNIT && unit * 2 <= chars.length; unit++) {
    if (chars.length % unit !== 0) continue;
    if (chars.every((char, i) => char === chars[i % unit])) return true;
  }
  return chars.length > 0 && chars.every((char) => char === chars[0]);
}

/**
 * Characters that each follow the one before by +1 or each by -1: letters of
 * the alphabet ('abcdef', 'zyxw', case ignored) or digits, with 9 wrapping to
 * 0 ('789012…').
 */
export function isSequence(password: string): boolean {
  const chars = [...password.toLowerCase()];
  if (chars.length < 3) return false;
  const allDigits = chars.every((c) => c >= '0' && c <= '9');
  const allLetters = chars.every((c) => c >= 'a' && c <= 'z');
  if (!allDigits && !allLetters) return false;
  const step = (a: string, b: string) => {
    const diff = b.charCodeAt(0) - a.charCodeAt(0);
    return allDigits ? ((diff % 10) + 10) % 10 : diff;
  };
  const first = step(chars[0], chars[1]);
  const up = first === 1;
  const down = allDigits ? first === 9 : first === -1;
  if (!up && !down) return false;
  return chars.slice(1).every((char, i) => step(chars[i], char) === first);
}

/** The password without up to {@link MAX_DECORATION} digits, symbols or spaces at each end. */
function undecorated(lower: string): string | undefined {
  const match = /^([^\p{L}]*)(.*?)([^\p{L}]*)$/u.exec(lower);
  if (!match) return undefined;
  const [, before, word, after] = match;
  if (!before && !after) return undefined;
  if ([...before].length > MAX_DECORATION || [...after].length > MAX_DECORATION) return undefined;
  return word;
}

export function isCommonPassword(password: string): boolean {
  const lower = password.trim().toLowerCase();
  if (!lower) return true;
  if (COMMON.has(lower) || isRepetition(lower) || isSequence(lower)) return true;
  const word = undecorated(lower);
  return word !== undefined && [...word].length >= MIN_DECORATED_WORD && (COMMON.has(word) || isRepetition(word) || isSequence(word));
}

/** The locale key of the field error for a common password, or undefined when it is not one. */
export function commonPasswordError(password: string): string | undefined {
  return isCommonPassword(password) ? COMMON_PASSWORD_KEY : undefined;
}
