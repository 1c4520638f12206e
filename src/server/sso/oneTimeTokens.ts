import { randomToken, sha256 } from '../auth/secrets.js';
import type { Db } from '../db/database.js';

/**
 * One-time tokens of single sign-on in one_time_tokens: 256 random bits, only
 * their SHA-256 stored, spent by one atomic update (so two requests racing
 * with the same token cannot both win).
 */
export type SsoTokenKind = 'ssoState' | 'ssoCode';

export async function issueToken(
  db: Db,
  input: { kind: SsoTokenKind; userId?: number | null; payload: object; ttlMs: number; token?: string },
  now = new Date(),
): Promise<string> {
  const token = input.token ?? randomToken(32);
  await db
    .insertInto('one_time_tokens')
    .values({
      token_hash: sha256(token),
      kind: input.kind,
      user_id: input.userId ?? null,
      payload: JSON.stringify(input.payload),
      created_at: now,
      expires_at: new Date(now.getTime() + input.ttlMs),
    })
    .execute();
  return token;
}

/** Spends a token: its user and payload when it was unused and unexpired, else undefined. */
export async function spendToken(db: Db, kind: SsoTokenKind, token: string, now = new Date()) {
  return db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', sha256(token))
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'payload'])
    .executeTakeFirst();
}

/** Drops spent and expired tokens of a kind that no user owns (SSO states pile up otherwise). */
export async function pruneTokens(db: Db, kind: SsoTokenKind, now = new Date()): Promise<void> {
  await db
    .deleteFrom('one_time_tokens')
    .where('kind', '=', kind)
    .where((eb) => eb.or([eb('expires_at', '<', now), eb('used_at', 'is not', null)]))
    .execute();
}
