import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { siteCreatedSchema, siteCreateSchema, transmitterAvailabilitySchema, transmitterQuerySchema } from '../../../schemas/siteCreate.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { newSiteProblems, normaliseNewSite, siteCreatedDetails } from '../../common/siteCreateRules.js';
import { normaliseTransmitter } from '../../common/transmitter.js';
import { HttpError } from '../http/errors.js';
import { NoAccountGroup, siteCreateRepository, TransmitterClash, type TransmitterOwner } from './siteCreateRepository.js';
import { siteDraftsRoutes } from './siteDraftsRoutes.js';
import { routeOptions } from '../http/routeOptions.js';

/** The message of a taken transmitter: the account when it is the user's own, else only that it is taken. */
function clashMessage(owner: TransmitterOwner): string {
  return owner.own ? 'siteCreate.errors.transmitterTakenBy' : 'siteCreate.errors.transmitterTaken';
}
const clashArgs = (code: string, owner: TransmitterOwner) =>
  owner.own ? { code, siteNum: owner.siteNum, siteName: owner.siteName } : { code };

/**
 * Create New Account (SPEC §6 allowCreateAccountFlag):
 * POST /api/sites creates the whole account in one transaction with status
 * 'pending' in the user's selected account group (the repository applies
 * the scope), audited; GET /api/transmitters/availability tells the devices
 * step whether a code is free on the whole platform. The drafts are
 * siteDraftsRoutes.ts.
 */
export async function siteCreateRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const sites = siteCreateRepository(app.db);
  const route = routeOptions(['sites']);
  await app.register(siteDraftsRoutes);

  app.get(
    '/transmitters/availability',
    route({
      access: { resource: 'sites', action: 'create' },
      summary: 'Whether a transmitter code is free on the whole monitoring platform (an account of another dealer is not named)',
      querystring: transmitterQuerySchema,
      response: { 200: transmitterAvailabilitySchema, 400: validationErrorSchema, 401: errorSchema, 403: errorSchema },
    }),
    async (request) => {
      const code = normaliseTransmitter(request.query.code);
      const owner = await sites.transmitterOwner(request.auth!.user, code);
      if (!owner) return { code, available: true };
      return {
        code,
        available: false,
        ...(owner.own ? { siteNum: owner.siteNum, siteName: owner.siteName } : {}),
        message: request.t(clashMessage(owner), clashArgs(code, owner)),
      };
    },
  );

  app.post(
    '/sites',
    route({
      access: { resource: 'sites', action: 'create' },
      summary: "Create an account (status 'pending') with its devices, zones, call list and passcodes; answers the new site number",
      body: siteCreateSchema,
      response: {
        201: siteCreatedSchema,
        400: validationErrorSchema,
        401: errorSchema,
        403: errorSchema,
        409: validationErrorSchema,
      },
    }),
    async (request, reply) => {
      const problems = newSiteProblems(request.body);
      if (Object.keys(problems).length) {
        // One message per field, each in the request's language (the shape of a schema 400).
        const errors = Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, request.t(key)]));
        return reply.status(400).send({ message: request.t('validation.invalidForm'), errors });
      }
      const site = normaliseNewSite(request.body);
      try {
        const created = await sites.create(request.auth!.user, site, request.t('siteCreate.premisePhoneLabel'));
        await app.audit(request, {
          action: 'site.created',
          targetType: 'site',
          targetId: created.siteNum,
          details: { ...siteCreatedDetails(created, site), ...(site.draftId !== undefined ? { draftId: site.draftId } : {}) },
        });
        reply.status(201);
        return { siteNum: created.siteNum, devNums: created.devNums };
      } catch (error) {
        if (error instanceof NoAccountGroup) throw new HttpError(409, 'siteCreate.errors.noAccountGroup');
        if (error instanceof TransmitterClash) {
          const key = clashMessage(error.owner);
          throw new HttpError(409, key, clashArgs(error.code, error.owner), { [`devices.${error.index}.transmitterCode`]: key });
        }
        throw error;
      }
    },
  );
}
