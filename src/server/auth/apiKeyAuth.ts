import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { canAccess } from '../../common/access.js';
import { addressAllowed } from '../../common/integrations/apiKeyRules.js';
import type { Db } from '../db/database.js';
import type { UsersTable } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { accessUserOf } from './accessGuard.js';
import { standingSteps } from './requirements.js';

/** The key a request presented, found by its prefix: what the authentication needs, nothing shown. */
export interface StoredApiKey {
  apiKeyId: number;
  name: string;
  prefix: string;
  siteGroupNum: number;
  secretHash: string;
  scopes: string[];
  allowedAddresses: string[];
  expiresAt: Date;
  revokedAt: Date | null;
  createdBy: number | null;
}

/**
 * What the auth plugin needs of the API keys (src/server/apiKeys gives it, through app.ts): how a
 * key is read from a header and checked, where its row is, and how a use is noted.
 */
export interface ApiKeyStore {
  /** The key an Authorization header carries (`Bearer pak_…`), or null when it carries none. */
  fromAuthorization(authorization: string | undefined): string | null;
  /** The prefix and secret of a presented key, or null when it is not shaped like one. */
  parse(presented: string): { prefix: string; secret: string } | null;
  /** Whether a presented secret matches the stored hash (constant time). */
  matches(secret: string, storedHash: string): boolean;
  find(prefix: string): Promise<StoredApiKey | undefined>;
  /** Notes a use (the store writes at most once a minute per key). */
  touch(apiKeyId: number, address: string, now?: Date): Promise<void>;
}

/** The key a request is authenticated as (request.auth.apiKey). */
export interface ApiKeyPrincipal {
  id: number;
  name: string;
  prefix: string;
  scopes: readonly string[];
}

type UserRow = Selectable<UsersTable>;
/** The key's creator as the key needs them: their row, whether they still belong to the key's group, their standing login steps. */
interface Creator {
  user: UserRow;
  inGroup: boolean;
  steps: readonly string[];
}
interface Cached {
  key: StoredApiKey | undefined;
  creator: Creator | undefined;
  until: number;
}

/**
 * A revoked key is refused within this long in every process even without Redis: entries live
 * no longer, and with Redis every write (a revocation is one) drops them at once everywhere.
 */
const KEY_CACHE_TTL_MS = 1000;
const MAX_ENTRIES = 10_000;
/** The list shows the last use to the minute: one write a minute per key at most, not one per call. */
const TOUCH_EVERY_MS = 60_000;

export interface ApiKeyAuthOptions {
  store: ApiKeyStore;
  db: Db;
  /** The session cache's state: whether memory may answer, and its flushes (sessionCache.ts). */
  cache: { usable(): boolean; onFlush(listener: () => void): void };
  onTouchError: (error: Error) => void;
  now?: () => number;
}

const refuse = (reply: FastifyReply, status: 401 | 403, message: string, description: string) => {
  if (status === 401) reply.header('WWW-Authenticate', `Bearer error="invalid_token", error_description="${description}"`);
  return new HttpError(status, message);
};

/**
 * Authentication by a dealer API key. The key is found by its prefix and kept in memory for
 * KEY_CACHE_TTL_MS at most (dropped whenever the session cache is, so a revocation reaches every
 * process through the same backplane message); its secret is checked against the hash on every call.
 *
 * The request acts as the key's creator, placed in the key's account group: the access guard then
 * allows only what both the creator's role and the key's scopes allow (accessGuard.ts). A key
 * whose creator is gone or disabled, no longer in the key's group, no longer allowed to hold keys
 * or with a login step waiting (must change their password, verify a contact for MFA…) answers
 * 401 with the reason in WWW-Authenticate's error_description.
 */
