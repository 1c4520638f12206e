import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { HttpError } from '../http/errors.js';
import { sessionOf } from './authPlugin.js';
import { TOO_MANY_ATTEMPTS_KEY } from './mfaCodes.js';
import type { PendingFlag } from './requirements.js';
import { sha256 } from './secrets.js';
import { ACCOUNT_POLICY } from './throttle.js';

/**
 * Sensitive changes (username, security questions, contact methods) need the
 * person, not just a session: the current password, or a code verified in
 * this session within the last few minutes. A change the session's sign-in
 * still requires (a pending login step) needs neither: the sign-in just
 * proved the person.
 */
export const STEP_UP_WINDOW_MS = 5 * 60_000;

const STEP_UP_KIND = 'stepUp';

/** Whether a sensitive change may go ahead without asking for the password. */
export function proofNeeded(input: { pendingStep: boolean; codeVerifiedAt: Date | null; now: Date }): boolean {
  if (input.pendingStep) return false;
  if (!input.codeVerifiedAt) return true;
  const age = input.now.getTime() - input.codeVerifiedAt.getTime();
  return !(age >= 0 && age < STEP_UP_WINDOW_MS);
}

const stepUpKey = (sessionId: string) => sha256(`${STEP_UP_KIND}:${sessionId}`);

/** A code verified in this session (identity, not a new contact's): sensitive changes pass for a few minutes. */
export async function recordCodeVerified(db: Db, sessionId: string, userId: number, now = new Date()): Promise<void> {
  const expires = new Date(now.getTime() + STEP_UP_WINDOW_MS);
  await db
    .insertInto('one_time_tokens')
    .values({ token_hash: stepUpKey(sessionId), kind: STEP_UP_KIND, user_id: userId, payload: '{}', created_at: now, expires_at: expires })
    .onConflict((oc) => oc.column('token_hash').doUpdateSet({ created_at: now, expires_at: expires, used_at: null }))
    .execute();
}

/** When this session last verified a code, if it is on record. */
async function codeVerifiedAt(db: Db, sessionId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('one_time_tokens')
    .select('created_at')
    .where('token_hash', '=', stepUpKey(sessionId))
    .where('kind', '=', STEP_UP_KIND)
    .executeTakeFirst();
  return row ? new Date(row.created_at) : null;
}

/**
 * Support acting as a user (an impersonation session) changes nothing about how that user signs
 * in: password, username, security questions, contact methods, passkeys, authenticator app,
 * sessions and remembered devices. Support's own user page does those, with a reason.
 */
export function refuseWhileImpersonating(request: FastifyRequest): void {
  if (sessionOf(request).impersonator_user_id) throw new HttpError(403, 'steps.notWhileImpersonating');
}

/** Refuses what only the user may do (accept terms, forget their devices) while support acts as them: 403. */
export function refuseActingAs(request: FastifyRequest): void {
  if (sessionOf(request).impersonator_user_id) throw new HttpError(403, 'errors.notWhileImpersonating');
}

/**
 * Refuses a sensitive change while impersonating (above), and unless it is the session's pending `step`, a
 * code was verified lately, or `currentPassword` is right (wrong guesses are
 * throttled with the password change's, per user). 403 when no proof came,
 * 400 on `currentPassword` when it is wrong, 429 while guessing is blocked.
 */
export async function requireRecentProof(
  app: FastifyInstance,
  request: FastifyRequest,
  step: PendingFlag,
  currentPassword: string | undefined,
): Promise<void> {
  refuseWhileImpersonating(request);
  const { user, pending } = request.auth!;
  const session = sessionOf(request);
  const needed = proofNeeded({
    pendingStep: !!pending[step],
    codeVerifiedAt: await codeVerifiedAt(app.db, session.session_id),
    now: new Date(),
  });
  if (!needed) return;
  if (!currentPassword) throw new HttpError(403, 'steps.reauthRequired', {}, { currentPassword: 'steps.reauthRequired' });
  const limiter = app.throttle;
  const key = `password-change:${user.user_id}`;
  // Counted before the password is checked (throttle.ts reserve).
  if ((await limiter.reserve([{ key, policy: ACCOUNT_POLICY }])).refused) throw new HttpError(429, TOO_MANY_ATTEMPTS_KEY);
  if (!(await app.secrets.verify(user.password_hash, currentPassword))) {
    throw new HttpError(400, 'validation.invalidForm', {}, { currentPassword: 'steps.password.currentWrong' });
  }
  await limiter.succeed([key]);
}
