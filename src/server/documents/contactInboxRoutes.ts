import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  CONTACT_REQUEST_SORT_FIELDS,
  DOCUMENT_CONTENT_TYPES,
  contactRequestFilterSchema,
  contactRequestSchema,
  contactRequestUpdateSchema,
  type ContactRequest,
  type ContactRequestFilter,
  type ContactRequestUpdate,
} from '../../../schemas/documents.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { contactStatusAllowed } from '../../common/contactRequestRules.js';
import { HttpError } from '../http/errors.js';
import { attachmentRoute, sendAttachment } from '../http/pdf.js';
import { simpleRestRoutes } from '../http/simpleRestRoutes.js';
import { contactRequestsRepository } from './contactRequestsRepository.js';

const tags = ['contact'];

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

  /** Support's change, checked against the workflow and audited with its before and after; undefined when there is no such message. */
  async function update(id: number, change: ContactRequestUpdate, request: FastifyRequest): Promise<ContactRequest | undefined> {
    const before = await repo.get(id);
    if (!before) return undefined;
    const status = change.status ?? before.status;
    if (!contactStatusAllowed(before.status, status)) {
      throw new HttpError(409, 'contactRequests.errors.statusNotAllowed', {
        from: request.t(`contactRequests.statuses.${before.status}`),
        to: request.t(`contactRequests.statuses.${status}`),
      });
    }
    const internalNote = change.internalNote === undefined ? before.internalNote : change.internalNote?.trim() || null;
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
    return repo.get(before.id);
  }

  await simpleRestRoutes<ContactRequest, ContactRequestFilter, (typeof CONTACT_REQUEST_SORT_FIELDS)[number], never, ContactRequestUpdate>(
    parent,
    {
      path: 'contactRequests',
      resource: 'contactRequests',
      tags,
      record: contactRequestSchema,
      filter: contactRequestFilterSchema,
      sortFields: CONTACT_REQUEST_SORT_FIELDS,
      // A 400 here names the bad fields, on every route.
      errors: { 400: validationErrorSchema },
      summaries: {
        list: 'Contact-us messages, newest first (filter: q, status, topic, id; sort createdAt, status or id)',
        one: 'One contact-us message',
      },
      list: (query) => repo.list(query.filter, query),
      one: (id) => repo.get(Number(id)),
      update: {
        summary: 'Change the status (new → inProgress → closed; closed → inProgress opens it again) or the internal note; audited',
        body: contactRequestUpdateSchema,
        errors: { 409: errorSchema },
        handler: (id, change, request) => update(Number(id), change, request),
      },
    },
  );

  app.get(
    '/contactRequests/:id/attachment',
    {
      config: { access: { resource: 'contactRequests', action: 'show' } },
      schema: {
        tags,
        summary: "The message's attachment (a PDF or an image, checked by content when it was sent); audited",
        ...attachmentRoute(DOCUMENT_CONTENT_TYPES, 'The file'),
      },
    },
    async (request, reply) => {
      const file = await repo.attachment(request.params.id);
      if (!file?.attachment) throw new HttpError(404, 'errors.notFound');
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
}
