import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { errorSchema } from '../../../schemas/shared.js';
import { HttpError } from '../http/errors.js';
import type { AuditAction } from '../../common/auditActions.js';
import type { AuditTargetType } from '../../common/auditTargets.js';

/** What the answering service's four routes files share: schemas of errors, the checks, and the group and audit of a request. */
export const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema };
export const tags = ['answering service'];
export const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;
export const PHONE = /^\+?[0-9 ().-]{7,20}$/;

export const notFound = () => new HttpError(404, 'errors.notFound');
export const invalid = (fields: Record<string, string>) => new HttpError(400, 'validation.invalidForm', {}, fields);

/**
 * The typed app, the request's account group and the audit. Every answering-service table is read
 * within one group: the user's selected one (users.current_site_group_num), provided it is still one
 * of their groups (as siteScope.ts reads it). It is checked once a request, after the access guard
 * and the schemas and before any handler reads the query: 403 when none is selected or it is no
 * longer theirs.
 */
export function ansContext(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const groups = new WeakMap<FastifyRequest, number>();
  app.addHook('preHandler', async (request) => {
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
    groups.set(request, member.site_group_num);
  });
  const groupOf = (request: FastifyRequest): number => groups.get(request)!;
  const audit = (
    request: FastifyRequest,
    action: AuditAction,
    targetType: AuditTargetType,
    targetId: number | string,
    details: Record<string, unknown>,
  ) => app.audit(request, { action, targetType, targetId, details });
  return { app, groupOf, audit };
}
