import type { Generated } from 'kysely';
import type { Json } from './columns.js';

/** The audit log. */
export interface AuditTables {
  audit_log: AuditLogTable;
}

export interface AuditLogTable {
  audit_id: Generated<number>;
  occurred_at: Generated<Date>;
  actor_user_id: number | null;
  impersonator_user_id: number | null;
  /** The dealer API key that made the call (migration 0028); the actor is then the key's creator. */
  api_key_id: number | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  details: Json;
}
