import type { FastifyRequest } from 'fastify';
import type { Action, Resource } from '../../common/access.js';
import type { ScopeUser } from '../db/siteScope.js';
import { HttpError } from './errors.js';
import type { ListQuery } from './simpleRest.js';
import type { RawListQuery } from './simpleRestRoutes.js';

/**
 * Who a site-detail route plugin serves. The dealer's side is /api/<name>, checked
 * against the access table's <name> entry; the customer's side is the same plugin registered
 * under /api/msa, checked against msa<Name> (the customer's role, SPEC §6), and a list whose
 * filter names no siteNum answers for the customer's active linked account. The repositories
 * apply the tenant scope either way (siteScope: the group for staff, the links for customers).
 */
export interface Audience {
  msa: boolean;
  /** The site a list answers for when its filter names none (the customer's active account). */
  defaultSiteNum?: (user: ScopeUser) => Promise<number | undefined>;
}

export type SiteResource = 'tests' | 'contacts' | 'zones' | 'passcodes' | 'schedules' | 'holidays';

export const DEALER_AUDIENCE: Audience = { msa: false };

/** The access entry a route of `resource` names for this audience. */
export function audienceAccess(
  audience: Audience | undefined,
  resource: SiteResource,
  action: Action,
): { resource: Resource; action: Action } {
  if (!audience?.msa) return { resource, action };
  return { resource: `msa${resource[0].toUpperCase()}${resource.slice(1)}` as Resource, action };
}

/**
 * The list query with the audience's default site put in its filter when the filter names none,
 * nor getMany's ids (which read rows of any linked account; a filter that is no JSON is left for
 * the list's own check to refuse).
 */
export async function withDefaultSite<Q extends { filter?: string }>(
  audience: Audience | undefined,
  user: ScopeUser,
  query: Q,
): Promise<Q> {
  if (!audience?.defaultSiteNum) return query;
  let filter: unknown = {};
  if (query.filter) {
    try {
      filter = JSON.parse(query.filter);
    } catch {
      return query;
    }
  }
  if (!filter || typeof filter !== 'object' || Array.isArray(filter) || 'siteNum' in filter || 'id' in filter) return query;
  const siteNum = await audience.defaultSiteNum(user);
  return siteNum === undefined ? query : { ...query, filter: JSON.stringify({ ...filter, siteNum }) };
}

/**
 * The list of an account's rows on the route factory (its prepareQuery and list), for this
 * audience: the customer's active account filled in (withDefaultSite), and an account the user
 * may not reach answered 404 (`notFound`, a locale key) as a missing one, as it always was. getMany's
 * ids alone name no account: `page` (the repository, siteRowsPage) scopes them row by row.
 */
export function siteRowsList<F extends { siteNum?: number }, S extends string, R>(
  audience: Audience | undefined,
  list: {
    reachable(user: ScopeUser, siteNum: number): Promise<unknown>;
    notFound: string;
    page(user: ScopeUser, query: ListQuery<F, S>): Promise<{ items: R[]; total: number }>;
  },
) {
  return {
    prepareQuery: (query: RawListQuery, request: FastifyRequest) => withDefaultSite(audience, request.auth!.user, query),
    async list(query: ListQuery<F, S>, request: FastifyRequest) {
      const user = request.auth!.user;
      const { siteNum } = query.filter;
      if (siteNum !== undefined && !(await list.reachable(user, siteNum))) throw new HttpError(404, list.notFound);
      return list.page(user, query);
    },
  };
}
