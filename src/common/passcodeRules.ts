/**
 * Passcode rules (editing the account), for the account's passcodes and a contact's
 * own: the server applies them on every write, the dealer's and the customer's forms as typed.
 * Messages are locale keys of locales/<lang>/accountEdits.json.
 */

export const PASSCODE_MIN = 4;
export const PASSCODE_MAX = 20;
/** Letters and digits only: an operator reads them over the phone. */
const PASSCODE_CHARACTERS = /^[\p{L}\p{N}]+$/u;

/** The value's problem (a locale key): length, then characters; undefined when fine. */
export function passcodeProblem(value: string): string | undefined {
  const length = [...value].length;
  if (length < PASSCODE_MIN) return 'accountEdits.passcodes.tooShort';
  if (length > PASSCODE_MAX) return 'accountEdits.passcodes.tooLong';
  if (!PASSCODE_CHARACTERS.test(value)) return 'accountEdits.passcodes.characters';
  return undefined;
}

export interface StoredPasscode {
  passcodeId: number;
  name: string;
  passcode: string;
  isDuress: boolean;
}

export interface PasscodeDraft {
  /** The passcode edited; undefined for a new one. */
  passcodeId?: number;
  name: string;
  /** Undefined or null on an update: the value stays. */
  passcode?: string | null;
  isDuress: boolean;
}

/**
 * The message of each field of `draft` among the account's `existing` passcodes: the value's
 * own rule, no two passcodes alike (case-insensitive: read over the phone, 'Rosa' is 'rosa'),
 * no two with one name, at most one duress passcode. Empty when it may be saved.
 */
export function checkPasscode(draft: PasscodeDraft, existing: readonly StoredPasscode[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const others = existing.filter((p) => p.passcodeId !== draft.passcodeId);
  const value = draft.passcode ?? existing.find((p) => p.passcodeId === draft.passcodeId)?.passcode;
  if (value === undefined || value === '') errors.passcode = 'accountEdits.passcodes.required';
  else if (draft.passcode != null) {
    const problem = passcodeProblem(draft.passcode);
    if (problem) errors.passcode = problem;
  }
  if (!errors.passcode && value !== undefined && others.some((p) => p.passcode.toLowerCase() === value.toLowerCase())) {
    errors.passcode = 'accountEdits.passcodes.duplicate';
  }
  const name = draft.name.trim().toLowerCase();
  if (others.some((p) => p.name.trim().toLowerCase() === name)) errors.name = 'accountEdits.passcodes.duplicateName';
  if (draft.isDuress && others.some((p) => p.isDuress)) errors.isDuress = 'accountEdits.passcodes.oneDuress';
  return errors;
}

/** A passcode as bullets, one per character: all a list shows. */
export function maskPasscode(value: string): string {
  return '•'.repeat([...value].length);
}
