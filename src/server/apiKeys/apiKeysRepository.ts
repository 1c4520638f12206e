import { sql, type Selectable } from 'kysely';
import type { ApiKey, ApiKeyFilter, ApiKeyInput, ApiKeyScope, API_KEY_SORT_FIELDS } from '../../../schemas/integrations.js';
import type { Db } from '../db/database.js';
import { containsPattern, iso, listPage } from '../db/listing.js';
import type { ApiKeysTable } from '../db/schema.js';
import { newApiKey } from './apiKeyFormat.js';

type Row = Selectable<ApiKeysTable> & { created_by_username: string | null };
type SortField = (typeof API_KEY_SORT_FIELDS)[number];

const SORT_COLUMNS = {
  id: 'api_key_id',
  name: 'name',
  createdAt: 'created_at',
  expiresAt: 'expires_at',
  lastUsedAt: 'last_used_at',
} as const satisfies Record<SortField, keyof ApiKeysTable>;

function statusOf(row: Pick<Row, 'revoked_at' | 'expires_at'>, now: Date): ApiKey['status'] {
  if (row.revoked_at) return 'revoked';
  return new Date(row.expires_at) <= now ? 'expired' : 'active';
}

function toApiKey(row: Row, now: Date, key: string | null = null): ApiKey {
  return {
    id: row.api_key_id,
    name: row.name,
    scopes: row.scopes as ApiKeyScope[],
    expiresAt: iso(row.expires_at),
    allowedAddresses: row.allowed_addresses,
    prefix: row.prefix,
    status: statusOf(row, now),
    createdAt: iso(row.created_at),
    createdBy: row.created_by_username,
    lastUsedAt: iso(row.last_used_at),
    lastUsedAddress: row.last_used_address,
    revokedAt: iso(row.revoked_at),
    key,
  };
}

export interface ApiKeyListOptions {
  filter: ApiKeyFilter;
  sort?: { field: SortField; order: 'asc' | 'desc' };
  offset: number;
  limit: number;
  now?: Date;
}

/** Every query of a group's API keys; the group is the tenant scope of each call. */
export function apiKeysRepository(db: Db) {
  const selectKeys = (group: number) =>
    db
      .selectFrom('api_keys')
      .leftJoin('users', 'users.user_id', 'api_keys.created_by')
      .where('api_keys.site_group_num', '=', group)
      .selectAll('api_keys')
      .select('users.username as created_by_username');

  return {
    async list(group: number, { filter, sort, offset, limit, now = new Date() }: ApiKeyListOptions) {
      let query = db.selectFrom('api_keys').where('site_group_num', '=', group);
      if (filter.q?.trim()) {
        const pattern = containsPattern(filter.q.trim());
        query = query.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('prefix', 'ilike', pattern)]));
      }
      if (filter.status === 'revoked') query = query.where('revoked_at', 'is not', null);
      if (filter.status === 'active') query = query.where('revoked_at', 'is', null).where('expires_at', '>', now);
      if (filter.status === 'expired') query = query.where('revoked_at', 'is', null).where('expires_at', '<=', now);
      if (filter.id) query = query.where('api_key_id', 'in', filter.id.length ? filter.id : [-1]);
      const { field = 'createdAt', order = 'desc' } = sort ?? {};
      let page = query
        .leftJoin('users', 'users.user_id', 'api_keys.created_by')
        .selectAll('api_keys')
        .select('users.username as created_by_username');
      if (field !== 'id') {
        page = page.orderBy(sql.ref(`api_keys.${SORT_COLUMNS[field]}`), (ob) =>
          order === 'asc' ? ob.asc().nullsLast() : ob.desc().nullsLast(),
        );
      }
      const { rows, total } = await listPage(page.orderBy('api_keys.api_key_id', order), query, { offset, limit });
      return { total, items: rows.map((row) => toApiKey(row, now)) };
    },

    async get(group: number, id: number, now = new Date()): Promise<ApiKey | undefined> {
      const row = await selectKeys(group).where('api_keys.api_key_id', '=', id).executeTakeFirst();
      return row && toApiKey(row, now);
    },

    /** A new key; the answer holds the whole key, the one time it is shown. */
    async create(group: number, input: ApiKeyInput, userId: number | null, now = new Date()): Promise<ApiKey> {
      const { key, prefix, hash } = newApiKey();
      const { api_key_id } = await db
        .insertInto('api_keys')
        .values({
          site_group_num: group,
          name: input.name.trim(),
          prefix,
          secret_hash: hash,
          scopes: [...input.scopes],
          allowed_addresses: (input.allowedAddresses ?? []).map((entry) => entry.trim()),
          expires_at: new Date(input.expiresAt),
          created_by: userId,
        })
        .returning('api_key_id')
        .executeTakeFirstOrThrow();
      const row = await selectKeys(group).where('api_keys.api_key_id', '=', api_key_id).executeTakeFirstOrThrow();
      return toApiKey(row, now, key);
    },

    /** Revokes a key (its row stays, for the list and the audit log); undefined when the group has no such key. */
    async revoke(group: number, id: number, userId: number | null, now = new Date()): Promise<ApiKey | undefined> {
      await db
        .updateTable('api_keys')
        .set({ revoked_at: now, revoked_by: userId })
        .where('site_group_num', '=', group)
        .where('api_key_id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
      return this.get(group, id, now);
    },

    /** The key a request presented, found by its prefix: what the authentication needs (src/server/auth/apiKeyAuth.ts). */
    async findByPrefix(prefix: string) {
      const row = await db.selectFrom('api_keys').selectAll().where('prefix', '=', prefix).executeTakeFirst();
      return (
        row && {
          apiKeyId: row.api_key_id,
          name: row.name,
          prefix: row.prefix,
          siteGroupNum: row.site_group_num,
          secretHash: row.secret_hash,
          scopes: row.scopes,
          allowedAddresses: row.allowed_addresses,
          expiresAt: new Date(row.expires_at),
          revokedAt: row.revoked_at ? new Date(row.revoked_at) : null,
          createdBy: row.created_by,
        }
      );
    },

    /** Notes a use (at most one write a minute per key: the list shows minutes). */
    async touch(apiKeyId: number, address: string, now = new Date()): Promise<void> {
      await db
        .updateTable('api_keys')
        .set({ last_used_at: now, last_used_address: address })
        .where('api_key_id', '=', apiKeyId)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', new Date(now.getTime() - 60_000))]))
        .execute();
    },
  };
}
