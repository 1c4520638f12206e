import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { SITE_SORT_FIELDS, siteFilterSchema, siteRecordSchema, type SiteFilter } from '../../../schemas/sites.js';
import { errorSchema } from '../../../schemas/shared.js';
import { compileCached } from '../../common/validation.js';
import { contentRange, listQuerystringSchema, parseListQuery } from '../http/simpleRest.js';
import { siteSearchRepository } from './siteSearchRepository.js';

/**
 * GET /api/sites: the accounts of the user's current account group
 * (siteScope) in react-admin simple-rest conventions: filter (q, status,
 * siteType, city, state, favorite, id), sort, range, the total in
 * Content-Range. With filter.q and no sort, by relevance, each row naming
 * where it matched (siteSearch.ts).
 */
export async function sitesRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const sites = siteSearchRepository(app.db);
  const validateFilter = compileCached(siteFilterSchema);

  app.get(
    '/sites',
    {
      config: { access: { resource: 'sites', action: 'list' } },
      schema: {
        tags: ['sites'],
        summary:
          'List and search accounts (react-admin simple-rest: sort, range, filter; total in Content-Range). ' +
          'filter.q: a substring of name, address, city, postal code, phones (digits), contacts, transmitter, site or device number; ' +
          'without sort, equal numbers first, then by relevance and name (at most 1000 matches counted)',
        querystring: listQuerystringSchema,
        response: { 200: { type: 'array', items: siteRecordSchema }, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const query = parseListQuery<SiteFilter, (typeof SITE_SORT_FIELDS)[number]>(request.query, {
        sortFields: SITE_SORT_FIELDS,
        validateFilter,
      });
      const { items, total } = await sites.list(request.auth!.user, query);
      reply.header('Content-Range', contentRange('sites', query.offset, items.length, total));
      return items;
    },
  );
}
