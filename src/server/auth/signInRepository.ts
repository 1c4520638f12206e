import { sql } from 'kysely';
import type { MfaPurpose } from '../../../schemas/auth.js';
import type { Db } from '../db/database.js';
import { verifiedContacts } from './contactMethods.js';

/** PostgreSQL's unique_violation. */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** One answered security question, as stored (the question's text in the user's language, the answer's hash). */
interface StoredSecurityQuestion {
  question: string;
  answerHash: string;
}

/**
 * The database side of sign-in and the login steps (SPEC §2 'Login steps',
 * §4 'Login flow', §7 dealer and customer login): the users a sign-in finds,
 * the contacts and codes a session's steps read, and the username, security
 * questions, password and terms each step saves. Contact methods, sessions,
 * codes and remembered devices keep their own stores (contactMethods.ts,
 * sessions.ts, mfaCodes.ts, trustedDevices.ts).
 */
export function signInRepository(db: Db) {
  return {
    /** A user of one application by username (MSA usernames are emails), case-insensitively. */
    userByUsername(username: string, application: 1 | 2 | 3) {
      return db
        .selectFrom('users')
        .selectAll()
        .where(sql`lower(username)`, '=', username.toLowerCase())
        .where('application_num', '=', application)
        .executeTakeFirst();
    },

    /** Verified contact methods, the phone first (contactMethods.ts verifiedContacts). */
    verifiedContacts: (userId: number) => verifiedContacts(db, userId),

    /** Of some purposes, the one of the user's newest code still waiting (unused, unexpired), if any. */
    async newestWaitingCodePurpose(userId: number, purposes: readonly MfaPurpose[], now = new Date()): Promise<MfaPurpose | undefined> {
      const newest = await db
        .selectFrom('mfa_codes')
        .select('purpose')
        .where('user_id', '=', userId)
        .where('purpose', 'in', purposes)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      return newest?.purpose;
    },

    /** The dealer numbers of the account groups a user belongs to. */
    async groupDealerNumbers(userId: number) {
      const groups = await db
        .selectFrom('user_account_groups')
        .innerJoin('account_groups', 'account_groups.site_group_num', 'user_account_groups.site_group_num')
        .select('account_groups.dealer_number')
        .where('user_account_groups.user_id', '=', userId)
        .execute();
      return groups.map((g) => g.dealer_number);
    },

    /**
     * The new username, which clears the usernameReset step: false (and nothing changed) when
     * another user holds it in any case, even one saved at the same moment.
     */
    async changeUsername(userId: number, username: string): Promise<boolean> {
      const other = await db
        .selectFrom('users')
        .select('user_id')
        .where(sql`lower(username)`, '=', username.toLowerCase())
        .where('user_id', '<>', userId)
        .executeTakeFirst();
      if (other) return false;
      try {
        await db
          .updateTable('users')
          .set({ username, username_reset_required: false, updated_at: new Date() })
          .where('user_id', '=', userId)
          .execute();
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
      return true;
    },

    /** Replaces the user's security questions (numbered from 1 in their order) and clears the step that asked for them. */
    async replaceSecurityQuestions(userId: number, questions: readonly StoredSecurityQuestion[]): Promise<void> {
      const rows = questions.map((q, i) => ({ user_id: userId, position: i + 1, question: q.question, answer_hash: q.answerHash }));
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('user_security_questions').where('user_id', '=', userId).execute();
        await trx.insertInto('user_security_questions').values(rows).execute();
        await trx
          .updateTable('users')
          .set({ verify_security_questions: false, updated_at: new Date() })
          .where('user_id', '=', userId)
          .execute();
      });
    },

    /**
     * The new password hash, which clears the passwordReset step; every other open session of the
     * user ends ('password-changed'), the one that changed it stays. The number of sessions ended.
     */
    async changePassword(userId: number, passwordHash: string, keepSessionId: string, now = new Date()): Promise<number> {
      const ended = await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, password_reset_required: false, updated_at: now })
          .where('user_id', '=', userId)
          .execute();
        return trx
          .updateTable('sessions')
          .set({ ended_at: now, end_reason: 'password-changed' })
          .where('user_id', '=', userId)
          .where('session_id', '<>', keepSessionId)
          .where('ended_at', 'is', null)
          .returning('session_id')
          .execute();
      });
      return ended.length;
    },

    /** Records the acceptance of the terms (with the address) and clears the step that asked for it. */
    async acceptTerms(userId: number, ip: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('terms_acceptances').values({ user_id: userId, ip }).execute();
        await trx.updateTable('users').set({ terms_required: false, updated_at: new Date() }).where('user_id', '=', userId).execute();
      });
    },
  };
}
