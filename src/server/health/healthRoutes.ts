import type { FastifyInstance } from 'fastify';
import { ping } from '../db/database.js';
import { DATABASE_RETRY_AFTER_S } from '../db/unavailable.js';

const healthSchema = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', enum: ['ok', 'unavailable'] } },
} as const;

/** GET /api/health: ok only when the database answers (load balancers poll this). */
export async function healthRoutes(app: FastifyInstance) {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['platform'], summary: 'Liveness with a database check', response: { 200: healthSchema, 503: healthSchema } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      try {
        await ping(app.db);
        return { status: 'ok' };
      } catch (err) {
        request.log.warn({ err }, 'health check: database unreachable');
        return reply.status(503).header('Retry-After', String(DATABASE_RETRY_AFTER_S)).send({ status: 'unavailable' });
      }
    },
  );
}
