import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { errorSchema, INT4_MAX } from '../../../schemas/shared.js';
import { HttpError } from '../http/errors.js';
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

/**
 * The typed app, the request's account group and the audit. Every answering-service table is read
 * within one group: the user's selected one (users.current_site_group_num), provided it is still one
 * of their groups (as siteScope.ts reads it); 403 when none is selected or it is no longer theirs.
 */
export function ansContext(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  async function groupOf(request: FastifyRequest): Promise<number> {
    const { user_id, current_site_group_num: group } = request.auth!.user;
    const member =
      group === null
        ? undefined
        : await app.db
            .selectFrom('user_account_groups')
            .select('site_group_num')
            .where('user_id', '=', user_id)
            .where('site_group_num', '=', group)
            .executeTakeFirst();
    if (!member) throw new HttpError(403, 'errors.forbidden');
    return member.site_group_num;
  }
  const audit = (
    request: FastifyRequest,
    action: AuditAction,
    targetType: AuditTargetType,
    targetId: number | string,
    details: Record<string, unknown>,
  ) => app.audit(request, { action, targetType, targetId, details });
  return { app, groupOf, audit };
}
