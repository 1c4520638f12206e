import type { FastifyRequest } from 'fastify';
import type { Audit } from '../audit/audit.js';
import { TOO_MANY_ATTEMPTS_KEY } from '../auth/mfaCodes.js';
import type { Db } from '../db/database.js';
import { HttpError } from '../http/errors.js';
import type { GatePolicy } from './recoveryRules.js';
import { passGates } from './recoveryStore.js';
import type { AuditAction } from '../../common/auditActions.js';

/** The audit writer of the recovery routes over app.audit: an action, about a user when one is known. */
export function userAudit(audit: Audit) {
  return (request: FastifyRequest, action: AuditAction, userId?: number, details?: Record<string, unknown>) =>
    audit(request, { action, targetType: userId ? 'user' : undefined, targetId: userId, details });
}

/** A 400 with the field messages (e.g. of newPasswordErrors), when there are any. */
export function refuseFieldErrors(fields: Record<string, string>): void {
  if (Object.keys(fields).length) throw new HttpError(400, 'validation.invalidForm', {}, fields);
}

/** Passes every gate (recoveryStore passGates), or answers 429 'errors.tooManyAttempts'. */
export async function requireGates(db: Db, gates: readonly [string, GatePolicy][]): Promise<void> {
  if (!(await passGates(db, gates))) throw new HttpError(429, TOO_MANY_ATTEMPTS_KEY);
}
