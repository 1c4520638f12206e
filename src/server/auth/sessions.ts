import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { SessionsTable } from '../db/schema.js';
import { BEARER_LIFETIME_MS, signBearer } from './bearer.js';
import type { Pending } from './requirements.js';
import { randomToken, sha256 } from './secrets.js';

/**
 * Sessions: a new one at every sign-in. The browser holds three things:
 * the session cookie (httpOnly, identifies the session), the refresh cookie
 * (httpOnly, only sent to /api/token, rotated at every refresh) and the
 * short-lived bearer token in memory. The database keeps only hashes.
 */
const SESSION_LIFETIME_MS = 12 * 60 * 60_000;

export type Session = Selectable<SessionsTable>;

export interface IssuedTokens {
  sessionId: string;
  sessionToken: string;
  refreshToken: string;
  bearer: { token: string; expires: Date };
}

export type RefreshOutcome =
  | { outcome: 'rotated'; session: Session; refreshToken: string; bearer: { token: string; expires: Date } }
  | { outcome: 'reused'; session: Session }
  /** `impersonation`: the refresh token was an impersonation session's (its end answers Invalid-Impersonation, SPEC §8). */
  | { outcome: 'invalid'; impersonation?: boolean };

export interface SessionStoreOptions {
  /**
   * Called (and awaited) after a session ended or changed (sign-out, refresh, reuse, pending
   * steps): the session cache of every process forgets what it kept (sessionCache.ts).
   */
  changed?: () => Promise<void>;
}

export function sessionStore(db: Db, secret: string, options: SessionStoreOptions = {}) {
  const changed = options.changed ?? (async () => undefined);
  const issueBearer = (sessionId: string, now: Date) => {
    const expires = new Date(now.getTime() + BEARER_LIFETIME_MS);
    return { token: signBearer(secret, sessionId, expires), expires };
  };

  return {
    async create(input: {
      userId: number;
      impersonatorUserId?: number | null;
      pending: Pending;
      ip: string | null;
      userAgent: string | null;
      now?: Date;
      /** Ends sooner than a sign-in's 12 hours (an impersonation: 15, 30 or 60 minutes). */
      expiresAt?: Date;
    }): Promise<IssuedTokens> {
      const now = input.now ?? new Date();
      const sessionId = randomUUID();
      const sessionToken = randomToken();
      const refreshToken = randomToken();
      const bearer = issueBearer(sessionId, now);
      await db
        .insertInto('sessions')
        .values({
          session_id: sessionId,
          user_id: input.userId,
          impersonator_user_id: input.impersonatorUserId ?? null,
          token_hash: sha256(sessionToken),
          refresh_hash: sha256(refreshToken),
          previous_refresh_hash: null,
          bearer_expires_at: bearer.expires,
          pending_requirements: JSON.stringify(input.pending),
          ip: input.ip,
          user_agent: input.userAgent?.slice(0, 512) ?? null,
          created_at: now,
          last_seen_at: now,
          expires_at: input.expiresAt ?? new Date(now.getTime() + SESSION_LIFETIME_MS),
          ended_at: null,
          end_reason: null,
        })
        .execute();
      return { sessionId, sessionToken, refreshToken, bearer };
    },

    /** The open session with this id, or undefined when ended or expired. */
    async open(sessionId: string, now = new Date()): Promise<Session | undefined> {
      return db
        .selectFrom('sessions')
        .selectAll()
        .where('session_id', '=', sessionId)
        .where('ended_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    /** True when the session (open or not) is an impersonation: its end answers Invalid-Impersonation (SPEC §8). */
    async isImpersonation(sessionId: string): Promise<boolean> {
      const row = await db.selectFrom('sessions').select('impersonator_user_id').where('session_id', '=', sessionId).executeTakeFirst();
      return !!row?.impersonator_user_id;
    },

    async byCookie(sessionToken: string, now = new Date()): Promise<Session | undefined> {
      return db
        .selectFrom('sessions')
        .selectAll()
        .where('token_hash', '=', sha256(sessionToken))
        .where('ended_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    /**
     * Rotates the refresh token. Presenting the token that was already
     * rotated away means it was copied: the whole session ends.
     */
    async refresh(refreshToken: string, now = new Date()): Promise<RefreshOutcome> {
      const hash = sha256(refreshToken);
      const result = await db.transaction().execute(async (trx): Promise<RefreshOutcome> => {
        const session = await trx
          .selectFrom('sessions')
          .selectAll()
          .where((eb) => eb.or([eb('refresh_hash', '=', hash), eb('previous_refresh_hash', '=', hash)]))
          .forUpdate()
          .executeTakeFirst();
        if (!session || session.ended_at || session.expires_at <= now)
          return { outcome: 'invalid', impersonation: !!session?.impersonator_user_id } as const;
        if (session.refresh_hash !== hash) {
          await trx
            .updateTable('sessions')
            .set({ ended_at: now, end_reason: 'refresh-reuse' })
            .where('session_id', '=', session.session_id)
            .execute();
          return { outcome: 'reused', session } as const;
        }
        const next = randomToken();
        const bearer = issueBearer(session.session_id, now);
        await trx
          .updateTable('sessions')
          .set({ refresh_hash: sha256(next), previous_refresh_hash: hash, bearer_expires_at: bearer.expires, last_seen_at: now })
          .where('session_id', '=', session.session_id)
          .execute();
        return { outcome: 'rotated', session, refreshToken: next, bearer } as const;
      });
      if (result.outcome !== 'invalid') await changed();
      return result;
    },

    async setPending(sessionId: string, pending: Pending): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ pending_requirements: JSON.stringify(pending) })
        .where('session_id', '=', sessionId)
        .execute();
      await changed();
    },

    async end(sessionId: string, reason: string, now = new Date()): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ ended_at: now, end_reason: reason })
        .where('session_id', '=', sessionId)
        .where('ended_at', 'is', null)
        .execute();
      await changed();
    },

    /** Users or sessions were changed some other way (a write outside a request, a script): every process forgets what it kept. */
    changed,
  };
}
export type SessionStore = ReturnType<typeof sessionStore>;

/**
 * Ends every open session of the user (impersonations of them too), outside a request's own store:
 * a password reset, a disabled user, support signing them out. Answers how many ended.
 */
export async function endUserSessions(db: Db, userId: number, reason: string, now = new Date()): Promise<number> {
  const rows = await db
    .updateTable('sessions')
    .set({ ended_at: now, end_reason: reason })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .returning('session_id')
    .execute();
  return rows.length;
}
