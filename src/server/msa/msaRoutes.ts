import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  changeRequestFilterSchema,
  changeRequestInputSchema,
  changeRequestSchema,
  type ChangeRequest,
  type ChangeRequestField,
  type ChangeRequestFilter,
  type ChangeRequestInput,
} from '../../../schemas/msa.js';
import { errorSchema } from '../../../schemas/shared.js';
import { addressDisplay } from '../../common/address.js';
import { siteRowsList, type Audience } from '../http/audience.js';
import { HttpError } from '../http/errors.js';
import { simpleRestRoutes } from '../http/simpleRestRoutes.js';
import { changeRequestsRepository } from './changeRequestsRepository.js';

/**
 * The customer's requests to the dealer (/msa/account-info): what only the dealer may
 * change (the name, address, type, time zone, premise phones, agencies) is asked for here, stored
 * as pending and written into the account's history, where the dealer reads it. Registered under
 * /api/msa with the customer's audience (its default site: the active linked account).
 */
export async function msaRoutes(parent: FastifyInstance, { audience }: { audience: Audience }) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const requests = changeRequestsRepository(app.db);

  await simpleRestRoutes<ChangeRequest, ChangeRequestFilter, 'id', ChangeRequestInput>(app, {
    path: 'changeRequests',
    resource: 'msaAccount',
    tags: ['msa'],
    record: changeRequestSchema,
    filter: changeRequestFilterSchema,
    sortFields: ['id'],
    errors: { 404: errorSchema },
    summaries: {
      list:
        'The change requests of a linked account, newest first (filter={"siteNum":N,"status":…}; the active account by default), ' +
        'or requests by id (filter={"id":[..]}); sort: id',
      one: 'One change request',
    },
    ...siteRowsList(audience, { reachable: requests.site, notFound: 'live.siteNotFound', page: requests.page }),
    one: (id, request) => requests.get(request.auth!.user, Number(id)),
    create: {
      summary: 'Ask the dealer to change what only the dealer may change; stored as pending and written to the history',
      body: changeRequestInputSchema,
      handler: async (body, request) => {
        const user = request.auth!.user;
        const siteNum = body.siteNum ?? (await audience.defaultSiteNum?.(user));
        const site = siteNum === undefined ? undefined : await requests.site(user, siteNum);
        if (!site) throw new HttpError(404, 'live.siteNotFound');
        const field = body.field as ChangeRequestField;
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
        const requestedValue = body.requestedValue.trim();
        const created = await requests.create(
          site,
          user.user_id,
          { field, currentValue: current[field] ?? null, requestedValue, note: body.note?.trim() || null },
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
        return created;
      },
    },
  });
}
