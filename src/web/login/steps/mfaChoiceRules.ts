import type { MfaChoicesAnswer } from '../../../../schemas/authenticator.js';

/**
 * Which second factor the MFA step shows: the spec's text or email code, a code from
 * the authenticator app, or a recovery code. Pure, tested in mfaChoiceRules.test.ts.
 */
export type MfaMethod = 'code' | 'authenticator' | 'recoveryCode';

/**
 * The method shown first: the authenticator app when the user turned one on (no text or email
 * is sent unless asked for), else the spec's code. `null` choices (none asked for, or the call
 * failed) keep the spec's step as it is.
 */
export function defaultMfaMethod(choices: MfaChoicesAnswer | null): MfaMethod {
  return choices?.authenticator ? 'authenticator' : 'code';
}

/** The links to the other methods on offer, in a fixed order. */
export function otherMfaMethods(current: MfaMethod, choices: MfaChoicesAnswer | null): MfaMethod[] {
  if (!choices?.authenticator) return [];
  const offered: MfaMethod[] = ['authenticator', ...(choices.recoveryCode ? (['recoveryCode'] as const) : []), 'code'];
  return offered.filter((m) => m !== current);
}

/** What a recovery code field keeps: letters, digits, dashes and spaces, as printed and typed. */
export function recoveryCodeInput(value: string): string {
  return value.replace(/[^a-z0-9\s-]/gi, '').slice(0, 64);
}
