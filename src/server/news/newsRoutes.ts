import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { NEWS_SORT_FIELDS, newsFilterSchema, newsItemInputSchema, newsItemSchema, type NewsFilter } from '../../../schemas/news.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { compileCached } from '../../common/validation.js';
import { HttpError } from '../http/errors.js';
import { contentRange, listQuerystringSchema, parseListQuery } from '../http/simpleRest.js';
import { idParams, newsDocumentRoutes } from './newsDocumentRoutes.js';
import { newsRepository } from './newsRepository.js';
import { mayAccess } from '../auth/authPlugin.js';
import type { FastifyRequest } from 'fastify';

const canSetUp = (request: FastifyRequest) => mayAccess(request, 'news', 'setup');

/**
 * /api/news: the react-admin simple-rest resource (SPEC §7 news). Applications
 * 1 and 2 read (dealers see active items only); setup users with canEdit write.
 * Without a sort, setup lists by order descending (§2 news setup), nulls last.
 * The item's PDF is newsDocumentRoutes.ts.
 */
export async function newsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const news = newsRepository(app.db);
  const validateFilter = compileCached(newsFilterSchema);
  const tags = ['news'];
  await app.register(newsDocumentRoutes);

  app.get(
    '/news',
    {
      config: { access: { resource: 'news', action: 'list' } },
      schema: {
        tags,
        summary: 'List news items (react-admin simple-rest: sort, range, filter; total in Content-Range)',
        querystring: listQuerystringSchema,
        response: { 200: { type: 'array', items: newsItemSchema }, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const query = parseListQuery<NewsFilter, (typeof NEWS_SORT_FIELDS)[number]>(request.query, {
        sortFields: NEWS_SORT_FIELDS,
        validateFilter,
      });
      // Only setup users see what is not active (SPEC §2 news, news setup); users see
      // the active items by order ascending, items without order last (§3 news item).
      if (!canSetUp(request)) {
        query.filter = { ...query.filter, active: true, includeExpired: false };
        query.sort = { field: 'order', order: 'asc' };
      }
      const { items, total } = await news.list(query);
      reply.header('Content-Range', contentRange('news', query.offset, items.length, total));
      return items;
    },
  );

  app.get(
    '/news/:id',
    {
      config: { access: { resource: 'news', action: 'show' } },
      schema: {
        tags,
        summary: 'One news item',
        params: idParams,
        response: { 200: newsItemSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const item = await news.get(request.params.id);
      if (!item || (!item.active && !canSetUp(request))) throw new HttpError(404, 'errors.notFound');
      return item;
    },
  );

  app.post(
    '/news',
    {
      config: { access: { resource: 'news', action: 'create' } },
      schema: {
        tags,
        summary: 'Create a news item; answers the full record',
        body: newsItemInputSchema,
        response: { 201: newsItemSchema, 400: validationErrorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const item = await news.create(request.body, request.auth!.user.user_id);
      await app.audit(request, { action: 'news.created', targetType: 'news', targetId: item.id });
      reply.status(201);
      return item;
    },
  );

  app.put(
    '/news/:id',
    {
      config: { access: { resource: 'news', action: 'edit' } },
      schema: {
        tags,
        summary: 'Update a news item; answers the full record',
        params: idParams,
        body: newsItemInputSchema,
        response: { 200: newsItemSchema, 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const item = await news.update(request.params.id, request.body, request.auth!.user.user_id);
      if (!item) throw new HttpError(404, 'errors.notFound');
      await app.audit(request, { action: 'news.updated', targetType: 'news', targetId: item.id });
      return item;
    },
  );

  app.delete(
    '/news/:id',
    {
      config: { access: { resource: 'news', action: 'delete' } },
      schema: {
        tags,
        summary: 'Delete a news item; answers the deleted record',
        params: idParams,
        response: { 200: newsItemSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const item = await news.delete(request.params.id);
      if (!item) throw new HttpError(404, 'errors.notFound');
      await app.audit(request, { action: 'news.deleted', targetType: 'news', targetId: item.id, details: { title: item.title } });
      return item;
    },
  );
}
