import { sql, type Expression, type SqlBool } from 'kysely';
import type { SupportAccess, SupportUser, SupportUserStatus } from '../../../schemas/support.js';
import { APPLICATION } from '../../common/constants.js';
import { standingSteps } from '../auth/requirements.js';
import { replaceToken } from '../auth/oneTimeTokens.js';
import { endUserSessions } from '../auth/sessions.js';
import { accountNeedsCaptcha, SIGN_IN_ACCOUNT_POLICY, signInKeys, throttle, type ThrottleState } from '../auth/throttle.js';
import type { Db } from '../db/database.js';
import { containsPattern, iso } from '../db/listing.js';

export type SupportSortField = 'id' | 'name' | 'username' | 'applicationNum' | 'status' | 'lastSignInAt';

export interface SupportQuery {
  q?: string;
  status?: SupportUserStatus;
  applicationNum?: number;
  ids?: number[];
  sort?: { field: SupportSortField; order: 'asc' | 'desc' };
  offset: number;
  limit: number;
}

/** The sign-in throttle's key prefix of an account (throttle.ts signInKeys: `pair:<account>|<address>`). */
const pairPrefix = sql<string>`'pair:' || lower(users.username) || '|'`;

const lockedSql = sql<boolean>`exists (select 1 from login_throttle t
  where starts_with(t.throttle_key, ${pairPrefix}) and t.blocked_until > now())`;

/** SPEC §4 login steps still waiting (requirements.ts pendingRequirements, without the per-sign-in code). */
const pendingSql = sql<boolean>`(users.username_reset_required or users.verify_security_questions
  or users.password_reset_required or users.privacy_policy_required
  or (users.application_num = ${APPLICATION.dealer} and users.beta_user and users.terms_required)
  or not exists (select 1 from user_contact_methods c where c.user_id = users.user_id and c.verified_at is not null))`;

/** src/common/supportActions.ts supportStatus, in SQL (a list filters and sorts by it). */
const statusSql = sql<SupportUserStatus>`case
  when users.disabled_at is not null then 'disabled'
  when users.password_hash is null then 'invited'
  when ${lockedSql} then 'locked'
  when ${pendingSql} then 'pendingRequirements'
  else 'active' end`;

/** The newest sign-in of the user's own (the audit log's login.succeeded; impersonations are not theirs). */
const lastSignInSql = sql<Date | null>`(select max(a.occurred_at) from audit_log a
  where a.actor_user_id = users.user_id and a.action = 'login.succeeded')`;

/**
 * The dealer a user belongs to: a dealer's (application 2) current account group, else their
 * first; a customer's, the group of their default (else first) linked account. Staff: none.
 */
const dealerSql = sql<{ dealer_number: string; site_group_name: string } | null>`case
  when users.application_num = ${APPLICATION.dealer} then (
    select json_build_object('dealer_number', coalesce(users.dealer_number, a.dealer_number), 'site_group_name', a.site_group_name)
    from user_account_groups g join account_groups a on a.site_group_num = g.site_group_num
    where g.user_id = users.user_id
    order by (g.site_group_num = users.current_site_group_num) desc, g.site_group_num limit 1)
  when users.application_num = ${APPLICATION.customer} then (
    select json_build_object('dealer_number', a.dealer_number, 'site_group_name', a.site_group_name)
    from msa_account_links l join sites s on s.site_num = l.site_num join account_groups a on a.site_group_num = s.site_group_num
    where l.user_id = users.user_id
    order by l.is_default desc, l.site_num limit 1)
  end`;

/**
 * Users matching a search: a substring of the username, name, email or dealer number (folded: case
 * and accents), of a contact method, and, when the text is a number, of a phone number's digits
 * (whatever the formatting), a linked account number or a dealer number of the user's account
 * groups. One branch per source so each uses its trigram index (migration 0020).
 */
