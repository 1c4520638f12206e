import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  CHANGE_REQUEST_SORT_FIELDS,
  changeRequestResolutionSchema,
  dealerChangeRequestFilterSchema,
  dealerChangeRequestSchema,
  type DealerChangeRequestFilter,
} from '../../../schemas/msa.js';
import { errorSchema, INT4_MAX, validationErrorSchema } from '../../../schemas/shared.js';
import { resolutionRefusal } from '../../common/changeRequestRules.js';
import { compileCached } from '../../common/validation.js';
import { HttpError } from '../http/errors.js';
import { contentRange, listQuerystringSchema, parseListQuery } from '../http/simpleRest.js';
import { changeRequestsRepository } from './changeRequestsRepository.js';

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: INT4_MAX } } } as const;
const errors = { 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['change requests'];
const notFound = () => new HttpError(404, 'errors.notFound');

/**
 * The dealer's side of the customers' change requests (/change-requests;
 * access table `changeRequests`): GET /api/changeRequests lists the requests of the selected
 * account group's accounts (the repository's siteScope; X-Pending-Count: how many wait),
 * GET /api/changeRequests/:id one, and PUT /api/changeRequests/:id marks a pending one done or
 * declined with a note for the customer (xtAdmin), written to the account's history as the
 * customer's request was, and audited. Another group's request is 404.
 */
export async function dealerChangeRequestsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const repo = changeRequestsRepository(app.db);
  const validateFilter = compileCached(dealerChangeRequestFilterSchema);

  app.get(
    '/changeRequests',
    {
      config: { access: { resource: 'changeRequests', action: 'list' } },
      schema: {
        tags,
        summary:
          "Customers' change requests to the selected account group, newest first (filter: status, siteNum, q; sort createdAt, status " +
          'or siteNum). X-Pending-Count: the pending ones among the filter without its status.',
        querystring: listQuerystringSchema,
        response: { 200: { type: 'array', items: dealerChangeRequestSchema }, ...errors },
      },
    },
    async (request, reply) => {
      const query = parseListQuery<DealerChangeRequestFilter, (typeof CHANGE_REQUEST_SORT_FIELDS)[number]>(request.query, {
        sortFields: CHANGE_REQUEST_SORT_FIELDS,
        validateFilter,
      });
      const { rows, total, pending } = await repo.listForDealer(request.auth!.user, query.filter, query);
      reply.header('Content-Range', contentRange('changeRequests', query.offset, rows.length, total));
      reply.header('X-Pending-Count', String(pending));
      return rows;
    },
  );

  app.get(
    '/changeRequests/:id',
    {
      config: { access: { resource: 'changeRequests', action: 'show' } },
      schema: { tags, summary: 'One change request', params: idParams, response: { 200: dealerChangeRequestSchema, ...errors } },
    },
    async (request) => {
      const found = await repo.getForDealer(request.auth!.user, request.params.id);
      if (!found) throw notFound();
      const { siteGroupNum: _group, ...record } = found;
      return record;
    },
  );

  app.put(
    '/changeRequests/:id',
    {
      config: { access: { resource: 'changeRequests', action: 'edit' } },
      schema: {
        tags,
        summary:
          "Mark a pending request done or declined (a reason is required to decline) with a note for the customer; written to the account's history and audited",
        params: idParams,
        body: changeRequestResolutionSchema,
        response: { 200: dealerChangeRequestSchema, ...errors, 409: errorSchema },
      },
    },
    async (request) => {
      const user = request.auth!.user;
      const before = await repo.getForDealer(user, request.params.id);
      if (!before) throw notFound();
      const status = request.body.status as 'done' | 'declined';
      const note = request.body.note?.trim() || null;
      const refusal = resolutionRefusal(before.status, { status, note });
      if (refusal?.field) throw new HttpError(400, 'validation.invalidForm', {}, { [refusal.field]: refusal.message });
      if (refusal) throw new HttpError(409, refusal.message);
      const t = request.t;
      const history = t(note ? 'changeRequests.history.withNote' : 'changeRequests.history.plain', {
        user: user.username,
        field: t(`msa.accountInfo.fields.${before.field}`),
        status: t(`msa.accountInfo.status.${status}`),
        note,
      });
      if (
        !(await repo.resolve(
          { id: before.id, siteNum: before.siteNum, siteGroupNum: before.siteGroupNum },
          { status, note },
          user.user_id,
          history,
        ))
      ) {
        throw new HttpError(409, 'changeRequests.errors.notPending');
      }
      await app.audit(request, {
        action: `changeRequest.${status}`,
        targetType: 'changeRequest',
        targetId: before.id,
        details: {
          siteNum: before.siteNum,
          field: before.field,
          requestedValue: before.requestedValue,
          before: { status: before.status, resolutionNote: before.resolutionNote },
          after: { status, resolutionNote: note },
        },
      });
      const { siteGroupNum: _group, ...after } = (await repo.getForDealer(user, before.id))!;
      return after;
    },
  );
}
