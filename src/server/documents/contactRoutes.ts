import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { contactRequestInputSchema, contactRequestReceiptSchema, type ContactRequestInput } from '../../../schemas/documents.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { compileCached } from '../../common/validation.js';
import { retryAfterSeconds } from '../auth/throttle.js';
import { HttpError } from '../http/errors.js';
import { readMultipartForm, uploadRefusals } from '../http/multipartForm.js';
import {
  CONTACT_POLICY,
  contactReference,
  contactThrottleKey,
  LIBRARY_MAX_MB,
  LIBRARY_UPLOAD,
  libraryFileName,
  sniffDocument,
  supportAddress,
} from './documentRules.js';
import { ANONYMOUS_FORM_LIMIT } from '../http/rateLimit.js';

/**
 * /api/contactRequests (/home/contact-us): a message to support, with a topic and an
 * optional attachment (a PDF or an image, checked by content). It is stored with its reference
 * (CU-<year>-<number>), mailed to support through the outbox, audited, and the reference is the
 * answer. Five messages an hour per user; then 429 with Retry-After (app.throttle).
 */
export async function contactRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const validateInput = compileCached(contactRequestInputSchema);
  const support = supportAddress(app.config.mailFrom);

  app.post(
    '/contactRequests',
    {
      config: { access: { resource: 'contactRequests', action: 'create' }, rateLimit: ANONYMOUS_FORM_LIMIT },
      schema: {
        tags: ['contact'],
        summary: `Send a message to support: multipart with fields topic and message and at most one attachment (PDF, PNG, JPEG or WebP, by content, at most ${LIBRARY_MAX_MB}). Answers the reference.`,
        consumes: ['multipart/form-data'],
        response: {
          201: contactRequestReceiptSchema,
          400: validationErrorSchema,
          401: errorSchema,
          403: errorSchema,
          ...uploadRefusals,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = request.auth!.user;
      const key = contactThrottleKey(user.user_id);
      const blocked = (await app.throttle.states([key])).get(key)?.blockedUntil;
      if (blocked && blocked > new Date()) {
        reply.header('Retry-After', String(retryAfterSeconds(blocked.getTime() - Date.now())));
        throw new HttpError(429, 'contactUs.errors.tooMany');
      }
      const { fields, file } = await readMultipartForm(request, LIBRARY_UPLOAD);
      const input = { topic: fields.topic?.[0], message: fields.message?.[0]?.trim() };
      if (!validateInput(input)) throw Object.assign(new Error('body is not valid'), { validation: validateInput.errors });
      const { topic, message } = input as ContactRequestInput;
      let attachment: { name: string; type: string; content: Buffer } | undefined;
      if (file && file.content.length > 0) {
        const sniffed = sniffDocument(file.content);
        if ('refusal' in sniffed) throw new HttpError(400, sniffed.refusal);
        attachment = { name: libraryFileName(file.name, sniffed.type), type: sniffed.type, content: file.content };
      }

      const stored = await app.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('contact_requests')
          .values({
            user_id: user.user_id,
            topic,
            message,
            attachment_name: attachment?.name ?? null,
            attachment_type: attachment?.type ?? null,
            attachment_size: attachment?.content.length ?? null,
            attachment: attachment?.content ?? null,
          })
          .returning(['contact_request_id', 'created_at'])
          .executeTakeFirstOrThrow();
        const createdAt = new Date(row.created_at);
        const reference = contactReference(row.contact_request_id, createdAt);
        await trx.updateTable('contact_requests').set({ reference }).where('contact_request_id', '=', row.contact_request_id).execute();
        return { id: row.contact_request_id, reference, createdAt };
      });

      const t = request.t;
      const topicLabel = t(`contactUs.topics.${topic}`);
      const lines = [
        t('contactUs.mail.intro', { reference: stored.reference }),
        '',
        `${t('contactUs.mail.from')}: ${user.name} (${user.username}${user.email ? `, ${user.email}` : ''})`,
        `${t('contactUs.mail.application')}: ${user.application_num}${user.current_site_group_num ? ` · ${t('contactUs.mail.accountGroup')} ${user.current_site_group_num}` : ''}`,
        `${t('contactUs.mail.topic')}: ${topicLabel}`,
        ...(attachment ? [`${t('contactUs.mail.attachment')}: ${attachment.name} (${attachment.content.length} B)`] : []),
        '',
        message,
      ];
      const sent = await app.outbox.sendEmail({
        to: support,
        subject: t('contactUs.mail.subject', { reference: stored.reference, topic: topicLabel }),
        text: lines.join('\n'),
      });
      await app.throttle.fail([{ key, policy: CONTACT_POLICY }]);
      await app.audit(request, {
        action: 'contactRequests.sent',
        targetType: 'contactRequest',
        targetId: stored.id,
        details: {
          reference: stored.reference,
          topic,
          attachment: attachment?.name ?? null,
          messageId: sent.messageId,
          status: sent.status,
        },
      });
      reply.status(201);
      return { reference: stored.reference, createdAt: stored.createdAt.toISOString() };
    },
  );
}
