import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.js';

/** A dealer's own systems: API keys for calls in (migration 0026), webhooks out (0027). */
export interface IntegrationTables {
  api_keys: ApiKeysTable;
  webhook_subscriptions: WebhookSubscriptionsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
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

export interface WebhookSubscriptionsTable {
  subscription_id: Generated<number>;
  site_group_num: number;
  url: string;
  description: string | null;
  event_types: string[];
  site_nums: Generated<number[]>;
  status: Generated<'active' | 'paused' | 'disabled'>;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_until: Timestamp | null;
  failing_since: Timestamp | null;
  disabled_at: Timestamp | null;
  last_delivery_at: Timestamp | null;
  last_status: 'delivered' | 'failed' | null;
  lease_until: Timestamp | null;
  created_at: Generated<Date>;
  created_by: number | null;
}

export interface WebhookEventsTable {
  event_id: string;
  site_group_num: number;
  site_num: number | null;
  type: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  created_at: Generated<Date>;
}

export interface WebhookDeliveriesTable {
  delivery_id: Generated<number>;
  subscription_id: number;
  event_id: string;
  attempt: Generated<number>;
  status: Generated<'pending' | 'delivered' | 'failed'>;
  status_code: number | null;
  latency_ms: number | null;
  response_excerpt: string | null;
  error: string | null;
  created_at: Generated<Date>;
  attempted_at: Timestamp | null;
  next_attempt_at: Timestamp | null;
}
