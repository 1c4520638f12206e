import type { Db } from '../db/database.js';
import { sha256 } from './secrets.js';
import { normaliseRecoveryCode } from './totpRules.js';

/**
 * Every query of authenticator apps and recovery codes (user_totp, user_recovery_codes;
 * migrations/0023_authenticator.ts). The secret arrives and leaves sealed: this file never sees
 * it in clear (totpRoutes.ts seals and opens it).
 */
export interface TotpRow {
  secretSealed: string;
  createdAt: Date;
  confirmedAt: Date | null;
  lastTimeStep: number | null;
  lastUsedAt: Date | null;
}

/** How a recovery code is stored: SHA-256 of the user and the code without case or dashes. */
function recoveryCodeHash(userId: number, code: string): string | undefined {
  const plain = normaliseRecoveryCode(code);
  return plain === undefined ? undefined : sha256(`recovery:${userId}:${plain}`);
}

export async function totpOf(db: Db, userId: number): Promise<TotpRow | undefined> {
  const row = await db.selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) return undefined;
  return {
    secretSealed: row.secret_encrypted,
    createdAt: new Date(row.created_at),
    confirmedAt: row.confirmed_at ? new Date(row.confirmed_at) : null,
    lastTimeStep: row.last_time_step,
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at) : null,
  };
}

/** True when the user has an authenticator in use (confirmed): sign-in then asks for a second factor. */
export async function hasConfirmedAuthenticator(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_totp')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  return !!row;
}

/** A new setup (replacing one not yet confirmed); false when an authenticator is already in use. */
export async function startSetup(db: Db, userId: number, secretSealed: string, now: Date): Promise<boolean> {
  const row = await db
    .insertInto('user_totp')
    .values({ user_id: userId, secret_encrypted: secretSealed, created_at: now })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret_encrypted: secretSealed, created_at: now, last_time_step: null, last_used_at: null })
        .where('user_totp.confirmed_at', 'is', null),
    )
    .returning('user_id')
    .executeTakeFirst();
  return !!row;
}

/**
 * Records a code of `step` as used, unless one of that step or a later one was (two requests
 * racing with one code: only one wins). `confirm` also turns a setup on. False when refused.
 */
export async function spendTimeStep(db: Db, userId: number, step: number, now: Date, { confirm = false } = {}): Promise<boolean> {
  const row = await db
    .updateTable('user_totp')
    .set({ last_time_step: step, last_used_at: now, ...(confirm && { confirmed_at: now }) })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_time_step', 'is', null), eb('last_time_step', '<', step)]))
    .where('confirmed_at', confirm ? 'is' : 'is not', null)
    .returning('user_id')
    .executeTakeFirst();
  return !!row;
}

/** Replaces the user's recovery codes with these (the old ones stop working). */
export async function replaceRecoveryCodes(db: Db, userId: number, codes: readonly string[], now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('user_recovery_codes')
      .values(codes.map((code) => ({ user_id: userId, code_hash: recoveryCodeHash(userId, code)!, created_at: now })))
      .execute();
  });
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const { count } = await db
    .selectFrom('user_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Spends one unused recovery code of the user; false when it is wrong or already used. */
export async function spendRecoveryCode(db: Db, userId: number, code: string, now: Date): Promise<boolean> {
  const hash = recoveryCodeHash(userId, code);
  if (!hash) return false;
  const row = await db
    .updateTable('user_recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('recovery_code_id')
    .executeTakeFirst();
  return !!row;
}

/** True when the code is one of the user's recovery codes, already used (for the audit line). */
export async function recoveryCodeWasUsed(db: Db, userId: number, code: string): Promise<boolean> {
  const hash = recoveryCodeHash(userId, code);
  if (!hash) return false;
  const row = await db
    .selectFrom('user_recovery_codes')
    .select('recovery_code_id')
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is not', null)
    .executeTakeFirst();
  return !!row;
}

/**
 * Removes the user's authenticator (in use or being set up) and recovery codes: the user's own
 * 'Turn off', and support's reset (support tools: call it, then audit with the reason). Their
 * next sign-in asks for the spec's text or email code again, when MFA applies to them.
 */
export async function resetAuthenticator(db: Db, userId: number): Promise<{ removed: boolean; recoveryCodesRemoved: number }> {
  return db.transaction().execute(async (trx) => {
    const totp = await trx.deleteFrom('user_totp').where('user_id', '=', userId).returning('user_id').execute();
    const codes = await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).returning('recovery_code_id').execute();
    return { removed: totp.length > 0, recoveryCodesRemoved: codes.length };
  });
}
