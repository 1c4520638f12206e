import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { statusBannerSchema } from '../../../schemas/statusBanner.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { requireNoPendingAction } from '../auth/pendingGuard.js';
import { HttpError } from '../http/errors.js';
import { bannerRepository } from './bannerRepository.js';
import { routeOptions } from '../http/routeOptions.js';

/**
 * GET/PUT /api/statusBanner (SPEC §7): the one status banner of the login
 * page and the shell. Anyone reads it (§7 'Anonymous: ... GET statusBanner');
 * application-1 users who may edit news set it (§2, §6 Banner Settings),
 * validated per field (§5), written to the audit log.
 */
export async function bannerRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const route = routeOptions(['status banner']);

  const banners = bannerRepository(app.db);

  app.get(
    '/statusBanner',
    route({
      access: 'public',
      summary: 'The status banner (anonymous); 404 until one was set up',
      response: { 200: statusBannerSchema, 404: errorSchema },
    }),
    async (_request, reply) => {
      const banner = await banners.get();
      if (!banner) throw new HttpError(404, 'banner.errors.notSet');
      reply.header('Cache-Control', 'no-cache');
      return banner;
    },
  );

  app.put(
    '/statusBanner',
    route(
      {
        access: { resource: 'statusBanner', action: 'edit' },
        summary: 'Set the status banner; answers the saved banner',
        body: statusBannerSchema,
        response: { 200: statusBannerSchema, 400: validationErrorSchema, 401: errorSchema, 403: errorSchema },
      },
      {
        // A fully signed-in editor: statusBanner is on the pending allow-list for its anonymous GET, not for editing.
        preHandler: requireNoPendingAction,
      },
    ),
    async (request) => {
      const previous = await banners.get();
      const saved = await banners.save(request.body, request.auth!.user.user_id);
      await app.audit(request, {
        action: 'statusBanner.updated',
        targetType: 'statusBanner',
        targetId: 1,
        details: { before: previous ?? null, after: saved },
      });
      return saved;
    },
  );
}
