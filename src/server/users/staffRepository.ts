import { sql, type SelectQueryBuilder } from 'kysely';
import type { StaffUser } from '../../../schemas/users.js';
import { STAFF_FLAGS, STAFF_ROLES } from '../../../schemas/users.js';
import { APPLICATION } from '../../common/constants.js';
import { replaceToken, TOKEN_KIND } from '../auth/oneTimeTokens.js';
import { endUserSessions } from '../auth/sessions.js';
import { revokeDevices } from '../auth/trustedDevices.js';
import type { Db } from '../db/database.js';
import { containsPattern, iso } from '../db/listing.js';
import type { Database } from '../db/schema.js';

/** The registration link's kind (auth/oneTimeTokens.ts): the set-your-password link. */
const INVITATION_KIND = TOKEN_KIND.registrationOtp;
/** As the staff-created customer's link (recovery/recoveryRules.ts registrationOtpTtlMs). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

export type StaffSortField = 'id' | 'name' | 'username' | 'status';

export interface StaffQuery {
  q?: string;
  status?: StaffUser['status'];
  ids?: number[];
  sort?: { field: StaffSortField; order: 'asc' | 'desc' };
  offset: number;
  limit: number;
}

/** A user of the group, with what managing them needs. */
export interface StaffRow {
  user_id: number;
  username: string;
  name: string;
  email: string | null;
  roles: string[];
  auth_flags: string[];
  status: StaffUser['status'];
  mfa_required: boolean;
  invited_at: Date | null;
  last_sign_in_at: Date | null;
  site_group_nums: number[];
}

const statusSql = sql<
  StaffUser['status']
>`case when users.disabled_at is not null then 'disabled' when users.password_hash is null then 'invited' else 'active' end`;

/**
 * The staff of one account group (the `users` resource): dealer users (application 2)
 * who belong to the group. Every query takes the group: the tenant scope is here, so a user of
 * another group is not found (404).
 */
