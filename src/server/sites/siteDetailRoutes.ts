import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { msaPasscodeRevealBodySchema, passcodeRevealSchema, siteDetailSchema } from '../../../schemas/sites.js';
import { errorSchema, serialId, validationErrorSchema } from '../../../schemas/shared.js';
import type { Resource } from '../../common/access.js';
import { mayAccess } from '../auth/authPlugin.js';
import { TOO_MANY_ATTEMPTS_KEY } from '../auth/mfaCodes.js';
import { ACCOUNT_POLICY } from '../auth/throttle.js';
import { audienceAccess, DEALER_AUDIENCE, type Audience } from '../http/audience.js';
import { HttpError } from '../http/errors.js';
import { siteDetailRepository } from './siteDetailRepository.js';
import { routeOptions } from '../http/routeOptions.js';

const siteNum = serialId;
const siteParams = { type: 'object', required: ['siteNum'], properties: { siteNum } } as const;
const passcodeParams = {
  type: 'object',
  required: ['siteNum', 'passcodeId'],
  properties: { siteNum, passcodeId: serialId },
} as const;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * The account view: GET /api/sites/{siteNum}, the whole account
 * with its passcodes masked, and the passcode reveal, a POST (so the CSRF
 * check applies) that is audited without the passcode. Both answer 404 alike
 * for a site out of the user's scope and one that does not exist. Opening
 * the account is recorded among the recents by the shell's GET
 * /api/site/{siteNum}, which the page calls; not here. Every /api answer
 * that is not public is `Cache-Control: no-store` (securityHeaders.ts).
 */
export async function siteDetailRoutes(parent: FastifyInstance, { audience = DEALER_AUDIENCE }: { audience?: Audience } = {}) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const sites = siteDetailRepository(app.db);
  const route = routeOptions(['sites']);
  const msaRoute = routeOptions(['msa']);

  if (!audience.msa) {
    app.get(
      '/sites/:siteNum',
      route({
        access: { resource: 'sites', action: 'show' },
        summary: 'The whole account: devices, zones, call list, masked passcodes, schedules, agencies, premise phones, warnings',
        params: siteParams,
        response: { 200: siteDetailSchema, ...errors },
      }),
      async (request) => {
        const site = await sites.get(request.auth!.user, request.params.siteNum);
        if (!site) throw new HttpError(404, 'live.siteNotFound');
        return site;
      },
    );

    app.post(
      '/sites/:siteNum/passcodes/:passcodeId/reveal',
      route({
        access: { resource: 'passcodes', action: 'reveal' },
        summary: 'A passcode of the account in clear (audited)',
        params: passcodeParams,
        response: { 200: passcodeRevealSchema, ...errors },
      }),
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
    return;
  }

  // The customer's side: /api/msa/sites/{siteNum}, a linked account, each section only with its role (§6).
  app.get(
    '/sites/:siteNum',
    msaRoute({
      access: { resource: 'msaAccount', action: 'show' },
      summary: "A linked account as the customer sees it: the sections of the customer's roles (§6), the others empty",
      params: siteParams,
      response: { 200: siteDetailSchema, ...errors },
    }),
    async (request) => {
      const user = request.auth!.user;
      const site = await sites.get(user, request.params.siteNum);
      if (!site) throw new HttpError(404, 'live.siteNotFound');
      // Each section as the access table lets the customer read its own screen (§6 roles).
      const reads = (resource: Resource) => mayAccess(request, resource, 'show');
      return {
        ...site,
        contacts: reads('msaContacts') ? site.contacts : [],
        zones: reads('msaZones') ? site.zones : [],
        passcodes: reads('msaPasscodes') ? site.passcodes : [],
        schedules: reads('msaSchedules') ? site.schedules : [],
        holidays: reads('msaHolidays') ? site.holidays : [],
        // The dealer's to-do list (missing permits, a short call list) is not the customer's.
        warnings: [],
      };
    },
  );

  app.post(
    '/sites/:siteNum/passcodes/:passcodeId/reveal',
    msaRoute({
      access: audienceAccess(audience, 'passcodes', 'reveal'),
      summary: 'A passcode of a linked account in clear, after the customer re-enters their password (audited, throttled)',
      params: passcodeParams,
      body: msaPasscodeRevealBodySchema,
      response: { 200: passcodeRevealSchema, ...errors, 400: validationErrorSchema, 429: errorSchema },
    }),
    async (request, reply) => {
      const { siteNum, passcodeId } = request.params;
      const user = request.auth!.user;
      const keys = [`reveal:user:${user.user_id}`];
      // Counted before the password is checked (throttle.ts reserve).
      if ((await app.throttle.reserve([{ key: keys[0], policy: ACCOUNT_POLICY }])).refused) throw new HttpError(429, TOO_MANY_ATTEMPTS_KEY);
      if (!(await app.secrets.verify(user.password_hash, request.body.password))) {
        await app.audit(request, { action: 'passcode.revealRefused', targetType: 'site', targetId: siteNum, details: { passcodeId } });
        throw new HttpError(400, 'validation.invalidForm', {}, { password: 'msa.passcodes.wrongPassword' });
      }
      await app.throttle.succeed(keys);
      const revealed = await sites.reveal(user, siteNum, passcodeId);
      if (!revealed) throw new HttpError(404, 'live.siteNotFound');
      await app.audit(request, { action: 'passcode.revealed', targetType: 'site', targetId: siteNum, details: { passcodeId } });
      reply.header('Cache-Control', 'no-store');
      return revealed;
    },
  );
}
