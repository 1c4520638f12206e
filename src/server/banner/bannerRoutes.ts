import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { statusBannerSchema, type StatusBanner } from '../../../schemas/statusBanner.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { auditFor, writeAudit } from '../audit/audit.js';
import { requireNoPendingAction } from '../auth/pendingGuard.js';
import { HttpError } from '../http/errors.js';

/**
 * GET/PUT /api/statusBanner (SPEC §7): the one status banner of the login
 * page and the shell. Anyone reads it (§7 'Anonymous: ... GET statusBanner');
 * application-1 users who may edit news set it (§2, §6 Banner Settings),
 * validated per field (§5), written to the audit log.
 */
export async function bannerRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const tags = ['status banner'];

  const read = async (): Promise<StatusBanner | undefined> =>
    app.db.selectFrom('status_banner').select(['active', 'title', 'body', 'importance']).where('banner_id', '=', 1).executeTakeFirst();

  app.get(
    '/statusBanner',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The status banner (anonymous); 404 until one was set up',
        response: { 200: statusBannerSchema, 404: errorSchema },
      },
    },
    async (_request, reply) => {
      const banner = await read();
      if (!banner) throw new HttpError(404, 'banner.errors.notSet');
      reply.header('Cache-Control', 'no-cache');
      return banner;
    },
  );

  app.put(
    '/statusBanner',
    {
      config: { access: { resource: 'statusBanner', action: 'edit' } },
      schema: {
        tags,
        summary: 'Set the status banner; answers the saved banner',
        body: statusBannerSchema,
        response: { 200: statusBannerSchema, 400: validationErrorSchema, 401: errorSchema, 403: errorSchema },
      },
      // A fully signed-in editor: statusBanner is on the pending allow-list for its anonymous GET, not for editing.
      preHandler: requireNoPendingAction,
    },
    async (request) => {
      const { active, title, body, importance } = request.body;
      const userId = request.auth!.user.user_id;
      const previous = await read();
      const values = { active, title, body, importance, updated_at: new Date(), updated_by: userId };
      await app.db
        .insertInto('status_banner')
        .values({ banner_id: 1, ...values })
        .onConflict((oc) => oc.column('banner_id').doUpdateSet(values))
        .execute();
      await writeAudit(
        app.db,
        auditFor(request, {
          action: 'statusBanner.updated',
          targetType: 'statusBanner',
          targetId: 1,
          details: { before: previous ?? null, after: { active, title, body, importance } },
        }),
      );
      return (await read())!;
    },
  );
}
