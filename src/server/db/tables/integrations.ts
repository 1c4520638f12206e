import type { Generated } from 'kysely';
import type { Timestamp } from './columns.js';

/** A dealer's own systems: API keys for calls in (migration 0026). */
export interface IntegrationTables {
  api_keys: ApiKeysTable;
}

export interface ApiKeysTable {
  api_key_id: Generated<number>;
  site_group_num: number;
  name: string;
  prefix: string;
  secret_hash: string;
  scopes: string[];
  allowed_addresses: Generated<string[]>;
  expires_at: Timestamp;
  created_at: Generated<Date>;
  created_by: number | null;
  last_used_at: Timestamp | null;
  last_used_address: string | null;
  revoked_at: Timestamp | null;
  revoked_by: number | null;
}
