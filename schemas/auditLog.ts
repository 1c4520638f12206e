import type { FromSchema } from 'json-schema-to-ts';
import { closedSchema, INT4_MAX } from './shared.js';

/**
 * The audit log viewer (access table `auditLog`, application 1): who, acting as whom,
 * did what to which record, with what before and after, when and from where. Read-only:
 * `GET /api/auditLog` (ra-data-simple-rest list), `GET /api/auditLog/:id`,
 * `GET /api/auditLog/export` (CSV). No route changes or deletes an entry, and the database
 * refuses to (migration 0021).
 */

/**
 * Lists count at most this many matches (Content-Range says this number when there are more)
 * and page within them: a count or an offset over millions of entries would not stay fast.
 * The export has no such limit (keyset batches).
 */
export const AUDIT_LOG_COUNT_CAP = 10_000;
export const AUDIT_LOG_SORT_FIELDS = ['occurredAt', 'id'] as const;
/** The CSV's columns, in order (header labels: auditLog.export.columns.<column>). */
export const AUDIT_LOG_EXPORT_COLUMNS = [
  'id',
  'occurredAt',
  'action',
  'actorUsername',
  'actorName',
  'impersonatorUsername',
  'impersonatorName',
  'targetType',
  'targetId',
  'ip',
  'changes',
  'details',
] as const;

const userId = { type: 'integer', minimum: 1, maximum: INT4_MAX } as const;
/** An entry's key: a bigint serial, read as a JavaScript number. */
export const auditId = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
const nullableText = { type: ['string', 'null'] } as const;

export const auditLogEntrySchema = closedSchema('AuditLogEntry', {
  id: { type: 'integer' },
  occurredAt: { type: 'string', format: 'date-time' },
  /** `<area>.<verb>`, such as users.updated or login.failed. */
  action: { type: 'string' },
  /** Who: the signed-in user (while impersonating, the user being impersonated). Null: nobody signed in, or a deleted user. */
  actorUserId: { type: ['integer', 'null'] },
  actorUsername: nullableText,
  actorName: nullableText,
  /** Acting as whom: the support user who was impersonating the actor. */
  impersonatorUserId: { type: ['integer', 'null'] },
  impersonatorUsername: nullableText,
  impersonatorName: nullableText,
  /** Through which dealer API key: the call was the key's, and the actor is the user who created it. */
  apiKeyId: { type: ['integer', 'null'] },
  apiKeyName: nullableText,
  apiKeyPrefix: nullableText,
  targetType: nullableText,
  targetId: nullableText,
  /** From where: the client address. */
  ip: nullableText,
  /** What the write recorded; before/after or { field: { from, to } } where it changed something. */
  details: { type: 'object', additionalProperties: true },
});
export type AuditLogEntry = FromSchema<typeof auditLogEntrySchema>;

export const auditLogFilterSchema = closedSchema('AuditLogFilter', [], {
  /** Any of: the action, the target id, the address, the actor's or impersonator's username or name. */
  q: { type: 'string', maxLength: 200 },
  /** The action or its start ('users.' for every user change). */
  action: { type: 'string', maxLength: 100 },
  actorUserId: userId,
  /** The actor's username or name (part of it, any case). */
  actor: { type: 'string', maxLength: 100 },
  impersonatorUserId: userId,
  impersonator: { type: 'string', maxLength: 100 },
  /** Only what was done while impersonating (true), or only what was not (false). */
  impersonated: { type: 'boolean' },
  targetType: { type: 'string', maxLength: 100 },
  targetId: { type: 'string', maxLength: 200 },
  /** Entries at or after `from` and before `to`. */
  from: { type: 'string', format: 'date-time' },
  to: { type: 'string', format: 'date-time' },
  /** react-admin's getMany. */
  id: { type: 'array', items: auditId, maxItems: 1000 },
});
export type AuditLogFilter = FromSchema<typeof auditLogFilterSchema>;

export const auditLogExportQuerySchema = {
  type: 'object',
  properties: { filter: { type: 'string', maxLength: 20000 } },
} as const;
