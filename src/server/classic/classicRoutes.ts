import type { FastifyInstance } from 'fastify';

// Being written in this session (issue 3/5); registered in app.ts.
export async function classicRoutes(_app: FastifyInstance) {}
