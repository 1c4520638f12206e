import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

/**
 * The signed-in dealer's current account group: the tenant scope of the group's own records
 * (API keys, webhook subscriptions). A user with no group is answered 400.
 */
export function currentGroup(request: FastifyRequest): number {
  const group = request.auth!.user.current_site_group_num;
  if (group === null) throw new HttpError(400, 'users.errors.noGroup');
  return group;
}

/** The signed-in user's id: who created or revoked a group's record. */
export function userId(request: FastifyRequest): number {
  return request.auth!.user.user_id;
}
