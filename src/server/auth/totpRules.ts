import { randomBytes } from 'node:crypto';
import type { Pending } from './requirements.js';

/**
 * Authenticator app codes (TOTP, RFC 6238) and recovery codes (for a stronger sign-in):
 * the rules, as pure functions. Codes are the authenticator apps' defaults (SHA-1, 6 digits,
 * 30 s); a code of the step before or after the server's clock is accepted (a phone's clock a
 * little off), and a code is refused once a code of its step, or of a later one, was accepted
 * (it cannot be replayed while it is still valid).
 */
export const TOTP_POLICY = {
  periodSeconds: 30,
  digits: 6,
  /** Time steps accepted either side of now. */
  window: 1,
  /** Bytes of secret (160 bits, RFC 4226's recommendation). */
  secretBytes: 20,
  /** A setup not confirmed within this time must start again. */
  setupTtlMs: 30 * 60_000,
  recoveryCodeCount: 10,
} as const;

/** The issuer the authenticator app shows for the customer variant; the dealer portal's is PORTAL_NAME. */
export const CUSTOMER_ISSUER = 'My Security Account';

/** The TOTP time step (counter) of a moment. */
export function timeStepOf(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_POLICY.periodSeconds);
}

/** otplib's epochTolerance for {@link TOTP_POLICY}.window steps either side. */
export const EPOCH_TOLERANCE_SECONDS = TOTP_POLICY.window * TOTP_POLICY.periodSeconds;

export type TotpJudgement = 'accepted' | 'wrong' | 'reused';

/**
 * What a checked code means: `matchedStep` is the time step whose code it is (undefined when it
 * is none within the window), `lastStep` the newest step accepted before. A code of a step
 * already accepted, or older than one, is a replay.
 */
export function judgeTotp(matchedStep: number | undefined, lastStep: number | null): TotpJudgement {
  if (matchedStep === undefined) return 'wrong';
  if (lastStep !== null && matchedStep <= lastStep) return 'reused';
  return 'accepted';
}

/** True when a setup started at `createdAt` may still be confirmed at `now`. */
export function setupStillOpen(createdAt: Date, now: Date): boolean {
  const age = now.getTime() - createdAt.getTime();
  return age >= 0 && age < TOTP_POLICY.setupTtlMs;
}

/** A 6-digit code as typed: spaces and dashes dropped ('123 456'); undefined unless 6 digits remain. */
export function normaliseTotpCode(input: string): string | undefined {
  const digits = input.replace(/[\s-]/g, '');
  return new RegExp(`^\\d{${TOTP_POLICY.digits}}$`).test(digits) ? digits : undefined;
}

/**
 * Recovery codes: 16 characters of an alphabet without look-alikes (no 0/o, 1/l/i, u), 80 bits,
 * shown in groups of four ('k7wq-3xcd-9pma-hfte'). So many bits make a fast hash safe to store.
 */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstvwxyz23456789';
const RECOVERY_LENGTH = 16;

/** A new recovery code, grouped for reading ('abcd-efgh-jkmn-pqrs'). */
export function newRecoveryCode(random: (size: number) => Uint8Array = randomBytes): string {
  const chars: string[] = [];
  // Rejection sampling: bytes at or above the largest multiple of the alphabet's size are drawn again (no bias).
  const limit = 256 - (256 % RECOVERY_ALPHABET.length);
  while (chars.length < RECOVERY_LENGTH) {
    for (const byte of random(RECOVERY_LENGTH)) {
      if (byte < limit && chars.length < RECOVERY_LENGTH) chars.push(RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]);
    }
  }
  return chars.join('').match(/.{4}/g)!.join('-');
}

/** The recovery codes of one set: {@link TOTP_POLICY}.recoveryCodeCount different codes. */
export function newRecoveryCodes(random?: (size: number) => Uint8Array): string[] {
  const codes = new Set<string>();
  while (codes.size < TOTP_POLICY.recoveryCodeCount) codes.add(newRecoveryCode(random));
  return [...codes];
}

/** A recovery code as typed: case, spaces and dashes ignored; undefined unless it has the shape of one. */
export function normaliseRecoveryCode(input: string): string | undefined {
  const plain = input.toLowerCase().replace(/[\s-]/g, '');
  return plain.length === RECOVERY_LENGTH && [...plain].every((c) => RECOVERY_ALPHABET.includes(c)) ? plain : undefined;
}

/**
 * Whether a session may verify a second factor now, and what it clears. At sign-in (the MFA step
 * pending, identity not yet proven) it clears the step; after sign-in it is a step-up for a
 * sensitive change. The contact step (no contact info) needs its code sent to the new contact.
 */
export function secondFactorUse(pending: Pending): 'signIn' | 'stepUp' | 'notNow' {
  if (pending.noContactInfo) return 'notNow';
  return pending.mfaRequired ? 'signIn' : 'stepUp';
}

/** 'Remember this device?' at sign-in only, and not on a password reset (as for the spec's codes, §2). */
export function mayRememberDevice(pending: Pending, asked: boolean | undefined): boolean {
  return asked === true && !!pending.mfaRequired && !pending.noContactInfo && !pending.passwordResetRequired;
}

/** The second-factor choices the MFA step offers besides the spec's text and email codes. */
export interface MfaChoices {
  authenticator: boolean;
  recoveryCode: boolean;
}

export function mfaChoices(pending: Pending, state: { confirmed: boolean; recoveryCodesLeft: number }): MfaChoices {
  const usable = secondFactorUse(pending) !== 'notNow' && state.confirmed;
  return { authenticator: usable, recoveryCode: usable && state.recoveryCodesLeft > 0 };
}

/** The label an authenticator app lists the account under: the username (a customer's is their email). */
export function accountLabel(username: string): string {
  return username.trim();
}
