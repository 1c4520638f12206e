import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { dashboardSchema } from '../../../schemas/dashboard.js';
import { errorSchema } from '../../../schemas/shared.js';
import { dashboardRepository } from './dashboardRepository.js';

/**
 * The dealer dashboard: GET /api/dashboard, the figures of the
 * selected account group (dashboard.list: applications 1 and 2). Without a
 * selected group the answer is zeros and empty lists, not an error.
 */
export async function dashboardRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const dashboard = dashboardRepository(app.db);

  app.get(
    '/dashboard',
    {
      config: { access: { resource: 'dashboard', action: 'list' } },
      schema: {
        tags: ['dashboard'],
        summary:
          'Figures of the selected account group: accounts by status, alarms, accounts on test, completeness, 30 days by kind, top accounts',
        response: { 200: dashboardSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => dashboard.get(request.auth!.user),
  );
}
