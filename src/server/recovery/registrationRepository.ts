import { sql, type Selectable } from 'kysely';
import { APPLICATION } from '../../common/constants.js';
import type { Db } from '../db/database.js';
import type { UsersTable } from '../db/schema.js';
import { CUSTOMER_ROLES } from './recoveryRules.js';
import { replaceToken, type TokenKind } from '../auth/oneTimeTokens.js';
import { findCustomer, findToken, spendToken, verifyEmailContact } from './recoveryStore.js';

type User = Selectable<UsersTable>;

/**
 * The database side of registration (SPEC §4 'Registration'): the alarm
 * account a customer registers with, the customer user and its first link,
 * the registration links (one_time_tokens, recoveryStore.ts) and the
 * verification of the email. Only customers (application 3) are found here.
 */
export function registrationRepository(db: Db) {
  return {
    /** A customer by id, or a dealer user invited by their group's administrator; else undefined. */
    customerById(userId: number) {
      return db
        .selectFrom('users')
        .selectAll()
        .where('user_id', '=', userId)
        .where((eb) =>
          eb.or([
            eb('application_num', '=', APPLICATION.customer),
            eb.and([eb('application_num', '=', APPLICATION.dealer), eb('invited_at', 'is not', null)]),
          ]),
        )
        .executeTakeFirst();
    },

    /** A customer by email (the MSA username), any case. */
    customerByEmail: (email: string) => findCustomer(db, email),

    /** An alarm account (site) by number, with its passcode hash. */
    site(siteNum: number) {
      return db.selectFrom('sites').select(['site_num', 'account_passcode_hash']).where('site_num', '=', siteNum).executeTakeFirst();
    },

    /** The user holding a username (lower case), of any application. */
    usernameTaken(username: string) {
      return db
        .selectFrom('users')
        .select('user_id')
        .where(sql<string>`lower(username)`, '=', username)
        .executeTakeFirst();
    },

    /**
     * Creates the customer with the email as username and their first (default)
     * account link, at once; undefined when the username was taken meanwhile
     * (two requests for one email: the unique username index lets one through).
     */
    async createCustomer(input: { email: string; passwordHash: string; siteNum: number }): Promise<User | undefined> {
      try {
        return await db.transaction().execute(async (trx) => {
          const created = await trx
            .insertInto('users')
            .values({
              username: input.email,
              name: input.email,
              email: input.email,
              application_num: APPLICATION.customer,
              password_hash: input.passwordHash,
              roles: CUSTOMER_ROLES,
              privacy_policy_required: true,
              email_verified_at: null,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('msa_account_links')
            .values({ user_id: created.user_id, site_num: input.siteNum, is_default: true })
            .execute();
          return created;
        });
      } catch (err) {
        if ((err as { code?: string }).code === '23505') return undefined;
        throw err;
      }
    },

    /** The email link proved the address: verified on the user and as its email contact method. */
    async verifyEmail(user: User, now = new Date()): Promise<void> {
      await db.updateTable('users').set({ email_verified_at: now, updated_at: now }).where('user_id', '=', user.user_id).execute();
      await verifyEmailContact(db, user.user_id, user.email ?? user.username, now);
    },

    /** The first password of a customer created by staff; the link that brought it proved the email too. */
    async setFirstPassword(user: User, passwordHash: string, now = new Date()): Promise<void> {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, email_verified_at: user.email_verified_at ?? now, updated_at: now })
        .where('user_id', '=', user.user_id)
        .execute();
      await verifyEmailContact(db, user.user_id, user.email ?? user.username, now);
    },

    /** A fresh link token of `kind`, replacing the user's unused ones. */
    replaceToken: (kind: TokenKind, userId: number, ttlMs: number): Promise<string> => replaceToken(db, { kind, userId, ttlMs }),

    findToken: (kinds: readonly TokenKind[], token: string) => findToken(db, kinds, token),

    /** Spends a link once: true for the one caller that did. */
    spendToken: (tokenHash: string) => spendToken(db, tokenHash),
  };
}
