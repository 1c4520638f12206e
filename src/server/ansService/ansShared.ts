import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { errorSchema } from '../../../schemas/shared.js';
import { selectedGroup } from '../db/siteScope.js';
import { HttpError } from '../http/errors.js';
import type { ListQuery } from '../http/simpleRest.js';
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
    const group = await selectedGroup(app.db, request.auth!.user);
    if (group === null) throw new HttpError(403, 'errors.forbidden');
    groups.set(request, group);
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

/** A table of the group's as its routes use it: every call within one group. */
interface GroupStore<R, F, I> {
  list(group: number, query: ListQuery<F, 'id'>): Promise<{ items: R[]; total: number }>;
  get(group: number, id: number): Promise<R | undefined>;
  create(group: number, input: I): Promise<R>;
  update(group: number, id: number, input: I): Promise<R | undefined>;
  remove(group: number, id: number): Promise<R | undefined>;
}

/**
 * The list, one, create, update and delete of an answering-service resource (simpleRestRoutes):
 * within the request's group, listed in the page's own order whatever sort it sends (only a sort
 * by id is read), the input checked before it is written, each write audited with the record
 * before and after it (`<prefix>.created`, `.updated`, `.deleted`).
 */
export function groupResource<R extends { id: number }, F, I>(
  { groupOf, audit }: Pick<ReturnType<typeof ansContext>, 'groupOf' | 'audit'>,
  store: GroupStore<R, F, I>,
  options: {
    body: Record<string, unknown>;
    prefix: string;
    targetType: AuditTargetType;
    check(group: number, input: I): void | Promise<void>;
    summaries: { create: string; update: string; delete: string };
  },
) {
  const { body, prefix, targetType, check, summaries } = options;
  const action = (verb: 'created' | 'updated' | 'deleted') => `${prefix}.${verb}` as AuditAction;
  return {
    sortFields: ['id'] as const,
    ignoreOtherSorts: true,
    list: (query: ListQuery<F, 'id'>, request: FastifyRequest) => store.list(groupOf(request), query),
    one: (id: number | string, request: FastifyRequest) => store.get(groupOf(request), Number(id)),
    create: {
      summary: summaries.create,
      body,
      handler: async (input: I, request: FastifyRequest) => {
        const group = groupOf(request);
        await check(group, input);
        const after = await store.create(group, input);
        await audit(request, action('created'), targetType, after.id, { after });
        return after;
      },
    },
    update: {
      summary: summaries.update,
      body,
      handler: async (id: number | string, input: I, request: FastifyRequest) => {
        const group = groupOf(request);
        const before = await store.get(group, Number(id));
        if (!before) return undefined;
        await check(group, input);
        const after = (await store.update(group, before.id, input))!;
        await audit(request, action('updated'), targetType, after.id, { before, after });
        return after;
      },
    },
    delete: {
      summary: summaries.delete,
      handler: async (id: number | string, request: FastifyRequest) => {
        const before = await store.remove(groupOf(request), Number(id));
        if (before) await audit(request, action('deleted'), targetType, before.id, { before });
        return before;
      },
    },
  };
}
