import { randomInt } from 'node:crypto';
import type { MfaContactType, MfaPurpose } from '../../../schemas/auth.js';
import { LIMITS } from '../../common/constants.js';
import type { Db } from '../db/database.js';
import { HttpError } from '../http/errors.js';
import { hmac, safeEqual } from './secrets.js';

/**
 * One-time codes (SPEC §4 MFA, §9 'MFA code length 6', 'Resend-code block 30 s'):
 * six random digits, stored as an HMAC under the server secret (a plain hash of
 * six digits would be reversed by trying all million), valid 10 minutes, used
 * once, bound to one user and one purpose. A new request within 30 s, more than
 * `maxRequestsPerHour` requests, or more than `maxAttempts` wrong guesses at one
 * code answer 429 'Too many attempts. Please try again later.'.
 */
export const MFA_CODE_POLICY = {
  ttlMs: 10 * 60_000,
  resendBlockMs: LIMITS.resendCodeBlockMs,
  maxAttempts: 5,
  maxRequestsPerHour: 10,
} as const;

export const TOO_MANY_ATTEMPTS_KEY = 'errors.tooManyAttempts';

export interface IssueInput {
  userId: number;
  purpose: MfaPurpose;
  contactType: MfaContactType;
  contactValue: string;
  now?: Date;
}

export interface VerifiedCode {
  contactType: MfaContactType;
  contactValue: string;
}

function newCode(): string {
  return String(randomInt(0, 10 ** LIMITS.mfaCodeLength)).padStart(LIMITS.mfaCodeLength, '0');
}

export function mfaCodes(db: Db, secret: string) {
  const digest = (userId: number, purpose: MfaPurpose, code: string) => hmac(secret, `mfa:${userId}:${purpose}:${code}`);

  return {
    /** A new code for the user and purpose (earlier ones stop working); the caller sends it. */
    async issue({ userId, purpose, contactType, contactValue, now = new Date() }: IssueInput): Promise<string> {
      const recent = await db
        .selectFrom('mfa_codes')
        .select(['created_at'])
        .where('user_id', '=', userId)
        .where('created_at', '>', new Date(now.getTime() - 60 * 60_000))
        .orderBy('created_at', 'desc')
        .execute();
      const last = recent[0]?.created_at;
      if (last && now.getTime() - new Date(last).getTime() < MFA_CODE_POLICY.resendBlockMs) throw new HttpError(429, TOO_MANY_ATTEMPTS_KEY);
      if (recent.length >= MFA_CODE_POLICY.maxRequestsPerHour) throw new HttpError(429, TOO_MANY_ATTEMPTS_KEY);

      const code = newCode();
      await db
        .updateTable('mfa_codes')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
      await db
        .insertInto('mfa_codes')
        .values({
          user_id: userId,
          purpose,
          contact_type: contactType,
          contact_value: contactValue,
          code_hash: digest(userId, purpose, code),
          created_at: now,
          expires_at: new Date(now.getTime() + MFA_CODE_POLICY.ttlMs),
        })
        .execute();
      return code;
    },

    /**
     * Spends the user's current code for the purpose: where it was sent when the
     * code is right, undefined when it is wrong, expired or there is none. The
     * attempt that goes past the limit, and every one after it, answers 429.
     * `spend: false` checks the code (wrong guesses still count) and leaves it
     * usable, for a flow that spends it at its last step (MSA password reset).
     */
    async verify(
      userId: number,
      purpose: MfaPurpose,
      code: string,
      now = new Date(),
      { spend = true } = {},
    ): Promise<VerifiedCode | undefined> {
      const row = await db
        .selectFrom('mfa_codes')
        .selectAll()
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      if (!row) return undefined;
      // The attempt is counted before the code is compared, in one statement that refuses it past
      // the limit: guesses sent at once cannot all read the count before any of them adds to it.
      const reserved = await db
        .updateTable('mfa_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('mfa_code_id', '=', row.mfa_code_id)
        .where('attempts', '<', MFA_CODE_POLICY.maxAttempts)
        .returning('attempts')
        .executeTakeFirst();
      if (!reserved) throw new HttpError(429, TOO_MANY_ATTEMPTS_KEY);
      if (!safeEqual(row.code_hash, digest(userId, purpose, code))) {
        if (reserved.attempts >= MFA_CODE_POLICY.maxAttempts) throw new HttpError(429, TOO_MANY_ATTEMPTS_KEY);
        return undefined;
      }
      // Only wrong guesses count: the right one gives its attempt back (a code left usable keeps them all).
      await db
        .updateTable('mfa_codes')
        .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
        .where('mfa_code_id', '=', row.mfa_code_id)
        .execute();
      if (!spend) return { contactType: row.contact_type, contactValue: row.contact_value };
      const spent = await db
        .updateTable('mfa_codes')
        .set({ used_at: now })
        .where('mfa_code_id', '=', row.mfa_code_id)
        .where('used_at', 'is', null)
        .returning('mfa_code_id')
        .executeTakeFirst();
      return spent ? { contactType: row.contact_type, contactValue: row.contact_value } : undefined;
    },
  };
}
export type MfaCodes = ReturnType<typeof mfaCodes>;
