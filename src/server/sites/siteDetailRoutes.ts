import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { passcodeRevealSchema, siteDetailSchema } from '../../../schemas/sites.js';
import { errorSchema, INT4_MAX } from '../../../schemas/shared.js';
import { HttpError } from '../http/errors.js';
import { siteDetailRepository } from './siteDetailRepository.js';

const siteNum = { type: 'integer', minimum: 1, maximum: INT4_MAX } as const;
const siteParams = { type: 'object', required: ['siteNum'], properties: { siteNum } } as const;
const passcodeParams = {
  type: 'object',
  required: ['siteNum', 'passcodeId'],
  properties: { siteNum, passcodeId: { type: 'integer', minimum: 1, maximum: INT4_MAX } },
} as const;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * The account view (issue 11): GET /api/sites/{siteNum}, the whole account
 * with its passcodes masked, and the passcode reveal, a POST (so the CSRF
 * check applies) that is audited without the passcode. Both answer 404 alike
 * for a site out of the user's scope and one that does not exist. Opening
 * the account is recorded among the recents by the shell's GET
 * /api/site/{siteNum}, which the page calls; not here. Every /api answer
 * that is not public is `Cache-Control: no-store` (securityHeaders.ts).
 */
export async function siteDetailRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const sites = siteDetailRepository(app.db);
  const tags = ['sites'];

  app.get(
    '/sites/:siteNum',
    {
      config: { access: { resource: 'sites', action: 'show' } },
      schema: {
        tags,
        summary: 'The whole account: devices, zones, call list, masked passcodes, schedules, agencies, premise phones, warnings',
        params: siteParams,
        response: { 200: siteDetailSchema, ...errors },
      },
    },
    async (request) => {
      const site = await sites.get(request.auth!.user, request.params.siteNum);
      if (!site) throw new HttpError(404, 'live.siteNotFound');
      return site;
    },
  );

  app.post(
    '/sites/:siteNum/passcodes/:passcodeId/reveal',
    {
      config: { access: { resource: 'passcodes', action: 'reveal' } },
      schema: {
        tags,
        summary: 'A passcode of the account in clear (audited)',
        params: passcodeParams,
        response: { 200: passcodeRevealSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { siteNum, passcodeId } = request.params;
      const revealed = await sites.reveal(request.auth!.user, siteNum, passcodeId);
      if (!revealed) throw new HttpError(404, 'live.siteNotFound');
      // Who saw which passcode of which account: never the passcode itself.
      await app.audit(request, { action: 'passcode.revealed', targetType: 'site', targetId: siteNum, details: { passcodeId } });
      reply.header('Cache-Control', 'no-store');
      return revealed;
    },
  );
}
