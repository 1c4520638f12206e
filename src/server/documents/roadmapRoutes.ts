import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  roadmapItemFilterSchema,
  roadmapItemInputSchema,
  roadmapItemSchema,
  type RoadmapItem,
  type RoadmapItemFilter,
  type RoadmapItemInput,
} from '../../../schemas/documents.js';
import { mayAccess } from '../auth/authPlugin.js';
import { simpleRestRoutes } from '../http/simpleRestRoutes.js';
import { roadmapRepository } from './roadmapRepository.js';

const isEditor = (request: FastifyRequest) => mayAccess(request, 'roadmapItems', 'edit');
const userId = (request: FastifyRequest) => request.auth!.user.user_id;

/**
 * /api/roadmapItems (/home/product-roadmap), simple-rest: whoever the access table lets
 * read sees the published items; staff with canEdit also see drafts, and create, change and
 * delete items (audited).
 */
export async function roadmapRoutes(app: FastifyInstance) {
  const roadmap = roadmapRepository(app.db);
  await simpleRestRoutes<RoadmapItem, RoadmapItemFilter, 'id', RoadmapItemInput>(app, {
    path: 'roadmapItems',
    resource: 'roadmapItems',
    tags: ['roadmap'],
    record: roadmapItemSchema,
    filter: roadmapItemFilterSchema,
    sortFields: ['id'],
    summaries: {
      list: 'List roadmap items by status (planned, in progress, shipped), or by id when sorted; filter status, q, id',
      one: 'One roadmap item',
    },
    list: (query, request) => roadmap.list({ ...query, includeUnpublished: isEditor(request) }),
    one: (id, request) => roadmap.get(Number(id), isEditor(request)),
    create: {
      summary: 'Create a roadmap item; answers it',
      body: roadmapItemInputSchema,
      handler: (input, request) => roadmap.create(input, userId(request)),
    },
    update: {
      summary: 'Change a roadmap item; answers it',
      body: roadmapItemInputSchema,
      handler: (id, input, request) => roadmap.update(Number(id), input, userId(request)),
    },
    delete: { summary: 'Delete a roadmap item; answers the deleted item', handler: (id) => roadmap.delete(Number(id)) },
    audit: {
      targetType: 'roadmapItem',
      prefix: 'roadmap',
      details: (item, verb) => (verb === 'deleted' ? { title: item.title } : { title: item.title, status: item.status }),
    },
  });
}
