import type { FastifyReply, FastifyRequest } from 'fastify';
import { safeEqual, sha256 } from '../auth/secrets.js';
import { HttpError } from './errors.js';

/** Whether an Authorization header carries the integration key (compared in constant time). */
function hasIntegrationKey(authorization: string | undefined, key: string | undefined): boolean {
  if (!key || !authorization?.startsWith('Bearer ')) return false;
  return safeEqual(sha256(authorization.slice('Bearer '.length).trim()), sha256(key));
}

/**
 * The onRequest hook of a server-to-server call (`Authorization: Bearer ${INTEGRATION_API_KEY}`):
 * the key is checked before the body is validated, so a caller without it learns nothing about the format.
 */
export function requireIntegrationKey(key: string | undefined) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasIntegrationKey(request.headers.authorization, key)) {
      reply.header('WWW-Authenticate', 'Bearer realm="integrations"');
      throw new HttpError(401, 'live.invalidIntegrationKey');
    }
  };
}
