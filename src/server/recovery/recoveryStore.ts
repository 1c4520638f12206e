import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import type { TokenKind } from '../auth/oneTimeTokens.js';
import { hashSecret, sha256 } from '../auth/secrets.js';
import { endUserSessions } from '../auth/sessions.js';
import { phoneVariants, contactTypeOf, normaliseEmail, RECOVERY_POLICY, type ContactValue, type GatePolicy } from './recoveryRules.js';

/**
 * The database side of recovery and registration: one-time tokens, request
 * gates and failure counters (in the login_throttle table, under key prefixes
 * of their own), contact lookups and password changes.
 */

export interface RecoveryPayload {
  stage?: 'questions' | 'password';
  attempts?: number;
  spentBy?: 'attempts';
}

/** The token row of a kind, whatever its state (callers decide with tokenState). */
export function findToken(db: Db, kinds: readonly TokenKind[], token: string) {
  return db.selectFrom('one_time_tokens').selectAll().where('token_hash', '=', sha256(token)).where('kind', 'in', kinds).executeTakeFirst();
}

/** Spends an unused token exactly once: true for the one caller that did. */
export async function spendToken(db: Db, tokenHash: string, now = new Date(), payload?: RecoveryPayload): Promise<boolean> {
  const row = await db
    .updateTable('one_time_tokens')
    .set({ used_at: now, ...(payload && { payload: JSON.stringify(payload) }) })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .returning('token_hash')
    .executeTakeFirst();
  return !!row;
}

/**
 * Counts one more answer attempt of an unused recovery session, atomically
 * (parallel guesses cannot exceed the limit): the new count, or undefined
 * when the session is no longer open.
 */
export async function countAttempt(db: Db, tokenHash: string): Promise<number | undefined> {
  const row = await db
    .updateTable('one_time_tokens')
    .set({
      payload: sql`jsonb_set(payload, '{attempts}', to_jsonb(coalesce((payload->>'attempts')::int, 0) + 1))`,
    })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .returning(sql<number>`(payload->>'attempts')::int`.as('attempts'))
    .executeTakeFirst();
  return row?.attempts;
}

