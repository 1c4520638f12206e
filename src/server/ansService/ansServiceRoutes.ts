import type { FastifyInstance } from 'fastify';
import { ansMessagesRoutes } from './ansMessagesRoutes.js';
import { autoNotifyRoutes } from './autoNotifyRoutes.js';
import { businessHoursRoutes } from './businessHoursRoutes.js';
import { onCallRoutes } from './onCallRoutes.js';

/**
 * The answering service (SPEC §2 /ans-service/*): /api/ansMessages, /api/onCall,
 * /api/autoNotify and /api/businessHours (with /api/businessHours/exceptions), in
 * ra-data-simple-rest conventions, a routes file each. Access: the table's ansMessages, onCall,
 * autoNotify and businessHours entries (§6 level8, ansServiceBlockFlag and a group that has the
 * service), checked by the guard; the scope (the user's selected account group, still theirs) by
 * the repository, so another group's record answers 404 as a missing one. Every write is audited.
 */
export async function ansServiceRoutes(app: FastifyInstance) {
  await app.register(ansMessagesRoutes);
  await app.register(onCallRoutes);
  await app.register(autoNotifyRoutes);
  await app.register(businessHoursRoutes);
}