function matchingIds(q: string): Expression<SqlBool> {
  const like = containsPattern(q);
  const digits = q.replace(/\D/g, '');
  const numeric = digits.length >= 3 && /^[\d\s()+.\-/]+$/.test(q);
  const digitsLike = containsPattern(digits);
  return sql<SqlBool>`users.user_id in (
    select u.user_id from users u where user_search_doc(u.username, u.name, u.email, u.dealer_number) like search_fold(${like})
    union select c.user_id from user_contact_methods c where search_fold(c.value) like search_fold(${like})
    union select g.user_id from user_account_groups g join account_groups a on a.site_group_num = g.site_group_num
      join users u on u.user_id = g.user_id
      where u.application_num = ${APPLICATION.dealer} and search_fold(a.dealer_number) like search_fold(${like})
    ${
      numeric
        ? sql`union select u.user_id from users u where search_digits(u.phone_number) like ${digitsLike}
    union select c.user_id from user_contact_methods c where c.type = 'cellPhone' and search_digits(c.value) like ${digitsLike}
    union select l.user_id from msa_account_links l where l.site_num::text like ${digitsLike}`
        : sql``
    })`;
}

interface ListRow {
  user_id: number;
  username: string;
  name: string;
  email: string | null;
  phone_number: string | null;
  application_num: 1 | 2 | 3;
  status: SupportUserStatus;
  last_sign_in_at: Date | null;
  dealer: { dealer_number: string; site_group_name: string } | string | null;
}

function dealerOf(value: ListRow['dealer']): { dealer_number: string; site_group_name: string } | null {
  if (value === null) return null;
  return typeof value === 'string' ? JSON.parse(value) : value;
}

function toSupportUser(row: ListRow): SupportUser {
  const dealer = dealerOf(row.dealer);
  return {
    id: row.user_id,
    username: row.username,
    name: row.name,
    email: row.email,
    phoneNumber: row.phone_number,
    applicationNum: row.application_num,
    dealerNumber: dealer?.dealer_number ?? null,
    dealerName: dealer?.site_group_name ?? null,
    status: row.status,
    lastSignInAt: iso(row.last_sign_in_at),
  };
}

/** The account's challenge while it lasts: its failures within the hour, and when it ends if no more come. */
function challengeOf(state: ThrottleState | undefined, now: Date) {
  if (!state?.lastFailureAt || !accountNeedsCaptcha(state, now)) return null;
  return { failures: state.failures, until: new Date(state.lastFailureAt.getTime() + SIGN_IN_ACCOUNT_POLICY.windowMs).toISOString() };
}

/** What the sign-in attempts of the audit log say happened. */
function attemptResult(action: string, details: unknown): 'succeeded' | 'failed' | 'throttled' | 'captchaRequired' {
  if (action === 'login.succeeded') return 'succeeded';
  const d = (typeof details === 'string' ? JSON.parse(details) : details) as { throttled?: boolean; captchaRequired?: boolean } | null;
  if (d?.throttled) return 'throttled';
  if (d?.captchaRequired) return 'captchaRequired';
  return 'failed';
}

const RECENT_ATTEMPTS = 20;

/**
 * Support's queries: every user, across tenants (application 1 sees them all: the
 * access table's `users` entry with §6 reportRead); one user's sign-in state; the changes the
 * support actions make; impersonations.
 */
