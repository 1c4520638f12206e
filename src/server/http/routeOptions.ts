import type { FastifySchema, RouteShorthandOptions } from 'fastify';
import type { RouteAccess } from '../auth/accessGuard.js';

/** What a route under /api declares: who may call it, and its schema's parts (summary, params, querystring, body, response). */
type Declaration = FastifySchema & { access: RouteAccess };

/**
 * The options of a route under /api from its declaration: `access` goes to `config.access`
 * (accessGuard.ts checks it), the rest is the route's schema (request validation, the answer's
 * serialisation, the OpenAPI operation), filed under the feature's OpenAPI tags. The schema keeps
 * its literal type, so the type provider still types each handler's request and answer from it.
 * `more` holds the options beside them (a preHandler, a body limit, more config flags).
 */
export function routeOptions(tags: string[]) {
  return <const D extends Declaration, const M extends RouteShorthandOptions = object>({ access, ...schema }: D, more?: M) => ({
    ...(more as M),
    config: { ...more?.config, access },
    schema: { tags, ...schema },
  });
}
