import type { FastifyInstance } from 'fastify';
import type { Audience } from '../http/audience.js';
import { contactsRoutes } from './contactsRoutes.js';
import { passcodesRoutes } from './passcodesRoutes.js';
import { schedulesRoutes } from './schedulesRoutes.js';
import { zonesRoutes } from './zonesRoutes.js';

/**
 * Editing the account: the call list, zones, passcodes, schedules and holidays; the dealer's
 * side at /api, the customer's registered again under /api/msa.
 */
export async function accountEditsRoutes(app: FastifyInstance, options: { audience?: Audience }) {
  await app.register(contactsRoutes, options);
  await app.register(zonesRoutes, options);
  await app.register(passcodesRoutes, options);
  await app.register(schedulesRoutes, options);
}
