import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.js';
import { actionRequired } from './requirements.js';

/**
 * A preHandler for writes that need a fully signed-in user: 403
 * 'errors.loginActionRequired' while a login step is pending, also on routes
 * the pending-requirements allow-list lets through for reading or accepting.
 */
export async function requireNoPendingAction(request: FastifyRequest): Promise<void> {
  if (request.auth && actionRequired(request.auth.pending)) throw new HttpError(403, 'errors.loginActionRequired');
}