/** Moves an open recovery session from one stage to the next; false when it was not at `from`. */
export async function advanceStage(db: Db, tokenHash: string, from: string, to: string): Promise<boolean> {
  const row = await db
    .updateTable('one_time_tokens')
    .set({ payload: sql`jsonb_set(payload, '{stage}', to_jsonb(${to}::text))` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where(sql<string>`payload->>'stage'`, '=', from)
    .returning('token_hash')
    .executeTakeFirst();
  return !!row;
}

// ---------------------------------------------------------------- gates and counters

/**
 * Lets a request through a gate, atomically: false when the last accepted
 * request was less than `minIntervalMs` ago, or `max` were accepted in a run
 * with less than an hour between them. Refused requests do not count.
 */
async function passGate(db: Db, key: string, policy: GatePolicy, now = new Date()): Promise<boolean> {
  const recent = new Date(now.getTime() - policy.minIntervalMs);
  const rows = await countOneMore(
    db,
    key,
    now,
    (stale) => sql`
    where login_throttle.last_failure_at is null
      or (login_throttle.last_failure_at <= ${recent}
          and (login_throttle.last_failure_at < ${stale} or login_throttle.failures < ${policy.max}))`,
  );
  return rows.length > 0;
}

/** Passes every gate, or none is charged beyond the first that refuses. */
export async function passGates(db: Db, gates: readonly [string, GatePolicy][], now = new Date()): Promise<boolean> {
  for (const [key, policy] of gates) {
    if (!(await passGate(db, key, policy, now))) return false;
  }
  return true;
}

/** Failures counted under a key in the current window (an hour without failures starts again). */
export async function failureCount(db: Db, key: string, now = new Date()): Promise<number> {
  const row = await db
    .selectFrom('login_throttle')
    .select(['failures', 'last_failure_at'])
    .where('throttle_key', '=', key)
    .executeTakeFirst();
  if (!row?.last_failure_at || now.getTime() - new Date(row.last_failure_at).getTime() >= RECOVERY_POLICY.windowMs) return 0;
  return row.failures;
}

export async function recordFailure(db: Db, key: string, now = new Date()): Promise<number> {
  const rows = await countOneMore(db, key, now);
  return rows[0].failures;
}

/**
 * Adds one to the count under a key, atomically; an hour without any starts
 * it again at 1. `onlyIf` (given the start of the window) is the condition an
 * existing count must meet to grow: no row comes back when it does not.
 */
async function countOneMore(
  db: Db,
  key: string,
  now: Date,
  onlyIf?: (stale: Date) => RawBuilder<unknown>,
): Promise<{ failures: number }[]> {
  const stale = new Date(now.getTime() - RECOVERY_POLICY.windowMs);
  const result = await sql<{ failures: number }>`
    insert into login_throttle (throttle_key, failures, last_failure_at) values (${key}, 1, ${now})
    on conflict (throttle_key) do update set
      failures = case when login_throttle.last_failure_at < ${stale} then 1 else login_throttle.failures + 1 end,
      last_failure_at = ${now}
    ${onlyIf ? onlyIf(stale) : sql``}
    returning failures`.execute(db);
  return result.rows;
}

export async function clearKeys(db: Db, keys: string[]): Promise<void> {
  if (keys.length) await db.deleteFrom('login_throttle').where('throttle_key', 'in', keys).execute();
}

// ---------------------------------------------------------------- contacts and users

export interface ContactOwner extends ContactValue {
  userId: number;
}

/**
 * Portal users (applications 1 and 2, not disabled) holding a contact: a
 * verified contact method, or the email / phone on the user record. Phones
 * are found by their digits; the caller confirms with contactMatches.
 */
export async function dealerContactOwners(db: Db, contact: string, userIds?: number[]): Promise<ContactOwner[]> {
  const type = contactTypeOf(contact);
  const variants = type === 'email' ? [normaliseEmail(contact)] : phoneVariants(contact);
  if (!variants.length || (userIds && !userIds.length)) return [];
  const methodValue = type === 'email' ? sql<string>`lower(m.value)` : sql<string>`regexp_replace(m.value, '[^0-9]', '', 'g')`;
  const userValue = type === 'email' ? sql<string>`lower(u.email)` : sql<string>`regexp_replace(u.phone_number, '[^0-9]', '', 'g')`;
  const userColumn = type === 'email' ? 'u.email' : 'u.phone_number';

  const base = db
    .selectFrom('users as u')
    .where('u.application_num', 'in', [1, 2])
    .where('u.disabled_at', 'is', null)
    .$if(!!userIds, (q) => q.where('u.user_id', 'in', userIds!));
  const fromMethods = await base
    .innerJoin('user_contact_methods as m', 'm.user_id', 'u.user_id')
    .select(['u.user_id as userId', 'm.type as type', 'm.value as value'])
    .where('m.type', '=', type)
    .where('m.verified_at', 'is not', null)
    .where(methodValue, 'in', variants)
    .execute();
  const fromUsers = await base
    .select(['u.user_id as userId', sql<string>`${sql.ref(userColumn)}`.as('value')])
    .where(userValue, 'in', variants)
    .execute();
  return [
    ...fromMethods.map((r) => ({ userId: r.userId, type: r.type, value: r.value })),
    ...fromUsers.map((r) => ({ userId: r.userId, type, value: r.value })),
  ];
}

/** Sets the password a recovery chose (no change required any more) and ends every sign-in of the user. */
export async function resetPassword(db: Db, userId: number, password: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: await hashSecret(password), password_reset_required: false, updated_at: new Date() })
    .where('user_id', '=', userId)
    .execute();
  await endUserSessions(db, userId, 'password-reset');
}

/** Adds or verifies the user's email contact method (a verified link or code proved it). */
export async function verifyEmailContact(db: Db, userId: number, email: string, now = new Date()): Promise<void> {
  await db
    .insertInto('user_contact_methods')
    .values({ user_id: userId, type: 'email', value: email, verified_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'type']).doUpdateSet({ value: email, verified_at: now }))
    .execute();
}

/** An application-3 user by email (the MSA username), case-insensitively. */
export function findCustomer(db: Db, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(username)`, '=', normaliseEmail(email))
    .where('application_num', '=', 3)
    .executeTakeFirst();
}
