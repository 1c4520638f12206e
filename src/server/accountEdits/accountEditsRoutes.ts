import type { FastifyInstance } from 'fastify';
import { contactsRoutes } from './contactsRoutes.js';
import { passcodesRoutes } from './passcodesRoutes.js';
import { schedulesRoutes } from './schedulesRoutes.js';
import { zonesRoutes } from './zonesRoutes.js';

/** Editing the account (issue 12, dealer side): the call list, zones, passcodes, schedules and holidays. */
export async function accountEditsRoutes(app: FastifyInstance) {
  await app.register(contactsRoutes);
  await app.register(zonesRoutes);
  await app.register(passcodesRoutes);
  await app.register(schedulesRoutes);
}
