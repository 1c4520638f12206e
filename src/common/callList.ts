import { checkPhone, DEFAULT_PHONE_REGION, type PhoneProblem } from './phone.js';
import { passcodeProblem } from './passcodeRules.js';

/**
 * The call list's rules (editing the account), one module for the dealer's editor,
 * the customer's screens and the server: the phone through libphonenumber (src/common/phone.ts),
 * at most MAX_CONTACTS contacts, the contact's own passcode (passcodeRules.ts), and the calling
 * order. Messages are locale keys of locales/<lang>/accountEdits.json.
 */

/** A call list longer than this is not called through in an alarm: the operator stops. */
export const MAX_CONTACTS = 20;

/** Locale key of each phone problem. */
const PHONE_MESSAGES: Record<PhoneProblem, string> = {
  required: 'accountEdits.phone.required',
  tooShort: 'accountEdits.phone.tooShort',
  tooLong: 'accountEdits.phone.tooLong',
  invalid: 'accountEdits.phone.invalid',
};

/** The phone's message (a locale key), undefined when it is a valid number. */
export function phoneMessage(input: string, regionCode: string = DEFAULT_PHONE_REGION): string | undefined {
  const check = checkPhone(input, regionCode);
  return check.ok ? undefined : PHONE_MESSAGES[check.problem];
}

export interface ContactDraft {
  phoneNumber: string;
  /** Left out: unchanged; null or '': none. */
  passcode?: string | null;
}

/** The stored form of a contact's fields, or the message of each field that is wrong. */
export type ContactCheck = { ok: true; phoneNumber: string } | { ok: false; errors: Record<string, string> };

/** The contact's phone (normalised to E.164, with its extension) and passcode. */
export function checkContact(draft: ContactDraft, regionCode: string = DEFAULT_PHONE_REGION): ContactCheck {
  const errors: Record<string, string> = {};
  const check = checkPhone(draft.phoneNumber, regionCode);
  if (!check.ok) errors.phoneNumber = PHONE_MESSAGES[check.problem];
  if (draft.passcode) {
    const problem = passcodeProblem(draft.passcode);
    if (problem) errors.passcode = problem;
  }
  if (!check.ok || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, phoneNumber: check.extension ? `${check.e164};ext=${check.extension}` : check.e164 };
}

/** The message when one more contact would exceed MAX_CONTACTS. */
export function addContactMessage(count: number): string | undefined {
  return count >= MAX_CONTACTS ? 'accountEdits.contacts.tooMany' : undefined;
}

/**
 * A new calling order: `requested` must name every contact of `current` once. Answers each
 * contact's position (1 first), or the message when the list does not match (a contact added or
 * removed meanwhile, a repeat, a stranger).
 */
export function reorderContacts(
  current: readonly number[],
  requested: readonly number[],
): { ok: true; positions: { contactId: number; position: number }[] } | { ok: false; message: string } {
  const known = new Set(current);
  const seen = new Set<number>();
  for (const id of requested) {
    if (!known.has(id) || seen.has(id)) return { ok: false, message: 'accountEdits.contacts.orderMismatch' };
    seen.add(id);
  }
  if (seen.size !== known.size) return { ok: false, message: 'accountEdits.contacts.orderMismatch' };
  return { ok: true, positions: requested.map((contactId, i) => ({ contactId, position: i + 1 })) };
}

/** `ids` with the item at `from` moved to `to` (the keyboard's up and down, a drop). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length || from === to) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** The position a new contact takes: after the last. */
export function nextPosition(positions: readonly number[]): number {
  return positions.reduce((max, p) => Math.max(max, p), 0) + 1;
}
