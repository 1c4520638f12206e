import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  changeRequestFilterSchema,
  changeRequestInputSchema,
  changeRequestSchema,
  type ChangeRequestField,
  type ChangeRequestFilter,
} from '../../../schemas/msa.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { addressDisplay } from '../../common/address.js';
import { compileCached } from '../../common/validation.js';
import { withDefaultSite, type Audience } from '../http/audience.js';
import { HttpError } from '../http/errors.js';
import { contentRange, listQuerystringSchema, parseListQuery } from '../http/simpleRest.js';
import { changeRequestsRepository } from './changeRequestsRepository.js';

const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['msa'];

/**
 * The customer's requests to the dealer (/msa/account-info): what only the dealer may
 * change (the name, address, type, time zone, premise phones, agencies) is asked for here, stored
 * as pending and written into the account's history, where the dealer reads it. Registered under
 * /api/msa with the customer's audience (its default site: the active linked account).
 */
export async function msaRoutes(parent: FastifyInstance, { audience }: { audience: Audience }) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const requests = changeRequestsRepository(app.db);
  const validateFilter = compileCached(changeRequestFilterSchema);

  app.get(
    '/changeRequests',
    {
      config: { access: { resource: 'msaAccount', action: 'list' } },
      schema: {
        tags,
        summary: 'The change requests of a linked account, newest first (filter={"siteNum":N,"status":…}; the active account by default)',
        querystring: listQuerystringSchema,
        response: { 200: { type: 'array', items: changeRequestSchema }, 400: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = request.auth!.user;
      const query = parseListQuery<ChangeRequestFilter, never>(await withDefaultSite(audience, user, request.query), {
        sortFields: [],
        validateFilter,
      });
      if (!(await requests.site(user, query.filter.siteNum))) throw new HttpError(404, 'live.siteNotFound');
      const rows = await requests.list(user, query.filter.siteNum, query.filter.status);
      const page = rows.slice(query.offset, query.offset + query.limit);
      reply.header('Content-Range', contentRange('changeRequests', query.offset, page.length, rows.length));
      return page;
    },
  );

  app.post(
    '/changeRequests',
    {
      config: { access: { resource: 'msaAccount', action: 'create' } },
      schema: {
        tags,
        summary: 'Ask the dealer to change what only the dealer may change; stored as pending and written to the history',
        body: changeRequestInputSchema,
        response: { 201: changeRequestSchema, 400: validationErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = request.auth!.user;
      const siteNum = request.body.siteNum ?? (await audience.defaultSiteNum?.(user));
      const site = siteNum === undefined ? undefined : await requests.site(user, siteNum);
      if (!site) throw new HttpError(404, 'live.siteNotFound');
      const field = request.body.field as ChangeRequestField;
      const current: Partial<Record<ChangeRequestField, string>> = {
        siteName: site.site_name,
        address: addressDisplay({
          line1: site.address_line1,
          line2: site.address_line2,
          city: site.city,
          state: site.state,
          postalCode: site.postal_code,
        }),
        siteType: site.site_type,
        timeZone: site.time_zone,
      };
      const requestedValue = request.body.requestedValue.trim();
      const created = await requests.create(
        site,
        user.user_id,
        { field, currentValue: current[field] ?? null, requestedValue, note: request.body.note?.trim() || null },
        request.t('msa.accountInfo.history', {
          user: user.username,
          field: request.t(`msa.accountInfo.fields.${field}`),
          value: requestedValue,
        }),
      );
      await app.audit(request, {
        action: 'changeRequest.created',
        targetType: 'site',
        targetId: site.site_num,
        details: { requestId: created.id, field, requestedValue },
      });
      reply.status(201);
      return created;
    },
  );
}
