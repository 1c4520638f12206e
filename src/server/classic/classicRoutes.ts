import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { classicKeyQuerySchema, classicKeySchema, classicRedeemSchema, classicUserSchema } from '../../../schemas/dealer.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { APPLICATION } from '../../common/constants.js';
import { clearSessionCookies, mayAccess, sessionOf } from '../auth/authPlugin.js';
import { safeEqual, sha256 } from '../auth/secrets.js';
import { HttpError } from '../http/errors.js';
import { classicUrl } from './classicKeys.js';
import { classicRepository } from './classicRepository.js';
import { routeOptions } from '../http/routeOptions.js';

/**
 * The classic dealer portal handoff (SPEC §4: application 2 and not beta goes
 * to the classic portal with a one-time key; §6 the classic-portal block
 * message for application 1; §7 POST rw3k/key): the signed-in dealer gets a
 * key and the address to go to; the classic portal's server redeems the key
 * with its API key (POST rw3k/redeem) to learn who arrived.
 */
export async function classicRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const route = routeOptions(['classic portal']);
  const classic = classicRepository(app.db);

  app.post(
    '/rw3k/key',
    route({
      // The route refuses with §6's own message for application 1, and audits each refusal.
      access: { resource: 'classicPortal', action: 'create', enforcedBy: 'route' },
      summary: 'A one-time key to the classic dealer portal (deleteSession=true also ends this session)',
      querystring: classicKeyQuerySchema,
      response: { 200: classicKeySchema, 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, 503: errorSchema },
    }),
    async (request, reply) => {
      const { user } = request.auth!;
      const session = sessionOf(request);
      const { deleteSession = false, userRequested = false } = request.query;
      const refuse = async (reason: string, key: string) => {
        await app.audit(request, { action: 'classic.keyRefused', targetType: 'user', targetId: user.user_id, details: { reason } });
        throw new HttpError(403, key);
      };
      if (user.application_num === APPLICATION.internal) return refuse('application1', 'classic.errors.notInApp1');
      // The classic portal knows nothing of impersonation: support would arrive there as the dealer, unmarked.
      if (session.impersonator_user_id) return refuse('impersonating', 'classic.errors.notWhileImpersonating');
      if (!mayAccess(request, 'classicPortal', 'create')) return refuse('notDealer', 'errors.forbidden');
      const portalUrl = app.config.classicPortalUrl;
      if (!portalUrl) throw new HttpError(503, 'classic.errors.notConfigured');

      const rwKey = await classic.issueKey(user.user_id);
      await app.audit(request, {
        action: 'classic.keyIssued',
        targetType: 'user',
        targetId: user.user_id,
        details: { deleteSession, userRequested },
      });
      if (deleteSession) {
        await app.sessions.end(session.session_id, 'classic');
        clearSessionCookies(reply);
      }
      return { rwKey, url: classicUrl(portalUrl, rwKey) };
    },
  );

  /** The classic portal's server, authenticated by CLASSIC_API_KEY as a bearer token (compared in constant time). */
  function apiKeyValid(request: FastifyRequest): boolean {
    const expected = app.config.classicApiKey;
    const header = request.headers.authorization;
    if (!expected || !header?.startsWith('Bearer ')) return false;
    return safeEqual(sha256(header.slice('Bearer '.length).trim()), sha256(expected));
  }

  app.post(
    '/rw3k/redeem',
    route(
      {
        access: 'credential',
        summary: 'Server to server: the classic portal redeems a one-time key (Authorization: Bearer CLASSIC_API_KEY)',
        body: classicRedeemSchema,
        response: { 200: classicUserSchema, 400: validationErrorSchema, 401: errorSchema },
      },
      {
        config: { xsrf: false, anonymous: true },
      },
    ),
    async (request) => {
      if (!apiKeyValid(request)) {
        await app.audit(request, { action: 'classic.redeemFailed', details: { reason: 'apiKey' } });
        throw new HttpError(401, 'classic.errors.apiKey');
      }
      const redeemed = await classic.redeemKey(request.body.key);
      if (!redeemed) {
        await app.audit(request, { action: 'classic.redeemFailed', details: { reason: 'invalidKey' } });
        throw new HttpError(401, 'classic.errors.invalidKey');
      }
      const { userId, ...classicUser } = redeemed;
      // The classic portal's server calls without a session: the actor is the dealer who arrived.
      await app.audit(request, {
        action: 'classic.keyRedeemed',
        actorUserId: userId,
        targetType: 'user',
        targetId: userId,
        details: { via: 'api' },
      });
      return classicUser;
    },
  );
}
