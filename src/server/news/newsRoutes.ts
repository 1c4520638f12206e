import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { NEWS_SORT_FIELDS, newsFilterSchema, newsItemInputSchema, newsItemSchema, type NewsFilter } from '../../../schemas/news.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { createAjv } from '../../common/validation.js';
import { HttpError } from '../http/errors.js';
import { contentRange, listQuerystringSchema, parseListQuery } from '../http/simpleRest.js';
import { newsRepository } from './newsRepository.js';

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

/**
 * /api/news: the react-admin simple-rest resource (SPEC §7 news). Authorisation
 * is the sign-in issue's; this plugin only knows the resource.
 */
export async function newsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const news = newsRepository(app.db);
  const validateFilter = createAjv().compile(newsFilterSchema);
  const tags = ['news'];

  app.get('/news', {
    schema: {
      tags,
      summary: 'List news items (react-admin simple-rest: sort, range, filter; total in Content-Range)',
      querystring: listQuerystringSchema,
      response: { 200: { type: 'array', items: newsItemSchema }, 400: errorSchema },
    },
  }, async (request, reply) => {
    const query = parseListQuery<NewsFilter, (typeof NEWS_SORT_FIELDS)[number]>(request.query, {
      sortFields: NEWS_SORT_FIELDS,
      validateFilter,
    });
    const { items, total } = await news.list(query);
    reply.header('Content-Range', contentRange('news', query.offset, items.length, total));
    return items;
  });

  app.get('/news/:id', {
    schema: { tags, summary: 'One news item', params: idParams, response: { 200: newsItemSchema, 404: errorSchema } },
  }, async (request) => {
    const item = await news.get(request.params.id);
    if (!item) throw new HttpError(404, 'errors.notFound');
    return item;
  });

  app.post('/news', {
    schema: {
      tags,
      summary: 'Create a news item; answers the full record',
      body: newsItemInputSchema,
      response: { 201: newsItemSchema, 400: validationErrorSchema },
    },
  }, async (request, reply) => {
    const item = await news.create(request.body, request.userId ?? null);
    reply.status(201);
    return item;
  });

  app.put('/news/:id', {
    schema: {
      tags,
      summary: 'Update a news item; answers the full record',
      params: idParams,
      body: newsItemInputSchema,
      response: { 200: newsItemSchema, 400: validationErrorSchema, 404: errorSchema },
    },
  }, async (request) => {
    const item = await news.update(request.params.id, request.body, request.userId ?? null);
    if (!item) throw new HttpError(404, 'errors.notFound');
    return item;
  });

  app.delete('/news/:id', {
    schema: {
      tags,
      summary: 'Delete a news item; answers the deleted record',
      params: idParams,
      response: { 200: newsItemSchema, 404: errorSchema },
    },
  }, async (request) => {
    const item = await news.delete(request.params.id);
    if (!item) throw new HttpError(404, 'errors.notFound');
    return item;
  });
}
