import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  NEWS_SORT_FIELDS,
  newsFilterSchema,
  newsItemInputSchema,
  newsItemSchema,
  type NewsFilter,
  type NewsItem,
  type NewsItemInput,
} from '../../../schemas/news.js';
import { mayAccess } from '../auth/authPlugin.js';
import { simpleRestRoutes } from '../http/simpleRestRoutes.js';
import { newsDocumentRoutes } from './newsDocumentRoutes.js';
import { newsRepository } from './newsRepository.js';

const canSetUp = (request: FastifyRequest) => mayAccess(request, 'news', 'setup');
const userId = (request: FastifyRequest) => request.auth!.user.user_id;

/**
 * /api/news: the react-admin simple-rest resource (SPEC §7 news). Applications
 * 1 and 2 read (dealers see active items only); setup users with canEdit write.
 * Without a sort, setup lists by order descending (§2 news setup), nulls last.
 * The item's PDF is newsDocumentRoutes.ts.
 */
export async function newsRoutes(app: FastifyInstance) {
  const news = newsRepository(app.db);
  await app.register(newsDocumentRoutes);

  await simpleRestRoutes<NewsItem, NewsFilter, (typeof NEWS_SORT_FIELDS)[number], NewsItemInput>(app, {
    path: 'news',
    resource: 'news',
    tags: ['news'],
    record: newsItemSchema,
    filter: newsFilterSchema,
    sortFields: NEWS_SORT_FIELDS,
    summaries: {
      list: 'List news items (react-admin simple-rest: sort, range, filter; total in Content-Range)',
      one: 'One news item',
    },
    list: (query, request) => {
      // Only setup users see what is not active (SPEC §2 news, news setup); users see
      // the active items by order ascending, items without order last (§3 news item).
      if (canSetUp(request)) return news.list(query);
      return news.list({
        ...query,
        filter: { ...query.filter, active: true, includeExpired: false },
        sort: { field: 'order', order: 'asc' },
      });
    },
    one: async (id, request) => {
      const item = await news.get(Number(id));
      return item && (item.active || canSetUp(request)) ? item : undefined;
    },
    create: {
      summary: 'Create a news item; answers the full record',
      body: newsItemInputSchema,
      handler: (input, request) => news.create(input, userId(request)),
    },
    update: {
      summary: 'Update a news item; answers the full record',
      body: newsItemInputSchema,
      handler: (id, input, request) => news.update(Number(id), input, userId(request)),
    },
    delete: { summary: 'Delete a news item; answers the deleted record', handler: (id) => news.delete(Number(id)) },
    audit: {
      targetType: 'news',
      prefix: 'news',
      details: (item, verb) => (verb === 'deleted' ? { title: item.title } : undefined),
    },
  });
}
