import type { FastifyInstance } from 'fastify';
import { SITE_SORT_FIELDS, siteFilterSchema, siteRecordSchema, type SiteFilter, type SiteRecord } from '../../../schemas/sites.js';
import { simpleRestRoutes } from '../http/simpleRestRoutes.js';
import { siteSearchRepository } from './siteSearchRepository.js';

/**
 * GET /api/sites: the accounts of the user's current account group
 * (siteScope) in react-admin simple-rest conventions: filter (q, status,
 * siteType, city, state, favorite, id), sort, range, the total in
 * Content-Range. With filter.q and no sort, by relevance, each row naming
 * where it matched (siteSearch.ts). One account is the account view's
 * GET /api/sites/{siteNum} (siteDetailRoutes.ts), whose id is the same number.
 */
export async function sitesRoutes(app: FastifyInstance) {
  const sites = siteSearchRepository(app.db);
  await simpleRestRoutes<SiteRecord, SiteFilter, (typeof SITE_SORT_FIELDS)[number]>(app, {
    path: 'sites',
    resource: 'sites',
    tags: ['sites'],
    record: siteRecordSchema,
    filter: siteFilterSchema,
    sortFields: SITE_SORT_FIELDS,
    summaries: {
      list:
        'List and search accounts (react-admin simple-rest: sort, range, filter; total in Content-Range). ' +
        'filter.q: a substring of name, address, city, postal code, phones (digits), contacts, transmitter, site or device number; ' +
        'without sort, equal numbers first, then by relevance and name (at most 1000 matches counted)',
    },
    list: (query, request) => sites.list(request.auth!.user, query),
  });
}
