import { sql } from 'kysely';
import { APPLICATION } from '../../common/constants.js';
import type { Db } from '../db/database.js';
import type { GatePolicy } from './recoveryRules.js';
import {
  advanceStage,
  clearKeys,
  countAttempt,
  dealerContactOwners,
  failureCount,
  findCustomer,
  findToken,
  passGates,
  recordFailure,
  resetPassword,
  spendToken,
  type RecoveryPayload,
} from './recoveryStore.js';
import { replaceToken, TOKEN_KIND } from '../auth/oneTimeTokens.js';

/**
 * The database side of recovery (SPEC §4 'Forgot password (dealer)', 'Forgot
 * password (customer)', 'Forgot username'): the portal users and customers it
 * finds, the dealer's security questions, the recovery session (a
 * one_time_tokens row of kind 'recovery', recoveryStore.ts), the request
 * gates and failure counters, and the new password.
 */
export function recoveryRepository(db: Db) {
  return {
    /** An enabled portal user (internal or dealer) by username, any case and surrounding spaces. */
    portalUserByUsername(username: string) {
      return db
        .selectFrom('users')
        .selectAll()
        .where(sql<string>`lower(username)`, '=', username.trim().toLowerCase())
        .where('application_num', 'in', [APPLICATION.internal, APPLICATION.dealer])
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
    },

    /** A user by id, of any application. */
    userById(userId: number) {
      return db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** The usernames and dealer numbers of users, for the forgot-username answer. */
    usernames(userIds: readonly number[]) {
      if (!userIds.length) return Promise.resolve([]);
      return db.selectFrom('users').select(['user_id', 'username', 'dealer_number']).where('user_id', 'in', userIds).execute();
    },

    /** A user's security questions with their answer hashes, in their order. */
    securityQuestions(userId: number) {
      return db
        .selectFrom('user_security_questions')
        .select(['question', 'answer_hash'])
        .where('user_id', '=', userId)
        .orderBy('position')
        .execute();
    },

    /** Portal users holding a contact (recoveryStore dealerContactOwners), optionally among some users only. */
    contactOwners: (contact: string, userIds?: number[]) => dealerContactOwners(db, contact, userIds),

    /** A customer by email (the MSA username), any case. */
    customerByEmail: (email: string) => findCustomer(db, email),

    /** A new recovery session at its questions stage, replacing the user's open ones: its token. */
    async startSession(userId: number, ttlMs: number): Promise<string> {
      return replaceToken(db, { kind: TOKEN_KIND.recovery, userId, ttlMs, payload: { stage: 'questions', attempts: 0 } });
    },

    /** The recovery session row behind a token, whatever its state. */
    findSession: (token: string) => findToken(db, [TOKEN_KIND.recovery], token),

    /** One more answer attempt of an open session: the new count, or undefined when it is no longer open. */
    countAttempt: (tokenHash: string) => countAttempt(db, tokenHash),

    advanceStage: (tokenHash: string, from: string, to: string) => advanceStage(db, tokenHash, from, to),

    /** Spends a session once (with the payload that says why, when given): true for the one caller that did. */
    spendSession: (tokenHash: string, payload?: RecoveryPayload) => spendToken(db, tokenHash, new Date(), payload),

    /** The new password; every sign-in of the user ends. */
    resetPassword: (userId: number, password: string) => resetPassword(db, userId, password),

    passGates: (gates: readonly [string, GatePolicy][]) => passGates(db, gates),
    recordFailure: (key: string) => recordFailure(db, key),
    failureCount: (key: string) => failureCount(db, key),
    clearKeys: (keys: string[]) => clearKeys(db, keys),
  };
}