export function supportRepository(db: Db) {
  function selectList() {
    return db
      .selectFrom('users')
      .select([
        'users.user_id',
        'users.username',
        'users.name',
        'users.email',
        'users.phone_number',
        'users.application_num',
        statusSql.as('status'),
        lastSignInSql.as('last_sign_in_at'),
        dealerSql.as('dealer'),
      ]);
  }

  function filtered(query: Pick<SupportQuery, 'q' | 'status' | 'applicationNum' | 'ids'>) {
    let q = db.selectFrom('users');
    if (query.q) q = q.where(matchingIds(query.q));
    if (query.status) q = q.where(statusSql, '=', query.status);
    if (query.applicationNum) q = q.where('users.application_num', '=', query.applicationNum as 1 | 2 | 3);
    if (query.ids?.length) q = q.where('users.user_id', 'in', query.ids);
    return q;
  }

  async function impersonationsOf(targetUserId: number, limit = 50): Promise<SupportAccess[]> {
    const rows = await db
      .selectFrom('impersonations as i')
      .leftJoin('sessions as s', 's.session_id', 'i.session_id')
      .select([
        'i.impersonation_id',
        'i.impersonator_name',
        'i.reason',
        'i.duration_minutes',
        'i.started_at',
        'i.expires_at',
        'i.ended_at',
        's.ended_at as session_ended_at',
        's.expires_at as session_expires_at',
      ])
      .where('i.target_user_id', '=', targetUserId)
      .orderBy('i.started_at', 'desc')
      .orderBy('i.impersonation_id', 'desc')
      .limit(limit)
      .execute();
    const now = Date.now();
    return rows.map((r) => {
      // Ended by support, else by the session's end (sign-out, disabled...), else by its expiry.
      const expires = new Date(r.session_expires_at ?? r.expires_at);
      const ended = r.ended_at ?? r.session_ended_at ?? (expires.getTime() <= now ? expires : null);
      const expired = !r.ended_at && !r.session_ended_at && ended !== null;
      return {
        id: r.impersonation_id,
        supportName: r.impersonator_name,
        reason: r.reason,
        durationMinutes: r.duration_minutes,
        startedAt: iso(r.started_at)!,
        expiresAt: iso(r.expires_at)!,
        endedAt: iso(ended),
        state: ended === null ? 'active' : expired ? 'expired' : 'ended',
      };
    });
  }

  return {
    async list(query: SupportQuery): Promise<{ rows: SupportUser[]; total: number }> {
      const q = query.q?.trim();
      const where = { ...query, q: q || undefined };
      const { count } = await filtered(where)
        .select(sql<string>`count(*)`.as('count'))
        .executeTakeFirstOrThrow();
      let list = selectList();
      if (where.q) list = list.where(matchingIds(where.q));
      if (where.status) list = list.where(statusSql, '=', where.status);
      if (where.applicationNum) list = list.where('users.application_num', '=', where.applicationNum as 1 | 2 | 3);
      if (where.ids?.length) list = list.where('users.user_id', 'in', where.ids);
      const order = query.sort?.order ?? 'asc';
      switch (query.sort?.field) {
        case 'id':
          list = list.orderBy('users.user_id', order);
          break;
        case 'username':
          list = list.orderBy(sql`lower(users.username)`, order);
          break;
        case 'applicationNum':
          list = list.orderBy('users.application_num', order).orderBy(sql`lower(users.name)`);
          break;
        case 'status':
          list = list.orderBy(statusSql, order).orderBy(sql`lower(users.name)`);
          break;
        case 'lastSignInAt':
          list = list.orderBy(sql`${lastSignInSql} ${sql.raw(order)} nulls last`);
          break;
        case 'name':
          list = list.orderBy(sql`lower(users.name)`, order);
          break;
        default:
          // A search's exact username or email first, then by name.
          if (where.q) {
            const exact = where.q.toLowerCase();
            list = list.orderBy(
              sql`case when lower(users.username) = ${exact} or lower(coalesce(users.email, '')) = ${exact} then 0 else 1 end`,
            );
          }
          list = list.orderBy(sql`lower(users.name)`);
      }
      const rows = await list.orderBy('users.user_id').offset(query.offset).limit(query.limit).execute();
      return { rows: (rows as ListRow[]).map(toSupportUser), total: Number(count) };
    },

    /** The user row with its directory line, or undefined. */
    async user(userId: number) {
      const row = await db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
      if (!row) return undefined;
      const line = (await selectList().where('users.user_id', '=', userId).executeTakeFirstOrThrow()) as ListRow;
      return { row, line: toSupportUser(line) };
    },

    /** Everything of a user's page but the rules' answers (supportRoutes.ts adds those). */
    async state(user: { user_id: number; username: string; current_site_group_num: number | null }) {
      const userId = user.user_id;
      const now = new Date();
      const accountKey = signInKeys(user.username, '').account;
      const [groups, links, contacts, challenge, locks, devices, sessions, failed, succeeded, supportAccess] = await Promise.all([
        db
          .selectFrom('user_account_groups as g')
          .innerJoin('account_groups as a', 'a.site_group_num', 'g.site_group_num')
          .select(['a.site_group_num', 'a.site_group_name', 'a.dealer_number'])
          .where('g.user_id', '=', userId)
          .orderBy('a.site_group_num')
          .execute(),
        db
          .selectFrom('msa_account_links as l')
          .innerJoin('sites as s', 's.site_num', 'l.site_num')
          .leftJoin('account_groups as a', 'a.site_group_num', 's.site_group_num')
          .select(['l.site_num', 's.site_name', 'a.site_group_name', 'l.is_default'])
          .where('l.user_id', '=', userId)
          .orderBy('l.is_default', 'desc')
          .orderBy('l.site_num')
          .execute(),
        db
          .selectFrom('user_contact_methods')
          .select(['type', 'value', 'verified_at'])
          .where('user_id', '=', userId)
          .orderBy('type')
          .execute(),
        throttle(db)
          .states([accountKey])
          .then((states) => states.get(accountKey)),
        db
          .selectFrom('login_throttle')
          .select(['throttle_key', 'failures', 'blocked_until'])
          .where(sql<SqlBool>`starts_with(throttle_key, ${`pair:${user.username.toLowerCase()}|`})`)
          .where('blocked_until', '>', now)
          .orderBy('blocked_until', 'desc')
          .execute(),
        db
          .selectFrom('trusted_devices')
          .select(['device_id', 'label', 'created_at', 'last_used_at'])
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .orderBy('created_at', 'desc')
          .execute(),
        db
          .selectFrom('sessions as s')
          .leftJoin('users as i', 'i.user_id', 's.impersonator_user_id')
          .select(['s.session_id', 's.ip', 's.user_agent', 's.created_at', 's.last_seen_at', 's.expires_at', 'i.name as impersonator'])
          .where('s.user_id', '=', userId)
          .where('s.ended_at', 'is', null)
          .where('s.expires_at', '>', now)
          .orderBy('s.last_seen_at', 'desc')
          .limit(100)
          .execute(),
        db
          .selectFrom('audit_log')
          .select(['occurred_at', 'ip', 'action', 'details'])
          .where('action', '=', 'login.failed')
          .where('target_id', '=', String(userId))
          .orderBy('occurred_at', 'desc')
          .limit(RECENT_ATTEMPTS)
          .execute(),
        db
          .selectFrom('audit_log')
          .select(['occurred_at', 'ip', 'action', 'details'])
          .where('actor_user_id', '=', userId)
          .where('action', '=', 'login.succeeded')
          .orderBy('occurred_at', 'desc')
          .limit(RECENT_ATTEMPTS)
          .execute(),
        impersonationsOf(userId),
      ]);
      const attempts = [...failed, ...succeeded]
        .sort((a, b) => new Date(b.occurred_at).getTime() - new Date(a.occurred_at).getTime())
        .slice(0, RECENT_ATTEMPTS)
        .map((a) => ({ at: iso(a.occurred_at)!, ip: a.ip === null ? null : String(a.ip), result: attemptResult(a.action, a.details) }));
      return {
        accountGroups: groups.map((g) => ({
          siteGroupNum: g.site_group_num,
          siteGroupName: g.site_group_name,
          dealerNumber: g.dealer_number,
          current: g.site_group_num === user.current_site_group_num,
        })),
        linkedAccounts: links.map((l) => ({
          siteNum: l.site_num,
          siteName: l.site_name,
          siteGroupName: l.site_group_name,
          isDefault: l.is_default,
        })),
        contactMethods: contacts.map((c) => ({ type: c.type, value: c.value, verified: !!c.verified_at })),
        accountChallenge: challengeOf(challenge, now),
        locks: locks.map((l) => ({
          address: l.throttle_key.slice(l.throttle_key.indexOf('|') + 1),
          failures: l.failures,
          blockedUntil: iso(l.blocked_until)!,
        })),
        trustedDevices: devices.map((d) => ({
          id: d.device_id,
          label: d.label,
          createdAt: iso(d.created_at)!,
          lastUsedAt: iso(d.last_used_at),
        })),
        sessions: sessions.map((s) => ({
          id: s.session_id,
          ip: s.ip === null ? null : String(s.ip),
          userAgent: s.user_agent,
          createdAt: iso(s.created_at)!,
          lastSeenAt: iso(s.last_seen_at)!,
          expiresAt: iso(s.expires_at)!,
          impersonatedBy: s.impersonator,
        })),
        signInAttempts: attempts,
        supportAccess,
      };
    },

    /** The login steps a user's next sign-in asks for (requirements.ts), by flag name; not the per-sign-in MFA code. */
    pendingOf: standingSteps,

    impersonationsOf,

    // ------------------------------------------------------------ the actions' changes

    /**
     * Forgets the account's sign-in blocks and failures from every address, and its challenge
     * against guesses from many addresses; answers how many addresses were blocked.
     */
    async unlock(username: string): Promise<number> {
      const rows = await db
        .deleteFrom('login_throttle')
        .where((eb) =>
          eb.or([
            sql<SqlBool>`starts_with(throttle_key, ${`pair:${username.toLowerCase()}|`})`,
            eb('throttle_key', '=', signInKeys(username, '').account),
          ]),
        )
        .returning('throttle_key')
        .execute();
      return rows.filter((row) => row.throttle_key.startsWith('pair:')).length;
    },

    async requirePasswordReset(userId: number, now = new Date()): Promise<void> {
      await db.updateTable('users').set({ password_reset_required: true, updated_at: now }).where('user_id', '=', userId).execute();
    },

    async setDisabled(userId: number, disabled: boolean, now = new Date()): Promise<void> {
      await db
        .updateTable('users')
        .set({ disabled_at: disabled ? now : null, updated_at: now })
        .where('user_id', '=', userId)
        .execute();
    },

    /** A fresh registration link of `kind` (the earlier ones retired): the token to mail. */
    async newRegistrationToken(userId: number, kind: 'registration' | 'registrationOtp', ttlMs: number, now = new Date()) {
      return replaceToken(db, { kind, userId, ttlMs, now });
    },

    /** Ends every open session of the user (impersonations of them too); answers how many. */
    endSessions: (userId: number, reason: string) => endUserSessions(db, userId, reason),

    // ------------------------------------------------------------ impersonation

    async startImpersonation(input: {
      impersonatorUserId: number;
      impersonatorName: string;
      targetUserId: number;
      sessionId: string;
      reason: string;
      durationMinutes: number;
      startedAt: Date;
      expiresAt: Date;
    }): Promise<number> {
      const row = await db
        .insertInto('impersonations')
        .values({
          impersonator_user_id: input.impersonatorUserId,
          impersonator_name: input.impersonatorName,
          target_user_id: input.targetUserId,
          session_id: input.sessionId,
          reason: input.reason,
          duration_minutes: input.durationMinutes,
          started_at: input.startedAt,
          expires_at: input.expiresAt,
          ended_at: null,
        })
        .returning('impersonation_id')
        .executeTakeFirstOrThrow();
      return row.impersonation_id;
    },
  };
}
export type SupportRepository = ReturnType<typeof supportRepository>;
