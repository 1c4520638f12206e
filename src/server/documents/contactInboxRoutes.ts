import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  CONTACT_REQUEST_SORT_FIELDS,
  contactRequestFilterSchema,
  contactRequestSchema,
  contactRequestUpdateSchema,
  type ContactRequestFilter,
} from '../../../schemas/documents.js';
import { errorSchema, INT4_MAX, validationErrorSchema } from '../../../schemas/shared.js';
import { contactStatusAllowed } from '../../common/contactRequestRules.js';
import { compileCached } from '../../common/validation.js';
import { HttpError } from '../http/errors.js';
import { sendAttachment } from '../http/pdf.js';
import { contentRange, listQuerystringSchema, parseListQuery } from '../http/simpleRest.js';
import { contactRequestsRepository } from './contactRequestsRepository.js';

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: INT4_MAX } } } as const;
const errors = { 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['contact'];
const notFound = () => new HttpError(404, 'errors.notFound');

/**
 * Staff's inbox of the contact-us messages (/contact-requests; access table
 * `contactRequests` list/show/edit: application 1): list (search, status, topic), one message,
 * its attachment, and support's handling: status new → in progress → closed
 * (src/common/contactRequestRules.ts) and an internal note. Each change is audited with its
 * before and after; the sender's own POST is contactRoutes.ts.
 */
export async function contactInboxRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const repo = contactRequestsRepository(app.db);
  const validateFilter = compileCached(contactRequestFilterSchema);

  app.get(
    '/contactRequests',
    {
      config: { access: { resource: 'contactRequests', action: 'list' } },
      schema: {
        tags,
        summary: 'Contact-us messages, newest first (filter: q, status, topic; sort createdAt or status)',
        querystring: listQuerystringSchema,
        response: { 200: { type: 'array', items: contactRequestSchema }, ...errors },
      },
    },
    async (request, reply) => {
      const query = parseListQuery<ContactRequestFilter, (typeof CONTACT_REQUEST_SORT_FIELDS)[number]>(request.query, {
        sortFields: CONTACT_REQUEST_SORT_FIELDS,
        validateFilter,
      });
      const { rows, total } = await repo.list(query.filter, query);
      reply.header('Content-Range', contentRange('contactRequests', query.offset, rows.length, total));
      return rows;
    },
  );

  app.get(
    '/contactRequests/:id',
    {
      config: { access: { resource: 'contactRequests', action: 'show' } },
      schema: { tags, summary: 'One contact-us message', params: idParams, response: { 200: contactRequestSchema, ...errors } },
    },
    async (request) => {
      const found = await repo.get(request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );

  app.get(
    '/contactRequests/:id/attachment',
    {
      config: { access: { resource: 'contactRequests', action: 'show' } },
      schema: {
        tags,
        summary: "The message's attachment (a PDF or an image, checked by content when it was sent); audited",
        params: idParams,
        produces: ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'],
        response: {
          200: { description: 'The file', type: 'string', format: 'binary' },
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const file = await repo.attachment(request.params.id);
      if (!file?.attachment) throw notFound();
      await app.audit(request, {
        action: 'contactRequests.attachmentDownloaded',
        targetType: 'contactRequest',
        targetId: request.params.id,
        details: { fileName: file.attachment_name },
      });
      return sendAttachment(reply, {
        file_name: file.attachment_name ?? 'attachment',
        content_type: file.attachment_type ?? 'application/octet-stream',
        size_bytes: file.attachment_size ?? file.attachment.length,
        content: file.attachment,
      });
    },
  );

  app.put(
    '/contactRequests/:id',
    {
      config: { access: { resource: 'contactRequests', action: 'edit' } },
      schema: {
        tags,
        summary: 'Change the status (new → inProgress → closed; closed → inProgress opens it again) or the internal note; audited',
        params: idParams,
        body: contactRequestUpdateSchema,
        response: { 200: contactRequestSchema, ...errors, 409: errorSchema },
      },
    },
    async (request) => {
      const before = await repo.get(request.params.id);
      if (!before) throw notFound();
      const status = request.body.status ?? before.status;
      if (!contactStatusAllowed(before.status, status)) {
        throw new HttpError(409, 'contactRequests.errors.statusNotAllowed', {
          from: request.t(`contactRequests.statuses.${before.status}`),
          to: request.t(`contactRequests.statuses.${status}`),
        });
      }
      const internalNote = request.body.internalNote === undefined ? before.internalNote : request.body.internalNote?.trim() || null;
      await repo.update(before.id, { status, internalNote }, request.auth!.user.user_id);
      await app.audit(request, {
        action: 'contactRequests.updated',
        targetType: 'contactRequest',
        targetId: before.id,
        details: {
          reference: before.reference,
          before: { status: before.status, internalNote: before.internalNote },
          after: { status, internalNote },
        },
      });
      return (await repo.get(before.id))!;
    },
  );
}
