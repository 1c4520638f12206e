import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_SORT_FIELDS,
  libraryDocumentFilterSchema,
  libraryDocumentInputSchema,
  libraryDocumentSchema,
  type LibraryDocument,
  type LibraryDocumentFilter,
  type LibraryDocumentInput,
} from '../../../schemas/documents.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { createAjv } from '../../common/validation.js';
import { accessUserOf } from '../auth/accessGuard.js';
import { HttpError } from '../http/errors.js';
import { attachmentRoute, sendAttachment } from '../http/pdf.js';
import { simpleRestRoutes } from '../http/simpleRestRoutes.js';
import { documentScope, LIBRARY_MAX_MB, LIBRARY_UPLOAD, libraryFileName, parseTags, sniffDocument } from './documentRules.js';
import { documentsRepository } from './documentsRepository.js';
import { readMultipartForm, uploadRefusals } from '../http/multipartForm.js';

const scopeOf = (request: FastifyRequest) => documentScope(accessUserOf(request.auth!.user));

/**
 * /api/documents: the document libraries of /resources and /marketing, simple-rest.
 * Whoever may list documents reads the libraries and audiences open to them (documentScope: a
 * dealer sees the resources for dealers; /marketing is application 1's); staff with canEdit
 * upload (multipart: title, tags, audience, library and one PDF, PNG, JPEG or WebP, checked by
 * content), change and delete. Every write and every download is audited.
 */
export async function documentsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const documents = documentsRepository(app.db);
  const ajv = createAjv();
  const validateInput = ajv.compile(libraryDocumentInputSchema);
  const tags = ['documents'];

  app.get(
    '/documents/:id/file',
    {
      config: { access: { resource: 'documents', action: 'show' } },
      schema: {
        tags,
        summary: "Download the document's file (as an attachment); audited",
        ...attachmentRoute(DOCUMENT_CONTENT_TYPES, 'The file'),
      },
    },
    async (request, reply) => {
      const file = await documents.file(scopeOf(request), request.params.id);
      if (!file) throw new HttpError(404, 'errors.notFound');
      await app.audit(request, {
        action: 'documents.downloaded',
        targetType: 'document',
        targetId: request.params.id,
        details: { fileName: file.file_name },
      });
      return sendAttachment(reply, file);
    },
  );

  app.post(
    '/documents',
    {
      config: { access: { resource: 'documents', action: 'create' } },
      schema: {
        tags,
        summary: `Upload a document: multipart with fields library, title, tags (comma-separated), audience and one PDF, PNG, JPEG or WebP file (by content; SVG refused) of at most ${LIBRARY_MAX_MB}. Answers the document.`,
        consumes: ['multipart/form-data'],
        response: { 201: libraryDocumentSchema, 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, ...uploadRefusals },
      },
    },
    async (request, reply) => {
      const { fields, file } = await readMultipartForm(request, LIBRARY_UPLOAD);
      const input = {
        library: fields.library?.[0],
        title: fields.title?.[0],
        tags: parseTags(fields.tags),
        audience: fields.audience?.[0],
      };
      if (!validateInput(input)) throw Object.assign(new Error('body is not valid'), { validation: validateInput.errors });
      if (!file) throw new HttpError(400, 'documents.errors.fileRequired');
      const sniffed = sniffDocument(file.content);
      if ('refusal' in sniffed) throw new HttpError(400, sniffed.refusal);
      const fileName = libraryFileName(file.name, sniffed.type);
      const valid = input as LibraryDocumentInput;
      const id = await documents.create(valid, { fileName, contentType: sniffed.type, content: file.content }, request.auth!.user.user_id);
      await app.audit(request, {
        action: 'documents.uploaded',
        targetType: 'document',
        targetId: id,
        details: { library: valid.library, title: valid.title, audience: valid.audience, fileName, sizeBytes: file.content.length },
      });
      reply.status(201);
      return (await documents.get(scopeOf(request), id))!;
    },
  );

  await simpleRestRoutes<LibraryDocument, LibraryDocumentFilter, (typeof DOCUMENT_SORT_FIELDS)[number], never, LibraryDocumentInput>(
    parent,
    {
      path: 'documents',
      resource: 'documents',
      tags,
      record: libraryDocumentSchema,
      filter: libraryDocumentFilterSchema,
      sortFields: DOCUMENT_SORT_FIELDS,
      summaries: {
        list: 'List library documents (simple-rest; filter library, q (title or tag), tag, audience); the reader sees only their libraries',
        one: 'One library document',
      },
      list: (query, request) => {
        const scope = scopeOf(request);
        // A library the reader may not open is refused, not answered empty (the page is refused too).
        if (query.filter.library && !scope.libraries.includes(query.filter.library)) throw new HttpError(403, 'errors.forbidden');
        return documents.list(scope, query);
      },
      one: (id, request) => documents.get(scopeOf(request), Number(id)),
      update: {
        summary: "Change a document's library, title, tags or audience; answers the document",
        body: libraryDocumentInputSchema,
        handler: async (id, input, request) => {
          const changed = await documents.update(Number(id), { ...input, tags: parseTags(input.tags) }, request.auth!.user.user_id);
          return changed ? documents.get(scopeOf(request), Number(id)) : undefined;
        },
      },
      delete: {
        summary: 'Delete a document and its file; answers the deleted document',
        handler: async (id, request) => {
          const document = await documents.get(scopeOf(request), Number(id));
          return document && (await documents.delete(document.id)) ? document : undefined;
        },
      },
      audit: {
        targetType: 'document',
        prefix: 'documents',
        details: (document, verb) =>
          verb === 'deleted'
            ? { title: document.title, fileName: document.fileName }
            : { library: document.library, title: document.title, audience: document.audience, tags: document.tags },
      },
    },
  );
}
