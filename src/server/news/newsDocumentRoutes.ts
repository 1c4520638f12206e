import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { newsItemSchema } from '../../../schemas/news.js';
import { errorSchema } from '../../../schemas/shared.js';
import { LIMITS } from '../../common/constants.js';
import { mayAccess } from '../auth/authPlugin.js';
import { HttpError } from '../http/errors.js';
import { readMultipartForm, uploadRefusals, type FormUpload } from '../http/multipartForm.js';
import { idParams } from '../http/simpleRestRoutes.js';
import { newsRepository } from './newsRepository.js';
import { attachmentRoute, documentFileName, MAX_DOCUMENT_BYTES, pdfRefusal, sendAttachment } from '../http/pdf.js';

const MAX_MB = `${MAX_DOCUMENT_BYTES / 1024 / 1024} MB`;

/**
 * Reads the multipart body: exactly one file (SPEC §9 'Document upload: 1 file,
 * pdf'), an optional `name` field, nothing else of size. Over-large files stop
 * the upload with a 413.
 */
async function readUpload(request: FastifyRequest): Promise<FormUpload> {
  const { fields, file } = await readMultipartForm(request, {
    maxBytes: MAX_DOCUMENT_BYTES,
    max: MAX_MB,
    messages: 'news.document',
    fields: 4,
    fieldSize: 4096,
    parts: 6,
  });
  if (!file) throw new HttpError(400, 'news.document.required');
  return { name: fields.name?.at(-1)?.trim() || file.name, content: file.content };
}

/**
 * A news item's PDF (SPEC §7 'Upload document by id (name and file), delete
 * document by id, download document by id'): written by news editors,
 * downloaded by whoever may see the item.
 */
export async function newsDocumentRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  await app.register(multipart, { limits: { fileSize: MAX_DOCUMENT_BYTES, files: 2 } });
  const news = newsRepository(app.db);
  const tags = ['news'];

  app.post(
    '/news/:id/document',
    {
      config: { access: { resource: 'news', action: 'edit' } },
      schema: {
        tags,
        summary: `Upload the item's document: multipart, exactly one PDF file (checked by content), at most ${MAX_MB}; optional field name. Answers the item.`,
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: newsItemSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, ...uploadRefusals },
      },
    },
    async (request) => {
      if (!(await news.get(request.params.id))) throw new HttpError(404, 'errors.notFound');
      const upload = await readUpload(request);
      const refusal = pdfRefusal(upload.content);
      if (refusal) throw new HttpError(400, refusal);
      const name = documentFileName(upload.name, LIMITS.newsDocumentNameMax);
      const item = await news.saveDocument(request.params.id, { name, content: upload.content }, request.auth!.user.user_id);
      if (!item) throw new HttpError(404, 'errors.notFound');
      await app.audit(request, {
        action: 'news.documentUploaded',
        targetType: 'news',
        targetId: item.id,
        details: { name, sizeBytes: upload.content.length },
      });
      return item;
    },
  );

  app.get(
    '/news/:id/document',
    {
      config: { access: { resource: 'news', action: 'show' } },
      schema: {
        tags,
        summary: "Download the item's document (application/pdf, as an attachment)",
        ...attachmentRoute(['application/pdf'], 'The PDF'),
      },
    },
    async (request, reply) => {
      const item = await news.get(request.params.id);
      // Users see active items only; the rest is for news setup (as GET /news/:id).
      if (!item || (!item.active && !mayAccess(request, 'news', 'setup'))) throw new HttpError(404, 'errors.notFound');
      const document = await news.getDocument(request.params.id);
      if (!document) throw new HttpError(404, 'news.document.notFound');
      return sendAttachment(reply, document);
    },
  );

  app.delete(
    '/news/:id/document',
    {
      config: { access: { resource: 'news', action: 'edit' } },
      schema: {
        tags,
        summary: "Delete the item's document and its name; answers the item",
        params: idParams,
        response: { 200: newsItemSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      if (!(await news.get(request.params.id))) throw new HttpError(404, 'errors.notFound');
      const removed = await news.deleteDocument(request.params.id, request.auth!.user.user_id);
      if (removed) {
        await app.audit(request, { action: 'news.documentDeleted', targetType: 'news', targetId: request.params.id });
      }
      return (await news.get(request.params.id))!;
    },
  );
}
