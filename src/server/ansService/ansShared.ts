import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { errorSchema, INT4_MAX } from '../../../schemas/shared.js';
import { HttpError } from '../http/errors.js';
import { ansServiceRepository } from './ansServiceRepository.js';
import type { AuditAction } from '../../common/auditActions.js';
import type { AuditTargetType } from '../../common/auditTargets.js';

/** What the answering service's four routes files share: schemas of ids and errors, the checks, and the group and audit of a request. */
export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: INT4_MAX } },
} as const;
export const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema };
export const tags = ['answering service'];
export const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;
export const PHONE = /^\+?[0-9 ().-]{7,20}$/;

export const notFound = () => new HttpError(404, 'errors.notFound');
export const invalid = (fields: Record<string, string>) => new HttpError(400, 'validation.invalidForm', {}, fields);
/** The rota, rules and exceptions keep one order (by start, name, date): react-admin's sort is not read. */
export const fixedOrder = (query: { sort?: string; range?: string; filter?: string }) => ({ ...query, sort: undefined });

/** The typed app, the repository, the request's account group (403 when none is selected or it is no longer theirs) and the audit. */
export function ansContext(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const repo = ansServiceRepository(app.db);
  async function groupOf(request: FastifyRequest): Promise<number> {
    const group = await repo.groupOf(request.auth!.user);
    if (group === null) throw new HttpError(403, 'errors.forbidden');
    return group;
  }
  const audit = (
    request: FastifyRequest,
    action: AuditAction,
    targetType: AuditTargetType,
    targetId: number | string,
    details: Record<string, unknown>,
  ) => app.audit(request, { action, targetType, targetId, details });
  return { app, repo, groupOf, audit };
}
