import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuditAction } from '../../common/auditActions.js';
import type { AuditTargetType } from '../../common/auditTargets.js';
import type { Resource } from '../../common/access.js';
import { compileCached } from '../../common/validation.js';
import { errorSchema, serialId, validationErrorSchema } from '../../../schemas/shared.js';
import { HttpError } from './errors.js';
import { routeOptions } from './routeOptions.js';
import { contentRange, listQuerystringSchema, parseListQuery, type ListQuery } from './simpleRest.js';

/** `/:id` with a serial id: the path parameter of every one, update and delete route. */
export const idParams = { type: 'object', required: ['id'], properties: { id: serialId } } as const;

type JsonSchema = Record<string, unknown>;
type Id = number | string;
export type RawListQuery = { sort?: string; range?: string; filter?: string };

/** A write route: its documentation, its body, and the access-table action (create / edit unless said). */
interface Write {
  summary: string;
  body: JsonSchema;
  action?: 'create' | 'edit';
  /** Error answers beside the usual ones (e.g. a 409 for a change the record's state refuses). */
  errors?: Record<number, JsonSchema>;
  /** Runs before the handler, after the access check (e.g. a write only a fully signed-in user may make). */
  preHandler?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

/**
 * One simple-rest entity (ra-data-simple-rest's wire format: `sort`, `range`, `filter` as JSON,
 * the total in `Content-Range`). The route factory serves its list, one, create, update and delete
 * with the access table's checks, the audit, and schemas that make the OpenAPI document.
 *
 * The template's two rules hold for every entity, checked when the routes are registered:
 * `id` is a sort field (react-admin sorts by it whenever a list names no sort), and the filter
 * takes `id: [..]` (react-admin's getMany reads `?filter={"id":[1,2]}`), answered by the
 * repository's own list in one query.
 */
export interface SimpleRestEntity<R extends { id: Id }, F, S extends string, I = never, U = I> {
  /** The path under /api and the name in Content-Range, e.g. 'roadmapItems' or 'msa/changeRequests'. */
  path: string;
  /** The name in Content-Range when it is not the path. */
  rangeName?: string;
  /** The access table's resource whose list, show, create, edit and delete the routes check. */
  resource: Resource;
  tags: string[];
  record: JsonSchema;
  /** What the one route answers when it says more than a list's row (e.g. an invoice with its lines); the record unless said. */
  detail?: JsonSchema;
  /** Error answers on every route over the usual ones (e.g. a 400 that names the bad fields). */
  errors?: Record<number, JsonSchema>;
  /** An object schema; must have an `id` array property. */
  filter: JsonSchema;
  sortFields: readonly S[];
  /** The `/:id` parameter schema; a serial id unless said. */
  params?: JsonSchema;
  summaries: { list: string; one?: string };
  /** The locale key of the 404 of one, update and delete; errors.notFound unless said. */
  notFound?: string;
  /**
   * A sort that is not one of sortFields (or no sort pair at all) asks for the list's own order
   * instead of a 400: for lists that read no sort before `id` became one, whose callers still send
   * theirs.
   */
  ignoreOtherSorts?: boolean;
  /**
   * The raw list query before it is read, for an entity that fills in a default (a customer's
   * list without a siteNum answers for their active account): the stock provider's query as sent.
   */
  prepareQuery?(query: RawListQuery, request: FastifyRequest): Promise<RawListQuery>;
  list(query: ListQuery<F, S>, request: FastifyRequest, reply: FastifyReply): Promise<{ items: R[]; total: number | '*' }>;
  /**
   * One record; absent when another route of the same path answers `GET /<path>/:id` (the
   * account view answers /sites/{siteNum}, with the record's id).
   */
  one?(id: Id, request: FastifyRequest): Promise<R | undefined>;
  create?: Write & { handler(input: I, request: FastifyRequest): Promise<R> };
  update?: Write & { handler(id: Id, input: U, request: FastifyRequest): Promise<R | undefined> };
  delete?: { summary: string; handler(id: Id, request: FastifyRequest): Promise<R | undefined> };
  audit?: {
    targetType: AuditTargetType;
    /** The actions' common prefix: `<prefix>.created`, `.updated`, `.deleted`. */
    prefix: string;
    details?(record: R, verb: 'created' | 'updated' | 'deleted'): Record<string, unknown> | undefined;
  };
}

/** The sort parameter's documentation: react-admin's JSON pair, with the fields this list takes. */
export function listQuerystring(sortFields: readonly string[], filter: JsonSchema) {
  const { properties } = listQuerystringSchema;
  return {
    ...listQuerystringSchema,
    properties: {
      ...properties,
      sort: {
        ...properties.sort,
        description: `JSON ["field","ASC"|"DESC"], field one of: ${sortFields.join(', ')}`,
        'x-sort-fields': [...sortFields],
      },
      filter: { ...properties.filter, description: 'JSON object, as x-filter says', 'x-filter': filter },
    },
  } as const;
}

/** The template's rules, said at start-up rather than found by a user's stock list. */
export function checkEntity(entity: Pick<SimpleRestEntity<{ id: Id }, unknown, string>, 'path' | 'sortFields' | 'filter'>): void {
  if (!entity.sortFields.includes('id')) throw new Error(`${entity.path}: 'id' must be a sort field`);
  const properties = entity.filter.properties as Record<string, { type?: string }> | undefined;
  if (properties?.id?.type !== 'array') throw new Error(`${entity.path}: the filter must take id: [..] (getMany)`);
}

export async function simpleRestRoutes<R extends { id: Id }, F, S extends string, I = never, U = I>(
  app: FastifyInstance,
  entity: SimpleRestEntity<R, F, S, I, U>,
): Promise<void> {
  checkEntity(entity);
  const { path, resource, tags, record, audit } = entity;
  const route = routeOptions(tags);
  const params = entity.params ?? idParams;
  const validateFilter = compileCached(entity.filter);
  const denied = { 401: errorSchema, 403: errorSchema };
  const detail = entity.detail ?? record;
  const errors = entity.errors ?? {};
  const idOf = (request: FastifyRequest) => (request.params as { id: Id }).id;
  const notFound = () => new HttpError(404, entity.notFound ?? 'errors.notFound');
  const listQuery = (query: RawListQuery): ListQuery<F, S> => {
    const options = { sortFields: entity.sortFields, validateFilter };
    try {
      return parseListQuery<F, S>(query, options);
    } catch (error) {
      // The sort is read first: a query refused for it alone is read again without it.
      if (!entity.ignoreOtherSorts || query.sort === undefined) throw error;
      return parseListQuery<F, S>({ ...query, sort: undefined }, options);
    }
  };

  const audited = async (request: FastifyRequest, item: R, verb: 'created' | 'updated' | 'deleted') => {
    if (!audit) return;
    await app.audit(request, {
      action: `${audit.prefix}.${verb}` as AuditAction,
      targetType: audit.targetType,
      targetId: item.id,
      details: audit.details?.(item, verb),
    });
  };

  app.get(
    `/${path}`,
    route({
      access: { resource, action: 'list' },
      summary: entity.summaries.list,
      querystring: listQuerystring(entity.sortFields, entity.filter),
      response: { 200: { type: 'array', items: record }, 400: errorSchema, ...denied, ...errors },
    }),
    async (request, reply) => {
      const raw = request.query as RawListQuery;
      const query = listQuery(entity.prepareQuery ? await entity.prepareQuery(raw, request) : raw);
      const { items, total } = await entity.list(query, request, reply);
      reply.header('Content-Range', contentRange(entity.rangeName ?? path, query.offset, items.length, total));
      return items;
    },
  );

  const { one } = entity;
  if (one) {
    app.get(
      `/${path}/:id`,
      route({
        access: { resource, action: 'show' },
        summary: entity.summaries.one,
        params,
        response: { 200: detail, ...denied, 404: errorSchema, ...errors },
      }),
      async (request) => {
        const item = await one(idOf(request), request);
        if (!item) throw notFound();
        return item;
      },
    );
  }

  const { create, update } = entity;
  if (create) {
    app.post(
      `/${path}`,
      route(
        {
          access: { resource, action: create.action ?? 'create' },
          summary: create.summary,
          body: create.body,
          response: { 201: record, 400: validationErrorSchema, ...denied, ...errors, ...create.errors },
        },
        create.preHandler && { preHandler: create.preHandler },
      ),
      async (request, reply) => {
        const item = await create.handler(request.body as I, request);
        await audited(request, item, 'created');
        reply.status(201);
        return item;
      },
    );
  }

  if (update) {
    app.put(
      `/${path}/:id`,
      route(
        {
          access: { resource, action: update.action ?? 'edit' },
          summary: update.summary,
          params,
          body: update.body,
          response: { 200: record, 400: validationErrorSchema, ...denied, 404: errorSchema, ...errors, ...update.errors },
        },
        update.preHandler && { preHandler: update.preHandler },
      ),
      async (request) => {
        const item = await update.handler(idOf(request), request.body as U, request);
        if (!item) throw notFound();
        await audited(request, item, 'updated');
        return item;
      },
    );
  }

  const remove = entity.delete;
  if (remove) {
    app.delete(
      `/${path}/:id`,
      route({
        access: { resource, action: 'delete' },
        summary: remove.summary,
        params,
        response: { 200: record, ...denied, 404: errorSchema, ...errors },
      }),
      async (request) => {
        const item = await remove.handler(idOf(request), request);
        if (!item) throw notFound();
        await audited(request, item, 'deleted');
        return item;
      },
    );
  }
}
