import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import type { AuditAction } from '../../common/auditActions.js';
import type { AuditTargetType } from '../../common/auditTargets.js';

/** One audit line: who did what to which thing, when and from where. Never a secret in `details`. */
export interface AuditEntry {
  action: AuditAction;
  actorUserId?: number | null;
  impersonatorUserId?: number | null;
  /** The dealer API key that made the call (its creator is the actor). */
  apiKeyId?: number | null;
  targetType?: AuditTargetType;
  targetId?: string | number;
  ip?: string | null;
  details?: Record<string, unknown>;
}

/** The entry of a request: the actor defaults to its signed-in user (give `actorUserId` to name another, or null for none). */
type RequestAuditEntry = Omit<AuditEntry, 'impersonatorUserId' | 'apiKeyId' | 'ip'>;

/**
 * app.audit (platformPlugin.ts): `app.audit(request, entry)` records an entry
 * of a request (its user, impersonator and address), `app.audit.system(entry)`
 * one without a request, `app.audit.systemAll(entries, trx)` many without a request in one
 * statement, in the caller's transaction when given (written with the rows they are about, or not at all).
 */
export interface Audit {
  (request: FastifyRequest, entry: RequestAuditEntry): Promise<void>;
  system(entry: AuditEntry): Promise<void>;
  systemAll(entries: AuditEntry[], trx?: Db): Promise<void>;
}

async function writeAudit(db: Db, entries: AuditEntry[]): Promise<void> {
  if (!entries.length) return;
  await db
    .insertInto('audit_log')
    .values(
      entries.map((entry) => ({
        action: entry.action,
        actor_user_id: entry.actorUserId ?? null,
        impersonator_user_id: entry.impersonatorUserId ?? null,
        api_key_id: entry.apiKeyId ?? null,
        target_type: entry.targetType ?? null,
        target_id: entry.targetId === undefined ? null : String(entry.targetId),
        ip: entry.ip ?? null,
        details: JSON.stringify(entry.details ?? {}),
      })),
    )
    .execute();
}

/** The audit entry of a request: its signed-in user (and impersonator, or the API key it used) and address. */
function auditFor(request: FastifyRequest, entry: RequestAuditEntry): AuditEntry {
  return {
    ...entry,
    actorUserId: entry.actorUserId !== undefined ? entry.actorUserId : (request.auth?.user.user_id ?? null),
    impersonatorUserId: request.auth?.session?.impersonator_user_id ?? null,
    apiKeyId: request.auth?.apiKey?.id ?? null,
    ip: request.ip,
  };
}

/** The app.audit decorator over a database. */
export function auditLog(db: Db): Audit {
  const audit = (request: FastifyRequest, entry: RequestAuditEntry) => writeAudit(db, [auditFor(request, entry)]);
  return Object.assign(audit, {
    system: (entry: AuditEntry) => writeAudit(db, [entry]),
    systemAll: (entries: AuditEntry[], trx: Db = db) => writeAudit(trx, entries),
  });
}

/**
 * The audit writer of a user's own account and sign-in routes: an action about the signed-in user,
 * or about the user named (one a sign-in found before there is a session).
 */
export function ownAccountAudit(audit: Audit) {
  return (
    request: FastifyRequest,
    action: AuditAction,
    details: Record<string, unknown> = {},
    userId: number = request.auth!.user.user_id,
  ) => audit(request, { action, targetType: 'user', targetId: userId, details });
}