export function apiKeyAuth(options: ApiKeyAuthOptions) {
  const { store, db, cache } = options;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Cached>();
  const touched = new Map<number, number>();
  let generation = 0;
  cache.onFlush(() => {
    generation++;
    entries.clear();
  });

  async function creatorOf(key: StoredApiKey): Promise<Creator | undefined> {
    if (key.createdBy == null) return undefined;
    const user = await db
      .selectFrom('users')
      .selectAll()
      .select((eb) => [
        eb
          .exists(
            eb
              .selectFrom('user_account_groups as g')
              .whereRef('g.user_id', '=', 'users.user_id')
              .where('g.site_group_num', '=', key.siteGroupNum),
          )
          .as('in_group'),
        eb
          .selectFrom('user_contact_methods as c')
          .whereRef('c.user_id', '=', 'users.user_id')
          .where('c.verified_at', 'is not', null)
          .select((c) => c.fn.countAll<string>().as('n'))
          .as('verified_contacts'),
      ])
      .where('user_id', '=', key.createdBy)
      .executeTakeFirst();
    if (!user) return undefined;
    const { in_group, verified_contacts, ...row } = user;
    return { user: row, inGroup: !!in_group, steps: standingSteps(row, Number(verified_contacts ?? 0)) };
  }

  async function lookUp(prefix: string): Promise<Cached> {
    const held = cache.usable() ? entries.get(prefix) : undefined;
    if (held && held.until > now()) return held;
    const since = generation;
    const key = await store.find(prefix);
    const found = { key, creator: key && (await creatorOf(key)), until: now() + KEY_CACHE_TTL_MS };
    if (since === generation && cache.usable()) {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(prefix, found);
    }
    return found;
  }

  function noteUse(key: StoredApiKey, address: string, at: number) {
    const last = touched.get(key.apiKeyId);
    if (last !== undefined && at - last < TOUCH_EVERY_MS) return;
    if (touched.size >= MAX_ENTRIES) touched.clear();
    touched.set(key.apiKeyId, at);
    store.touch(key.apiKeyId, address, new Date(at)).catch(options.onTouchError);
  }

  return {
    fromAuthorization: store.fromAuthorization,

    /** Sets request.auth for a presented key, or throws the refusal (401; 403 from an address the key does not allow). */
    async authenticate(request: FastifyRequest, reply: FastifyReply, presented: string): Promise<void> {
      const parsed = store.parse(presented);
      if (!parsed) throw refuse(reply, 401, 'integrations.keys.invalid', 'malformed');
      const { key, creator } = await lookUp(parsed.prefix);
      if (!key || !store.matches(parsed.secret, key.secretHash)) throw refuse(reply, 401, 'integrations.keys.invalid', 'unknown');
      if (key.revokedAt) throw refuse(reply, 401, 'integrations.keys.revoked', 'revoked');
      const at = now();
      if (key.expiresAt.getTime() <= at) throw refuse(reply, 401, 'integrations.keys.expired', 'expired');
      if (!creator || creator.user.disabled_at) throw refuse(reply, 401, 'integrations.keys.creatorGone', 'creator');
      // The key is the creator's delegation: it lapses when they leave the group, lose the role
      // that lets them hold keys, or have a login step waiting (docs/integrations.md).
      const user = { ...creator.user, current_site_group_num: key.siteGroupNum };
      if (!creator.inGroup) throw refuse(reply, 401, 'integrations.keys.creatorMoved', 'creator-group');
      if (!canAccess(accessUserOf(user), { resource: 'apiKeys', action: 'create' }))
        throw refuse(reply, 401, 'integrations.keys.creatorRole', 'creator-role');
      if (creator.steps.length) throw refuse(reply, 401, 'integrations.keys.creatorSteps', 'creator-action-required');
      if (!addressAllowed(key.allowedAddresses, request.ip)) throw refuse(reply, 403, 'integrations.keys.addressRefused', 'address');
      request.auth = {
        user,
        session: null,
        pending: {},
        apiKey: { id: key.apiKeyId, name: key.name, prefix: key.prefix, scopes: key.scopes },
      };
      noteUse(key, request.ip, at);
    },
  };
}
