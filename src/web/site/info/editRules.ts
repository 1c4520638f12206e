import { checkPhone, formatPhone } from '../../../common/phone.js';
import { PHONE_MESSAGES } from '../../../common/callList.js';

/**
 * Pure rules of the account's editors on /site/info: what the phone input says as it
 * is typed, and the display of stored phones. The rules themselves are src/common's
 * (callList.ts, passcodeRules.ts, scheduleRules.ts), the same the server applies.
 */

/** What the phone input says while typed: nothing while empty, the rule's message, or how it will be saved. */
export function phoneFeedback(input: string): { error?: string; preview?: string } {
  if (!input.trim()) return {};
  const check = checkPhone(input);
  if (!check.ok) return { error: PHONE_MESSAGES[check.problem] };
  const stored = check.extension ? `${check.e164};ext=${check.extension}` : check.e164;
  return { preview: formatPhone(stored) };
}

/** A stored phone as it reads (national in the account's country), or null. */
export function phoneDisplay(stored: string | null): string | null {
  return stored ? formatPhone(stored) : null;
}

/** '' to null: an optional text input left empty. */
export const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/** The field errors of a form: the first rule message per field wins over the server's later ones only while typing. */
export function mergeErrors(client: Record<string, string | undefined>, server: Record<string, string>): Record<string, string> {
  const merged: Record<string, string> = { ...server };
  for (const [field, message] of Object.entries(client)) if (message) merged[field] = message;
  return merged;
}
