import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { dealerBrandingSchema, type DealerBranding } from '../../../schemas/dealer.js';
import { closedObject, errorSchema, serialId, validationErrorSchema } from '../../../schemas/shared.js';
import { canAccess } from '../../common/access.js';
import { accessUserOf } from '../auth/accessGuard.js';
import { HttpError } from '../http/errors.js';
import { accountGroupsRepository } from './accountGroupsRepository.js';

const querystring = closedObject([], { siteGroupNum: serialId });

const NO_BRANDING: DealerBranding = { headerLogoUrl: null, darkHeaderLogoUrl: null };

/**
 * GET /api/branding (SPEC §7 'Load dealer branding (logos)'; anonymous only without a token).
 * Signed in: the current account group's logos, or another group's the user may use.
 * Anonymous: a named group's logos (logos are public); with no group, none, and the
 * login page shows the product tagline.
 */
export async function brandingRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const groups = accountGroupsRepository(app.db);
  app.get(
    '/branding',
    {
      config: { access: 'public' },
      schema: {
        tags: ['shell'],
        summary: 'Header logos (light and dark) of an account group',
        querystring,
        response: { 200: dealerBrandingSchema, 400: validationErrorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      // Revalidated every time: a logo just uploaded shows at once (the logos themselves are cached for a year).
      reply.header('Cache-Control', 'private, no-cache');
      const user = request.auth?.user;
      const wanted = request.query.siteGroupNum ?? user?.current_site_group_num ?? undefined;
      if (!wanted) return NO_BRANDING;
      if (user && request.query.siteGroupNum) {
        // Another group's logos: the access table's tenant rule (application 1 any group), else membership.
        const current = user.current_site_group_num === null ? [] : [user.current_site_group_num];
        const record = { siteGroupNum: wanted };
        const allowed = canAccess(accessUserOf(user, { siteGroupNums: current }), { resource: 'branding', action: 'show', record });
        if (!allowed && !(await groups.isMember(user.user_id, wanted))) throw new HttpError(403, 'errors.forbidden');
      }
      const group = await groups.logos(wanted);
      return group ? { headerLogoUrl: group.header_logo_url, darkHeaderLogoUrl: group.dark_header_logo_url } : NO_BRANDING;
    },
  );
}