export function staffRepository(db: Db) {
  function base(siteGroupNum: number) {
    return db
      .selectFrom('users')
      .where('users.application_num', '=', APPLICATION.dealer)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('user_account_groups as g')
            .select('g.user_id')
            .whereRef('g.user_id', '=', 'users.user_id')
            .where('g.site_group_num', '=', siteGroupNum),
        ),
      );
  }

  function withColumns<O>(query: SelectQueryBuilder<Database, 'users', O>) {
    return query.select([
      'users.user_id',
      'users.username',
      'users.name',
      'users.email',
      'users.roles',
      'users.auth_flags',
      'users.mfa_required',
      'users.invited_at',
      statusSql.as('status'),
      sql<Date | null>`(select max(s.created_at) from sessions s where s.user_id = users.user_id and s.impersonator_user_id is null)`.as(
        'last_sign_in_at',
      ),
      sql<number[]>`array(select g.site_group_num from user_account_groups g where g.user_id = users.user_id order by 1)`.as(
        'site_group_nums',
      ),
    ]);
  }

  function filtered(siteGroupNum: number, query: Pick<StaffQuery, 'q' | 'status' | 'ids'>) {
    let q = base(siteGroupNum);
    if (query.q) {
      const like = containsPattern(query.q.toLowerCase());
      q = q.where((eb) =>
        eb.or([
          eb(sql<string>`lower(users.name)`, 'like', like),
          eb(sql<string>`lower(users.username)`, 'like', like),
          eb(sql<string>`lower(coalesce(users.email, ''))`, 'like', like),
        ]),
      );
    }
    if (query.status) q = q.where(statusSql, '=', query.status);
    if (query.ids?.length) q = q.where('users.user_id', 'in', query.ids);
    return q;
  }

  return {
    /** The groups a user belongs to. */
    async groupsOf(userId: number): Promise<number[]> {
      const rows = await db.selectFrom('user_account_groups').select('site_group_num').where('user_id', '=', userId).execute();
      return rows.map((r) => r.site_group_num);
    },

    async group(siteGroupNum: number) {
      return db
        .selectFrom('account_groups')
        .select(['site_group_num', 'site_group_name', 'dealer_number'])
        .where('site_group_num', '=', siteGroupNum)
        .executeTakeFirst();
    },

    async list(siteGroupNum: number, query: StaffQuery): Promise<{ rows: StaffRow[]; total: number }> {
      const where = filtered(siteGroupNum, query);
      const { count } = await where.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow();
      const order = query.sort?.order ?? 'asc';
      const columns = { id: sql`users.user_id`, name: sql`lower(users.name)`, username: sql`users.username`, status: statusSql };
      const column = columns[query.sort?.field ?? 'name'];
      const rows = await withColumns(where)
        .orderBy(column, order)
        .orderBy('users.user_id')
        .offset(query.offset)
        .limit(query.limit)
        .execute();
      return { rows: rows as StaffRow[], total: Number(count) };
    },

    async get(siteGroupNum: number, userId: number): Promise<StaffRow | undefined> {
      return (await withColumns(base(siteGroupNum).where('users.user_id', '=', userId)).executeTakeFirst()) as StaffRow | undefined;
    },

    /** True when a user already holds the email as username or email (any case). */
    async emailTaken(email: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('user_id')
        .where((eb) => eb.or([eb(sql<string>`lower(username)`, '=', email), eb(sql<string>`lower(coalesce(email, ''))`, '=', email)]))
        .executeTakeFirst();
      return !!row;
    },

    /**
     * The invited user (no password yet) in the group, with the permissions given; undefined when
     * the username was taken meanwhile.
     */
    async invite(input: {
      email: string;
      name: string;
      roles: string[];
      flags: string[];
      siteGroupNum: number;
      dealerNumber: string;
      invitedBy: number;
      now?: Date;
    }): Promise<number | undefined> {
      const now = input.now ?? new Date();
      try {
        return await db.transaction().execute(async (trx) => {
          const { user_id } = await trx
            .insertInto('users')
            .values({
              username: input.email,
              name: input.name,
              email: input.email,
              application_num: APPLICATION.dealer,
              password_hash: null,
              dealer_number: input.dealerNumber,
              current_site_group_num: input.siteGroupNum,
              beta_user: true,
              roles: input.roles,
              auth_flags: input.flags,
              terms_required: true,
              privacy_policy_required: true,
              email_verified_at: null,
              invited_by_user_id: input.invitedBy,
              invited_at: now,
            })
            .returning('user_id')
            .executeTakeFirstOrThrow();
          await trx.insertInto('user_account_groups').values({ user_id, site_group_num: input.siteGroupNum }).execute();
          return user_id;
        });
      } catch (err) {
        if ((err as { code?: string }).code === '23505') return undefined;
        throw err;
      }
    },

    /** A fresh invitation link (the registration otp), the earlier ones retired: the token to mail. */
    async newInvitationToken(userId: number, now = new Date()): Promise<string> {
      const token = await replaceToken(db, { kind: INVITATION_KIND, userId, ttlMs: INVITATION_TTL_MS, now });
      await db.updateTable('users').set({ invited_at: now, updated_at: now }).where('user_id', '=', userId).execute();
      return token;
    },

    async update(userId: number, changes: { name?: string; roles?: string[]; flags?: string[]; disabled?: boolean }, now = new Date()) {
      await db
        .updateTable('users')
        .set({
          ...(changes.name !== undefined && { name: changes.name }),
          ...(changes.roles && { roles: changes.roles }),
          ...(changes.flags && { auth_flags: changes.flags }),
          ...(changes.disabled !== undefined && { disabled_at: changes.disabled ? now : null }),
          updated_at: now,
        })
        .where('user_id', '=', userId)
        .execute();
    },

    /** Ends the user's open sessions; answers how many. */
    endSessions: (userId: number, reason: string) => endUserSessions(db, userId, reason),

    /**
     * Reset MFA: the user's contact methods go (their next sign-in asks for a contact and confirms it
     * with a code, §4 noContactInfo), their remembered devices are forgotten and their sessions end.
     */
    async resetMfa(userId: number, now = new Date()) {
      const contacts = await db.deleteFrom('user_contact_methods').where('user_id', '=', userId).returning('type').execute();
      const devices = await revokeDevices(db, userId, now);
      await db.deleteFrom('one_time_tokens').where('user_id', '=', userId).where('kind', '=', 'pendingContact').execute();
      const sessions = await endUserSessions(db, userId, 'mfa-reset', now);
      return { contacts: contacts.length, devices, sessions };
    },
  };
}

/** The record the API answers. */
export function toStaffUser(row: StaffRow, manageable: boolean): StaffUser {
  return {
    id: row.user_id,
    username: row.username,
    name: row.name,
    email: row.email,
    roles: STAFF_ROLES.filter((r) => row.roles.includes(r)),
    flags: STAFF_FLAGS.filter((f) => row.auth_flags.includes(f)),
    status: row.status,
    mfaRequired: row.mfa_required,
    invitedAt: iso(row.invited_at),
    lastSignInAt: iso(row.last_sign_in_at),
    manageable,
  };
}
