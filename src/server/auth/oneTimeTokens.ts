import type { Db } from '../db/database.js';
import { randomToken, sha256 } from './secrets.js';

/**
 * One-time link tokens (one_time_tokens): a random token mailed to the user, stored as its hash,
 * of a kind, with an expiry. Recovery, registration, staff invitations and support's 'Resend
 * registration link' make and replace them here.
 */

/** one_time_tokens kinds of links mailed to users (recovery, registration, invitations). */
export const TOKEN_KIND = {
  /** A dealer's recovery session; payload {stage: 'questions' | 'password', attempts}. */
  recovery: 'recovery',
  /** Email verification link of a self-registered customer. */
  registration: 'registration',
  /** Set-your-password link of a customer created by staff. */
  registrationOtp: 'registrationOtp',
} as const;
export type TokenKind = (typeof TOKEN_KIND)[keyof typeof TOKEN_KIND];

interface TokenInput {
  kind: TokenKind;
  userId: number;
  ttlMs: number;
  /** Stored with the token (a recovery session's stage and attempts); {} when none. */
  payload?: Record<string, unknown>;
  now?: Date;
}

async function createToken(db: Db, input: TokenInput): Promise<string> {
  const now = input.now ?? new Date();
  const token = randomToken();
  await db
    .insertInto('one_time_tokens')
    .values({
      token_hash: sha256(token),
      kind: input.kind,
      user_id: input.userId,
      payload: JSON.stringify(input.payload ?? {}),
      created_at: now,
      expires_at: new Date(now.getTime() + input.ttlMs),
      used_at: null,
    })
    .execute();
  return token;
}

/** Retires the user's unused tokens of a kind (a new link replaces the old ones). */
async function retireTokens(db: Db, userId: number, kind: TokenKind, now: Date): Promise<void> {
  await db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .execute();
}

/** A fresh token of `kind` for the user, replacing their unused ones: the token to mail. */
export async function replaceToken(db: Db, input: TokenInput): Promise<string> {
  const now = input.now ?? new Date();
  await retireTokens(db, input.userId, input.kind, now);
  return createToken(db, { ...input, now });
}
