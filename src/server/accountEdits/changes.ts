import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { compileCached } from '../../common/validation.js';
import { HttpError } from '../http/errors.js';
import { contentRange, listQuerystringSchema, parseListQuery } from '../http/simpleRest.js';
import type { EditSite } from './accountSite.js';
import type { AuditAction } from '../../common/auditActions.js';
import type { AuditTargetType } from '../../common/auditTargets.js';

/** What every account edit shares: the audit entry with before and after, the changed fields, the list answer. */

/** The fields whose values differ between two records (in `fields` order). */
export function changedFields<T extends object>(before: T, after: T, fields: readonly (keyof T)[]): (keyof T & string)[] {
  return fields.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f])) as (keyof T & string)[];
}

/** The audit entry of an account edit: who (from the request), which site, before and after (secrets already masked). */
export async function auditChange(
  app: FastifyInstance,
  request: FastifyRequest,
  entry: { action: AuditAction; site: EditSite; targetType: AuditTargetType; targetId: string | number; before: unknown; after: unknown },
): Promise<void> {
  await app.audit(request, {
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: { siteNum: entry.site.siteNum, before: entry.before, after: entry.after },
  });
}

/** A 400 with a message per field (the rules' locale keys), as a schema 400 answers. */
export function invalid(errors: Record<string, string>): HttpError {
  return new HttpError(400, 'validation.invalidForm', {}, errors);
}

/** The signed-in user's name, for the history's 'changed by'. */
export const actorName = (request: FastifyRequest) => request.auth!.user.username;

/** The field names of a change, in the request's language, for the history line. */
export function fieldList(request: FastifyRequest, prefix: string, fields: readonly string[]): string {
  return fields.map((f) => request.t(`${prefix}.${f}`)).join(', ');
}

export const listQuery = listQuerystringSchema;

/** A site-filtered list (simple-rest): the filter validated by its schema; every row (an account has few), the total in Content-Range. */
export function listAnswer<F extends { siteNum: number }>(filterSchema: object) {
  const validateFilter = compileCached(filterSchema);
  return {
    filter(query: { sort?: string; range?: string; filter?: string }): { filter: F; offset: number; limit: number } {
      const parsed = parseListQuery<F, never>(query, { sortFields: [], validateFilter });
      return { filter: parsed.filter, offset: parsed.offset, limit: parsed.limit };
    },
    send<T>(reply: FastifyReply, resource: string, rows: T[], offset: number, limit: number): T[] {
      const page = rows.slice(offset, offset + limit);
      reply.header('Content-Range', contentRange(resource, offset, page.length, rows.length));
      return page;
    },
  };
}

export const notFound = () => new HttpError(404, 'errors.notFound');
