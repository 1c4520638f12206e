import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { siteListItemSchema } from '../../../schemas/dealer.js';
import { siteSearchQuerySchema, siteSummarySchema } from '../../../schemas/shell.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { auditFor, writeAudit } from '../audit/audit.js';
import { HttpError } from '../http/errors.js';
import { addressDisplay, favoritesOf, recentsOf, recordRecent, searchPlan, searchSites } from './siteQueries.js';
import { normaliseTransmitter } from '../integrations/alarmIngest.js';

const siteList = { type: 'array', items: siteListItemSchema } as const;
const errors = { 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * The site service of the shell (SPEC §7 'Dealer, site and live'): favourite
 * and unfavourite by transmitter, recently accessed sites (recorded when a
 * site is opened), and account search by device, transmitter and details.
 * Everything is within the user's current account group; who may call
 * each route is the access table's 'sites' entry (config.access).
 */
export async function siteRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const tags = ['shell'];

  /** A device of the user's current group by transmitter code, else 404. */
  async function deviceInGroup(siteGroupNum: number | null, xmit: string) {
    const device =
      siteGroupNum === null
        ? undefined
        : await app.db
            .selectFrom('devices')
            .innerJoin('sites', 'sites.site_num', 'devices.site_num')
            .select(['devices.dev_num', 'devices.site_num'])
            .where('devices.transmitter_code', '=', normaliseTransmitter(xmit))
            .where('sites.site_group_num', '=', siteGroupNum)
            .executeTakeFirst();
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
      return user.current_site_group_num === null ? [] : favoritesOf(app.db, user.user_id, user.current_site_group_num);
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
      const device = await deviceInGroup(user.current_site_group_num, request.params.xmit);
      await app.db
        .insertInto('site_favorites')
        .values({ user_id: user.user_id, site_num: device.site_num, dev_num: device.dev_num })
        .onConflict((oc) => oc.columns(['user_id', 'site_num']).doUpdateSet({ dev_num: device.dev_num }))
        .execute();
      await writeAudit(app.db, auditFor(request, { action: 'site.favorited', targetType: 'site', targetId: device.site_num }));
      return favoritesOf(app.db, user.user_id, user.current_site_group_num!);
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
      const device = await deviceInGroup(user.current_site_group_num, request.params.xmit);
      await app.db.deleteFrom('site_favorites').where('user_id', '=', user.user_id).where('site_num', '=', device.site_num).execute();
      await writeAudit(app.db, auditFor(request, { action: 'site.unfavorited', targetType: 'site', targetId: device.site_num }));
      return favoritesOf(app.db, user.user_id, user.current_site_group_num!);
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
      return user.current_site_group_num === null ? [] : recentsOf(app.db, user.user_id, user.current_site_group_num);
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
      if (user.current_site_group_num === null) return [];
      return searchSites(app.db, user.current_site_group_num, searchPlan(request.query));
    },
  );

  app.get(
    '/site/:siteNum',
    {
      config: { access: { resource: 'sites', action: 'show' } },
      schema: {
        tags,
        summary: "A site of the user's account groups; recorded among the recents",
        params: { type: 'object', required: ['siteNum'], properties: { siteNum: { type: 'integer', minimum: 1 } } },
        querystring: { type: 'object', properties: { dn: { type: 'integer', minimum: 1 } } },
        response: { 200: siteSummarySchema, ...errors },
      },
    },
    async (request) => {
      const user = request.auth!.user;
      const site = await app.db
        .selectFrom('sites')
        .innerJoin('user_account_groups', 'user_account_groups.site_group_num', 'sites.site_group_num')
        .select([
          'sites.site_num',
          'sites.site_name',
          'sites.site_group_num',
          'sites.address_line1',
          'sites.address_line2',
          'sites.city',
          'sites.state',
          'sites.postal_code',
        ])
        .where('sites.site_num', '=', request.params.siteNum)
        .where('user_account_groups.user_id', '=', user.user_id)
        .executeTakeFirst();
      if (!site) throw new HttpError(404, 'live.siteNotFound');
      const devices = await app.db
        .selectFrom('devices')
        .select(['dev_num as devNum', 'transmitter_code as transmitterCode', 'description'])
        .where('site_num', '=', site.site_num)
        .orderBy('dev_num')
        .execute();
      const { dn } = request.query as { dn?: number };
      const devNum = devices.find((d) => d.devNum === dn)?.devNum ?? devices[0]?.devNum ?? null;
      await recordRecent(app.db, user.user_id, site.site_num, devNum);
      const favorite = await app.db
        .selectFrom('site_favorites')
        .select('site_num')
        .where('user_id', '=', user.user_id)
        .where('site_num', '=', site.site_num)
        .executeTakeFirst();
      return {
        siteNum: site.site_num,
        siteName: site.site_name,
        siteGroupNum: site.site_group_num,
        addressDisplay: addressDisplay(site),
        isFavorite: Boolean(favorite),
        devices,
      };
    },
  );
}
