import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { LIBRARY_DOCUMENT_MAX_BYTES } from '../../../schemas/documents.js';
import { contactRoutes } from './contactRoutes.js';
import { contactInboxRoutes } from './contactInboxRoutes.js';
import { documentsRoutes } from './documentsRoutes.js';
import { roadmapRoutes } from './roadmapRoutes.js';

/** The help pages: the document libraries (/api/documents), the product roadmap (/api/roadmapItems) and contact us (/api/contactRequests). */
export async function documentsPlugin(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: LIBRARY_DOCUMENT_MAX_BYTES, files: 2 } });
  await app.register(documentsRoutes);
  await app.register(roadmapRoutes);
  await app.register(contactRoutes);
  // Staff's inbox of the same messages (application 1).
  await app.register(contactInboxRoutes);
}
