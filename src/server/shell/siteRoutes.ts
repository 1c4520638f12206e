import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { siteListItemSchema } from '../../../schemas/dealer.js';
import { siteSearchQuerySchema, siteSummarySchema } from '../../../schemas/shell.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { APPLICATION } from '../../common/constants.js';
import { HttpError } from '../http/errors.js';
import { searchPlan, sitesRepository, type ScopeUser } from './sitesRepository.js';

const siteList = { type: 'array', items: siteListItemSchema } as const;
const errors = { 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** Dealers and staff have sites; customers have account links instead. */
function dealerOf(request: FastifyRequest) {
  const user = request.auth!.user;
  if (user.application_num === APPLICATION.customer) throw new HttpError(403, 'live.dealerOnly');
  return user;
}

/**
 * The site service of the shell (SPEC §7 'Dealer, site and live'): favourite
 * and unfavourite by transmitter, recently accessed sites (recorded when a
 * site is opened), and account search by device, transmitter and details.
 * Everything is within the user's current account group (sitesRepository's scope).
 */
export async function siteRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const tags = ['shell'];
  const preHandler = app.requireUser;

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
      schema: { tags, summary: 'Favourite sites in the current account group', response: { 200: siteList, ...errors } },
      preHandler,
    },
    async (request) => {
      const user = dealerOf(request);
      return sites.favorites(user);
    },
  );

  app.put(
    '/site/favorites/:xmit',
    {
      schema: {
        tags,
        summary: 'Favourite a site by transmitter code',
        params: xmitParams,
        response: { 200: siteList, ...errors },
      },
      preHandler,
    },
    async (request) => {
      const user = dealerOf(request);
      const device = await deviceInGroup(user, request.params.xmit);
      await sites.favorite(user, device);
      await app.audit(request, { action: 'site.favorited', targetType: 'site', targetId: device.site_num });
      return sites.favorites(user);
    },
  );

  app.delete(
    '/site/favorites/:xmit',
    {
      schema: {
        tags,
        summary: 'Unfavourite a site by transmitter code',
        params: xmitParams,
        response: { 200: siteList, ...errors },
      },
      preHandler,
    },
    async (request) => {
      const user = dealerOf(request);
      const device = await deviceInGroup(user, request.params.xmit);
      await sites.unfavorite(user, device.site_num);
      await app.audit(request, { action: 'site.unfavorited', targetType: 'site', targetId: device.site_num });
      return sites.favorites(user);
    },
  );

  app.get(
    '/site/recents',
    {
      schema: { tags, summary: 'Recently opened sites in the current account group, latest first', response: { 200: siteList, ...errors } },
      preHandler,
    },
    async (request) => {
      const user = dealerOf(request);
      return sites.recents(user);
    },
  );

  app.get(
    '/site/search',
    {
      schema: {
        tags,
        summary: 'Account search by device number, transmitter code or details (account number, name)',
        querystring: siteSearchQuerySchema,
        response: { 200: siteList, ...errors },
      },
      preHandler,
    },
    async (request) => {
      const user = dealerOf(request);
      return sites.search(user, searchPlan(request.query));
    },
  );

  app.get(
    '/site/:siteNum',
    {
      schema: {
        tags,
        summary: "A site of the user's current account group; recorded among the recents",
        params: { type: 'object', required: ['siteNum'], properties: { siteNum: { type: 'integer', minimum: 1 } } },
        querystring: { type: 'object', properties: { dn: { type: 'integer', minimum: 1 } } },
        response: { 200: siteSummarySchema, ...errors },
      },
      preHandler,
    },
    async (request) => {
      const user = dealerOf(request);
      const { dn } = request.query as { dn?: number };
      const site = await sites.open(user, request.params.siteNum, dn);
      if (!site) throw new HttpError(404, 'live.siteNotFound');
      return site;
    },
  );
}
