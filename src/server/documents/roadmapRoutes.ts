import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { roadmapItemFilterSchema, roadmapItemInputSchema, roadmapItemSchema, type RoadmapItemFilter } from '../../../schemas/documents.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { compileCached } from '../../common/validation.js';
import { mayAccess } from '../auth/authPlugin.js';
import { HttpError } from '../http/errors.js';
import { contentRange, listQuerystringSchema, parseListQuery } from '../http/simpleRest.js';
import { idParams } from './documentsRoutes.js';
import { roadmapRepository } from './roadmapRepository.js';

const isEditor = (request: FastifyRequest) => mayAccess(request, 'roadmapItems', 'edit');

/**
 * /api/roadmapItems (/home/product-roadmap), simple-rest: whoever the access table lets
 * read sees the published items; staff with canEdit also see drafts, and create, change and
 * delete items (audited).
 */
export async function roadmapRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const roadmap = roadmapRepository(app.db);
  const validateFilter = compileCached(roadmapItemFilterSchema);
  const tags = ['roadmap'];

  app.get(
    '/roadmapItems',
    {
      config: { access: { resource: 'roadmapItems', action: 'list' } },
      schema: {
        tags,
        summary: 'List roadmap items by status (planned, in progress, shipped); filter status, q',
        querystring: listQuerystringSchema,
        response: { 200: { type: 'array', items: roadmapItemSchema }, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const query = parseListQuery<RoadmapItemFilter, never>(request.query, { sortFields: [], validateFilter });
      const { items, total } = await roadmap.list({ ...query, includeUnpublished: isEditor(request) });
      reply.header('Content-Range', contentRange('roadmapItems', query.offset, items.length, total));
      return items;
    },
  );

  app.get(
    '/roadmapItems/:id',
    {
      config: { access: { resource: 'roadmapItems', action: 'show' } },
      schema: {
        tags,
        summary: 'One roadmap item',
        params: idParams,
        response: { 200: roadmapItemSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const item = await roadmap.get(request.params.id, isEditor(request));
      if (!item) throw new HttpError(404, 'errors.notFound');
      return item;
    },
  );

  app.post(
    '/roadmapItems',
    {
      config: { access: { resource: 'roadmapItems', action: 'create' } },
      schema: {
        tags,
        summary: 'Create a roadmap item; answers it',
        body: roadmapItemInputSchema,
        response: { 201: roadmapItemSchema, 400: validationErrorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const item = await roadmap.create(request.body, request.auth!.user.user_id);
      await app.audit(request, {
        action: 'roadmap.created',
        targetType: 'roadmapItem',
        targetId: item.id,
        details: { title: item.title, status: item.status },
      });
      reply.status(201);
      return item;
    },
  );

  app.put(
    '/roadmapItems/:id',
    {
      config: { access: { resource: 'roadmapItems', action: 'edit' } },
      schema: {
        tags,
        summary: 'Change a roadmap item; answers it',
        params: idParams,
        body: roadmapItemInputSchema,
        response: { 200: roadmapItemSchema, 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const item = await roadmap.update(request.params.id, request.body, request.auth!.user.user_id);
      if (!item) throw new HttpError(404, 'errors.notFound');
      await app.audit(request, {
        action: 'roadmap.updated',
        targetType: 'roadmapItem',
        targetId: item.id,
        details: { title: item.title, status: item.status },
      });
      return item;
    },
  );

  app.delete(
    '/roadmapItems/:id',
    {
      config: { access: { resource: 'roadmapItems', action: 'delete' } },
      schema: {
        tags,
        summary: 'Delete a roadmap item; answers the deleted item',
        params: idParams,
        response: { 200: roadmapItemSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const item = await roadmap.delete(request.params.id);
      if (!item) throw new HttpError(404, 'errors.notFound');
      await app.audit(request, { action: 'roadmap.deleted', targetType: 'roadmapItem', targetId: item.id, details: { title: item.title } });
      return item;
    },
  );
}
