import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  SITE_CREATE_LIMITS,
  SITE_DRAFT_SORT_FIELDS,
  siteDraftFilterSchema,
  siteDraftInputSchema,
  siteDraftSchema,
  type SiteDraft,
  type SiteDraftFilter,
} from '../../../schemas/siteCreate.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { deriveKey } from '../auth/secrets.js';
import { HttpError } from '../http/errors.js';
import { idParams, simpleRestRoutes } from '../http/simpleRestRoutes.js';
import { siteDraftsRepository, TooManyDrafts } from './siteDraftsRepository.js';
import { routeOptions } from '../http/routeOptions.js';

const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * The create-account stepper's drafts: GET /api/siteDrafts (the
 * signed-in user's own, simple-rest: sort id or updatedAt, range, filter id),
 * GET/PUT/DELETE /api/siteDrafts/{id}, POST
 * /api/siteDrafts. Another user's draft answers 404 like a missing one (the
 * repository names the user in every query). Writes are audited without the
 * values typed. A draft body is at most 64 KB.
 */
export async function siteDraftsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  // The drafts' own key (secrets.ts deriveKey): their values hold passcodes.
  const drafts = siteDraftsRepository(app.db, deriveKey(app.secrets.sessionSecret, 'site_drafts.data'));
  const tags = ['sites'];
  const route = routeOptions(tags);
  const bodyLimit = SITE_CREATE_LIMITS.draftBytes;

  await simpleRestRoutes<SiteDraft, SiteDraftFilter, (typeof SITE_DRAFT_SORT_FIELDS)[number]>(app, {
    path: 'siteDrafts',
    resource: 'siteDrafts',
    tags,
    record: siteDraftSchema,
    filter: siteDraftFilterSchema,
    sortFields: SITE_DRAFT_SORT_FIELDS,
    summaries: { list: "The user's own create-account drafts, the latest first", one: 'One of the user’s drafts' },
    list: (query, request) => drafts.list(request.auth!.user, query),
    one: (id, request) => drafts.get(request.auth!.user, Number(id)),
  });

  app.post(
    '/siteDrafts',
    route(
      {
        access: { resource: 'siteDrafts', action: 'create' },
        summary: 'Start a draft of a new account',
        body: siteDraftInputSchema,
        response: { 201: siteDraftSchema, 400: validationErrorSchema, 409: errorSchema, ...errors },
      },
      {
        bodyLimit,
      },
    ),
    async (request, reply) => {
      try {
        const draft = await drafts.create(request.auth!.user, request.body);
        await app.audit(request, {
          action: 'siteDraft.created',
          targetType: 'siteDraft',
          targetId: draft.id,
          details: { step: draft.step },
        });
        reply.status(201);
        return draft;
      } catch (error) {
        if (error instanceof TooManyDrafts)
          throw new HttpError(409, 'siteCreate.errors.tooManyDrafts', { max: SITE_CREATE_LIMITS.draftsPerUser });
        throw error;
      }
    },
  );

  app.put(
    '/siteDrafts/:id',
    route(
      {
        access: { resource: 'siteDrafts', action: 'edit' },
        summary: 'Save a draft (its step and values)',
        params: idParams,
        body: siteDraftInputSchema,
        response: { 200: siteDraftSchema, 400: validationErrorSchema, ...errors },
      },
      {
        bodyLimit,
      },
    ),
    async (request) => {
      const draft = await drafts.update(request.auth!.user, request.params.id, request.body);
      if (!draft) throw new HttpError(404, 'errors.notFound');
      await app.audit(request, { action: 'siteDraft.saved', targetType: 'siteDraft', targetId: draft.id, details: { step: draft.step } });
      return draft;
    },
  );

  app.delete(
    '/siteDrafts/:id',
    route({
      access: { resource: 'siteDrafts', action: 'delete' },
      summary: 'Discard a draft',
      params: idParams,
      response: { 204: { type: 'null' }, ...errors },
    }),
    async (request, reply) => {
      if (!(await drafts.delete(request.auth!.user, request.params.id))) throw new HttpError(404, 'errors.notFound');
      await app.audit(request, { action: 'siteDraft.deleted', targetType: 'siteDraft', targetId: request.params.id });
      return reply.status(204).send(null);
    },
  );
}
