import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { siteListItemSchema } from '../../../schemas/dealer.js';
import { siteSearchQuerySchema, siteSummarySchema } from '../../../schemas/shell.js';
import { errorSchema, serialId, validationErrorSchema } from '../../../schemas/shared.js';
import { HttpError } from '../http/errors.js';
import type { ScopeUser } from '../db/siteScope.js';
import { searchPlan, sitesRepository } from './sitesRepository.js';

const siteList = { type: 'array', items: siteListItemSchema } as const;
const errors = { 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * The site service of the shell (SPEC §7 'Dealer, site and live'): favourite
 * and unfavourite by transmitter, recently accessed sites (recorded when a
 * site is opened), and account search by device, transmitter and details.
 * Everything is within the user's current account group (sitesRepository's scope); who may call
 * each route is the access table's 'sites' entry (config.access).
 */
export async function siteRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const tags = ['shell'];

  const sites = sitesRepository(app.db);

  /** A device of the user's current group by transmitter code, else 404. */
  async function deviceInGroup(user: ScopeUser, xmit: string) {
    const device = await sites.deviceByXmit(user, xmit);
    if (!device) throw new HttpError(404, 'live.siteNotFound');
    return device;
  }

  /** A site by its transmitter code, as favourite and unfavourite take it. */
  const xmitParams = { type: 'object', required: ['xmit'], properties: { xmit: { type: 'string', minLength: 1, maxLength: 32 } } } as const;

  app.get(
    '/site/favorites',
    {
      config: { access: { resource: 'sites', action: 'list' } },
      schema: { tags, summary: 'Favourite sites in the current account group', response: { 200: siteList, ...errors } },
    },
    async (request) => {
      const user = request.auth!.user;
      return sites.favorites(user);
    },
  );

  app.put(
    '/site/favorites/:xmit',
    {
      config: { access: { resource: 'sites', action: 'favorite' } },
      schema: {
        tags,
        summary: 'Favourite a site by transmitter code',
        params: xmitParams,
        response: { 200: siteList, ...errors },
      },
    },
    async (request) => {
      const user = request.auth!.user;
      const device = await deviceInGroup(user, request.params.xmit);
      await sites.favorite(user, device);
      await app.audit(request, { action: 'site.favorited', targetType: 'site', targetId: device.site_num });
      return sites.favorites(user);
    },
  );

  app.delete(
    '/site/favorites/:xmit',
    {
      config: { access: { resource: 'sites', action: 'favorite' } },
      schema: {
        tags,
        summary: 'Unfavourite a site by transmitter code',
        params: xmitParams,
        response: { 200: siteList, ...errors },
      },
    },
    async (request) => {
      const user = request.auth!.user;
      const device = await deviceInGroup(user, request.params.xmit);
      await sites.unfavorite(user, device.site_num);
      await app.audit(request, { action: 'site.unfavorited', targetType: 'site', targetId: device.site_num });
      return sites.favorites(user);
    },
  );

  app.get(
    '/site/recents',
    {
      config: { access: { resource: 'sites', action: 'list' } },
      schema: { tags, summary: 'Recently opened sites in the current account group, latest first', response: { 200: siteList, ...errors } },
    },
    async (request) => {
      const user = request.auth!.user;
      return sites.recents(user);
    },
  );

  app.get(
    '/site/search',
    {
      config: { access: { resource: 'sites', action: 'list' } },
      schema: {
        tags,
        summary: 'Account search by device number, transmitter code or details (account number, name)',
        querystring: siteSearchQuerySchema,
        response: { 200: siteList, ...errors },
      },
    },
    async (request) => {
      const user = request.auth!.user;
      return sites.search(user, searchPlan(request.query));
    },
  );

  app.get(
    '/site/:siteNum',
    {
      config: { access: { resource: 'sites', action: 'show' } },
      schema: {
        tags,
        summary: "A site of the user's current account group; recorded among the recents",
        params: { type: 'object', required: ['siteNum'], properties: { siteNum: serialId } },
        querystring: { type: 'object', properties: { dn: serialId } },
        response: { 200: siteSummarySchema, ...errors },
      },
    },
    async (request) => {
      const user = request.auth!.user;
      const { dn } = request.query as { dn?: number };
      const site = await sites.open(user, request.params.siteNum, dn);
      if (!site) throw new HttpError(404, 'live.siteNotFound');
      return site;
    },
  );
}
