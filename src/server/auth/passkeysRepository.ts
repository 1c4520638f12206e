import type { Selectable } from 'kysely';
import type { Passkey } from '../../../schemas/passkeys.js';
import type { Db } from '../db/database.js';
import { iso } from '../db/listing.js';
import type { WebauthnChallengesTable, WebauthnCredentialsTable, WebauthnPurpose } from '../db/schema.js';
import { sha256 } from './secrets.js';

/**
 * Every query of passkeys (migration 0022): a user's credentials, and the ceremonies' challenges,
 * kept in the database so that whichever process gets the verify call can check them, and taken
 * once. A user only ever reaches their own credentials (each query is scoped by user id).
 */
export type PasskeyRow = Selectable<WebauthnCredentialsTable>;
export type ChallengeRow = Selectable<WebauthnChallengesTable>;

/** The API's view of a credential. */
export function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.passkey_id,
    name: row.name,
    createdAt: iso(row.created_at),
    lastUsedAt: row.last_used_at ? iso(row.last_used_at) : null,
    deviceType: row.device_type,
    backedUp: row.backed_up,
  };
}

/**
 * Removes every passkey of a user (support's reset: a lost or stolen device); the number removed.
 * For /support's user actions, which audit it with the reason given.
 */
export async function resetPasskeys(db: Db, userId: number): Promise<number> {
  const removed = await db.deleteFrom('webauthn_credentials').where('user_id', '=', userId).returning('passkey_id').execute();
  await db.deleteFrom('webauthn_challenges').where('user_id', '=', userId).execute();
  return removed.length;
}

export function passkeysRepository(db: Db) {
  return {
    /** The user's passkeys, newest first; only those of `rpID` when given (the ones this host can use). */
    async listOf(userId: number, rpID?: string): Promise<PasskeyRow[]> {
      let query = db.selectFrom('webauthn_credentials').selectAll().where('user_id', '=', userId);
      if (rpID) query = query.where('rp_id', '=', rpID);
      return query.orderBy('created_at', 'desc').orderBy('passkey_id', 'desc').execute();
    },

    async byCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
      return db.selectFrom('webauthn_credentials').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
    },

    async add(row: Omit<PasskeyRow, 'passkey_id' | 'created_at' | 'last_used_at'>): Promise<PasskeyRow> {
      return db.insertInto('webauthn_credentials').values(row).returningAll().executeTakeFirstOrThrow();
    },

    /** After a verified assertion: the new counter, backup state and when. */
    async used(passkeyId: number, counter: number, backedUp: boolean, now = new Date()): Promise<void> {
      await db
        .updateTable('webauthn_credentials')
        .set({ counter, backed_up: backedUp, last_used_at: now })
        .where('passkey_id', '=', passkeyId)
        .execute();
    },

    async rename(userId: number, passkeyId: number, name: string): Promise<{ before: string; row: PasskeyRow } | undefined> {
      const before = await db
        .selectFrom('webauthn_credentials')
        .select('name')
        .where('passkey_id', '=', passkeyId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!before) return undefined;
      const row = await db
        .updateTable('webauthn_credentials')
        .set({ name })
        .where('passkey_id', '=', passkeyId)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { before: before.name, row };
    },

    async remove(userId: number, passkeyId: number): Promise<PasskeyRow | undefined> {
      return db
        .deleteFrom('webauthn_credentials')
        .where('passkey_id', '=', passkeyId)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst();
    },

    /** Keeps a new ceremony's challenge (and clears out those long expired). */
    async saveChallenge(input: {
      challenge: string;
      purpose: WebauthnPurpose;
      binding: string;
      userId: number | null;
      variant: 'dealer' | 'customer' | null;
      rpID: string;
      ttlMs: number;
      now?: Date;
    }): Promise<void> {
      const now = input.now ?? new Date();
      await db
        .deleteFrom('webauthn_challenges')
        .where('expires_at', '<', new Date(now.getTime() - 60 * 60_000))
        .execute();
      await db
        .insertInto('webauthn_challenges')
        .values({
          challenge_hash: sha256(input.challenge),
          purpose: input.purpose,
          binding_hash: sha256(input.binding),
          user_id: input.userId,
          variant: input.variant,
          rp_id: input.rpID,
          created_at: now,
          expires_at: new Date(now.getTime() + input.ttlMs),
        })
        .execute();
    },

    /**
     * Takes a challenge once: the row when it was issued for this purpose and binding, has not
     * expired and was not taken before (atomically, so two verify calls racing cannot both have it).
     */
    async takeChallenge(challenge: string, purpose: WebauthnPurpose, binding: string, now = new Date()): Promise<ChallengeRow | undefined> {
      return db
        .updateTable('webauthn_challenges')
        .set({ used_at: now })
        .where('challenge_hash', '=', sha256(challenge))
        .where('purpose', '=', purpose)
        .where('binding_hash', '=', sha256(binding))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst();
    },
  };
}
