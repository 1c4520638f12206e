import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  CHANGE_REQUEST_SORT_FIELDS,
  changeRequestResolutionSchema,
  dealerChangeRequestFilterSchema,
  dealerChangeRequestSchema,
  type ChangeRequestResolutionInput,
  type ChangeRequestSortField,
  type DealerChangeRequest,
  type DealerChangeRequestFilter,
} from '../../../schemas/msa.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { resolutionRefusal } from '../../common/changeRequestRules.js';
import { HttpError } from '../http/errors.js';
import { simpleRestRoutes } from '../http/simpleRestRoutes.js';
import { changeRequestsRepository } from './changeRequestsRepository.js';

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
  /** The request as the dealer reads it, without the group its scope was checked by. */
  const answer = ({ siteGroupNum: _group, ...record }: DealerChangeRequest & { siteGroupNum: number }): DealerChangeRequest => record;

  await simpleRestRoutes<DealerChangeRequest, DealerChangeRequestFilter, ChangeRequestSortField, never, ChangeRequestResolutionInput>(app, {
    path: 'changeRequests',
    resource: 'changeRequests',
    tags: ['change requests'],
    record: dealerChangeRequestSchema,
    filter: dealerChangeRequestFilterSchema,
    sortFields: CHANGE_REQUEST_SORT_FIELDS,
    errors: { 400: validationErrorSchema, 404: errorSchema },
    summaries: {
      list:
        "Customers' change requests to the selected account group, newest first (filter: status, siteNum, q, id; sort id, createdAt, " +
        'status or siteNum). X-Pending-Count: the pending ones among the filter without its status.',
      one: 'One change request',
    },
    list: async (query, request, reply) => {
      const { rows, total, pending } = await repo.listForDealer(request.auth!.user, query.filter, query);
      reply.header('X-Pending-Count', String(pending));
      return { items: rows, total };
    },
    one: async (id, request) => {
      const found = await repo.getForDealer(request.auth!.user, Number(id));
      return found && answer(found);
    },
    update: {
      summary:
        "Mark a pending request done or declined (a reason is required to decline) with a note for the customer; written to the account's history and audited",
      body: changeRequestResolutionSchema,
      errors: { 409: errorSchema },
      handler: async (id, body, request) => {
        const user = request.auth!.user;
        const before = await repo.getForDealer(user, Number(id));
        if (!before) return undefined;
        const status = body.status as 'done' | 'declined';
        const note = body.note?.trim() || null;
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
        return answer((await repo.getForDealer(user, before.id))!);
      },
    },
  });
}
